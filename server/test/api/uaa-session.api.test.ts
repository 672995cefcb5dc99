/**
 * Sessions (spec §4, §7; DESIGN.md §4): /me, bearer tokens, refresh rotation and reuse
 * detection, logout revoking, app-client sign-in and re-login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeData } from '@campus/contracts/uaa';
import { DEMO, signIn, startTestServer, userIdOf, type TestServer } from './helpers/test-server.ts';

let now = Date.now();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => server.close());

describe(`GET /api/uaa/oauth/me on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers 401 in the body without a session, with a bad cookie, and with a bad bearer token', async () => {
    const client = server.client();
    expect((await client.get('/api/uaa/oauth/me')).body).toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    client.setCookie('ph_at', 'not-a-token');
    expect((await client.get('/api/uaa/oauth/me')).body.status).toBe(401);
    expect(
      (await server.client().get('/api/uaa/oauth/me', { authorization: 'Bearer nope' })).body
        .status,
    ).toBe(401);
  });

  it('returns the spec §3 session state for a teacher, with the linked parent account', async () => {
    const client = server.client();
    const login = await signIn(client, DEMO.teacher);
    const me = await client.get<MeData>('/api/uaa/oauth/me');
    expect(me.body.status).toBe(200);
    const data = me.body.data!;
    expect(data).toMatchObject({
      userType: 2,
      unitType: 2,
      loginName: 'teacher',
      langType: 'zh-CN',
      currentLayout: 'top',
    });
    expect(data.accessToken).toBe(login.body.data!.accessToken);
    expect(data.themeColor.toLowerCase()).toBe('#457cd6');
    expect(data.unitName).toBeTruthy();
    expect(data.unitEnName).toBeTruthy();
    const campus = JSON.parse(data.campusUnits) as { campusId: string }[];
    expect(campus[0]?.campusId).toBe(data.unitId);
    expect(data.linkedUserId).toBeTruthy();
    expect(data.linkedUserType).toBe(3);
    expect(data.chirdenList).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/password/i);
  });

  it('lists a parent’s own children and the current child', async () => {
    const client = server.client();
    await signIn(client, DEMO.parent);
    const data = (await client.get<MeData>('/api/uaa/oauth/me')).body.data!;
    expect(data.chirdenList.map((c) => c.realName).sort()).toEqual(['Li Hua', 'Li Ming']);
    expect(data.currentChirden?.id).toBe(data.chirdenId);
    expect(data.linkedUserType).toBe(2);
  });

  it('lists an area’s schools after the area itself in campusUnits (spec §1, §3)', async () => {
    const client = server.client();
    await signIn(client, DEMO.area);
    const data = (await client.get<MeData>('/api/uaa/oauth/me')).body.data!;
    expect(data.unitType).toBe(1);
    const campus = JSON.parse(data.campusUnits) as { campusId: string; enName: string }[];
    expect(campus.map((c) => c.campusId)).toEqual([data.unitId, 'demo-unit-sunshine']);
    expect(campus[1]?.enName).toBe('Sunshine Primary School');
  });

  it('accepts Authorization: Bearer for app clients', async () => {
    const login = await signIn(server.client(), DEMO.staff);
    const reply = await server.client({ device: null }).get<MeData>('/api/uaa/oauth/me', {
      authorization: `Bearer ${login.body.data!.accessToken}`,
    });
    expect(reply.body.data?.userType).toBe(4);
  });

  it('expires the access token after 2 hours', async () => {
    const client = server.client();
    await signIn(client, DEMO.staff);
    now += 2 * 60 * 60 * 1000 + 1;
    expect((await client.get('/api/uaa/oauth/me')).body.status).toBe(401);
  });
});

describe('GET /api/uaa/oauth/refresh', () => {
  it('answers 401 without a refresh cookie or with an unknown one', async () => {
    const client = server.client();
    expect((await client.get('/api/uaa/oauth/refresh')).body.status).toBe(401);
    client.setCookie('ph_rt', 'unknown', '/api/uaa/oauth/refresh');
    expect((await client.get('/api/uaa/oauth/refresh')).body.status).toBe(401);
  });

  it('rotates both tokens; the old access token stops working', async () => {
    const client = server.client();
    await signIn(client, DEMO.teacher);
    const oldAccess = client.cookie('ph_at');
    const oldRefresh = client.cookie('ph_rt');
    const reply = await client.get<{ accessToken: string; userType: number }>(
      '/api/uaa/oauth/refresh',
    );
    expect(reply.body.status).toBe(200);
    expect(reply.body.data?.userType).toBe(2);
    expect(client.cookie('ph_at')).not.toBe(oldAccess);
    expect(client.cookie('ph_rt')).not.toBe(oldRefresh);
    expect((await client.get('/api/uaa/oauth/me')).body.status).toBe(200);
    const stale = server.client();
    stale.setCookie('ph_at', oldAccess!);
    expect((await stale.get('/api/uaa/oauth/me')).body.status).toBe(401);
  });

  it('treats a second use within seconds as a tab race: refused, but the sign-in survives', async () => {
    const client = server.client();
    await signIn(client, DEMO.teacher);
    const oldRefresh = client.cookie('ph_rt')!;
    await client.get('/api/uaa/oauth/refresh');
    const racer = server.client();
    racer.setCookie('ph_rt', oldRefresh, '/api/uaa/oauth/refresh');
    expect((await racer.get('/api/uaa/oauth/refresh')).body.status).toBe(401);
    expect((await client.get('/api/uaa/oauth/me')).body.status).toBe(200);
  });

  it('detects reuse of a rotated refresh token and revokes the whole family', async () => {
    const client = server.client();
    const login = await signIn(client, DEMO.teacher);
    const stolen = client.cookie('ph_rt')!;
    await client.get('/api/uaa/oauth/refresh');
    now += 60_000;
    const thief = server.client();
    thief.setCookie('ph_rt', stolen, '/api/uaa/oauth/refresh');
    expect((await thief.get('/api/uaa/oauth/refresh')).body.status).toBe(401);
    expect((await client.get('/api/uaa/oauth/me')).body.status).toBe(401);
    expect((await client.get('/api/uaa/oauth/refresh')).body.status).toBe(401);
    const clientLogin = await server.client().postForm('/api/uaa/oauth/login_user_client', {
      userClientId: login.body.data!.userClientId,
    });
    expect(clientLogin.body.status).toBe(401);
    const userId = await userIdOf(server, 'teacher');
    expect((await server.app.services.audit.listForUser(userId)).map((a) => a.action)).toContain(
      'session.refresh_reuse',
    );
  });

  it('refuses a refresh without the device header (CSRF)', async () => {
    const client = server.client();
    await signIn(client, DEMO.teacher);
    const bare = server.client({ device: null });
    bare.setCookie('ph_rt', client.cookie('ph_rt')!, '/api/uaa/oauth/refresh');
    expect((await bare.get('/api/uaa/oauth/refresh')).body.code).toBe('csrf_rejected');
  });
});

describe('POST /api/uaa/oauth/logout', () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().postForm('/api/uaa/oauth/logout', {})).body.status).toBe(401);
  });

  it('revokes the session and its refresh token, clears cookies, answers data true, and audits', async () => {
    const client = server.client();
    await signIn(client, DEMO.parent);
    const access = client.cookie('ph_at')!;
    const refresh = client.cookie('ph_rt')!;
    const reply = await client.postForm('/api/uaa/oauth/logout', {});
    expect(reply.body).toEqual({ status: 200, data: true });
    expect(client.cookie('ph_at')).toBeUndefined();
    const replay = server.client();
    replay.setCookie('ph_at', access);
    replay.setCookie('ph_rt', refresh, '/api/uaa/oauth/refresh');
    expect((await replay.get('/api/uaa/oauth/me')).body.status).toBe(401);
    expect((await replay.get('/api/uaa/oauth/refresh')).body.status).toBe(401);
    const userId = await userIdOf(server, 'parent');
    expect((await server.app.services.audit.listForUser(userId)).map((a) => a.action)).toContain(
      'logout',
    );
  });

  it('refuses a cookie-authenticated logout without the device header or same origin (CSRF)', async () => {
    const client = server.client();
    await signIn(client, DEMO.parent);
    const forged = server.client({ device: null, origin: 'https://evil.example' });
    forged.setCookie('ph_at', client.cookie('ph_at')!);
    expect((await forged.postForm('/api/uaa/oauth/logout', {})).body.code).toBe('csrf_rejected');
    expect((await client.get('/api/uaa/oauth/me')).body.status).toBe(200);
  });
});

describe('POST /api/uaa/oauth/login_user_client', () => {
  it('validates its input', async () => {
    const client = server.client();
    const empty = await client.postForm('/api/uaa/oauth/login_user_client', { userClientId: '' });
    expect(empty.body.status).toBe(400);
    expect(empty.body.fieldErrors?.[0]?.field).toBe('userClientId');
    const long = await client.postForm('/api/uaa/oauth/login_user_client', {
      userClientId: 'x'.repeat(300),
    });
    expect(long.body.status).toBe(400);
    expect(
      (await client.postForm('/api/uaa/oauth/login_user_client', { userClientId: 'unknown' })).body
        .status,
    ).toBe(401);
  });

  it('signs the app client in once with its client id; a replay is refused', async () => {
    const first = await signIn(server.client(), DEMO.teacher);
    const clientId = first.body.data!.userClientId;
    const app = server.client();
    const reply = await app.postForm<{ userClientId: string; userType: number }>(
      '/api/uaa/oauth/login_user_client',
      { userClientId: clientId },
    );
    expect(reply.body.status).toBe(200);
    expect(reply.body.data?.userType).toBe(2);
    expect(reply.body.data?.userClientId).not.toBe(clientId);
    expect((await app.get('/api/uaa/oauth/me')).body.status).toBe(200);
    expect(
      (
        await server
          .client()
          .postForm('/api/uaa/oauth/login_user_client', { userClientId: clientId })
      ).body.status,
    ).toBe(401);
  });
});

describe('POST /api/uaa/oauth/relogin', () => {
  it('validates its input and refuses an unknown token', async () => {
    const client = server.client();
    expect((await client.postForm('/api/uaa/oauth/relogin', {})).body.fieldErrors?.[0]?.field).toBe(
      'accessToken',
    );
    expect(
      (await client.postForm('/api/uaa/oauth/relogin', { accessToken: 'nope' })).body.status,
    ).toBe(401);
  });

  it('exchanges a valid access token for a browser session of the same user', async () => {
    const desktop = await signIn(server.client(), DEMO.staff);
    const browser = server.client();
    const reply = await browser.postForm<{ userType: number }>('/api/uaa/oauth/relogin', {
      accessToken: desktop.body.data!.accessToken,
    });
    expect(reply.body.status).toBe(200);
    expect(reply.body.data?.userType).toBe(4);
    expect((await browser.get<MeData>('/api/uaa/oauth/me')).body.data?.loginName).toBe('staff');
  });
});
