/**
 * The desktop's first-load reads of a user kept in memory (issue 15 §1, the first bell): the
 * bell's counts, the unread messages, what each app's unread count is made of, the open to-dos'
 * pages, the recent apps and the icon order. Every desktop load asks all of them again (and
 * every sub-app page the counts), and they change only when a message, to-do, badge, icon order
 * or recent app of that user changes. (A unit's desktop settings are not kept: the admin CLI
 * sets them beside a running server, and its change must show at once.)
 *
 * Every such write goes through DesktopRepository, which reports it once it has committed
 * (`DesktopChanges`); the server's events (Redis pub/sub when configured) then drop the entries
 * on every instance. The time-to-live is the safety net for a change made around the server (the
 * admin CLI, SQL) or an event that never arrived (Redis briefly down), as the catalogue's is, as
 * GitLab keeps a user's to-do count. A load still running when its user changes is dropped with
 * its entry: only the callers that came before the change get its answer. Answers are shared
 * between callers, who read them and never change them.
 */

import { makeRoomIn } from '../../core/bounded-map.ts';

export const DESKTOP_READ_TTL_MS = 30_000;
/** Users kept at most; past it the oldest tenth goes, as the session cache does. */
const MAX_USERS = 20_000;

interface Slot {
  value: Promise<unknown>;
  until: number;
}

/**
 * How a read may be answered: `fresh` when the caller has just changed what it reads (the SDK's
 * `Cache-Control: no-cache` after a message ignored, core/auth.ts `asksFresh`). Behind a proxy
 * that request may reach another instance before the change's event has, so it is read from the
 * database and what it read replaces the kept answer, as a fresh /me does.
 */
export interface ReadFreshness {
  fresh?: boolean;
}

/** What a committed write changed: these users' reads (null: everyone's). */
export interface DesktopChanges {
  users(userIds: readonly string[] | null): void;
}

export class DesktopReadCache {
  /** User id → read key → the read's answer. */
  private readonly users = new Map<string, Map<string, Slot>>();

  constructor(
    private readonly clock: () => number,
    private readonly ttlMs = DESKTOP_READ_TTL_MS,
    /** Told of every lookup (the `/metrics` hit rate). */
    private readonly onLookup: (hit: boolean) => void = () => undefined,
  ) {}

  /**
   * The user's read named `key` (its arguments in it), loaded by `load` when not kept, or when
   * asked `fresh` (then the new answer is what is kept).
   */
  user<T>(
    userId: string,
    key: string,
    load: () => Promise<T>,
    { fresh = false }: ReadFreshness = {},
  ): Promise<T> {
    const now = this.clock();
    let slots = this.users.get(userId);
    const kept = slots?.get(key);
    const hit = !fresh && kept !== undefined && kept.until > now;
    this.onLookup(hit);
    if (hit) return kept.value as Promise<T>;
    if (!slots) {
      makeRoomIn(this.users, MAX_USERS);
      slots = new Map();
      this.users.set(userId, slots);
    }
    const value = load();
    const slot: Slot = { value, until: now + this.ttlMs };
    slots.set(key, slot);
    // A failed load is not kept; the next caller asks again.
    value.catch(() => {
      const current = this.users.get(userId);
      if (current?.get(key) === slot) current.delete(key);
    });
    return value;
  }

  /** After a change to these users' messages, to-dos, badges or apps (null: anyone's). */
  usersChanged(userIds: readonly string[] | null): void {
    if (userIds === null) this.users.clear();
    else for (const id of userIds) this.users.delete(id);
  }
}

/**
 * A transaction's changes, held until it has committed and then told to `into` at once; a
 * transaction that rolled back is never committed here, so nothing is dropped for it.
 */
export class PendingDesktopChanges implements DesktopChanges {
  private readonly userIds = new Set<string>();
  private everyone = false;

  users(userIds: readonly string[] | null): void {
    if (userIds === null) this.everyone = true;
    else for (const id of userIds) this.userIds.add(id);
  }

  commit(into: DesktopChanges): void {
    if (this.everyone) into.users(null);
    else if (this.userIds.size > 0) into.users([...this.userIds]);
  }
}
