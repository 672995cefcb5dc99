/**
 * Reads of the watched tables (table-changes.ts) kept in memory while every change to them is
 * heard: a unit, its desktop settings, a licence, whether a user holds a role. The desktop asks
 * for these on every load, an administrator changes them a few times a term (issue 15 §1).
 *
 * A read is kept under the generation it was loaded in and answered again while that is the
 * current one; any change heard, or the listener going down or up, moves the generation and
 * everything kept is dropped. A load still running when the generation moves is not answered to
 * later callers. The time-to-live bounds what a change made with the triggers switched off (a
 * restore with `session_replication_role = replica`) could leave behind. Answers are shared:
 * callers read them and never change them.
 */
import { makeRoomIn } from '../core/bounded-map.ts';
import type { TableChanges } from './table-changes.ts';

export const WATCHED_READ_TTL_MS = 60_000;
/** Reads kept at most (a role check is per user); past it the oldest tenth goes. */
const MAX_READS = 50_000;

interface Slot {
  value: Promise<unknown>;
  until: number;
}

export class WatchedReadCache {
  private readonly slots = new Map<string, Slot>();
  private generation: number | undefined;

  constructor(
    private readonly changes: TableChanges,
    private readonly clock: () => number,
    /** Told of every lookup made while live (the `/metrics` hit rate). */
    private readonly onLookup: (hit: boolean) => void = () => undefined,
    private readonly ttlMs = WATCHED_READ_TTL_MS,
  ) {}

  /** The read named `key` (its arguments in it), loaded by `load` when not kept. */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const stamp = this.changes.stamp;
    if (stamp === undefined) {
      if (this.slots.size > 0) this.slots.clear();
      return load();
    }
    if (stamp !== this.generation) {
      this.slots.clear();
      this.generation = stamp;
    }
    const now = this.clock();
    const kept = this.slots.get(key);
    const hit = kept !== undefined && kept.until > now;
    this.onLookup(hit);
    if (hit) return kept.value as Promise<T>;
    makeRoomIn(this.slots, MAX_READS);
    const value = load();
    const slot: Slot = { value, until: now + this.ttlMs };
    this.slots.set(key, slot);
    // A failed load is not kept; the next caller asks again.
    value.catch(() => {
      if (this.slots.get(key) === slot) this.slots.delete(key);
    });
    return value;
  }
}
