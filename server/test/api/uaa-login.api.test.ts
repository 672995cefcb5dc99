/**
 * POST /api/uaa/oauth/login (spec §4, §7, §8; DESIGN.md §4–5): bad input, wrong
 * credentials, lockout, per-address limit, remember token, CSRF, cookies and audit.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signIn, startTestServer, userIdOf, type TestServer } from './helpers/test-server.ts';

const LOGIN = '/api/uaa/oauth/login';
let now = Date.now();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now, loginLimits: { ipFailures: 12 } });
});
afterAll(async () => server.close());

describe(`login on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('signs a teacher in and sets HttpOnly SameSite=Lax session cookies (DESIGN.md §4)', async () => {
    const client = server.client();
    const reply = await signIn(client, DEMO.teacher);
    expect(reply.http).toBe(200);
    expect(reply.body.data).toMatchObject({
      userType: 2,
      unitType: 2,
      openid: null,
      unionid: null,
    });
    const access = reply.setCookies.find((c) => c.startsWith('ph_at='));
    const refresh = reply.setCookies.find((c) => c.startsWith('ph_rt='));
    expect(access).toMatch(/HttpOnly/);
    expect(access).toMatch(/SameSite=Lax/);
    expect(access).toMatch(/Path=\//);
    expect(refresh).toMatch(/Path=\/api\/uaa\/oauth\/refresh/);
    expect(refresh).toMatch(/HttpOnly/);
    expect(JSON.stringify(reply.body)).not.toContain(DEMO.teacher.password);
  });

  it('accepts a JSON body too and trims the user name', async () => {
    const reply = await server
      .client()
      .postJson(LOGIN, { username: '  teacher ', password: DEMO.teacher.password });
    expect(reply.body.status).toBe(200);
  });

  it('answers the spec §8 empty-field messages as fieldErrors', async () => {
    const client = server.client();
    const noName = await client.postForm(LOGIN, { username: '', password: 'x' });
    expect(noName.http).toBe(200);
    expect(noName.body.status).toBe(400);
    expect(noName.body.fieldErrors).toEqual([
      { field: 'username', message: '用户名不能为空！|||User name cannot be empty!' },
    ]);
    const blankName = await client.postForm(LOGIN, { username: '   ', password: 'x' });
    expect(blankName.body.fieldErrors?.[0]?.message).toBe(
      '用户名不能为空！|||User name cannot be empty!',
    );
    const noPassword = await client.postForm(LOGIN, { username: 'teacher', password: '' });
    expect(noPassword.body.status).toBe(400);
    expect(noPassword.body.fieldErrors).toEqual([
      { field: 'password', message: '密码不能为空！|||Password cannot be empty!' },
    ]);
    const missing = await client.postForm(LOGIN, { password: 'x' });
    expect(missing.body.fieldErrors?.[0]).toEqual({
      field: 'username',
      message: '用户名不能为空！|||User name cannot be empty!',
    });
  });

  it('rejects overlong and wrongly typed fields with a clear field message', async () => {
    const client = server.client();
    const long = await client.postForm(LOGIN, { username: 'x'.repeat(65), password: 'x' });
    expect(long.body.status).toBe(400);
    expect(long.body.fieldErrors?.[0]).toEqual({
      field: 'username',
      message: '用户名不能超过64个字符|||User name must be at most 64 characters',
    });
    const longPassword = await client.postForm(LOGIN, {
      username: 'teacher',
      password: 'x'.repeat(257),
    });
    expect(longPassword.body.fieldErrors?.[0]?.field).toBe('password');
    const wrongType = await client.postJson(LOGIN, { username: { nested: true }, password: 'x' });
    expect(wrongType.body.status).toBe(400);
    expect(wrongType.body.fieldErrors?.[0]).toEqual({
      field: 'username',
      message: '用户名类型不正确|||User name has the wrong type',
    });
    const notObject = await client.postJson(LOGIN, ['teacher']);
    expect(notObject.body.status).toBe(400);
  });

  it('answers HTTP 415 with the envelope for an unsupported content type, and 400 for malformed JSON', async () => {
    const client = server.client();
    const text = await client.postRaw(LOGIN, 'username=teacher', 'text/plain');
    expect(text.http).toBe(415);
    expect(text.body).toMatchObject({ status: 415, code: 'unsupported_media_type' });
    expect(text.body.message).toContain('|||');
    const broken = await client.postRaw(LOGIN, '{"username":', 'application/json');
    expect(broken.http).toBe(400);
    expect(broken.body.status).toBe(400);
  });

  it('answers invalid_grant with the same words for a wrong password and an unknown account', async () => {
    const client = server.client();
    const wrong = await client.postForm(LOGIN, { username: 'staff', password: 'Wrong@2026' });
    const unknown = await client.postForm(LOGIN, {
      username: 'nobody-here',
      password: 'Wrong@2026',
    });
    expect(wrong.body).toEqual({
      status: 400,
      code: 'invalid_grant',
      message: '用户名或密码错误|||Incorrect user name or password',
    });
    expect(unknown.body).toEqual(wrong.body);
    expect(client.cookie('ph_at')).toBeUndefined();
  });

  it('locks an account after 5 failures within 15 minutes, for 15 minutes (DESIGN.md §5)', async () => {
    const client = server.client();
    for (let i = 1; i <= 4; i++) {
      const r = await client.postForm(LOGIN, { username: 'parent1', password: `Wrong${i}@2026` });
      expect(r.body.code).toBe('invalid_grant');
    }
    const fifth = await client.postForm(LOGIN, { username: 'parent1', password: 'Wrong5@2026' });
    expect(fifth.body.status).toBe(429);
    expect(fifth.body.code).toBe('account_locked');
    expect(fifth.body.message).toMatch(/15.*\|\|\|.*locked.*15 minutes/);
    const correctWhileLocked = await client.postForm(LOGIN, DEMO.parent1);
    expect(correctWhileLocked.body.code).toBe('account_locked');
    now += 15 * 60 * 1000 + 1;
    const afterLock = await client.postForm(LOGIN, DEMO.parent1);
    expect(afterLock.body.status).toBe(200);
    const actions = (
      await server.app.services.audit.listForUser(await userIdOf(server, 'parent1'))
    ).map((a) => a.action);
    expect(actions).toContain('login.lockout');
    expect(actions).toContain('login.failure');
    expect(actions).toContain('login.success');
  });

  it('starts a new failure count once the 15-minute window has passed', async () => {
    const client = server.client();
    for (let i = 0; i < 4; i++)
      await client.postForm(LOGIN, { username: 'area', password: 'Wrong@2026' });
    now += 15 * 60 * 1000 + 1;
    const next = await client.postForm(LOGIN, { username: 'area', password: 'Wrong@2026' });
    expect(next.body.code).toBe('invalid_grant');
    expect((await client.postForm(LOGIN, DEMO.area)).body.status).toBe(200);
  });

  it('remembers a sign-in with a device-bound, single-use token instead of the password (DESIGN.md §5)', async () => {
    const client = server.client();
    const deviceId = 'device-0001-test';
    const first = await client.postForm<{ rememberToken?: string }>(LOGIN, {
      ...DEMO.staff,
      rememberMe: true,
      deviceId,
    });
    const token = first.body.data?.rememberToken;
    expect(token).toBeTruthy();
    expect(token).not.toContain(DEMO.staff.password);
    const otherDevice = await server
      .client()
      .postForm(LOGIN, { username: 'staff', rememberToken: token!, deviceId: 'device-9999-evil' });
    expect(otherDevice.body.code).toBe('invalid_grant');
    const remembered = await server.client().postForm<{ rememberToken?: string }>(LOGIN, {
      username: 'staff',
      rememberToken: token!,
      deviceId,
      rememberMe: true,
    });
    expect(remembered.body.status).toBe(200);
    expect(remembered.body.data?.rememberToken).toBeTruthy();
    expect(remembered.body.data?.rememberToken).not.toBe(token);
    const replay = await server
      .client()
      .postForm(LOGIN, { username: 'staff', rememberToken: token!, deviceId });
    expect(replay.body.code).toBe('invalid_grant');
    const wrongUser = await server.client().postForm(LOGIN, {
      username: 'teacher',
      rememberToken: remembered.body.data!.rememberToken!,
      deviceId,
    });
    expect(wrongUser.body.code).toBe('invalid_grant');
  });

  it('refuses a cookie-less cross-site post without the device header (CSRF, DESIGN.md §4)', async () => {
    const bare = server.client({ device: null });
    const reply = await bare.postForm(LOGIN, DEMO.teacher);
    expect(reply.body).toMatchObject({ status: 403, code: 'csrf_rejected' });
    const foreign = server.client({ device: null, origin: 'https://evil.example' });
    expect((await foreign.postForm(LOGIN, DEMO.teacher)).body.code).toBe('csrf_rejected');
    const sameOrigin = server.client({ device: null, origin: server.baseUrl });
    expect((await sameOrigin.postForm(LOGIN, DEMO.teacher)).body.status).toBe(200);
  });

  it('limits failures per client address, generously, and says so in both languages (DESIGN.md §5)', async () => {
    // This file's server allows 12 failures per address; earlier tests used some of them.
    const client = server.client();
    let last = await client.postForm(LOGIN, { username: 'nobody', password: 'Wrong@2026' });
    for (let i = 0; i < 12 && last.body.code === 'invalid_grant'; i++) {
      last = await client.postForm(LOGIN, { username: `nobody${i}`, password: 'Wrong@2026' });
    }
    expect(last.body).toMatchObject({ status: 429, code: 'too_many_attempts' });
    expect(last.body.message).toMatch(/\|\|\|Too many failed sign-ins from this network/);
    const correct = await client.postForm(LOGIN, DEMO.teacher);
    expect(correct.body.code).toBe('too_many_attempts');
    now += 15 * 60 * 1000 + 1;
    expect((await client.postForm(LOGIN, DEMO.teacher)).body.status).toBe(200);
  });

  it('commits a sign-in and its audit entry together: a refused entry leaves no session behind', async () => {
    // The session and its 'login.success' entry share one transaction (one commit per sign-in,
    // issue 15): a database that refuses the entry must not keep a session nobody can audit.
    const db = server.app.services.database.db;
    const staffId = await userIdOf(server, 'staff');
    const sessionsOf = async () =>
      (await db.selectFrom('sessions').select('id').where('user_id', '=', staffId).execute())
        .length;
    const before = await sessionsOf();
    if (server.kind === 'sqlite') {
      await sql`CREATE TRIGGER refuse_login_audit BEFORE INSERT ON audit_log
        WHEN NEW.action = 'login.success' BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(db);
    } else {
      await sql`CREATE FUNCTION refuse_login_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.action = 'login.success' THEN RAISE EXCEPTION 'refused'; END IF;
        RETURN NEW; END $$`.execute(db);
      await sql`CREATE TRIGGER refuse_login_audit BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION refuse_login_audit()`.execute(db);
    }
    try {
      const refused = await server.client().postForm(LOGIN, DEMO.staff);
      // A database fault, not bad input: the envelope's internal error, in both languages.
      expect(refused.body).toMatchObject({
        status: 500,
        message: '服务器内部错误！|||Server internal error!',
      });
      expect(refused.setCookies.some((c) => c.startsWith('ph_at='))).toBe(false);
      expect(await sessionsOf()).toBe(before);
    } finally {
      if (server.kind === 'sqlite') {
        await sql`DROP TRIGGER refuse_login_audit`.execute(db);
      } else {
        await sql`DROP TRIGGER refuse_login_audit ON audit_log`.execute(db);
        await sql`DROP FUNCTION refuse_login_audit()`.execute(db);
      }
    }
    expect((await signIn(server.client(), DEMO.staff)).body.status).toBe(200);
    expect(await sessionsOf()).toBe(before + 1);
  });
});
