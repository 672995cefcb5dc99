/**
 * WeCom (qy) and WeChat public account (mp) sign-in (issue 12 §2; spec §4, §7; DESIGN.md §8)
 * against a local fake of the providers' servers (helpers/fake-social.mjs), reached only through
 * the base URL configuration: the providers' list and app ids, a state bound to the browser,
 * an unbound identity answering 400 social_unbound with the bind page's parameters, the bind
 * page's password sign-in binding it, the next visit signing straight in, unbinding, and wrong,
 * foreign, replayed or expired states and codes refused with invalid_grant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocialRepository } from '../../src/modules/social/social.repository.ts';
import { setSocialProvider } from '../../src/modules/social/social.service.ts';
import { startFakeSocial, type FakeSocial } from './helpers/fake-social.ts';
import {
  DEMO,
  signIn,
  startTestServer,
  type TestClient,
  type TestServer,
} from './helpers/test-server.ts';

const SCHOOL = 'demo-unit-sunshine';
const CORP = 'ww-test-corp';
const CORP_SECRET = 'corp-secret';
const MP = 'wx-test-mp';
const MP_SECRET = 'mp-secret';
const INFO = '/api/uaa/social/info';
const QY_INFO = '/api/uaa/social/qy_info';
const MP_INFO = '/api/uaa/social/mp_info';
const BIND = '/api/uaa/social_bindings/bind';
const BINDINGS = '/api/uaa/social_bindings';
const UNBIND = '/api/uaa/social_bindings/unbind';
const ME = '/api/uaa/oauth/me';

let server: TestServer;
let fake: FakeSocial;
let now = Date.now();

interface Authorize {
  providerId: string;
  providerAppId: string;
  providerApplicationId: string;
  authorizeUrl: string;
  qrLoginUrl: string;
  state: string;
}

beforeAll(async () => {
  fake = await startFakeSocial({ apps: { [CORP]: CORP_SECRET, [MP]: MP_SECRET } });
  server = await startTestServer({ env: fake.env, clock: () => now });
  const db = server.app.services.database.db;
  const audit = server.app.services.audit;
  await setSocialProvider(new SocialRepository(db), audit, {
    unitId: SCHOOL,
    type: 'qy',
    appId: CORP,
    agentId: '1000002',
    secret: CORP_SECRET,
  });
  await setSocialProvider(new SocialRepository(db), audit, {
    unitId: SCHOOL,
    type: 'mp',
    appId: MP,
    agentId: null,
    secret: MP_SECRET,
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function authorize(client: TestClient, path = QY_INFO, query = `unitId=${SCHOOL}`) {
  const reply = await client.get<Authorize>(`${path}?${query}`);
  expect(reply.body.status).toBe(200);
  return reply.body.data!;
}

const login = (client: TestClient, state: string, form: Record<string, string>) =>
  client.postForm<Record<string, unknown>>(`/api/uaa/social/${encodeURIComponent(state)}`, form);

describe(`social providers on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('lists the unit’s providers without their secrets', async () => {
    const reply = await server.client().get(`${INFO}?unitId=${SCHOOL}`);
    expect(reply.body).toEqual({
      status: 200,
      data: [
        {
          providerId: 'qy',
          providerAppId: CORP,
          providerApplicationId: '1000002',
          providerAppLoginUrl: `${fake.url}/wwlogin/sso/login`,
        },
        {
          providerId: 'mp',
          providerAppId: MP,
          providerApplicationId: '',
          providerAppLoginUrl: `${fake.url}/connect/qrconnect`,
        },
      ],
    });
    expect(JSON.stringify(reply.body)).not.toContain(CORP_SECRET);
  });

  it('lists none for a unit without providers, and refuses an unknown unit', async () => {
    const area = await server.client().get(`${INFO}?unitId=demo-unit-east-district`);
    expect(area.body).toEqual({ status: 200, data: [] });
    expect((await server.client().get(`${INFO}?unitId=nope`)).body.status).toBe(404);
  });

  it('answers the app id and the OAuth addresses with a state bound to this browser', async () => {
    const client = server.client();
    const data = await authorize(client, QY_INFO, `unitId=${SCHOOL}&redirect=/desktop/home`);
    expect(data).toMatchObject({
      providerId: 'qy',
      providerAppId: CORP,
      providerApplicationId: '1000002',
    });
    expect(client.cookie('ph_social')).toBeTruthy();
    const oauth = new URL(data.authorizeUrl);
    expect(`${oauth.origin}${oauth.pathname}`).toBe(`${fake.url}/connect/oauth2/authorize`);
    expect(Object.fromEntries(oauth.searchParams)).toEqual({
      appid: CORP,
      redirect_uri: `${server.baseUrl}/login?redirect_uri=%2Fdesktop%2Fhome`,
      response_type: 'code',
      scope: 'snsapi_base',
      state: data.state,
      agentid: '1000002',
    });
    expect(oauth.hash).toBe('#wechat_redirect');
    const qr = new URL(data.qrLoginUrl);
    expect(qr.pathname).toBe('/wwlogin/sso/login');
    expect(qr.searchParams.get('login_type')).toBe('CorpApp');
    const mp = await authorize(client, MP_INFO);
    expect(new URL(mp.authorizeUrl).searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(new URL(mp.qrLoginUrl).pathname).toBe('/connect/qrconnect');
  });

  it('never returns to another site', async () => {
    for (const redirect of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const data = await authorize(
        server.client(),
        QY_INFO,
        `unitId=${SCHOOL}&redirect=${encodeURIComponent(redirect)}`,
      );
      const callback = new URL(new URL(data.authorizeUrl).searchParams.get('redirect_uri')!);
      expect(callback.href).toBe(`${server.baseUrl}/login`);
    }
  });

  it('refuses a provider the unit lacks, and bad input', async () => {
    const reply = await server.client().get(`${QY_INFO}?unitId=demo-unit-east-district`);
    expect(reply.body).toMatchObject({ status: 404, code: 'social_provider_missing' });
    expect((await server.client().get(`${QY_INFO}?unitId=${'x'.repeat(65)}`)).body.status).toBe(
      400,
    );
    const client = server.client();
    const { state } = await authorize(client);
    expect((await login(client, state, {})).body).toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
    expect((await login(client, 'short', { code: 'x' })).body.status).toBe(400);
  });
});

describe(`social sign-in and binding on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('sends an unbound identity to the bind page, binds it with a password, then signs straight in', async () => {
    const browser = server.client();
    const first = await authorize(browser);
    const code = fake.issueCode(CORP, { openid: 'wang.teacher' });
    const unbound = await login(browser, first.state, { code, deviceId: 'device-12345678' });
    expect(unbound.body).toMatchObject({
      status: 400,
      code: 'social_unbound',
      data: { openid: 'wang.teacher', unionid: null, deviceId: 'device-12345678' },
    });
    expect(unbound.body.code).not.toBe('invalid_grant');
    expect((await browser.get(ME)).body.status).toBe(401);
    const bindId = String(unbound.body.data!.id);

    // A wrong password binds nothing and leaves the bind id usable.
    const wrong = await browser.postForm(BIND, {
      id: bindId,
      username: 'teacher',
      password: 'nope',
    });
    expect(wrong.body).toMatchObject({ status: 400, code: 'invalid_grant' });

    const bound = await browser.postForm<Record<string, unknown>>(BIND, {
      id: bindId,
      ...DEMO.teacher,
    });
    expect(bound.body).toMatchObject({
      status: 200,
      data: { userType: 2, openid: 'wang.teacher' },
    });
    expect((await browser.get(ME)).body.status).toBe(200);

    // The bind id is spent.
    const again = await server.client().postForm(BIND, { id: bindId, ...DEMO.parent });
    expect(again.body).toMatchObject({ status: 400, code: 'invalid_grant' });

    // The next visit, in another browser, signs straight in.
    const phone = server.client();
    const second = await authorize(phone);
    const signedIn = await login(phone, second.state, {
      code: fake.issueCode(CORP, { openid: 'wang.teacher' }),
    });
    expect(signedIn.body).toMatchObject({
      status: 200,
      data: { userType: 2, unitId: SCHOOL, openid: 'wang.teacher' },
    });
    expect((await phone.get(ME)).body).toMatchObject({
      status: 200,
      data: { loginName: 'teacher' },
    });
  });

  it("refuses to bind an account of another unit, and keeps the bind id for the unit's own", async () => {
    const browser = server.client();
    const { state } = await authorize(browser);
    const unbound = await login(browser, state, {
      code: fake.issueCode(CORP, { openid: 'cross.unit' }),
    });
    const bindId = String(unbound.body.data!.id);
    // The area's account is not of the school whose WeCom this is.
    const refused = await browser.postForm(BIND, { id: bindId, ...DEMO.area });
    expect(refused.body).toMatchObject({ status: 403, code: 'forbidden' });
    expect(refused.body.message).toMatch(/另一|其他|another unit|不属于/);
    expect((await browser.get(ME)).body.status).toBe(401);
    const bound = await browser.postForm(BIND, { id: bindId, ...DEMO.teacher });
    expect(bound.body).toMatchObject({ status: 200, data: { openid: 'cross.unit' } });
  });

  it('binds a WeChat identity with its unionid, lists it and unbinds it', async () => {
    const browser = server.client();
    const { state } = await authorize(browser, MP_INFO);
    const unbound = await login(browser, state, {
      code: fake.issueCode(MP, { openid: 'o-parent', unionid: 'u-parent' }),
    });
    expect(unbound.body).toMatchObject({
      status: 400,
      code: 'social_unbound',
      data: { openid: 'o-parent', unionid: 'u-parent', deviceId: null },
    });
    const bound = await browser.postForm(BIND, {
      id: String(unbound.body.data!.id),
      ...DEMO.parent,
    });
    expect(bound.body).toMatchObject({ status: 200, data: { userType: 3, unionid: 'u-parent' } });

    const list = await browser.get<{ id: string; providerId: string; openid: string }[]>(BINDINGS);
    expect(list.body.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ providerId: 'mp', openid: 'o-parent' }),
    ]);
    const id = list.body.data![0]!.id;

    // Someone else cannot unbind it.
    const other = server.client();
    await signIn(other, DEMO.staff);
    expect((await other.postForm(UNBIND, { id })).body.status).toBe(404);

    expect((await browser.postForm(UNBIND, { id })).body).toEqual({ status: 200, data: true });
    expect((await browser.get(BINDINGS)).body).toEqual({ status: 200, data: [] });

    // Unbound again: the next visit goes to the bind page.
    const next = server.client();
    const again = await authorize(next, MP_INFO);
    const reply = await login(next, again.state, {
      code: fake.issueCode(MP, { openid: 'o-parent', unionid: 'u-parent' }),
    });
    expect(reply.body).toMatchObject({ status: 400, code: 'social_unbound' });
  });

  it('needs a session to list or unbind', async () => {
    expect((await server.client().get(BINDINGS)).body.status).toBe(401);
    expect((await server.client().postForm(UNBIND, { id: 'x' })).body.status).toBe(401);
    const signed = server.client();
    await signIn(signed, DEMO.teacher);
    expect((await signed.postForm(UNBIND, {})).body.status).toBe(400);
  });

  it('refuses a replayed state, a state from another browser, an expired one and a wrong code', async () => {
    const browser = server.client();
    const { state } = await authorize(browser);
    const code = () => fake.issueCode(CORP, { openid: 'someone' });

    // Another browser (no nonce cookie, or its own) cannot use this browser's state.
    const thief = server.client();
    expect((await login(thief, state, { code: code() })).body).toMatchObject({
      status: 400,
      code: 'invalid_grant',
    });
    await authorize(thief);
    expect((await login(thief, state, { code: code() })).body.code).toBe('invalid_grant');

    // A wrong code: the provider refuses it, and the state is spent.
    expect((await login(browser, state, { code: 'not-a-code' })).body).toMatchObject({
      status: 400,
      code: 'invalid_grant',
    });
    expect((await login(browser, state, { code: code() })).body.code).toBe('invalid_grant');

    // An unknown state.
    expect((await login(browser, 'a'.repeat(43), { code: code() })).body.code).toBe(
      'invalid_grant',
    );

    // A state past its 10 minutes.
    const late = await authorize(browser);
    now += 11 * 60 * 1000;
    try {
      expect((await login(browser, late.state, { code: code() })).body.code).toBe('invalid_grant');
    } finally {
      now = Date.now() + 11 * 60 * 1000;
    }
  });

  it('keeps the WeCom corp token for its lifetime, and replaces one WeCom no longer takes', async () => {
    const signInAs = async (openid: string) => {
      const browser = server.client();
      const { state } = await authorize(browser);
      return login(browser, state, { code: fake.issueCode(CORP, { openid }) });
    };
    const tokenCalls = () => fake.calls.filter((p) => p === '/cgi-bin/gettoken').length;
    await signInAs('token-1');
    const before = tokenCalls();
    for (const openid of ['token-2', 'token-3', 'token-4']) {
      expect((await signInAs(openid)).body.code).toBe('social_unbound');
    }
    expect(tokenCalls()).toBe(before);

    fake.forgetTokens();
    expect((await signInAs('token-5')).body.code).toBe('social_unbound');
    expect(tokenCalls()).toBe(before + 1);
  });

  it('refuses a code replayed at the provider', async () => {
    const browser = server.client();
    const first = await authorize(browser);
    const code = fake.issueCode(CORP, { openid: 'replayed' });
    expect((await login(browser, first.state, { code })).body.code).toBe('social_unbound');
    const second = await authorize(browser);
    expect((await login(browser, second.state, { code })).body.code).toBe('invalid_grant');
  });
});
