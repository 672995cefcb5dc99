import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../http/client.ts';
import {
  startAnsweringServer,
  type CorsTestServer,
  type TestServerRequest,
} from '../http/test-support/cors-test-server.ts';
import type { SessionStore } from './session-store.ts';
import { chooseChild, listChildren, switchAccount } from './account-calls.ts';

let server: CorsTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function answering(body: (r: TestServerRequest) => unknown) {
  const started = await startAnsweringServer(body);
  server = started.server;
  const seen = started.seen;
  const http = createHttpClient({ baseURL: server.base, device: 'pc', appCode: 'portal' });
  const recheckLogin = vi.fn(async () => true);
  const session = { recheckLogin } as unknown as SessionStore;
  const setUserClientId = vi.fn();
  return { http, seen, session, recheckLogin, storage: { setUserClientId } };
}

const SESSION = {
  accessToken: 'at',
  userClientId: 'client-2',
  userId: 'demo-user-parent',
  userType: 3,
  unitId: 'u',
  unitType: 2,
};
const CHILD = { id: 'c1', realName: 'Li Ming', gradeName: 'Grade 3', className: 'Class 2' };

describe('account calls (spec §6, §7)', () => {
  it('switches account: stores the new client id and re-reads /me', async () => {
    const t = await answering(() => ({ status: 200, data: SESSION }));
    const res = await switchAccount({ ...t, appCode: 'portal' }, 'demo-user-parent');
    expect(res.status).toBe(200);
    expect(t.seen[0]?.path).toBe('/api/uaa/switch/login');
    expect(t.seen[0]?.url).toContain('userId=demo-user-parent');
    expect(t.storage.setUserClientId).toHaveBeenCalledWith('portal', 'client-2');
    expect(t.recheckLogin).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone when the switch is refused', async () => {
    const t = await answering(() => ({ status: 403, message: '无权切换|||Not allowed' }));
    const res = await switchAccount({ ...t, appCode: 'portal' }, 'someone-else');
    expect(res.status).toBe(403);
    expect(t.storage.setUserClientId).not.toHaveBeenCalled();
    expect(t.recheckLogin).not.toHaveBeenCalled();
  });

  it('lists a parent’s children, empty on a refusal', async () => {
    const t = await answering(() => ({ status: 200, data: [CHILD] }));
    expect(await listChildren(t.http, 'p1')).toEqual([CHILD]);
    expect(t.seen[0]?.path).toBe('/api/base/student/find_all_student_by_parent_id');
    await server?.close();
    const refused = await answering(() => ({ status: 403 }));
    expect(await listChildren(refused.http, 'p1')).toEqual([]);
  });

  it('chooses a child with parentId in the query and the child record as the body', async () => {
    const t = await answering(() => ({ status: 200, data: true }));
    expect(await chooseChild(t, 'demo-user-parent', CHILD)).toBe(true);
    expect(t.seen[0]?.method).toBe('POST');
    expect(t.seen[0]?.url).toBe('/api/base/student/set/parentChildren?parentId=demo-user-parent');
    expect(new URLSearchParams(t.seen[0]?.body).get('realName')).toBe('Li Ming');
    expect(t.recheckLogin).toHaveBeenCalledTimes(1);
  });
});
