// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient, HttpClientOptions } from '../http/http-core.ts';
import { createPageRuntime, loginUrlFor, PORTAL_APP_CODE } from './create-page-runtime.ts';

/** A page runtime over a fake HTTP client factory that records what each client was made with. */
function runtimeWith(options: Omit<Parameters<typeof createPageRuntime>[0], 'createHttp'> = {}) {
  const made: HttpClientOptions[] = [];
  const createHttp = vi.fn((clientOptions: HttpClientOptions) => {
    made.push(clientOptions);
    return {} as HttpClient;
  });
  return { runtime: createPageRuntime({ createHttp, ...options }), made, createHttp };
}

describe('createPageRuntime (one page runtime for the portal and the sub-apps)', () => {
  it('makes one client per app code, the portal client first (for the sign-in calls)', () => {
    const { runtime, made, createHttp } = runtimeWith();
    expect(made.map((o) => o.appCode)).toEqual([PORTAL_APP_CODE]);
    expect(runtime.httpFor('cms')).toBe(runtime.httpFor('cms'));
    expect(runtime.httpFor(PORTAL_APP_CODE)).toBe(createHttp.mock.results[0]?.value);
    expect(made.map((o) => o.appCode)).toEqual([PORTAL_APP_CODE, 'cms']);
  });

  it('recovers sessions by default (spec §4), and not when the page turns it off (the login page)', () => {
    expect(runtimeWith().made[0]?.sessionRecovery).toBeDefined();
    const off = runtimeWith({ recoverSession: false });
    expect(off.made[0]).not.toHaveProperty('sessionRecovery');
    expect(off.runtime.recovery).toBeNull();
  });

  it("reads the page's language from the option when given, else resolves it once", () => {
    let lang: 'zh-CN' | 'en' = 'zh-CN';
    const { runtime, made } = runtimeWith({ language: () => lang });
    lang = 'en';
    expect(runtime.language()).toBe('en');
    expect(made[0]?.language?.()).toBe('en');
    expect(runtimeWith().runtime.language()).toBe('zh-CN');
  });

  it('sends notices to onNotify until setNotifier changes where they go', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { runtime, made } = runtimeWith({ onNotify: first });
    const notice = { type: 'error' as const, message: 'x' };
    made[0]?.onNotify?.(notice);
    runtime.setNotifier(second);
    made[0]?.onNotify?.(notice);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('builds the login address that brings the user back (spec §2)', () => {
    expect(loginUrlFor('http://h/desktop/home?a=1')).toBe(
      `/login?redirect_uri=${encodeURIComponent('http://h/desktop/home?a=1')}`,
    );
  });
});

describe('loginUrlFor (spec §2: /login?redirect_uri={url})', () => {
  it('encodes the whole return address', () => {
    expect(loginUrlFor('http://127.0.0.1:8080/desktop/home?a=1&b=2#x')).toBe(
      '/login?redirect_uri=http%3A%2F%2F127.0.0.1%3A8080%2Fdesktop%2Fhome%3Fa%3D1%26b%3D2%23x',
    );
  });
});
