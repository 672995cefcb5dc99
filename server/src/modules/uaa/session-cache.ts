/**
 * A short-lived, in-process cache of resolved sessions. Every authenticated request
 * resolves its token; without this, each would cost a database round trip (the
 * me-throughput benchmark measured 0.13 of a bare route). Entries live a few seconds
 * at most and never past the token's own expiry. Revocation evicts at once on this
 * instance and, through Redis when configured, on every other (see session-events.ts),
 * so a signed-out token stops working everywhere.
 */
import { makeRoomIn } from '../../core/bounded-map.ts';
import type { SessionUserRecord } from './uaa.repository.ts';

export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  user: SessionUserRecord;
  until: number;
  /**
   * The serialised /me answer for this session: repeated login checks cost no query and no
   * serialisation. UTF-8 bytes, so sending it neither measures nor encodes the text again.
   */
  meAnswer?: Buffer;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private evictions = 0;

  constructor(
    private readonly clock: () => number,
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    /** Told of every lookup (the `/metrics` hit rate). */
    private readonly onLookup: (hit: boolean) => void = () => undefined,
  ) {}

  get(tokenHash: string): SessionUserRecord | undefined {
    const user = this.live(tokenHash)?.user;
    this.onLookup(user !== undefined);
    return user;
  }

  private live(tokenHash: string): Entry | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const now = this.clock();
    if (entry.until <= now || entry.user.accessExpiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /**
   * Moves on every eviction. A caller reads it before loading a session from the database and
   * hands it to `set`: a load that an eviction overtook (a child chosen, a sign-out on another
   * request) read the row as it was before, and is not kept.
   */
  get version(): number {
    return this.evictions;
  }

  set(tokenHash: string, user: SessionUserRecord, loadedAt = this.evictions): void {
    if (loadedAt !== this.evictions) return;
    makeRoomIn(this.entries, MAX_ENTRIES);
    this.entries.set(tokenHash, { user, until: this.clock() + this.ttlMs });
  }

  /** The /me answer cached beside a live session entry, if any. */
  getMeAnswer(tokenHash: string): Buffer | undefined {
    return this.live(tokenHash)?.meAnswer;
  }

  /**
   * Keeps the /me answer built from `user` beside its entry; not beside a newer entry that
   * replaced it while the answer was built (it would answer the session as it was).
   */
  setMeAnswer(tokenHash: string, answer: Buffer, user: SessionUserRecord): void {
    const entry = this.entries.get(tokenHash);
    if (entry?.user === user) entry.meAnswer = answer;
  }

  evictFamily(familyId: string): void {
    this.evictions += 1;
    for (const [key, entry] of this.entries)
      if (entry.user.familyId === familyId) this.entries.delete(key);
  }

  evictUser(userId: string): void {
    this.evictions += 1;
    for (const [key, entry] of this.entries)
      if (entry.user.userId === userId) this.entries.delete(key);
  }

  /** After a change to every user of a unit (a theme synced to all users, issue 4). */
  evictUnit(unitId: string): void {
    this.evictions += 1;
    for (const [key, entry] of this.entries)
      if (entry.user.unitId === unitId) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
