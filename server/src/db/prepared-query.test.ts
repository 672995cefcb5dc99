/**
 * PreparedQuery (issue 15 §1): a query compiled once answers the same rows as Kysely's own
 * building, puts each value where its marker was whatever the order, and refuses a query with a
 * value that has no marker (it would run with a stale value).
 */
import { Kysely, SqliteDialect, sql } from 'kysely';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedQuery } from './prepared-query.ts';

interface Db {
  people: { id: string; name: string; age: number };
}

describe('PreparedQuery', () => {
  let db: Kysely<Db>;

  beforeAll(async () => {
    db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    await sql`create table people (id text primary key, name text, age integer)`.execute(db);
  });
  afterAll(() => db.destroy());

  it('inserts and reads with the values given, in the statement order of the markers', async () => {
    const insert = new PreparedQuery<'age' | 'name' | 'id'>(
      (v) => db.insertInto('people').values({ id: v('id'), name: v('name'), age: v('age') }),
      ['age', 'name', 'id'],
    );
    const byAge = new PreparedQuery<'min' | 'max'>(
      (v) =>
        db
          .selectFrom('people')
          .select(['id', 'name'])
          .where('age', '>=', v('min'))
          .where('age', '<', v('max'))
          .orderBy('id'),
      ['min', 'max'],
    );
    await db.executeQuery(insert.query({ id: 'a', name: 'Ann', age: 9 }));
    await db.executeQuery(insert.query({ id: 'b', name: 'Bo', age: 40 }));
    await db.executeQuery(insert.query({ name: 'Cy', age: 12, id: 'c' }));

    const { rows } = await db.executeQuery(byAge.query({ max: 20, min: 10 }));
    expect(rows).toEqual([{ id: 'c', name: 'Cy' }]);
    const built = await db
      .selectFrom('people')
      .select(['id', 'name'])
      .where('age', '>=', 0)
      .where('age', '<', 20)
      .orderBy('id')
      .execute();
    expect((await db.executeQuery(byAge.query({ min: 0, max: 20 }))).rows).toEqual(built);
  });

  it('refuses, on first use, a value that is not a marker', () => {
    const fixed = new PreparedQuery<'id'>(
      (v) => db.selectFrom('people').select('id').where('id', '=', v('id')).where('age', '=', 3),
      ['id'],
    );
    expect(() => fixed.query({ id: 'a' })).toThrow(/has no marker/);
  });
});
