import { describe, expect, it } from 'vitest';
import {
  DESKTOP_READ_TTL_MS,
  DesktopReadCache,
  PendingDesktopChanges,
  type DesktopChanges,
} from './desktop-read-cache.ts';

function setup() {
  let now = 1_000_000;
  const lookups: boolean[] = [];
  const cache = new DesktopReadCache(
    () => now,
    DESKTOP_READ_TTL_MS,
    (hit) => lookups.push(hit),
  );
  let loads = 0;
  const load = (value: number) => () => {
    loads += 1;
    return Promise.resolve(value);
  };
  return {
    cache,
    lookups,
    load,
    loads: () => loads,
    advance: (ms: number) => (now += ms),
  };
}

describe('DesktopReadCache (issue 15 §1)', () => {
  it('answers a user’s read from memory until its time-to-live, then loads it again', async () => {
    const { cache, load, loads, advance, lookups } = setup();
    expect(await cache.user('u1', 'counts', load(3))).toBe(3);
    expect(await cache.user('u1', 'counts', load(4))).toBe(3);
    expect(loads()).toBe(1);
    advance(DESKTOP_READ_TTL_MS - 1);
    expect(await cache.user('u1', 'counts', load(5))).toBe(3);
    advance(1);
    expect(await cache.user('u1', 'counts', load(6))).toBe(6);
    expect(loads()).toBe(2);
    expect(lookups).toEqual([false, true, true, false]);
  });

  it('loads a fresh read anew and keeps its answer for the next callers', async () => {
    const { cache, load, loads, lookups } = setup();
    expect(await cache.user('u1', 'counts', load(3))).toBe(3);
    expect(await cache.user('u1', 'counts', load(2), { fresh: true })).toBe(2);
    expect(await cache.user('u1', 'counts', load(9))).toBe(2);
    expect(loads()).toBe(2);
    expect(lookups).toEqual([false, false, true]);
  });

  it('keeps each user’s reads and each read’s arguments apart', async () => {
    const { cache, load } = setup();
    await cache.user('u1', 'todos:0:3', load(1));
    await cache.user('u1', 'todos:3:3', load(2));
    await cache.user('u2', 'todos:0:3', load(3));
    expect(await cache.user('u1', 'todos:0:3', load(9))).toBe(1);
    expect(await cache.user('u1', 'todos:3:3', load(9))).toBe(2);
    expect(await cache.user('u2', 'todos:0:3', load(9))).toBe(3);
  });

  it('drops the changed users’ reads at once, and everyone’s for null', async () => {
    const { cache, load } = setup();
    await cache.user('u1', 'counts', load(1));
    await cache.user('u2', 'counts', load(2));
    cache.usersChanged(['u1']);
    expect(await cache.user('u1', 'counts', load(10))).toBe(10);
    expect(await cache.user('u2', 'counts', load(20))).toBe(2);
    cache.usersChanged(null);
    expect(await cache.user('u2', 'counts', load(30))).toBe(30);
  });

  it('gives a load still running only to those who asked before the change', async () => {
    const { cache } = setup();
    let finish: (value: number) => void = () => undefined;
    const before = cache.user('u1', 'counts', () => new Promise<number>((r) => (finish = r)));
    cache.usersChanged(['u1']);
    const after = cache.user('u1', 'counts', () => Promise.resolve(2));
    finish(1);
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(await cache.user('u1', 'counts', () => Promise.resolve(3))).toBe(2);
  });

  it('keeps no failed load: the next caller asks again', async () => {
    const { cache } = setup();
    await expect(
      cache.user('u1', 'counts', () => Promise.reject(new Error('database down'))),
    ).rejects.toThrow('database down');
    expect(await cache.user('u1', 'counts', () => Promise.resolve(7))).toBe(7);
  });

  it('holds at most 20,000 users, dropping the oldest tenth past that', async () => {
    const { cache, load } = setup();
    for (let i = 0; i < 20_000; i += 1) await cache.user(`u${i}`, 'counts', load(i));
    await cache.user('u-new', 'counts', load(-1));
    expect(await cache.user('u0', 'counts', load(100))).toBe(100);
    expect(await cache.user('u1999', 'counts', load(100))).toBe(100);
    expect(await cache.user('u2000', 'counts', load(100))).toBe(2000);
    expect(await cache.user('u-new', 'counts', load(100))).toBe(-1);
  });
});

describe('PendingDesktopChanges', () => {
  function recorder() {
    const told: (readonly string[] | null)[] = [];
    const into: DesktopChanges = { users: (ids) => told.push(ids) };
    return { told, into };
  }

  it('tells nothing until committed, then the users once each', () => {
    const pending = new PendingDesktopChanges();
    const { told, into } = recorder();
    pending.users(['u1', 'u2']);
    pending.users(['u2', 'u3']);
    expect(told).toEqual([]);
    pending.commit(into);
    expect(told).toEqual([['u1', 'u2', 'u3']]);
  });

  it('tells everyone when any write could not name its users, and nothing when none wrote', () => {
    const everyone = new PendingDesktopChanges();
    const { told, into } = recorder();
    everyone.users(['u1']);
    everyone.users(null);
    everyone.commit(into);
    new PendingDesktopChanges().commit(into);
    expect(told).toEqual([null]);
  });
});
