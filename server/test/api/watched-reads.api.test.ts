/**
 * The reads of units, licences, roles and unit settings that the desktop makes on every load
 * (issue 15 §1, server/src/db/watched-read-cache.ts). On PostgreSQL they are kept in memory
 * while the server hears the tables' change notices, so these tests check what a user would
 * notice if one went unheard: a licence changed through the console on this instance (at once),
 * on another instance, or around every server (SQL, as the admin CLI or psql writes), and a
 * change made after the listening connection was cut and came back. On SQLite nothing is kept
 * and every change shows at once.
 */
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAppEndpoints } from '@campus/contracts/admin-apps';
import { baseEndpoints } from '@campus/contracts/base';
import { sqliteFile } from '../../src/db/database.ts';
import { DEMO_SCHOOL_ID } from '../../src/db/seed/demo-school.ts';
import { TABLE_CHANGES_CHANNEL } from '../../src/db/table-changes.ts';
import { eventually } from './helpers/eventually.ts';
import {
  DEMO,
  signIn,
  startTestServer,
  type TestServer,
  type TestClient,
} from './helpers/test-server.ts';

const onPostgres = process.env.API_DB === 'postgres';
let a: TestServer;
let b: TestServer;
let teacherOnA: TestClient;
let teacherOnB: TestClient;
let area: TestClient;

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ shareWith: a });
  teacherOnA = a.client();
  await signIn(teacherOnA, DEMO.teacher);
  teacherOnB = b.client();
  await signIn(teacherOnB, DEMO.teacher);
  area = a.client();
  await signIn(area, DEMO.area);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The desktop's licence check for cms at the demo school (spec §4: true fine, false expired). */
async function cmsLicensed(client: TestClient): Promise<boolean | undefined> {
  const reply = await client.get<boolean>(
    `${baseEndpoints.licence.path}?unitId=${DEMO_SCHOOL_ID}&serverId=cms`,
  );
  expect(reply.body.status).toBe(200);
  return reply.body.data;
}

function setCmsLicence(until: string) {
  return area.postJson(adminAppEndpoints.setLicence.path, {
    unitId: DEMO_SCHOOL_ID,
    appCode: 'cms',
    until,
  });
}

/** SQL on the shared database from outside both servers, as the admin CLI or psql would. */
async function outsideSql(text: string, values: unknown[]): Promise<void> {
  if (onPostgres) {
    const client = new pg.Client({ connectionString: a.shared.databaseUrl });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  } else {
    const db = new SqliteDatabase(sqliteFile({ dataDir: a.shared.dataDir }));
    try {
      db.prepare(text.replace(/\$\d+/g, '?')).run(...values);
    } finally {
      db.close();
    }
  }
}

async function unitCacheHits(server: TestServer): Promise<number> {
  const text = (await server.client().fetchBytes('/metrics')).bytes.toString();
  const series = 'cache_lookups_total{cache="unit",result="hit"} ';
  const line = text.split('\n').find((l) => l.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

describe(`the desktop's per-unit reads on ${onPostgres ? 'PostgreSQL (kept)' : 'SQLite (read through)'}`, () => {
  it('answers a licence changed in the console at once on this instance, and on the other', async () => {
    expect(await cmsLicensed(teacherOnA)).toBe(true);
    expect(await cmsLicensed(teacherOnB)).toBe(true);
    const hitsBefore = await unitCacheHits(a);
    expect(await cmsLicensed(teacherOnA)).toBe(true);
    // Kept on PostgreSQL: the second ask was answered from memory.
    if (onPostgres) expect(await unitCacheHits(a)).toBeGreaterThan(hitsBefore);
    else expect(await unitCacheHits(a)).toBe(0);

    try {
      expect((await setCmsLicence('expired')).body.status).toBe(200);
      expect(await cmsLicensed(teacherOnA)).toBe(false);
      expect(await eventually(async () => (await cmsLicensed(teacherOnB)) === false, 3000)).toBe(
        true,
      );
    } finally {
      expect((await setCmsLicence('2099-12-31')).body.status).toBe(200);
    }
    expect(await cmsLicensed(teacherOnA)).toBe(true);
    expect(await eventually(async () => (await cmsLicensed(teacherOnB)) === true)).toBe(true);
  });

  it('answers a licence changed around every server (SQL, as the admin CLI writes)', async () => {
    expect(await cmsLicensed(teacherOnA)).toBe(true);
    const restore = await (async () => {
      await outsideSql('update licences set end_time = $1 where unit_id = $2 and app_code = $3', [
        Date.now() - 1000,
        DEMO_SCHOOL_ID,
        'cms',
      ]);
      return () =>
        outsideSql('update licences set end_time = $1 where unit_id = $2 and app_code = $3', [
          Date.UTC(2099, 11, 31),
          DEMO_SCHOOL_ID,
          'cms',
        ]);
    })();
    try {
      if (onPostgres) {
        expect(await eventually(async () => (await cmsLicensed(teacherOnA)) === false)).toBe(true);
        expect(await eventually(async () => (await cmsLicensed(teacherOnB)) === false, 3000)).toBe(
          true,
        );
      } else {
        expect(await cmsLicensed(teacherOnA)).toBe(false);
        expect(await cmsLicensed(teacherOnB)).toBe(false);
      }
    } finally {
      await restore();
    }
    expect(await eventually(async () => (await cmsLicensed(teacherOnA)) === true)).toBe(true);
  });

  // PostgreSQL's only: SQLite's servers listen for nothing.
  const onPostgresOnly = onPostgres ? it : () => undefined;
  onPostgresOnly(
    'hears a change made after its listening connection was cut and came back',
    async () => {
      const admin = new pg.Client({ connectionString: a.shared.databaseUrl });
      await admin.connect();
      try {
        const listeners = async () =>
          (
            await admin.query<{ pid: number }>(
              'select pid from pg_stat_activity where datname = current_database() and query = $1',
              [`LISTEN ${TABLE_CHANGES_CHANNEL}`],
            )
          ).rows.map((row) => row.pid);
        const before = await listeners();
        // One per instance.
        expect(before).toHaveLength(2);
        expect(await cmsLicensed(teacherOnA)).toBe(true);
        await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
          before,
        ]);
        // Both come back on new connections (the first retry is after a second).
        expect(
          await eventually(async () => {
            const now = await listeners();
            return now.length === 2 && now.every((pid) => !before.includes(pid));
          }, 5000),
        ).toBe(true);
        // Kept again, then changed: the change is heard on the new connection.
        expect(await cmsLicensed(teacherOnA)).toBe(true);
        expect(await cmsLicensed(teacherOnA)).toBe(true);
        await admin.query(
          'update licences set end_time = $1 where unit_id = $2 and app_code = $3',
          [Date.now() - 1000, DEMO_SCHOOL_ID, 'cms'],
        );
        try {
          expect(await eventually(async () => (await cmsLicensed(teacherOnA)) === false)).toBe(
            true,
          );
        } finally {
          await admin.query(
            'update licences set end_time = $1 where unit_id = $2 and app_code = $3',
            [Date.UTC(2099, 11, 31), DEMO_SCHOOL_ID, 'cms'],
          );
        }
        expect(await eventually(async () => (await cmsLicensed(teacherOnA)) === true)).toBe(true);
      } finally {
        await admin.end();
      }
    },
  );
});
