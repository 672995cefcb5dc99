/**
 * The app catalogue (apps and app groups) kept in memory (issue 15 §1: cache what is the same for
 * everyone and changes rarely). The desktop reads it on nearly every call of its first load (the
 * app menu, recent apps, the messages' app names), and it changes only when an administrator
 * registers, edits, arranges or hides an app.
 *
 * A change empties it at once on the instance that made it and, through the server's events
 * (Redis pub/sub when configured), on every other; the time-to-live is the safety net for an
 * event that never arrived (Redis briefly down). The lists are shared: callers read them and
 * never change them (they are readonly).
 */
import type { AppGroupRecord, AppRecord } from './base.repository.ts';

export const CATALOGUE_CACHE_TTL_MS = 30_000;

interface Slot<T> {
  value: Promise<T>;
  until: number;
}

export class CatalogueCache {
  private apps: Slot<readonly AppRecord[]> | undefined;
  private groups: Slot<readonly AppGroupRecord[]> | undefined;

  constructor(
    private readonly clock: () => number,
    private readonly ttlMs = CATALOGUE_CACHE_TTL_MS,
    /** Told of every lookup (the `/metrics` hit rate). */
    private readonly onLookup: (hit: boolean) => void = () => undefined,
  ) {}

  appList(load: () => Promise<readonly AppRecord[]>): Promise<readonly AppRecord[]> {
    if (this.isFresh(this.apps)) return this.apps.value;
    const slot = this.slotFor(load, () => this.apps === slot && (this.apps = undefined));
    this.apps = slot;
    return slot.value;
  }

  groupList(load: () => Promise<readonly AppGroupRecord[]>): Promise<readonly AppGroupRecord[]> {
    if (this.isFresh(this.groups)) return this.groups.value;
    const slot = this.slotFor(load, () => this.groups === slot && (this.groups = undefined));
    this.groups = slot;
    return slot.value;
  }

  /**
   * After any change to apps or groups, here or (through the events) on another instance. A
   * load still running is dropped with its slot: only the callers that came before the change
   * get its answer.
   */
  invalidate(): void {
    this.apps = undefined;
    this.groups = undefined;
  }

  private isFresh<T>(slot: Slot<T> | undefined): slot is Slot<T> {
    const hit = slot !== undefined && slot.until > this.clock();
    this.onLookup(hit);
    return hit;
  }

  /** A load shared with the callers that come while it runs; a failed one is not kept. */
  private slotFor<T>(load: () => Promise<T>, dropIfCurrent: () => void): Slot<T> {
    const value = load();
    value.catch(dropIfCurrent);
    return { value, until: this.clock() + this.ttlMs };
  }
}
