/**
 * Password self-service (issue 12 §4, DESIGN.md §8): the forgotten-password link by email
 * through a local SMTP sink (one-time, 30 minutes, the same answer for unknown accounts,
 * rate-limited), the reset it leads to (spec §5 default rule), and the password change (current
 * password required; every other session ends and remembered passwords are revoked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecoveryAdmin } from '../../src/cli/recovery-admin.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { DEMO, signIn, startTestServer, type TestServer } from './helpers/test-server.ts';

const FORGOT = '/api/uaa/password/forgot';
const RESET = '/api/uaa/password/reset';
const CHANGE = '/api/uaa/password/change';
const OPTIONS = '/api/uaa/oauth/login/sign_in_options';
const MINUTE = 60_000;

let now = Date.now();
let server: TestServer;
let sink: SmtpSink;

/** Moves past every limit's window (the per-account mails count over an hour). */
const nextWindow = () => {
  now += 61 * MINUTE;
};

/** The one-time token in a reset mail's link. */
function tokenOf(text: string, baseUrl: string): string {
  const link = text.match(/https?:\/\/\S+\/forgetPassword\?reset=[\w-]+/)?.[0];
  expect(link, text).toBeDefined();
  expect(link!.startsWith(`${baseUrl}/forgetPassword?reset=`)).toBe(true);
  return new URL(link!).searchParams.get('reset')!;
}

/** A sign-in attempt, answered as it is (signIn throws on a refusal). */
const tryLogin = (account: { username: string; password: string }) =>
  server.client().postForm('/api/uaa/oauth/login', account);

async function requestLink(login: string, address: string): Promise<string> {
  const reply = await server.client().postForm(FORGOT, { account: login });
  expect(reply.body).toMatchObject({ status: 200, data: true });
  return tokenOf((await sink.take(address)).text, server.baseUrl);
}

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({
    clock: () => now,
    env: { SMTP_URL: sink.url, MAIL_FROM: 'Campus Portal <portal@school.example>' },
  });
  const admin = createRecoveryAdmin(server.app.services.database.db, () => now);
  await admin.setEmail('teacher', 'Teacher@School.example');
  await admin.setEmail('parent1', 'parent1@school.example');
  await admin.setEmail('staff', 'staff@school.example');
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

describe(`forgotten password on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('offers the email reset on the login page when SMTP is configured', async () => {
    const reply = await server.client().get(OPTIONS);
    expect(reply.body).toMatchObject({ status: 200, data: { passwordReset: 'email' } });
  });

  it('refuses an empty account with a field error', async () => {
    nextWindow();
    const reply = await server.client().postForm(FORGOT, { account: '  ' });
    expect(reply.body.status).toBe(400);
    expect(reply.body.fieldErrors?.[0]?.field).toBe('account');
  });

  it('answers the same for an unknown account, an account without email and a known one, and mails only the known one', async () => {
    nextWindow();
    const before = sink.mails.length;
    const unknown = await server.client().postForm(FORGOT, { account: 'nobody-here' });
    const noEmail = await server.client().postForm(FORGOT, { account: 'parent' });
    const known = await server.client().postForm(FORGOT, { account: 'teacher' });
    expect(unknown.body).toEqual(known.body);
    expect(noEmail.body).toEqual(known.body);
    expect(known.body).toEqual({ status: 200, data: true });
    const mail = await sink.take('teacher@school.example');
    expect(mail.from).toBe('portal@school.example');
    expect(mail.text).toContain('30');
    tokenOf(mail.text, server.baseUrl);
    expect(sink.mails.length).toBe(before + 1);
  });

  it('finds the account by its email address too', async () => {
    nextWindow();
    const reply = await server.client().postForm(FORGOT, { account: 'PARENT1@school.example' });
    expect(reply.body).toEqual({ status: 200, data: true });
    tokenOf((await sink.take('parent1@school.example')).text, server.baseUrl);
  });

  it('resets with the link once: the rule applies, sessions end, the old password stops working', async () => {
    nextWindow();
    const elsewhere = server.client();
    await signIn(elsewhere, DEMO.staff);
    const token = await requestLink('staff', 'staff@school.example');

    const weak = await server.client().postForm(RESET, { token, password: 'abcdefgh' });
    expect(weak.body.status).toBe(400);
    expect(weak.body.fieldErrors?.[0]?.field).toBe('password');

    const missing = await server.client().postForm(RESET, { token });
    expect(missing.body.status).toBe(400);

    const done = await server.client().postForm(RESET, { token, password: 'NewStaff#2026' });
    expect(done.body).toEqual({ status: 200, data: true });
    expect((await elsewhere.get('/api/uaa/oauth/me')).body.status).toBe(401);
    expect((await tryLogin(DEMO.staff)).body).toMatchObject({
      status: 400,
      code: 'invalid_grant',
    });
    const fresh = await signIn(server.client(), {
      username: 'staff',
      password: 'NewStaff#2026',
    });
    expect(fresh.body.status).toBe(200);

    const again = await server.client().postForm(RESET, { token, password: 'Other#20260' });
    expect(again.body).toMatchObject({ status: 400, code: 'reset_link_invalid' });
    expect((await tryLogin({ username: 'staff', password: 'Other#20260' })).body.status).toBe(400);
  });

  it('refuses a link after 30 minutes, and a made-up token', async () => {
    nextWindow();
    const token = await requestLink('parent1', 'parent1@school.example');
    now += 30 * MINUTE;
    const late = await server.client().postForm(RESET, { token, password: 'Parent1#late' });
    expect(late.body).toMatchObject({ status: 400, code: 'reset_link_invalid' });
    const forged = await server.client().postForm(RESET, {
      token: 'x'.repeat(43),
      password: 'Parent1#late',
    });
    expect(forged.body).toMatchObject({ status: 400, code: 'reset_link_invalid' });
    expect((await signIn(server.client(), DEMO.parent1)).body.status).toBe(200);
  });

  it('sends at most 3 mails an hour to one account, answering the same', async () => {
    nextWindow();
    const before = sink.mails.filter((m) => m.to === 'parent1@school.example').length;
    for (let i = 0; i < 4; i++) {
      const reply = await server.client().postForm(FORGOT, { account: 'parent1' });
      expect(reply.body).toEqual({ status: 200, data: true });
    }
    for (let i = 0; i < 3; i++) await sink.take('parent1@school.example');
    await expect(sink.take('parent1@school.example', 500)).rejects.toThrow(/no mail/);
    expect(sink.mails.filter((m) => m.to === 'parent1@school.example').length).toBe(before + 3);
  });

  it('limits requests per address to 10 in 15 minutes (429), known or not', async () => {
    nextWindow();
    for (let i = 0; i < 10; i++) {
      const reply = await server.client().postForm(FORGOT, { account: `someone-${i}` });
      expect(reply.body.status).toBe(200);
    }
    const refused = await server.client().postForm(FORGOT, { account: 'teacher' });
    expect(refused.http).toBe(200);
    expect(refused.body.status).toBe(429);
    now += 15 * MINUTE;
    expect((await server.client().postForm(FORGOT, { account: 'nobody' })).body.status).toBe(200);
  });
});

describe(`change password on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('needs a session', async () => {
    const reply = await server
      .client()
      .postForm(CHANGE, { oldPassword: 'Teacher@2026', newPassword: 'Teacher#2027' });
    expect(reply.body.status).toBe(401);
  });

  it('refuses a wrong current password and a new one that breaks the rule', async () => {
    nextWindow();
    const client = server.client();
    await signIn(client, DEMO.teacher);
    const wrong = await client.postForm(CHANGE, {
      oldPassword: 'not-it-2026',
      newPassword: 'Teacher#2027',
    });
    expect(wrong.body.status).toBe(400);
    expect(wrong.body.fieldErrors?.[0]?.field).toBe('oldPassword');
    const weak = await client.postForm(CHANGE, {
      oldPassword: DEMO.teacher.password,
      newPassword: 'short1',
    });
    expect(weak.body.fieldErrors?.[0]?.field).toBe('newPassword');
    const same = await client.postForm(CHANGE, {
      oldPassword: DEMO.teacher.password,
      newPassword: DEMO.teacher.password,
    });
    expect(same.body.fieldErrors?.[0]?.field).toBe('newPassword');
    const empty = await client.postForm(CHANGE, { oldPassword: '', newPassword: 'Teacher#2027' });
    expect(empty.body.fieldErrors?.[0]?.field).toBe('oldPassword');
  });

  it('ends every other session, revokes remembered passwords and keeps the one that changed it', async () => {
    nextWindow();
    const remembered = server.client();
    const rememberLogin = await remembered.postForm<{ rememberToken: string }>(
      '/api/uaa/oauth/login',
      { ...DEMO.teacher, rememberMe: true, deviceId: 'device-remember-1' },
    );
    const rememberToken = rememberLogin.body.data!.rememberToken;
    expect(rememberToken).toBeTruthy();
    const other = server.client();
    await signIn(other, DEMO.teacher);
    const self = server.client();
    await signIn(self, DEMO.teacher);

    const reply = await self.postForm(CHANGE, {
      oldPassword: DEMO.teacher.password,
      newPassword: 'Teacher#2027',
    });
    expect(reply.body).toEqual({ status: 200, data: true });

    expect((await self.get('/api/uaa/oauth/me')).body.status).toBe(200);
    expect((await other.get('/api/uaa/oauth/me')).body.status).toBe(401);
    expect((await remembered.get('/api/uaa/oauth/me')).body.status).toBe(401);
    expect((await other.get('/api/uaa/oauth/refresh')).body.status).toBe(401);
    const byToken = await server.client().postForm('/api/uaa/oauth/login', {
      username: 'teacher',
      rememberToken,
      deviceId: 'device-remember-1',
    });
    expect(byToken.body).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect((await tryLogin(DEMO.teacher)).body.status).toBe(400);
    expect(
      (await signIn(server.client(), { username: 'teacher', password: 'Teacher#2027' })).body
        .status,
    ).toBe(200);
  });

  it('refuses further tries after 5 wrong current passwords in 15 minutes (429)', async () => {
    nextWindow();
    const client = server.client();
    await signIn(client, DEMO.admin);
    for (let i = 0; i < 5; i++) {
      const reply = await client.postForm(CHANGE, {
        oldPassword: `wrong-${i}-pass`,
        newPassword: 'Admin#20270',
      });
      expect(reply.body.status).toBe(400);
    }
    const refused = await client.postForm(CHANGE, {
      oldPassword: DEMO.admin.password,
      newPassword: 'Admin#20270',
    });
    expect(refused.body.status).toBe(429);
  });
});
