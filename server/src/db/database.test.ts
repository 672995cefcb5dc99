/**
 * The PostgreSQL pool survives its server ending a connection that is checked out (a restart,
 * an operator's pg_terminate_backend): that query fails, the process does not (issue 15 §3); and
 * its queries run as named prepared statements (issue 15 §1). Runs with TEST_DATABASE_URL set,
 * on a database of its own.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnavailable } from '../core/unavailable.ts';
import { migrateToLatest, openDatabase, statementName, type DatabaseHandle } from './database.ts';

const pgUrl = process.env.TEST_DATABASE_URL;

async function admin<T>(body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgUrl)('PostgreSQL connection ended by the server', () => {
  const name = `portal_db_${randomBytes(6).toString('hex')}`;
  const errors: Error[] = [];
  let handle: DatabaseHandle;

  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    handle = openDatabase({
      databaseUrl: url.toString(),
      dataDir: os.tmpdir(),
      onIdleError: (error) => errors.push(error),
    });
    await migrateToLatest(handle.db);
  });

  afterAll(async () => {
    await handle.close();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('fails the query on that connection as unavailable, and the next one works', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const outcome = await handle.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await admin((c) => c.query('select pg_terminate_backend($1)', [rows[0]!.pid]));
          // The server's FATAL message arrives while the connection is held with no query.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await trx.selectFrom('units').select('id').execute();
        })
        .then(
          () => 'committed',
          (error: unknown) => error,
        );
      expect(outcome).not.toBe('committed');
      expect(isUnavailable(outcome)).toBe(true);
      expect(uncaught).toEqual([]);
      expect(errors.map((e) => (e as Error & { code?: string }).code)).toContain('57P01');
      expect(await handle.ping()).toBe(true);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('runs parameterised queries as named prepared statements, and transaction control as sent (issue 15 §1)', async () => {
    const query = handle.db.selectFrom('units').select('id').where('id', '=', 'none');
    const prepared = await handle.db.transaction().execute(async (trx) => {
      await trx.selectFrom('units').select('id').where('id', '=', 'none').execute();
      await trx.selectFrom('units').select('id').where('id', '=', 'other').execute();
      const { rows } = await sql<{
        name: string;
      }>`select name from pg_prepared_statements`.execute(trx);
      return rows.map((r) => r.name);
    });
    const name = statementName(query.compile().sql);
    expect(name.length).toBeLessThanOrEqual(63);
    // The same text twice is one statement on the connection; begin and commit are not named.
    expect(prepared.filter((n) => n === name)).toHaveLength(1);
  });
});
