import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../http/client.ts';
import {
  startAnsweringServer,
  type CorsTestServer,
  type TestServerRequest,
} from '../http/test-support/cors-test-server.ts';
import { fetchPermissionTree, logAppAccess } from './app-calls.ts';

let server: CorsTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientAnswering(body: (r: TestServerRequest) => unknown) {
  const started = await startAnsweringServer(body);
  server = started.server;
  const seen = started.seen;
  const http = createHttpClient({ baseURL: server.base, device: 'pc', appCode: 'cms' });
  return { http, seen };
}

describe('start-up calls (spec §7)', () => {
  it('asks the permission tree with the app code and returns the roots', async () => {
    const tree = [{ code: 'cms:notice', resourceType: 1, children: [] }];
    const { http, seen } = await clientAnswering(() => ({ status: 200, data: tree }));
    expect(await fetchPermissionTree(http, 'cms')).toEqual(tree);
    expect(seen[0]?.path).toBe('/api/base/resource/user/code/tree');
    expect(seen[0]?.url).toContain('code=cms');
  });

  it('counts a refused or malformed answer as no permissions', async () => {
    const { http } = await clientAnswering(() => ({ status: 403, message: 'no' }));
    expect(await fetchPermissionTree(http, 'cms')).toBeNull();
    await server?.close();
    const other = await clientAnswering(() => ({ status: 200, data: { not: 'a list' } }));
    expect(await fetchPermissionTree(other.http, 'cms')).toBeNull();
  });

  it('posts the access log with type 1 and resolves false when the server is unreachable', async () => {
    const { http, seen } = await clientAnswering(() => ({ status: 200, data: true }));
    const entry = { userId: 'u1', userType: 2, unitId: 'unit1', resId: 'cms', resName: '信息发布' };
    expect(await logAppAccess(http, entry)).toBe(true);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.path).toBe('/api/base/user_access_detail');
    expect(new URLSearchParams(seen[0]?.body).get('type')).toBe('1');
    const base = server?.base ?? '';
    await server?.close();
    server = undefined;
    const down = createHttpClient({ baseURL: base, device: 'pc', appCode: 'cms' });
    expect(await logAppAccess(down, entry)).toBe(false);
  });
});
