import { describe, expect, it } from 'vitest';
import type { HttpClient, Payload, RequestOptions } from '../http/http-core.ts';
import { createAuthApi, parseDecorationSet } from './auth-api.ts';

function recordingClient() {
  const calls: { verb: string; url: string; payload?: unknown; options?: RequestOptions }[] = [];
  const record =
    (verb: string) => (url: string, payload?: Payload | unknown[], options?: RequestOptions) => {
      calls.push({ verb, url, payload, options });
      return Promise.resolve({ status: 200 });
    };
  const http = {
    get: record('get'),
    delete: record('delete'),
    post: record('post'),
    put: record('put'),
  } as HttpClient;
  return { http, calls };
}

describe('auth api paths and payloads (spec §7)', () => {
  it('logs in with the password, quietly (failures go under the field, spec §8)', async () => {
    const { http, calls } = recordingClient();
    await createAuthApi(http).login({
      username: 'teacher',
      password: 'pw',
      rememberMe: true,
      deviceId: 'dev-12345678',
    });
    expect(calls[0]).toEqual({
      verb: 'post',
      url: '/api/uaa/oauth/login',
      payload: { username: 'teacher', password: 'pw', rememberMe: true, deviceId: 'dev-12345678' },
      options: { noIntercept: true },
    });
  });

  it('logs in with a remember token instead of a password (DESIGN.md §5)', async () => {
    const { http, calls } = recordingClient();
    await createAuthApi(http).login({
      username: 'teacher',
      rememberToken: 'tok',
      rememberMe: true,
      deviceId: 'dev-12345678',
    });
    expect(calls[0]?.payload).not.toHaveProperty('password');
    expect(calls[0]?.payload).toHaveProperty('rememberToken', 'tok');
  });

  it('checks /me without notifying and without cache', async () => {
    const { http, calls } = recordingClient();
    await createAuthApi(http).me();
    expect(calls[0]).toMatchObject({
      verb: 'get',
      url: '/api/uaa/oauth/me',
      options: { noIntercept: true, cacheBust: true },
    });
  });

  it('re-logs in with the access token, quietly (the re-login screen shows a refusal)', async () => {
    const { http, calls } = recordingClient();
    await createAuthApi(http).relogin('token-123');
    expect(calls[0]).toEqual({
      verb: 'post',
      url: '/api/uaa/oauth/relogin',
      payload: { accessToken: 'token-123' },
      options: { noIntercept: true },
    });
  });

  it('logs out, reads unit config and social info at their paths', async () => {
    const { http, calls } = recordingClient();
    const auth = createAuthApi(http);
    await auth.logout();
    await auth.unitConfig('u 1');
    await auth.unitConfig();
    await auth.socialInfo();
    expect(calls.map((c) => [c.verb, c.url, c.payload])).toEqual([
      ['post', '/api/uaa/oauth/logout', undefined],
      ['get', '/api/uaa/oauth/login/unit_config', { unitId: 'u 1' }],
      ['get', '/api/uaa/oauth/login/unit_config', undefined],
      ['get', '/api/uaa/social/info', undefined],
    ]);
  });
});

describe('parseDecorationSet (spec §3 decorationSet JSON text)', () => {
  it('parses the footer message', () => {
    const text = JSON.stringify({ footerMsg: { show: true, baList: [{ baContent: 'ICP 1' }] } });
    expect(parseDecorationSet(text).footerMsg?.baList?.[0]?.baContent).toBe('ICP 1');
  });

  it.each([null, '', 'not json', '[]', '42', 'null'])('gives {} for %j', (text) => {
    expect(parseDecorationSet(text)).toEqual({});
  });
});
