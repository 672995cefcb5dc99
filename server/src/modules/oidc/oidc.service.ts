/**
 * The portal as an OpenID Connect provider (DESIGN.md §8), on oidc-provider (OpenID
 * certified). The provider serves discovery, token, userinfo, JWKS and revocation; its
 * authorization endpoint is our authorize page (`/authorize`), so the page's Allow or Deny
 * (`shiyue_webauth`) drives the provider's own authorization request within one call:
 *
 * 1. the request's parameters go to the provider's authorization endpoint (in process, never
 *    over the network): it validates client, exact redirect URI, PKCE and scopes, and starts an
 *    interaction, since the provider holds no session of its own;
 * 2. the interaction is answered for the signed-in portal user (a grant of the scopes asked
 *    for) or with `access_denied`;
 * 3. the provider resumes it and answers the client's redirect URI with `code` and `state`.
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
import { adapterFactory } from './oidc-adapter.ts';
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

/** The provider's handler as light-my-request calls it (it ignores the returned promise). */
function dispatcher(callback: Callback): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void callback(req, res);
  };
}

export class OidcService {
  private built: Promise<{ provider: Provider; callback: Callback; host: string }> | undefined;

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
    const { provider, callback, host } = await this.provider();
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
    const started = await inject(dispatcher(callback), {
      method: 'GET',
      url: `${AUTHORIZE_PATH}?${query.toString()}`,
      headers: { host },
    });
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
      const grant = new provider.Grant({
        accountId: user.userId,
        clientId: interaction.params.client_id as string,
      });
      const asked = interaction.params.scope;
      const scopes = (typeof asked === 'string' ? asked : '')
        .split(' ')
        .filter((s) => (OIDC_SCOPES as readonly string[]).includes(s));
      grant.addOIDCScope(scopes.join(' '));
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
   * A new signing key: it signs from now on (after the provider is rebuilt on this instance, at
   * once here, at the next start elsewhere), and the old ones stay in the JWKS for a day so
   * tokens they signed still verify.
   */
  async rotateSigningKey(): Promise<string> {
    const key = newSigningKey(this.clock());
    await this.repository.addSigningKey(key, true);
    this.built = undefined;
    return key.kid;
  }

  private provider(): Promise<{ provider: Provider; callback: Callback; host: string }> {
    this.built ??= this.build().catch((error: unknown) => {
      this.built = undefined;
      throw error;
    });
    return this.built;
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

  private async build(): Promise<{ provider: Provider; callback: Callback; host: string }> {
    const issuer = this.issuer();
    const accounts = new AccountCache(this.accounts);
    const configuration: Configuration = {
      adapter: adapterFactory(this.repository),
      jwks: { keys: await this.signingKeys() },
      // The provider's cookies only ever travel between its two in-process calls (webauth).
      cookies: { keys: [randomBytes(32).toString('base64url')] },
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
    return { provider, callback: provider.callback(), host: new URL(issuer).host };
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
