/**
 * House-keeping of what expires (server/src/modules/system/expired-records.ts): a server that
 * starts a week and a day after these records expired removes them, on the real database, and
 * keeps what is still live or within its grace period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPIRED_RECORD_GRACE_MS,
  USED_TICKET_KEEP_MS,
} from '../../src/modules/system/expired-records.ts';
import { DEMO_SCHOOL_ID } from '../../src/db/seed/demo-school.ts';
import { startTestServer, userIdOf, type TestServer } from './helpers/test-server.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 24, 8);
const later = now + EXPIRED_RECORD_GRACE_MS + DAY;
let first: TestServer;

beforeAll(async () => {
  first = await startTestServer({ clock: () => now });
});
afterAll(async () => first.close());

/** Rows of a table whose key starts with the test's prefix. */
async function remaining(
  table: 'sessions' | 'refresh_tokens' | 'device_credentials' | 'password_reset_tokens',
  column: 'id',
) {
  const rows = await first.app.services.database.db
    .selectFrom(table)
    .select(column)
    .where(column, 'like', 'xr-%')
    .execute();
  return rows.map((r) => r[column]).sort();
}

describe(`expired records on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('removes what expired before the grace period and keeps the rest', async () => {
    const db = first.app.services.database.db;
    const userId = await userIdOf(first, 'teacher');
    const old = now - DAY; // expired a day before `now`: past the grace at `later`
    const live = later + DAY; // still valid at `later`
    const recent = later - DAY; // expired, but within the grace at `later`
    const session = (id: string, expires: number) => ({
      id,
      user_id: userId,
      family_id: `fam-${id}`,
      access_token_hash: `hash-${id}`,
      access_expires_at: expires,
      created_at: now - 2 * DAY,
    });
    await db
      .insertInto('sessions')
      .values([session('xr-old', old), session('xr-live', live), session('xr-recent', recent)])
      .execute();
    const token = (id: string, expires: number) => ({
      id,
      family_id: `fam-${id}`,
      user_id: userId,
      token_hash: `hash-${id}`,
      expires_at: expires,
      created_at: now - 2 * DAY,
    });
    await db
      .insertInto('refresh_tokens')
      .values([token('xr-old', old), token('xr-live', live)])
      .execute();
    await db
      .insertInto('device_credentials')
      .values([
        { ...token('xr-old', old), kind: 'remember' },
        { ...token('xr-live', live), kind: 'remember' },
      ])
      .execute();
    await db
      .insertInto('password_reset_tokens')
      .values([token('xr-old', old), token('xr-live', live)].map(({ family_id: _f, ...t }) => t))
      .execute();
    await db
      .insertInto('oidc_payloads')
      .values([
        { model: 'AccessToken', id: 'xr-old', payload: '{}', expires_at: old },
        { model: 'AccessToken', id: 'xr-live', payload: '{}', expires_at: live },
      ])
      .execute();
    await db
      .insertInto('used_tickets')
      .values([
        {
          ticket_hash: 'xr-old',
          unit_id: DEMO_SCHOOL_ID,
          used_at: later - USED_TICKET_KEEP_MS - 1,
        },
        { ticket_hash: 'xr-live', unit_id: DEMO_SCHOOL_ID, used_at: later - 1000 },
      ])
      .execute();
    const state = (hash: string, expires: number) => ({
      state_hash: hash,
      unit_id: DEMO_SCHOOL_ID,
      provider_type: 'qy',
      browser_hash: 'b',
      expires_at: expires,
      created_at: now - 2 * DAY,
    });
    await db
      .insertInto('social_states')
      .values([state('xr-old', old), state('xr-live', live)])
      .execute();

    // A second instance on the same database, a week and a day later, cleans up when ready.
    const second = await startTestServer({ clock: () => later, shareWith: first });
    try {
      // The job clears one table after another: wait for the whole sweep, not its first table.
      const everything = async () => ({
        sessions: await remaining('sessions', 'id'),
        refreshTokens: await remaining('refresh_tokens', 'id'),
        deviceCredentials: await remaining('device_credentials', 'id'),
        passwordResets: await remaining('password_reset_tokens', 'id'),
        oidcPayloads: (
          await db.selectFrom('oidc_payloads').select('id').where('id', 'like', 'xr-%').execute()
        ).map((r) => r.id),
        usedTickets: (
          await db
            .selectFrom('used_tickets')
            .select('ticket_hash')
            .where('ticket_hash', 'like', 'xr-%')
            .execute()
        ).map((r) => r.ticket_hash),
        socialStates: (
          await db
            .selectFrom('social_states')
            .select('state_hash')
            .where('state_hash', 'like', 'xr-%')
            .execute()
        ).map((r) => r.state_hash),
      });
      await expect.poll(everything, { timeout: 10_000 }).toEqual({
        sessions: ['xr-live', 'xr-recent'],
        refreshTokens: ['xr-live'],
        deviceCredentials: ['xr-live'],
        passwordResets: ['xr-live'],
        oidcPayloads: ['xr-live'],
        usedTickets: ['xr-live'],
        socialStates: ['xr-live'],
      });
    } finally {
      await second.close();
    }
  });
});
