/** GET /api/uaa/switch/login (spec §6): only between linked teacher and parent accounts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeData } from '@campus/contracts/uaa';
import {
  DEMO,
  signIn,
  startTestServer,
  type TestServer,
  userIdOf,
  type TestClient,
} from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const userId = (login: string) => userIdOf(server, login);

async function me(client: TestClient) {
  return (await client.get<MeData>('/api/uaa/oauth/me')).body;
}

describe(`account switch on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers 401 without a session', async () => {
    const reply = await server
      .client()
      .get(`/api/uaa/switch/login?userId=${await userId('parent')}`);
    expect(reply.body.status).toBe(401);
  });

  it('validates userId', async () => {
    const client = server.client();
    await signIn(client, DEMO.teacher);
    const missing = await client.get('/api/uaa/switch/login');
    expect(missing.body.status).toBe(400);
    expect(missing.body.fieldErrors?.[0]).toEqual({
      field: 'userId',
      message: '用户不能为空！|||User cannot be empty!',
    });
    expect((await client.get(`/api/uaa/switch/login?userId=${'x'.repeat(65)}`)).body.status).toBe(
      400,
    );
    const self = await client.get(`/api/uaa/switch/login?userId=${await userId('teacher')}`);
    expect(self.body.status).toBe(400);
  });

  it('switches a teacher to the linked parent account and back, ending the old session, with audit', async () => {
    const client = server.client();
    await signIn(client, DEMO.teacher);
    const teacherCookie = client.cookie('ph_at')!;
    const reply = await client.get<{ userType: number }>(
      `/api/uaa/switch/login?userId=${await userId('parent')}`,
    );
    expect(reply.body.status).toBe(200);
    expect(reply.body.data?.userType).toBe(3);
    expect((await me(client)).data?.loginName).toBe('parent');
    const old = server.client();
    old.setCookie('ph_at', teacherCookie);
    expect((await me(old)).status).toBe(401);
    const back = await client.get<{ userType: number }>(
      `/api/uaa/switch/login?userId=${await userId('teacher')}`,
    );
    expect(back.body.data?.userType).toBe(2);
    const actions = (await server.app.services.audit.listForUser(await userId('teacher'))).map(
      (a) => a.action,
    );
    expect(actions).toContain('account.switch');
  });

  it('refuses an account that is not linked, and leaves the session as it was', async () => {
    const client = server.client();
    await signIn(client, DEMO.teacher);
    const reply = await client.get(`/api/uaa/switch/login?userId=${await userId('parent1')}`);
    expect(reply.body).toMatchObject({ status: 403, code: 'accounts_not_linked' });
    expect((await me(client)).data?.loginName).toBe('teacher');
  });

  it('refuses a user type with no linked account (staff, type 4) and an unknown user', async () => {
    const client = server.client();
    await signIn(client, DEMO.staff);
    expect(
      (await client.get(`/api/uaa/switch/login?userId=${await userId('parent')}`)).body.status,
    ).toBe(403);
    expect((await client.get('/api/uaa/switch/login?userId=no-such-user')).body.status).toBe(403);
  });

  it('refuses a switch without the device header (CSRF)', async () => {
    const client = server.client();
    await signIn(client, DEMO.teacher);
    const forged = server.client({ device: null });
    forged.setCookie('ph_at', client.cookie('ph_at')!);
    expect(
      (await forged.get(`/api/uaa/switch/login?userId=${await userId('parent')}`)).body.code,
    ).toBe('csrf_rejected');
  });
});
