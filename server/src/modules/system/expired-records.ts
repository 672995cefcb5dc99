/**
 * House-keeping of what expires (a gap no issue named: without it these tables grow with every
 * sign-in of every school day): sessions, refresh tokens and remembered-password credentials,
 * OpenID Connect codes, tokens and grants, password-reset links, WeCom/WeChat sign-in states and
 * pending bindings, and the record of presented tickets. Each is removed a grace period after it
 * expired (so a support question about yesterday's sign-in still finds its rows; the audit log
 * keeps the history); run at start-up and hourly by every instance (deleting the same old rows
 * twice is harmless). Each domain's repository owns its delete.
 */
import type { FastifyInstance } from 'fastify';
import { schedulePeriodicJob } from '../../core/periodic-job.ts';

/** How long an expired record is kept before it is removed. */
export const EXPIRED_RECORD_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** How long a presented ticket's record is kept: the replay check (DESIGN.md §8) needs no more. */
export const USED_TICKET_KEEP_MS = 24 * 60 * 60 * 1000;

export const EXPIRED_RECORDS_EVERY_MS = 60 * 60 * 1000;

/** One domain's removal of what expired before a time. */
export type ExpiredRecordsCleaner = (now: number) => Promise<number>;

/** Runs every cleaner once; answers how many records they removed in all. */
export async function removeExpiredRecords(
  cleaners: readonly ExpiredRecordsCleaner[],
  now: number,
): Promise<number> {
  let removed = 0;
  for (const clean of cleaners) removed += await clean(now);
  return removed;
}

export function scheduleExpiredRecordsCleanUp(
  app: FastifyInstance,
  cleaners: readonly ExpiredRecordsCleaner[],
  clock: () => number,
  everyMs: number = EXPIRED_RECORDS_EVERY_MS,
): void {
  schedulePeriodicJob(app, {
    name: 'expired records',
    everyMs,
    run: () => removeExpiredRecords(cleaners, clock()),
  });
}
