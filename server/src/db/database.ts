import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** True when the database answers a trivial query (used by /readyz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections and waiters (for `/metrics`); absent on SQLite. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
}

// int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** True when `databaseUrl` names PostgreSQL rather than the embedded SQLite file. */
export function isPostgresUrl(databaseUrl: string | undefined): databaseUrl is string {
  return databaseUrl !== undefined && /^postgres(ql)?:\/\//.test(databaseUrl);
}

/** The embedded database's file: `sqlite:<file>` as the URL, else portal.sqlite in `dataDir`. */
export function sqliteFile(options: { databaseUrl?: string | undefined; dataDir: string }): string {
  const url = options.databaseUrl;
  return url && url.startsWith('sqlite:')
    ? url.slice('sqlite:'.length)
    : path.join(options.dataDir, 'portal.sqlite');
}

/**
 * Opens the database named by `databaseUrl`: a `postgres://` URL means PostgreSQL,
 * anything else (unset) means the embedded SQLite file under `dataDir`.
 */
export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told about errors of idle pooled connections (a PostgreSQL restart, a dropped link). */
  onIdleError?: (error: Error) => void;
  /** The most PostgreSQL connections (DATABASE_POOL_MAX); unset, pg's own default. */
  databasePoolMax?: number;
  /** Told how long each query waited for a pooled connection, in seconds. */
  onAcquire?: (seconds: number) => void;
}): DatabaseHandle {
  const url = options.databaseUrl;
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.databasePoolMax });
    // Without a listener, an idle client's error (the server restarting) would be an
    // uncaught exception and end the process; the pool replaces the client by itself.
    pool.on('error', (error) => options.onIdleError?.(error));
    const { onAcquire } = options;
    // Kysely asks the pool for a connection per query or transaction: timed here, since a
    // wait for a connection is where a busy instance's time goes (issue 15 §1).
    const timedPool = {
      connect: async () => {
        const started = performance.now();
        const client = await pool.connect();
        onAcquire?.((performance.now() - started) / 1000);
        return client;
      },
      end: () => pool.end(),
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: timedPool }) });
    return {
      db,
      kind: 'postgres',
      ping: () => ping(db),
      close: () => db.destroy(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
    };
  }
  const file = sqliteFile(options);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers continue while a writer commits; NORMAL sync is safe with WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, kind: 'sqlite', ping: () => ping(db), close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused, and the
 * same few SQL texts repeat on every request. Kysely runs each statement to completion
 * before the next, so a cached statement is never busy when it is reused.
 */
const STATEMENT_CACHE_SIZE = 500;
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

async function ping(db: Kysely<Database>): Promise<boolean> {
  try {
    await db.selectFrom('units').select('id').limit(1).execute();
    return true;
  } catch {
    return false;
  }
}

/** Brings the schema to the latest version; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
