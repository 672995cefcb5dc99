/**
 * The portal as an OpenID Connect provider (DESIGN.md §8), on oidc-provider (OpenID
 * certified). The provider serves discovery, token, userinfo, JWKS and revocation; its
 * authorization endpoint is our authorize page (`/authorize`), so the page's Allow or Deny
 * (`shiyue_webauth`) drives the provider's own authorization request within one call:
 *
 * - Allow: the request's parameters go to the provider's authorization endpoint (in process,
 *   never over the network) with a provider session made for this one call from the signed-in
 *   portal user; the provider validates client, exact redirect URI, PKCE and scopes, and (see
 *   `loadExistingGrant`) saves a grant of the scopes asked for and answers the client's
 *   redirect URI with `code` and `state` at once;
 * - Deny, or when the provider still asks for an interaction: the interaction is answered (a
 *   grant, or `access_denied`) and resumed, and the provider answers the client's redirect URI.
 *
 * The user's session is the portal's: a user signed out of the portal is never signed in to a
 * client by the provider (docs/decisions.md).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inject } from 'light-my-request';
import type Provider from 'oidc-provider';
import type { Configuration, JWK, KoaContextWithOIDC } from 'oidc-provider';
import {
  AUTHORIZATION_CODE_TTL_SECONDS,
  AUTHORIZE_PATH,
  OIDC_ROUTES,
  OIDC_SCOPES,
  type AuthorizeClient,
  type WebAuthBody,
} from '@campus/contracts/oidc';
import { BodyStatus } from '@campus/contracts/envelope';
import { AppError, badRequest, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import { oidcStores, type TransientAdapter } from './oidc-adapter.ts';
import type { OidcRepository } from './oidc.repository.ts';

/** The accounts the provider may name (the directory's users). */
export interface OidcAccounts {
  findUser(id: string): Promise<
    | {
        id: string;
        loginName: string;
        realName: string;
        userType: number;
        unitId: string;
        status: number;
        unitStatus: number;
      }
    | undefined
  >;
}

export interface OidcOptions {
  /** PUBLIC_URL; without it, the listening address (asked when the provider is first needed). */
  publicUrl: string | undefined;
  listeningOrigin: () => string;
  /** Behind a proxy: take the protocol and host of X-Forwarded-* (as the server does). */
  trustProxy: boolean;
}

/** Retired keys stay in the JWKS this long, past the longest ID token (1 h). */
const RETIRED_KEY_GRACE_MS = 24 * 60 * 60 * 1000;
const SIGNING_ALG = 'RS256';
/** Where the provider would send a browser for an interaction; only ever read in process. */
const INTERACTION_PREFIX = '/oidc/interaction/';
/** How long webauth's provider session is held: the length of one in-process call at most. */
const WEBAUTH_SESSION_SECONDS = 60;

const TTL = {
  AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
  AccessToken: 60 * 60,
  IdToken: 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
  Interaction: 10 * 60,
  Session: 10 * 60,
} as const;

type Callback = ReturnType<Provider['callback']>;

interface Built {
  provider: Provider;
  callback: Callback;
  host: string;
  /** The provider's sessions, held only for the length of one webauth call. */
  sessions: TransientAdapter;
  /** The newest signing key when it was built: another one means a rotation happened. */
  newestKid: string | undefined;
}

/**
 * How often a built provider asks whether the signing keys changed. A rotation by the CLI or on
 * another instance reaches every instance within this, without a restart or an event channel.
 */
export const SIGNING_KEY_CHECK_MS = 60_000;

/** A grant to `accountId` of the known OpenID scopes among `asked` (space-separated). */
function grantOf(
  provider: Provider,
  accountId: string,
  clientId: string,
  asked: unknown,
): InstanceType<Provider['Grant']> {
  const grant = new provider.Grant({ accountId, clientId });
  const scopes = (typeof asked === 'string' ? asked : '')
    .split(' ')
    .filter((s) => (OIDC_SCOPES as readonly string[]).includes(s));
  grant.addOIDCScope(scopes.join(' '));
  return grant;
}

/** The provider's handler as light-my-request calls it (it ignores the returned promise). */
function dispatcher(callback: Callback): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void callback(req, res);
  };
}

export class OidcService {
  private built: Promise<Built> | undefined;
  private keysCheckedAt = 0;

  constructor(
    private readonly repository: OidcRepository,
    private readonly accounts: OidcAccounts,
    private readonly options: OidcOptions,
    private readonly clock: () => number,
  ) {}

  /** The issuer identifier: the portal's public origin, else its listening address. */
  issuer(): string {
    return (this.options.publicUrl ?? this.options.listeningOrigin()).replace(/\/+$/, '');
  }

  /** The provider's Node handler, for the protocol paths (oidc.routes.ts). */
  async handler(): Promise<Callback> {
    return (await this.provider()).callback;
  }

  /** What the authorize page shows of a client. */
  async client(clientId: string): Promise<AuthorizeClient> {
    const client = await this.repository.findClient(clientId);
    if (!client) throw unknownClient();
    return { clientId: client.clientId, name: client.name };
  }

  /**
   * The authorize page's Allow or Deny (spec §7 `shiyue_webauth`): the client's redirect URI
   * with `code` and `state`, or with `error` (`access_denied` for Deny, `invalid_request` for a
   * missing PKCE challenge, …). A request that cannot be sent back to the client (unknown client,
   * a redirect URI not registered) is refused here instead.
   */
  async webauth(user: SessionUser, body: WebAuthBody): Promise<string> {
    const { provider, callback, host, sessions } = await this.provider();
    const query = new URLSearchParams();
    for (const name of [
      'response_type',
      'client_id',
      'redirect_uri',
      'scope',
      'state',
      'code_challenge',
      'code_challenge_method',
      'nonce',
    ] as const) {
      const value = body[name];
      if (value !== undefined) query.set(name, value);
    }
    const url = `${AUTHORIZE_PATH}?${query.toString()}`;
    let started;
    if (body.decision === 'deny') {
      started = await inject(dispatcher(callback), { method: 'GET', url, headers: { host } });
    } else {
      // The signed-in portal user as the provider's session, for this call only: the provider
      // then issues the code without an interaction (a grant is saved by loadExistingGrant).
      const sessionId = randomBytes(24).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      sessions.hold(
        sessionId,
        {
          jti: sessionId,
          uid: randomBytes(16).toString('base64url'),
          kind: 'Session',
          accountId: user.userId,
          loginTs: now,
          iat: now,
          exp: now + WEBAUTH_SESSION_SECONDS,
        },
        WEBAUTH_SESSION_SECONDS,
      );
      try {
        started = await inject(dispatcher(callback), {
          method: 'GET',
          url,
          headers: { host, cookie: `${provider.cookieName('session')}=${sessionId}` },
        });
      } finally {
        await sessions.destroy(sessionId);
      }
    }
    const location = started.headers.location;
    if (started.statusCode !== 303 || typeof location !== 'string') throw refusal(started.body);
    // An error the provider may send to the client (PKCE missing, bad scope): it goes there.
    if (!location.startsWith(INTERACTION_PREFIX)) return location;

    const uid = location.slice(INTERACTION_PREFIX.length);
    const interaction = await provider.Interaction.find(uid);
    if (!interaction) throw refusal('');
    if (body.decision === 'deny') {
      interaction.result = {
        error: 'access_denied',
        error_description: 'The user denied the request',
      };
    } else {
      const grant = grantOf(
        provider,
        user.userId,
        interaction.params.client_id as string,
        interaction.params.scope,
      );
      const grantId = await grant.save();
      interaction.result = {
        login: { accountId: user.userId },
        consent: { grantId },
      };
    }
    await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));

    const cookies = started.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const resumed = await inject(dispatcher(callback), {
      method: 'GET',
      url: `${AUTHORIZE_PATH}/${uid}`,
      headers: { host, cookie: cookies },
    });
    const redirect = resumed.headers.location;
    if (resumed.statusCode !== 303 || typeof redirect !== 'string') throw refusal(resumed.body);
    return redirect;
  }

  /**
   * A new signing key: it signs from now on (the provider is rebuilt at once on this instance,
   * within SIGNING_KEY_CHECK_MS on the others and where the CLI rotated it), and the old ones
   * stay in the JWKS for a day so tokens they signed still verify.
   */
  async rotateSigningKey(): Promise<string> {
    const key = newSigningKey(this.clock());
    await this.repository.addSigningKey(key, true);
    this.built = undefined;
    return key.kid;
  }

  private provider(): Promise<Built> {
    const now = this.clock();
    if (this.built && now - this.keysCheckedAt >= SIGNING_KEY_CHECK_MS) {
      this.keysCheckedAt = now;
      // In the background: this call keeps the provider it has, a later one gets the new one.
      void this.dropIfKeysChanged(this.built);
    }
    this.built ??= this.build().catch((error: unknown) => {
      this.built = undefined;
      throw error;
    });
    return this.built;
  }

  /** Forgets `built` when a key newer than the one it signs with was added since. */
  private async dropIfKeysChanged(built: Promise<Built>): Promise<void> {
    try {
      const [{ newestKid }, newest] = await Promise.all([
        built,
        this.repository.newestSigningKeyId(),
      ]);
      if (newest !== newestKid && this.built === built) this.built = undefined;
    } catch {
      // A failed build or check: the next call builds or checks again.
    }
  }

  private async signingKeys(): Promise<JWK[]> {
    let keys = await this.repository.listSigningKeys();
    if (!keys.some((k) => k.retiredAt === null)) {
      await this.repository.addSigningKey(newSigningKey(this.clock()), false);
      keys = await this.repository.listSigningKeys();
    }
    const now = this.clock();
    // Active keys first (newest first): the provider signs with the first key of the algorithm.
    const active = keys.filter((k) => k.retiredAt === null);
    const retired = keys.filter(
      (k) => k.retiredAt !== null && now - k.retiredAt < RETIRED_KEY_GRACE_MS,
    );
    return [...active, ...retired].map((k): JWK => ({
      ...k.privateJwk,
      kid: k.kid,
      alg: k.alg,
      use: 'sig',
    }));
  }

  private async build(): Promise<Built> {
    const issuer = this.issuer();
    const accounts = new AccountCache(this.accounts);
    const stores = oidcStores(this.repository);
    const keys = await this.signingKeys();
    this.keysCheckedAt = this.clock();
    const newestKid = await this.repository.newestSigningKeyId();
    const configuration: Configuration = {
      adapter: stores.adapter,
      jwks: { keys },
      // The provider's cookies only ever travel within webauth's in-process calls: its
      // authorization endpoint (which reads the session cookie) has no route from outside
      // (oidc.routes.ts), so the session cookie webauth sets needs no signature.
      cookies: {
        keys: [randomBytes(32).toString('base64url')],
        long: { httpOnly: true, sameSite: 'lax', signed: false },
      },
      routes: {
        authorization: AUTHORIZE_PATH,
        token: OIDC_ROUTES.token,
        userinfo: OIDC_ROUTES.userinfo,
        jwks: OIDC_ROUTES.jwks,
        revocation: OIDC_ROUTES.revocation,
        end_session: OIDC_ROUTES.endSession,
      },
      interactions: { url: (_ctx, interaction) => `${INTERACTION_PREFIX}${interaction.uid}` },
      features: {
        devInteractions: { enabled: false },
        // A client revokes only its own tokens.
        revocation: {
          enabled: true,
          allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
        },
        userinfo: { enabled: true },
        rpInitiatedLogout: { enabled: false },
      },
      responseTypes: ['code'],
      scopes: [...OIDC_SCOPES],
      claims: {
        openid: ['sub'],
        profile: ['name', 'preferred_username', 'user_type', 'unit_id'],
      },
      pkce: { required: () => true },
      // webauth's Allow (a session held for the call, no interaction result yet): a new grant
      // of the scopes asked for, saved here, after the provider has checked the request.
      async loadExistingGrant(ctx) {
        const { oidc } = ctx;
        const { session, client } = oidc;
        if (!session || !client) return undefined;
        const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
        if (grantId) return oidc.provider.Grant.find(grantId);
        if (oidc.result || !session.accountId) return undefined;
        const grant = grantOf(
          oidc.provider,
          session.accountId,
          client.clientId,
          oidc.params?.scope,
        );
        await grant.save();
        return grant;
      },
      allowOmittingSingleRegisteredRedirectUri: false,
      // Tokens stand on their own lifetimes; the provider keeps no session to tie them to.
      expiresWithSession: () => false,
      issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      // A browser client (public, PKCE) may call token and userinfo from its own origin.
      clientBasedCORS: (_ctx, origin, client) =>
        client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
      ttl: { ...TTL },
      async findAccount(_ctx, sub) {
        const user = await accounts.findUser(sub);
        if (!user || user.status !== 1 || user.unitStatus !== 1) return undefined;
        return {
          accountId: user.id,
          claims: () => ({
            sub: user.id,
            name: user.realName,
            preferred_username: user.loginName,
            user_type: user.userType,
            unit_id: user.unitId,
          }),
        };
      },
      // Reached only by webauth's in-process call: errors the client cannot be sent come back
      // as JSON, which webauth turns into the envelope's refusal.
      renderError(ctx: KoaContextWithOIDC, out) {
        ctx.type = 'application/json';
        ctx.body = JSON.stringify(out);
      },
    };
    // Loaded with the first protocol call, not at start (issue 15 §4's idle memory: oidc-provider
    // brings Koa and jose, about 30 MB resident).
    const { default: OidcProvider } = await import('oidc-provider');
    const provider = new OidcProvider(issuer, configuration);
    provider.proxy = this.options.trustProxy;
    return {
      provider,
      callback: provider.callback(),
      host: new URL(issuer).host,
      sessions: stores.sessions,
      newestKid,
    };
  }
}

/**
 * The provider asks for the same account three or four times in one sign-in (resume, token,
 * userinfo); a read is reused for ACCOUNT_CACHE_MS, so a disabled account stops within that.
 */
const ACCOUNT_CACHE_MS = 2000;

class AccountCache implements OidcAccounts {
  private readonly entries = new Map<
    string,
    { user: Awaited<ReturnType<OidcAccounts['findUser']>>; until: number }
  >();
  private lastSweep = 0;

  constructor(private readonly accounts: OidcAccounts) {}

  async findUser(id: string): ReturnType<OidcAccounts['findUser']> {
    const now = Date.now();
    const cached = this.entries.get(id);
    if (cached && cached.until > now) return cached.user;
    const user = await this.accounts.findUser(id);
    if (now - this.lastSweep > ACCOUNT_CACHE_MS) {
      this.lastSweep = now;
      for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
    }
    if (user) this.entries.set(id, { user, until: now + ACCOUNT_CACHE_MS });
    return user;
  }
}

/** A new RS256 key pair as a private JWK with its id. */
export function newSigningKey(now: number): {
  kid: string;
  alg: string;
  privateJwk: Record<string, unknown>;
  createdAt: number;
} {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    kid: randomBytes(12).toString('base64url'),
    alg: SIGNING_ALG,
    privateJwk: { ...privateKey.export({ format: 'jwk' }) },
    createdAt: now,
  };
}

const unknownClient = () =>
  badRequest([
    {
      field: 'client_id',
      message: bilingual('未注册的应用', 'This application is not registered'),
    },
  ]);

/** The provider's error that cannot go back to the client, as the envelope's refusal. */
function refusal(body: string): AppError {
  let error = '';
  let description = '';
  try {
    const parsed = JSON.parse(body) as { error?: string; error_description?: string };
    error = parsed.error ?? '';
    description = parsed.error_description ?? '';
  } catch {
    // Not the provider's JSON: answer the generic refusal below.
  }
  if (error === 'invalid_client') return unknownClient();
  if (error === 'invalid_redirect_uri' || description.includes('redirect_uri'))
    return badRequest([
      {
        field: 'redirect_uri',
        message: bilingual(
          '回调地址与该应用登记的不一致',
          'The redirect_uri is not one registered for this application',
        ),
      },
    ]);
  if (error === '') return notFound();
  return new AppError(
    BodyStatus.badRequest,
    error,
    bilingual(
      `授权请求无效：${description || error}`,
      `Invalid authorisation request: ${description || error}`,
    ),
  );
}
