/**
 * An online copy of the database while the server runs (issue 15 §5, docs/deploy.md
 * "Backups"): the embedded SQLite file through SQLite's own backup API, which copies a
 * consistent snapshot page by page without stopping writers; PostgreSQL through `pg_dump` in its
 * custom format, restored with `pg_restore`. The file store (DATA_DIR/files or the bucket) is
 * backed up apart: its blobs are content-addressed and never change once written.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { isPostgresUrl, sqliteFile } from './database.ts';

export interface BackupResult {
  kind: 'sqlite' | 'postgres';
  bytes: number;
}

/** Writes a backup of the configured database to `target` (a new file). */
export async function backupDatabase(
  options: { databaseUrl?: string | undefined; dataDir: string },
  target: string,
): Promise<BackupResult> {
  if (fs.existsSync(target)) throw new Error(`${target} exists already: name a new file`);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  if (isPostgresUrl(options.databaseUrl)) {
    await pgDump(options.databaseUrl, target);
    return { kind: 'postgres', bytes: fs.statSync(target).size };
  }
  const source = new SqliteDatabase(sqliteFile(options), { fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  return { kind: 'sqlite', bytes: fs.statSync(target).size };
}

function pgDump(databaseUrl: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'pg_dump',
      ['--format=custom', '--no-owner', `--file=${target}`, `--dbname=${databaseUrl}`],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    child.once('error', (error) =>
      reject(new Error(`pg_dump could not run (install PostgreSQL's client): ${error.message}`)),
    );
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_dump failed (${code}): ${errors.trim()}`)),
    );
  });
}
