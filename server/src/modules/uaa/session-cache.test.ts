import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache.ts';
import type { SessionUserRecord } from './uaa.repository.ts';

function user(overrides: Partial<SessionUserRecord> = {}): SessionUserRecord {
  return {
    sessionId: 's1',
    familyId: 'f1',
    accessExpiresAt: 10_000_000,
    userId: 'u1',
    userType: 2,
    unitId: 'unit',
    unitType: 2,
    realName: 'T',
    loginName: 't',
    avatar: null,
    sex: 0,
    superman: 0,
    userStatus: 1,
    theme: null,
    themeColor: null,
    currentLayout: null,
    langType: null,
    currentChildId: null,
    unitName: 'U',
    unitEnName: null,
    unitStatus: 1,
    ...overrides,
  };
}

describe('session cache: a few seconds, never past the token, evicted on revoke', () => {
  it('keeps an entry for at most its TTL', () => {
    let now = 1000;
    const cache = new SessionCache(() => now);
    cache.set('h1', user());
    expect(cache.get('h1')?.userId).toBe('u1');
    now += SESSION_CACHE_TTL_MS;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('never serves a session past its access token expiry', () => {
    let now = 1000;
    const cache = new SessionCache(() => now);
    cache.set('h1', user({ accessExpiresAt: 2000 }));
    now = 2000;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('evicts by family and by user, and the /me answer with the entry', () => {
    const cache = new SessionCache(() => 0);
    const a = user({ familyId: 'fa', userId: 'u1' });
    cache.set('a', a);
    cache.set('b', user({ familyId: 'fb', userId: 'u2' }));
    cache.set('c', user({ familyId: 'fc', userId: 'u2' }));
    cache.setMeAnswer('a', Buffer.from('{"status":200}'), a);
    expect(cache.getMeAnswer('a')?.toString()).toBe('{"status":200}');
    cache.evictFamily('fa');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.getMeAnswer('a')).toBeUndefined();
    cache.evictUser('u2');
    expect(cache.size).toBe(0);
  });

  it('evicts every session of a unit, and only that unit', () => {
    const cache = new SessionCache(() => 0);
    cache.set('a', user({ userId: 'u1', unitId: 'school' }));
    cache.set('b', user({ userId: 'u2', unitId: 'school' }));
    cache.set('c', user({ userId: 'u3', unitId: 'area' }));
    cache.evictUnit('school');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.userId).toBe('u3');
  });
  it('does not keep a session loaded before an eviction that overtook it', () => {
    const cache = new SessionCache(() => 0);
    const loadedAt = cache.version;
    // Meanwhile the parent chose another child on another request: the old row is evicted.
    cache.evictUser('u1');
    cache.set('a', user({ userId: 'u1' }), loadedAt);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', user({ userId: 'u1' }), cache.version);
    expect(cache.get('a')).toBeDefined();
  });

  it('keeps a /me answer only beside the entry it was built from', () => {
    const cache = new SessionCache(() => 0);
    const before = user({ userId: 'u1' });
    cache.set('a', before);
    // The answer is being built from `before` when the entry is evicted and loaded again.
    cache.evictUser('u1');
    const after = user({ userId: 'u1' });
    cache.set('a', after);
    cache.setMeAnswer('a', Buffer.from('{"child":"old"}'), before);
    expect(cache.getMeAnswer('a')).toBeUndefined();
    cache.setMeAnswer('a', Buffer.from('{"child":"new"}'), after);
    expect(cache.getMeAnswer('a')?.toString()).toBe('{"child":"new"}');
  });
});
