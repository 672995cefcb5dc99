import { describe, expect, it, vi } from 'vitest';
import { baseEndpoints } from '@campus/contracts/base';
import type { Envelope } from '@campus/contracts/envelope';
import { HttpError, type HttpClient } from '../http/http-core.ts';
import { checkLicence, LICENCE_EXPIRED_MESSAGE, licenceCacheKey } from './licence-check.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

function fakeHttp(answer: () => Promise<Envelope<unknown>>) {
  const get = vi.fn((_url: string, _params?: Record<string, unknown>) => answer());
  const http = { get } as unknown as HttpClient;
  return { http, get };
}

describe('checkLicence (spec §4 Licence, §7 licence endpoints)', () => {
  it('spec §7: asks /api/base/license/unit with unitId and serverId = app code', async () => {
    const { http, get } = fakeHttp(() => Promise.resolve({ status: 200, data: true }));
    await expect(
      checkLicence({ http, unitId: 'u1', appCode: 'cms', storage: memoryStorage() }),
    ).resolves.toBe(true);
    expect(get).toHaveBeenCalledWith(
      '/api/base/license/unit',
      { unitId: 'u1', serverId: 'cms' },
      expect.objectContaining({ noIntercept: true }),
    );
  });

  it('spec §7: oam asks /api/base/license/unit_oam', async () => {
    const { http, get } = fakeHttp(() => Promise.resolve({ status: 200, data: true }));
    await checkLicence({ http, unitId: 'u1', appCode: 'cms', oam: true, storage: memoryStorage() });
    expect(get.mock.calls[0]?.[0]).toBe(baseEndpoints.licenceOam.path);
  });

  it('spec §4: false means expired, and the answer is cached per app in session storage', async () => {
    const storage = memoryStorage();
    const { http, get } = fakeHttp(() => Promise.resolve({ status: 200, data: false }));
    await expect(checkLicence({ http, unitId: 'u1', appCode: 'cms', storage })).resolves.toBe(
      false,
    );
    await expect(checkLicence({ http, unitId: 'u1', appCode: 'cms', storage })).resolves.toBe(
      false,
    );
    expect(get).toHaveBeenCalledTimes(1);
    expect(storage.map.get('licence_cms')).toBe('{"unitId":"u1","valid":false}');
    expect(licenceCacheKey('cms')).toBe('licence_cms');

    // Another app, or another unit after an account switch, asks again.
    await checkLicence({ http, unitId: 'u1', appCode: 'base', storage });
    await checkLicence({ http, unitId: 'u2', appCode: 'cms', storage });
    expect(get).toHaveBeenCalledTimes(3);
  });

  it.each<[string, () => Promise<Envelope<unknown>>]>([
    ['a transport error', () => Promise.reject(new Error('Network Error'))],
    [
      'an HTTP error',
      () =>
        Promise.reject(
          new HttpError({
            failure: { kind: 'transport', status: 502, message: 'x' },
            notice: { type: 'error', message: 'x' },
          }),
        ),
    ],
    ['a body status other than 200', () => Promise.resolve({ status: 403 })],
    ['data that is not a boolean', () => Promise.resolve({ status: 200, data: 'yes' })],
  ])('counts %s as unknown: true (do not block), not cached', async (_label, answer) => {
    const storage = memoryStorage();
    const { http } = fakeHttp(answer);
    await expect(checkLicence({ http, unitId: 'u1', appCode: 'cms', storage })).resolves.toBe(true);
    expect(storage.map.size).toBe(0);
  });

  it('works without storage (blocked or absent): no cache, still answers', async () => {
    const { http, get } = fakeHttp(() => Promise.resolve({ status: 200, data: false }));
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    await expect(
      checkLicence({ http, unitId: 'u1', appCode: 'cms', storage: throwing }),
    ).resolves.toBe(false);
    await expect(
      checkLicence({ http, unitId: 'u1', appCode: 'cms', storage: undefined }),
    ).resolves.toBe(false);
    expect(get).toHaveBeenCalledTimes(2);
  });
});

describe('LICENCE_EXPIRED_MESSAGE (spec §8 Licence expired)', () => {
  it('is the spec text, in both languages', () => {
    expect(LICENCE_EXPIRED_MESSAGE.en).toBe(
      'This module has expired, please contact the administrator!',
    );
    expect(LICENCE_EXPIRED_MESSAGE['zh-CN']).toBe('该模块已过期，请联系管理员！');
  });
});
