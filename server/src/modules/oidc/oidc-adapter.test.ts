import { afterEach, describe, expect, it, vi } from 'vitest';
import { GRANT_CACHE_MS, GrantAdapter, TransientAdapter, oidcStores } from './oidc-adapter.ts';
import type { OidcRepository, StoredPayload } from './oidc.repository.ts';

/** A repository of payloads in a map, counting its reads. */
function fakeRepository() {
  const rows = new Map<string, StoredPayload>();
  const reads = { count: 0 };
  const repository = {
    upsertPayload: (
      model: string,
      id: string,
      payload: Record<string, unknown>,
      at: number | null,
    ) => {
      rows.set(`${model}:${id}`, {
        payload: JSON.parse(JSON.stringify(payload)) as Record<string, unknown>,
        expiresAt: at,
        consumedAt: null,
      });
      return Promise.resolve();
    },
    findPayload: (model: string, id: string) => {
      reads.count += 1;
      const row = rows.get(`${model}:${id}`);
      return Promise.resolve(row && { ...row, payload: structuredClone(row.payload) });
    },
    deletePayload: (model: string, id: string) => {
      rows.delete(`${model}:${id}`);
      return Promise.resolve();
    },
  };
  return { repository: repository as unknown as OidcRepository, rows, reads };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GrantAdapter', () => {
  it('answers a grant it saved without reading the database, as a copy', async () => {
    const { repository, reads, rows } = fakeRepository();
    const grants = new GrantAdapter(repository);
    await grants.upsert('g1', { accountId: 'u1', openid: { scope: 'openid' } }, 3600);
    expect(rows.has('Grant:g1')).toBe(true);

    const found = await grants.find('g1');
    expect(found).toEqual({ accountId: 'u1', openid: { scope: 'openid' } });
    expect(reads.count).toBe(0);
    // The provider changes the grants it finds; the kept one stays as saved.
    (found as { openid: { scope: string } }).openid.scope = 'openid profile';
    expect(await grants.find('g1')).toEqual({ accountId: 'u1', openid: { scope: 'openid' } });
  });

  it('reads the database for a grant it did not save, after GRANT_CACHE_MS, and once destroyed', async () => {
    vi.useFakeTimers();
    const { repository, reads } = fakeRepository();
    const saver = new GrantAdapter(repository);
    const other = new GrantAdapter(repository);
    await saver.upsert('g1', { accountId: 'u1' }, 3600);

    expect(await other.find('g1')).toEqual({ accountId: 'u1' });
    expect(reads.count).toBe(1);

    vi.advanceTimersByTime(GRANT_CACHE_MS + 1);
    expect(await saver.find('g1')).toEqual({ accountId: 'u1' });
    expect(reads.count).toBe(2);

    await saver.upsert('g2', { accountId: 'u2' }, 3600);
    await saver.destroy('g2');
    expect(await saver.find('g2')).toBeUndefined();
  });

  it('keeps a grant no longer than its own lifetime', async () => {
    vi.useFakeTimers();
    const { repository, reads } = fakeRepository();
    const grants = new GrantAdapter(repository);
    await grants.upsert('g1', { accountId: 'u1' }, 5);
    vi.advanceTimersByTime(5001);
    await grants.find('g1');
    expect(reads.count).toBe(1);
  });
});

describe('TransientAdapter', () => {
  it('holds what the service puts, even when it keeps none of the provider saves', async () => {
    const sessions = new TransientAdapter(false);
    await sessions.upsert('s1', { accountId: 'u1' }, 60);
    expect(await sessions.find('s1')).toBeUndefined();

    sessions.hold('s2', { accountId: 'u2' }, 60);
    expect(await sessions.find('s2')).toEqual({ accountId: 'u2' });
    await sessions.destroy('s2');
    expect(await sessions.find('s2')).toBeUndefined();
  });

  it('answers nothing once an entry has expired', async () => {
    vi.useFakeTimers();
    const sessions = new TransientAdapter(false);
    sessions.hold('s1', { accountId: 'u1' }, 1);
    vi.advanceTimersByTime(1001);
    expect(await sessions.find('s1')).toBeUndefined();
  });
});

describe('oidcStores', () => {
  it('gives each model one adapter, and the sessions the service holds to the provider', () => {
    const { repository } = fakeRepository();
    const stores = oidcStores(repository);
    expect(stores.adapter('AccessToken')).toBe(stores.adapter('AccessToken'));
    expect(stores.adapter('Grant')).toBeInstanceOf(GrantAdapter);
    expect(stores.adapter('Session')).toBe(stores.sessions);
  });
});
