import { describe, expect, it } from 'vitest';
import type { AppGroupRecord, AppRecord } from './base.repository.ts';
import { CatalogueCache } from './catalogue-cache.ts';

const app = (code: string) => ({ code }) as AppRecord;

/** A load that answers what it is given, counting its calls. */
function loader<T>(answers: (readonly T[] | Error)[]) {
  let calls = 0;
  const load = () => {
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { load, calls: () => calls };
}

describe('CatalogueCache (issue 15 §1: per-unit data that changes rarely, kept in memory)', () => {
  it('asks the database once while fresh, and again after its time-to-live', async () => {
    let now = 1_000;
    const lookups: boolean[] = [];
    const cache = new CatalogueCache(
      () => now,
      30_000,
      (hit) => lookups.push(hit),
    );
    const db = loader<AppRecord>([[app('cms')], [app('cms'), app('canteen')]]);
    expect(await cache.appList(db.load)).toEqual([app('cms')]);
    expect(await cache.appList(db.load)).toEqual([app('cms')]);
    expect(db.calls()).toBe(1);
    now += 30_000;
    expect((await cache.appList(db.load)).map((a) => a.code)).toEqual(['cms', 'canteen']);
    expect(db.calls()).toBe(2);
    expect(lookups).toEqual([false, true, false]);
  });

  it('shares one load among the callers that come while it runs', async () => {
    const cache = new CatalogueCache(() => 0);
    const db = loader<AppRecord>([[app('cms')]]);
    const [a, b] = await Promise.all([cache.appList(db.load), cache.appList(db.load)]);
    expect(a).toBe(b);
    expect(db.calls()).toBe(1);
  });

  it('reads the database again at once after a change (invalidate), apps and groups alike', async () => {
    const cache = new CatalogueCache(() => 0);
    const apps = loader<AppRecord>([[app('cms')], [app('news')]]);
    const groups = loader<AppGroupRecord>([[{ code: 'g1', name: '一', enName: 'One' }], []]);
    await cache.appList(apps.load);
    await cache.groupList(groups.load);
    cache.invalidate();
    expect((await cache.appList(apps.load)).map((a) => a.code)).toEqual(['news']);
    expect(await cache.groupList(groups.load)).toEqual([]);
  });

  it('does not keep a failed load: the next caller asks again', async () => {
    const cache = new CatalogueCache(() => 0);
    const db = loader<AppRecord>([new Error('connection reset'), [app('cms')]]);
    await expect(cache.appList(db.load)).rejects.toThrow('connection reset');
    expect(await cache.appList(db.load)).toEqual([app('cms')]);
    expect(db.calls()).toBe(2);
  });

  it('drops a load still running when a change comes: later callers get the new rows', async () => {
    const cache = new CatalogueCache(() => 0);
    let release: (rows: AppRecord[]) => void = () => undefined;
    const slow = () => new Promise<AppRecord[]>((resolve) => (release = resolve));
    const before = cache.appList(slow);
    cache.invalidate();
    const after = cache.appList(() => Promise.resolve([app('news')]));
    release([app('cms')]);
    expect((await before).map((a) => a.code)).toEqual(['cms']);
    expect((await after).map((a) => a.code)).toEqual(['news']);
    expect((await cache.appList(() => Promise.resolve([]))).map((a) => a.code)).toEqual(['news']);
  });
});
