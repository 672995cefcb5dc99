/**
 * How the server hears changes to the watched tables (issue 15 §1, table-changes.ts): its own
 * writes through Kysely, before and after each runs, and nothing else; the generation a cache
 * keeps its reads under; and migration 0017's triggers naming the same tables and channel.
 */
import { Kysely, SqliteDialect, sql } from 'kysely';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_CHANNEL, NOTICE_TABLES } from './migrations/0017-table-change-notices.ts';
import {
  TABLE_CHANGES_CHANNEL,
  TableChanges,
  WATCHED_TABLES,
  tableWritePlugin,
} from './table-changes.ts';

interface Db {
  units: { id: string; name: string };
  licences: { unit_id: string; end_time: number };
  messages: { id: string };
}

describe('tableWritePlugin', () => {
  let writes = 0;
  let db: Kysely<Db>;

  beforeAll(async () => {
    db = new Kysely<Db>({
      dialect: new SqliteDialect({ database: new Database(':memory:') }),
      plugins: [tableWritePlugin(() => (writes += 1))],
    });
    await sql`create table units (id text primary key, name text)`.execute(db);
    await sql`create table licences (unit_id text, end_time integer)`.execute(db);
    await sql`create table messages (id text)`.execute(db);
  });
  afterAll(() => db.destroy());

  const counted = async (run: () => Promise<unknown>) => {
    const from = writes;
    await run();
    return writes - from;
  };

  it('counts an insert, update and delete of a watched table twice: as built, and once run', async () => {
    expect(
      await counted(() => db.insertInto('units').values({ id: 'u', name: 'A' }).execute()),
    ).toBe(2);
    expect(
      await counted(() =>
        db.updateTable('units').set({ name: 'B' }).where('id', '=', 'u').execute(),
      ),
    ).toBe(2);
    expect(
      await counted(() =>
        db.updateTable('licences as l').set({ end_time: 1 }).where('l.unit_id', '=', 'u').execute(),
      ),
    ).toBe(2);
    expect(await counted(() => db.deleteFrom('units').where('id', '=', 'u').execute())).toBe(2);
  });

  it('counts the writes of a transaction as each statement runs', async () => {
    expect(
      await counted(() =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('licences').values({ unit_id: 'u', end_time: 2 }).execute();
          await trx.insertInto('messages').values({ id: 'm' }).execute();
        }),
      ),
    ).toBe(2);
  });

  it('counts neither reads nor writes of other tables', async () => {
    expect(await counted(() => db.selectFrom('units').selectAll().execute())).toBe(0);
    expect(await counted(() => db.insertInto('messages').values({ id: 'n' }).execute())).toBe(0);
    expect(await counted(() => db.deleteFrom('messages').execute())).toBe(0);
  });
});

describe('TableChanges', () => {
  it('has no generation until it listens, and a new one on every change and edge', () => {
    const changes = new TableChanges();
    expect(changes.stamp).toBeUndefined();
    changes.changed();
    expect(changes.stamp).toBeUndefined();
    changes.listeningChanged(true);
    const live = changes.stamp;
    expect(live).toEqual(expect.any(Number));
    changes.changed();
    expect(changes.stamp).not.toBe(live);
    const later = changes.stamp;
    changes.listeningChanged(false);
    expect(changes.stamp).toBeUndefined();
    changes.listeningChanged(true);
    expect(changes.stamp).not.toBe(later);
  });
});

describe('migration 0017', () => {
  it('puts its triggers on the watched tables and notifies on the channel listened to', () => {
    expect([...NOTICE_TABLES].sort()).toEqual([...WATCHED_TABLES].sort());
    expect(NOTICE_CHANNEL).toBe(TABLE_CHANGES_CHANNEL);
  });
});
