import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppIcon } from '@campus/contracts/desktop';
import type { Envelope } from '@campus/contracts/envelope';
import type { MeData } from '@campus/contracts/uaa';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import type { HttpClient } from '@campus/sdk/http-core';
import { appLicenceNotice } from './app-licence-notice.ts';
import { openApp, RECORD_WAIT_MS } from './open-app.ts';

const me = { userId: 'u1', userType: 2, unitId: 'unit1' } as MeData;

const library: AppIcon = {
  code: 'library',
  name: '图书借阅',
  shortName: '图书',
  englishName: 'Library',
  englishShortName: '',
  serverId: 'library',
  deployPath: null,
  iconImg: '/api/storage/app-icon/library/color',
  updateStatus: 1,
  menuRoute: null,
  frontUserType: '1,2,3,4',
  limitUserType: '1,2,3,4',
  unReadCodeCount: 0,
};

const ok = <T>(data: T): Promise<Envelope<T>> => Promise.resolve({ status: 200, data });

/** A server whose licence answer is `licensed` and whose two records answer when `records` does. */
function fakeServer(licensed: boolean, records: () => Promise<Envelope<unknown>> = () => ok(1)) {
  const calls: string[] = [];
  const http = {
    get: vi.fn((url: string) => {
      calls.push(`get ${url}`);
      return ok(licensed);
    }),
    post: vi.fn((url: string) => {
      calls.push(`post ${url}`);
      return records();
    }),
  } as unknown as HttpClient;
  const api = {
    recordRecentApp: vi.fn((code: string) => {
      calls.push(`recent ${code}`);
      return records();
    }),
  } as unknown as DesktopApi;
  return { http, api, calls };
}

afterEach(() => {
  appLicenceNotice.clear();
  vi.useRealTimers();
});

describe('opening an app (spec §2: recorded, logged, opened; §4 Licence)', () => {
  it('asks the licence first, then records and logs the app, then opens its page', async () => {
    const { http, api, calls } = fakeServer(true);
    const navigate = vi.fn();
    const opened = await openApp(
      { http, api, me, lang: 'zh-CN', mobile: false, navigate },
      library,
    );
    expect(opened).toBe(true);
    expect(calls).toEqual([
      'get /api/base/license/unit',
      'recent library',
      'post /api/base/user_access_detail',
    ]);
    expect(http.post).toHaveBeenCalledWith(
      '/api/base/user_access_detail',
      {
        userId: 'u1',
        userType: 2,
        unitId: 'unit1',
        resId: 'library',
        resName: '图书借阅',
        type: 1,
      },
      expect.anything(),
    );
    expect(navigate).toHaveBeenCalledWith('/pages/library/pc_library_tm/index.html');
    expect(appLicenceNotice.get()).toBeNull();
  });

  it('shows the licence notice for an expired app and neither records nor opens it', async () => {
    const { http, api, calls } = fakeServer(false);
    const navigate = vi.fn();
    const opened = await openApp({ http, api, me, lang: 'en', mobile: false, navigate }, library);
    expect(opened).toBe(false);
    expect(calls).toEqual(['get /api/base/license/unit']);
    expect(navigate).not.toHaveBeenCalled();
    expect(appLicenceNotice.get()).toEqual({ code: 'library', name: 'Library' });
  });

  it('opens the mobile page from the mobile desktop, the variant by user type (spec §6)', async () => {
    const { http, api } = fakeServer(true);
    const navigate = vi.fn();
    const parent = { ...me, userType: 3 };
    await openApp({ http, api, me: parent, lang: 'zh-CN', mobile: true, navigate }, library);
    expect(navigate).toHaveBeenCalledWith('/pages/library/mobile_library_spm/index.html');
  });

  it('opens the app even when a record fails', async () => {
    const { http, api } = fakeServer(true, () => Promise.reject(new Error('offline')));
    const navigate = vi.fn();
    await expect(
      openApp({ http, api, me, lang: 'zh-CN', mobile: false, navigate }, library),
    ).resolves.toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it(`waits at most ${RECORD_WAIT_MS} ms for slow records before opening the app`, async () => {
    vi.useFakeTimers();
    const { http, api } = fakeServer(true, () => new Promise(() => undefined));
    const navigate = vi.fn();
    const opening = openApp({ http, api, me, lang: 'zh-CN', mobile: false, navigate }, library);
    await vi.advanceTimersByTimeAsync(RECORD_WAIT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(opening).resolves.toBe(true);
    expect(navigate).toHaveBeenCalledWith('/pages/library/pc_library_tm/index.html');
  });

  it('cuts a long name to the 100 characters of the access log', async () => {
    const { http, api } = fakeServer(true);
    await openApp(
      { http, api, me, lang: 'zh-CN', mobile: false, navigate: vi.fn() },
      { ...library, name: 'x'.repeat(150) },
    );
    expect(http.post).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ resName: 'x'.repeat(100) }),
      expect.anything(),
    );
  });
});
