import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import { loadPg } from './load-pg.ts';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';
import { tableWritePlugin } from './table-changes.ts';

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
  /** The most PostgreSQL connections (the server passes DATABASE_POOL_MAX); unset, pg's own 10. */
  databasePoolMax?: number;
  /** Told how long each query waited for a pooled connection, in seconds. */
  onAcquire?: (seconds: number) => void;
  /**
   * Told of this process's writes to the watched tables (table-changes.ts), as they run; on
   * PostgreSQL only, the one database whose server hears the others' changes.
   */
  onWatchedWrite?: () => void;
}): DatabaseHandle {
  const url = options.databaseUrl;
  const plugins = options.onWatchedWrite ? [tableWritePlugin(options.onWatchedWrite)] : [];
  if (isPostgresUrl(url)) {
    const pool = new (loadPg().Pool)({ connectionString: url, max: options.databasePoolMax });
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
        guardCheckedOut(client, options.onIdleError);
        return preparing(client);
      },
      end: () => pool.end(),
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: timedPool }), plugins });
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

const guarded = new WeakSet<pg.PoolClient>();

/**
 * pg's pool listens for the errors of idle connections only: while Kysely holds one, between
 * its queries or before the first, a server that ends the connection (PostgreSQL restarting,
 * `57P01 terminating connection due to administrator command`) made an `error` event with no
 * listener, which ended the process (issue 15 §3, bench/faults.ts). Listened to here, once per
 * connection: the next query on it fails with its error (answered 503 by the error handler),
 * and the pool drops it on release since it is no longer queryable.
 */
function guardCheckedOut(client: pg.PoolClient, onError?: (error: Error) => void): void {
  if (guarded.has(client)) return;
  guarded.add(client);
  client.on('error', (error: Error) => onError?.(error));
}

const preparingClients = new WeakMap<pg.PoolClient, PreparingClient>();
interface PreparingClient {
  query: pg.PoolClient['query'];
  release: (error?: Error | boolean) => void;
}

/**
 * A pooled connection whose parameterised queries run as named prepared statements (issue 15
 * §1). Kysely sends each query's text anew, so PostgreSQL parsed and planned the same few
 * texts on every request; named, each is parsed once per connection (pg keeps the names it has
 * prepared) and PostgreSQL's backend, on the same cores as the portal, does less per query.
 * One wrapper per connection: Kysely keys its own connection objects by the client's identity.
 */
function preparing(client: pg.PoolClient): PreparingClient {
  let wrapper = preparingClients.get(client);
  if (!wrapper) {
    const query = ((text: unknown, values?: unknown[]) =>
      typeof text === 'string' && values && values.length > 0 && PREPARABLE.test(text)
        ? client.query({ name: statementName(text), text, values })
        : client.query(text as string, values)) as pg.PoolClient['query'];
    wrapper = { query, release: (error) => client.release(error) };
    preparingClients.set(client, wrapper);
  }
  return wrapper;
}

/** Only data statements are prepared: DDL and transaction control run as sent. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 2_000;

/** A statement's name from its text (PostgreSQL names are at most 63 bytes). */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
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
