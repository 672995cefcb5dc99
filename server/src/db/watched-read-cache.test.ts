/**
 * WatchedReadCache (issue 15 §1): reads kept only while every change is heard, dropped on a
 * change or when listening stops or starts again, not kept when they fail, and no longer than
 * the time-to-live.
 */
import { describe, expect, it } from 'vitest';
import { TableChanges } from './table-changes.ts';
import { WATCHED_READ_TTL_MS, WatchedReadCache } from './watched-read-cache.ts';

function setUp() {
  let now = 1_000;
  const changes = new TableChanges();
  const lookups: boolean[] = [];
  const cache = new WatchedReadCache(
    changes,
    () => now,
    (hit) => lookups.push(hit),
  );
  let loads = 0;
  const read = (key = 'unit\0a') => cache.read(key, async () => `${key}#${++loads}`);
  return {
    changes,
    cache,
    read,
    lookups,
    loads: () => loads,
    advance: (ms: number) => (now += ms),
  };
}

describe('WatchedReadCache', () => {
  it('reads through while no change notices are heard', async () => {
    const { read, loads, lookups } = setUp();
    await read();
    await read();
    expect(loads()).toBe(2);
    expect(lookups).toEqual([]);
  });

  it('keeps a read while listening, per key, shared by concurrent callers', async () => {
    const { changes, read, loads, lookups } = setUp();
    changes.listeningChanged(true);
    const [first, second] = await Promise.all([read(), read()]);
    expect(first).toBe(second);
    expect(await read()).toBe(first);
    expect(await read('unit\0b')).not.toBe(first);
    expect(loads()).toBe(2);
    expect(lookups).toEqual([false, true, true, false]);
  });

  it('loads again after any change heard, and after listening stopped and started', async () => {
    const { changes, read, loads } = setUp();
    changes.listeningChanged(true);
    await read();
    changes.changed();
    await read();
    expect(loads()).toBe(2);
    changes.listeningChanged(false);
    await read();
    expect(loads()).toBe(3);
    changes.listeningChanged(true);
    await read();
    await read();
    expect(loads()).toBe(4);
  });

  it('does not answer later callers with a load that was running when a change came', async () => {
    const { changes, cache } = setUp();
    changes.listeningChanged(true);
    let finish: (value: string) => void = () => undefined;
    const stale = cache.read('k', () => new Promise<string>((resolve) => (finish = resolve)));
    changes.changed();
    const fresh = cache.read('k', async () => 'new');
    finish('old');
    expect(await stale).toBe('old');
    expect(await fresh).toBe('new');
    expect(await cache.read('k', async () => 'newer')).toBe('new');
  });

  it('does not keep a failed load', async () => {
    const { changes, cache } = setUp();
    changes.listeningChanged(true);
    await expect(cache.read('k', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.read('k', async () => 'up')).toBe('up');
  });

  it('keeps a read no longer than its time-to-live', async () => {
    const { changes, read, loads, advance } = setUp();
    changes.listeningChanged(true);
    await read();
    advance(WATCHED_READ_TTL_MS - 1);
    await read();
    expect(loads()).toBe(1);
    advance(1);
    await read();
    expect(loads()).toBe(2);
  });
});
