/**
 * Backups (issue 15 §5, docs/deploy.md "Backups"), on the database API_DB names: the CLI's
 * `backup` copies the database while the server runs and answers sign-ins, and the copy
 * restores (SQLite: the file put back as portal.sqlite; PostgreSQL: pg_restore into an empty
 * database) to a server that has everything written before the backup, and nothing after.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { processEnv, runCli } from './helpers/server-process.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-backup-'));
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The CLI on the test server's own database. */
function cliOn(server: TestServer, args: string[]) {
  return runCli(
    processEnv(server.shared.dataDir, {
      ...server.shared.env,
      DATABASE_URL: server.shared.databaseUrl ?? '',
    }),
    args,
  );
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${code}: ${out}`)),
    );
  });
}

/** Restores `backup` to a fresh place and answers the configuration of a server on it. */
async function restore(server: TestServer, backup: string) {
  const dataDir = fs.mkdtempSync(path.join(work, 'restored-'));
  if (!server.shared.databaseUrl) {
    fs.copyFileSync(backup, path.join(dataDir, 'portal.sqlite'));
    return { dataDir, databaseUrl: '' };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `campus_restored_${path.basename(dataDir).replace(/\W/g, '_').toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await run('pg_restore', ['--no-owner', `--dbname=${url.toString()}`, backup]);
  return { dataDir, databaseUrl: url.toString() };
}

describe('backup and restore', () => {
  it('an online backup restores to a server with the data written before it', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.close());
    const reset = await cliOn(server, [
      'reset-password',
      '--login',
      'teacher',
      '--password',
      'Backup@2026x',
    ]);
    expect(reset.code, reset.out).toBe(0);

    // The backup runs while the server answers sign-ins.
    const backup = path.join(work, `portal-${server.kind}.backup`);
    const signIns = Array.from({ length: 5 }, () =>
      server.client().postForm(uaaEndpoints.login.path, {
        username: 'parent',
        password: 'Parent@2026',
      }),
    );
    const [made, ...answers] = await Promise.all([
      cliOn(server, ['backup', '--to', backup]),
      ...signIns,
    ]);
    expect(made.code, made.out).toBe(0);
    expect(made.out).toMatch(/^Backed up the (SQLite|PostgreSQL) database to /m);
    for (const answer of answers) expect(answer.body.status).toBe(200);

    // Written after the backup: not in it.
    expect(
      (await cliOn(server, ['reset-password', '--login', 'staff', '--password', 'After@2026x']))
        .code,
    ).toBe(0);

    // A second backup to the same file is refused, never overwritten.
    const again = await cliOn(server, ['backup', '--to', backup]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('exists already');

    const target = await restore(server, backup);
    const restored = await buildApp(
      loadConfig({
        ...server.shared.env,
        DATA_DIR: target.dataDir,
        DATABASE_URL: target.databaseUrl,
        PORTAL_DEMO: '0',
        PORT: '0',
      }),
      { logger: false },
    );
    cleanups.push(() => restored.close());
    const login = async (username: string, password: string) =>
      (
        await restored.inject({
          method: 'POST',
          url: uaaEndpoints.login.path,
          payload: new URLSearchParams({ username, password }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', device: 'pc:portal' },
        })
      ).json<{ status: number }>().status;
    expect(await login('teacher', 'Backup@2026x')).toBe(200);
    expect(await login('staff', 'Staff@2026')).toBe(200);
    expect(await login('staff', 'After@2026x')).not.toBe(200);
  }, 120_000);
});
