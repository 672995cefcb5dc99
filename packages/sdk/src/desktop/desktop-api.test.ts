import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../http/client.ts';
import {
  startAnsweringServer,
  type CorsTestServer,
} from '../http/test-support/cors-test-server.ts';
import { createDesktopApi } from './desktop-api.ts';

let server: CorsTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function api() {
  const started = await startAnsweringServer(() => ({ status: 200, data: 'success' }));
  server = started.server;
  const http = createHttpClient({ baseURL: server.base, device: 'pc', appCode: 'desktop' });
  return { desktop: createDesktopApi(http), seen: started.seen };
}

describe('desktop calls (spec §7)', () => {
  it('asks the to-do popup 3 a page by default (spec §9) with a cache-busting GET', async () => {
    const { desktop, seen } = await api();
    await desktop.todoPage(3);
    const url = new URL(seen[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/base/desktop/popUpBox_select');
    expect(url.searchParams.get('start')).toBe('3');
    expect(url.searchParams.get('size')).toBe('3');
    expect(url.searchParams.has('_t')).toBe(true);
  });

  it('asks the bell’s reads fresh (Cache-Control: no-cache) only when told, cache-busted always', async () => {
    const { desktop, seen } = await api();
    await desktop.unhandleCount();
    await desktop.unhandleCount({ fresh: true });
    await desktop.unreadMessages({ fresh: true });
    await desktop.unreadCodeCount({ fresh: true });
    expect(seen.map((request) => request.headers['cache-control'])).toEqual([
      undefined,
      'no-cache',
      'no-cache',
      'no-cache',
    ]);
    for (const request of seen) {
      expect(new URL(request.url, 'http://x').searchParams.has('_t')).toBe(true);
    }
  });

  it('asks the app icons with appType=1 and the caller’s ids', async () => {
    const { desktop, seen } = await api();
    await desktop.appIcons({ userId: 'u1', unitId: 'unit1' });
    const url = new URL(seen[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/base/desktop/my_app_icon');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      userId: 'u1',
      unitId: 'unit1',
      appType: '1',
    });
  });

  it('posts the icon order as JSON (an array, spec §7) and the rest form-encoded', async () => {
    const { desktop, seen } = await api();
    await desktop.setIconOrder(['cms', 'edu']);
    expect(seen[0]?.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ codes: ['cms', 'edu'] });
    await desktop.setTheme({ type: 'color', theme: 'ink' });
    expect(seen[1]?.path).toBe('/api/base/desktop/settheme');
    expect(seen[1]?.headers['content-type']).toMatch(/x-www-form-urlencoded/);
    expect(new URLSearchParams(seen[1]?.body).get('theme')).toBe('ink');
    await desktop.ignoreMessage('m1');
    expect(new URLSearchParams(seen[2]?.body).get('desktopMessageId')).toBe('m1');
  });
});
