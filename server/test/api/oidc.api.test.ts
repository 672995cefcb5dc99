/**
 * The portal as an OpenID Connect provider (issue 12 §1, DESIGN.md §8): the authorize page's
 * call (`shiyue_webauth`), the protocol endpoints beside it, and a real `openid-client`
 * completing the code flow with PKCE, its ID token verified against the JWKS.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidcClient from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OIDC_ROUTES, type WebAuthData } from '@campus/contracts/oidc';
import { OidcRepository } from '../../src/modules/oidc/oidc.repository.ts';
import { newSigningKey, SIGNING_KEY_CHECK_MS } from '../../src/modules/oidc/oidc.service.ts';
import {
  DEMO,
  signIn,
  startTestServer,
  type TestClient,
  type TestServer,
  userIdOf,
} from './helpers/test-server.ts';

const WEBAUTH = '/api/uaa/shiyue_webauth';
const CLIENT_INFO = '/api/uaa/oidc/client';
const DEMO_CLIENT = 'demo-client';
const DEMO_REDIRECT = 'http://127.0.0.1:8090/callback';
const SECRET_CLIENT = 'library-system';
const SECRET = 'library-secret-2026';
const SECRET_REDIRECT = 'https://library.example.edu/oidc/callback';

let server: TestServer;
beforeAll(async () => {
  // The server's clock reads Date.now at each call, so vi's fake Date moves it as it moves the
  // provider's (the key check below, the 60 s codes).
  server = await startTestServer({ clock: () => Date.now() });
  await new OidcRepository(server.app.services.database.db).saveClient(
    {
      clientId: SECRET_CLIENT,
      name: 'Library',
      redirectUris: [SECRET_REDIRECT],
      clientSecret: SECRET,
    },
    Date.now(),
  );
});
afterAll(async () => server.close());
afterEach(() => {
  vi.useRealTimers();
});

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

type AuthorizeParams = Record<string, string>;

function authorizeParams(overrides: AuthorizeParams = {}): AuthorizeParams & { verifier: string } {
  const { verifier, challenge } = pkce();
  return {
    response_type: 'code',
    client_id: DEMO_CLIENT,
    redirect_uri: DEMO_REDIRECT,
    scope: 'openid profile',
    state: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
    verifier,
  };
}

async function webauth(client: TestClient, params: AuthorizeParams) {
  const { verifier: _verifier, ...form } = params;
  return client.postForm<WebAuthData>(WEBAUTH, form);
}

/** Allow, and the code and state of the client's redirect URI. */
async function authorize(client: TestClient, params: AuthorizeParams) {
  const reply = await webauth(client, params);
  expect(reply.body.status).toBe(200);
  const redirect = new URL(reply.body.data!.redirect);
  return { redirect, code: redirect.searchParams.get('code') ?? '' };
}

async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(OIDC_ROUTES.token, server.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  return {
    http: response.status,
    body: (await response.json()) as Record<string, unknown> & {
      access_token?: string;
      id_token?: string;
      refresh_token?: string;
      error?: string;
    },
  };
}

function redeem(code: string, verifier: string, extra: Record<string, string> = {}) {
  return token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: DEMO_REDIRECT,
    client_id: DEMO_CLIENT,
    code_verifier: verifier,
    ...extra,
  });
}

async function userinfo(accessToken: string) {
  const response = await fetch(new URL(OIDC_ROUTES.userinfo, server.baseUrl), {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return { http: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signedIn(account: { username: string; password: string } = DEMO.teacher) {
  const client = server.client();
  await signIn(client, account);
  return client;
}

describe(`OpenID Connect provider on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('publishes discovery at the root, with the issuer, the authorize page and S256 only', async () => {
    const response = await fetch(new URL('/.well-known/openid-configuration', server.baseUrl));
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: server.baseUrl,
      authorization_endpoint: `${server.baseUrl}/authorize`,
      token_endpoint: `${server.baseUrl}${OIDC_ROUTES.token}`,
      userinfo_endpoint: `${server.baseUrl}${OIDC_ROUTES.userinfo}`,
      jwks_uri: `${server.baseUrl}${OIDC_ROUTES.jwks}`,
      revocation_endpoint: `${server.baseUrl}${OIDC_ROUTES.revocation}`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(discovery.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
  });

  it('answers 401 to the authorize calls without a session', async () => {
    const client = server.client();
    expect((await webauth(client, authorizeParams())).body.status).toBe(401);
    expect((await client.get(`${CLIENT_INFO}?client_id=${DEMO_CLIENT}`)).body.status).toBe(401);
  });

  it('refuses bad input with field errors', async () => {
    const client = await signedIn();
    const noClient = await client.postForm(WEBAUTH, {
      response_type: 'code',
      redirect_uri: DEMO_REDIRECT,
    });
    expect(noClient.body.status).toBe(400);
    expect(noClient.body.fieldErrors?.[0]?.field).toBe('client_id');
    const control = await webauth(client, authorizeParams({ state: 'a\u0001b' }));
    expect(control.body.status).toBe(400);
    const decision = await webauth(client, authorizeParams({ decision: 'maybe' }));
    expect(decision.body.status).toBe(400);
    expect((await client.get(CLIENT_INFO)).body.status).toBe(400);
  });

  it("shows a registered client's name, and refuses an unknown client", async () => {
    const client = await signedIn();
    const known = await client.get<{ clientId: string; name: string }>(
      `${CLIENT_INFO}?client_id=${DEMO_CLIENT}`,
    );
    expect(known.body).toEqual({
      status: 200,
      data: { clientId: DEMO_CLIENT, name: '授权演示应用 / OAuth demo app' },
    });
    const unknown = await client.get(`${CLIENT_INFO}?client_id=nobody`);
    expect(unknown.body.status).toBe(400);
    expect(unknown.body.fieldErrors?.[0]?.field).toBe('client_id');
    const reply = await webauth(client, authorizeParams({ client_id: 'nobody' }));
    expect(reply.body.status).toBe(400);
    expect(reply.body.fieldErrors?.[0]?.field).toBe('client_id');
    expect(reply.body.data).toBeUndefined();
  });

  it('refuses a redirect URI that is not exactly a registered one, without redirecting', async () => {
    const client = await signedIn();
    for (const redirect_uri of [
      'http://127.0.0.1:8090/callback/',
      'http://127.0.0.1:8090/callback?x=1',
      'http://127.0.0.1:8091/callback',
      'https://evil.example/callback',
    ]) {
      const reply = await webauth(client, authorizeParams({ redirect_uri }));
      expect(reply.body.status, redirect_uri).toBe(400);
      expect(reply.body.fieldErrors?.[0]?.field).toBe('redirect_uri');
    }
    // Another client's registered URI is not this client's.
    const other = await webauth(client, authorizeParams({ redirect_uri: SECRET_REDIRECT }));
    expect(other.body.fieldErrors?.[0]?.field).toBe('redirect_uri');
  });

  it('Allow answers the redirect URI with a code and the state echoed; Deny with access_denied', async () => {
    const client = await signedIn();
    const params = authorizeParams({ state: 'xyz-Ω 1' });
    const { redirect, code } = await authorize(client, params);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(DEMO_REDIRECT);
    expect(redirect.searchParams.get('state')).toBe('xyz-Ω 1');
    expect(redirect.searchParams.get('iss')).toBe(server.baseUrl);
    expect(code).toMatch(/^[\w-]{20,}$/);

    const denied = await webauth(client, authorizeParams({ state: 's-2', decision: 'deny' }));
    expect(denied.body.status).toBe(200);
    const deny = new URL(denied.body.data!.redirect);
    expect(`${deny.origin}${deny.pathname}`).toBe(DEMO_REDIRECT);
    expect(deny.searchParams.get('error')).toBe('access_denied');
    expect(deny.searchParams.get('state')).toBe('s-2');
    expect(deny.searchParams.get('code')).toBeNull();
  });

  it('sends a request without PKCE back to the client as invalid_request, and refuses a wrong verifier', async () => {
    const client = await signedIn();
    const {
      verifier: _v,
      code_challenge: _c,
      code_challenge_method: _m,
      ...plain
    } = authorizeParams({ state: 'no-pkce' });
    const reply = await client.postForm<WebAuthData>(WEBAUTH, plain);
    expect(reply.body.status).toBe(200);
    const back = new URL(reply.body.data!.redirect);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(back.searchParams.get('state')).toBe('no-pkce');

    const plainMethod = await webauth(client, authorizeParams({ code_challenge_method: 'plain' }));
    expect(new URL(plainMethod.body.data!.redirect).searchParams.get('error')).toBe(
      'invalid_request',
    );

    const params = authorizeParams();
    const { code } = await authorize(client, params);
    const wrong = await redeem(code, pkce().verifier);
    expect(wrong.http).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    const missing = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: DEMO_REDIRECT,
      client_id: DEMO_CLIENT,
    });
    expect(missing.body.error).toMatch(/invalid_(grant|request)/);
  });

  it('redeems a code once; a replayed code is refused and revokes what it issued', async () => {
    const client = await signedIn();
    const params = authorizeParams();
    const { code } = await authorize(client, params);
    const first = await redeem(code, params.verifier);
    expect(first.http).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'Bearer' });
    const accessToken = first.body.access_token!;
    expect((await userinfo(accessToken)).http).toBe(200);

    const replay = await redeem(code, params.verifier);
    expect(replay.http).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await userinfo(accessToken)).http).toBe(401);
    const refresh = await token({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token!,
      client_id: DEMO_CLIENT,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('refuses a code used after 60 s', async () => {
    const client = await signedIn();
    const params = authorizeParams();
    const { code } = await authorize(client, params);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const late = await redeem(code, params.verifier);
    expect(late.http).toBe(400);
    expect(late.body.error).toBe('invalid_grant');
    vi.useRealTimers();

    const fresh = authorizeParams();
    const { code: inTime } = await authorize(client, fresh);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 50_000 });
    expect((await redeem(inTime, fresh.verifier)).http).toBe(200);
  });

  it("honours a refresh token after its grant left this instance's memory (read back from the database)", async () => {
    const client = await signedIn();
    const params = authorizeParams();
    const { code } = await authorize(client, params);
    const first = await redeem(code, params.verifier);
    expect(first.http).toBe(200);
    // Past GRANT_CACHE_MS (60 s): the grant is read from the database again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token!,
      client_id: DEMO_CLIENT,
    });
    expect(refreshed.http).toBe(200);
    const info = await userinfo(refreshed.body.access_token!);
    expect(info.http).toBe(200);
  });

  it('binds a code to its client and redirect URI', async () => {
    const client = await signedIn();
    const params = authorizeParams();
    const { code } = await authorize(client, params);
    const otherRedirect = await redeem(code, params.verifier, {
      redirect_uri: 'http://127.0.0.1:8090/other',
    });
    expect(otherRedirect.body.error).toBe('invalid_grant');
    const otherClient = await redeem(code, params.verifier, {
      client_id: SECRET_CLIENT,
      client_secret: SECRET,
    });
    expect(otherClient.body.error).toMatch(/invalid_(grant|client)/);
  });

  it('makes a confidential client authenticate at the token endpoint', async () => {
    const client = await signedIn();
    const params = authorizeParams({ client_id: SECRET_CLIENT, redirect_uri: SECRET_REDIRECT });
    const { code } = await authorize(client, params);
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: SECRET_REDIRECT,
      code_verifier: params.verifier,
    };
    const anonymous = await token({ ...form, client_id: SECRET_CLIENT });
    expect(anonymous.http).toBe(401);
    expect(anonymous.body.error).toBe('invalid_client');
    const wrong = await token(form, {
      authorization: `Basic ${Buffer.from(`${SECRET_CLIENT}:nope`).toString('base64')}`,
    });
    expect(wrong.body.error).toBe('invalid_client');
    const right = await token(form, {
      authorization: `Basic ${Buffer.from(`${SECRET_CLIENT}:${SECRET}`).toString('base64')}`,
    });
    expect(right.http).toBe(200);
    expect(right.body.id_token).toBeTypeOf('string');
  });

  it('lets a real openid-client complete the code flow with PKCE; the ID token verifies against the JWKS', async () => {
    const browser = await signedIn();
    const config = await oidcClient.discovery(
      new URL(server.baseUrl),
      DEMO_CLIENT,
      { redirect_uris: [DEMO_REDIRECT], token_endpoint_auth_method: 'none' },
      oidcClient.None(),
      { execute: [oidcClient.allowInsecureRequests] },
    );
    const verifier = oidcClient.randomPKCECodeVerifier();
    const state = oidcClient.randomState();
    const nonce = oidcClient.randomNonce();
    const url = oidcClient.buildAuthorizationUrl(config, {
      redirect_uri: DEMO_REDIRECT,
      scope: 'openid profile offline_access',
      code_challenge: await oidcClient.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    expect(url.pathname).toBe('/authorize');
    // The authorize page posts what its address carries.
    const reply = await browser.postForm<WebAuthData>(
      WEBAUTH,
      Object.fromEntries(url.searchParams),
    );
    expect(reply.body.status).toBe(200);
    const tokens = await oidcClient.authorizationCodeGrant(
      config,
      new URL(reply.body.data!.redirect),
      { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce },
    );
    const teacherId = await userIdOf(server, 'teacher');
    expect(tokens.claims()?.sub).toBe(teacherId);

    const jwks = createRemoteJWKSet(new URL(OIDC_ROUTES.jwks, server.baseUrl));
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token!, jwks, {
      issuer: server.baseUrl,
      audience: DEMO_CLIENT,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ sub: teacherId, nonce });

    const info = await oidcClient.fetchUserInfo(config, tokens.access_token, teacherId);
    expect(info).toMatchObject({ sub: teacherId, preferred_username: 'teacher', user_type: 2 });
    expect(info.name).toBeTypeOf('string');

    expect(tokens.refresh_token).toBeTypeOf('string');
    const refreshed = await oidcClient.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    await oidcClient.tokenRevocation(config, refreshed.access_token);
    expect((await userinfo(refreshed.access_token)).http).toBe(401);
  });

  it('rotates the signing key: new tokens carry the new key, the old one still verifies', async () => {
    const client = await signedIn();
    const before = authorizeParams();
    const { code } = await authorize(client, before);
    const oldToken = (await redeem(code, before.verifier)).body.id_token!;
    const oldKid = decodeProtectedHeader(oldToken).kid;
    const newKid = await server.app.services.oidc.rotateSigningKey();
    expect(newKid).not.toBe(oldKid);

    const after = authorizeParams();
    const { code: next } = await authorize(client, after);
    const newToken = (await redeem(next, after.verifier)).body.id_token!;
    expect(decodeProtectedHeader(newToken).kid).toBe(newKid);
    const jwks = createRemoteJWKSet(new URL(OIDC_ROUTES.jwks, server.baseUrl));
    for (const idToken of [oldToken, newToken])
      await expect(jwtVerify(idToken, jwks, { issuer: server.baseUrl })).resolves.toBeTruthy();
  });

  it('signs with a key rotated elsewhere (the CLI, another instance) within a minute, without a restart', async () => {
    const client = await signedIn();
    const kidOfNewToken = async (): Promise<string | undefined> => {
      const params = authorizeParams();
      const { code } = await authorize(client, params);
      return decodeProtectedHeader((await redeem(code, params.verifier)).body.id_token!).kid;
    };
    const before = await kidOfNewToken();
    // What `npm run admin -- rotate-oidc-key` does: a new key in the database, nothing else.
    const key = newSigningKey(Date.now());
    await new OidcRepository(server.app.services.database.db).addSigningKey(key, true);
    expect(await kidOfNewToken()).toBe(before);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SIGNING_KEY_CHECK_MS + 1000 });
    // The first call past the minute starts the check; a later one signs with the new key.
    let kid = await kidOfNewToken();
    for (let tries = 0; kid !== key.kid && tries < 20; tries++) kid = await kidOfNewToken();
    expect(kid).toBe(key.kid);
    const jwks = createRemoteJWKSet(new URL(OIDC_ROUTES.jwks, server.baseUrl));
    const params = authorizeParams();
    const { code } = await authorize(client, params);
    const idToken = (await redeem(code, params.verifier)).body.id_token!;
    await expect(jwtVerify(idToken, jwks, { issuer: server.baseUrl })).resolves.toBeTruthy();
  });
});
