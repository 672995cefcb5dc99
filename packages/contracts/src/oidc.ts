/**
 * The portal as an OpenID Connect provider (spec §2 authorize page, §7 `shiyue_webauth`,
 * §8 "Authorisation page requires client_id"; DESIGN.md §8). The authorize page at
 * `/authorize` is the provider's authorization endpoint: a relying party sends the user there
 * with the standard parameters; the page shows the client and the scopes it asks for, and
 * Allow or Deny posts `shiyue_webauth`, whose answer is the client's redirect URI with `code`
 * and `state` (or `error=access_denied`). The protocol endpoints beside it (token, userinfo,
 * JWKS, revocation) and discovery at the root are served by oidc-provider.
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint } from './endpoint.ts';
import { IdSchema, Line } from './primitives.ts';

/** The authorize page (spec §2 "page path containing 'authorize'"), the authorization endpoint. */
export const AUTHORIZE_PATH = '/authorize';
/** The query parameter the page cannot do without (spec §8). */
export const AUTHORIZE_CLIENT_PARAM = 'client_id';
/** Discovery, at the issuer's root (DESIGN.md §8). */
export const OIDC_DISCOVERY_PATH = '/.well-known/openid-configuration';
/** The protocol endpoints other than the authorize page, all under one prefix. */
export const OIDC_PREFIX = '/oidc';
export const OIDC_ROUTES = {
  token: '/oidc/token',
  userinfo: '/oidc/me',
  jwks: '/oidc/jwks',
  revocation: '/oidc/token/revocation',
  endSession: '/oidc/session/end',
} as const;

/** The scopes a client may ask for; the page names each in the user's language. */
export const OIDC_SCOPES = ['openid', 'profile', 'offline_access'] as const;
export type OidcScope = (typeof OIDC_SCOPES)[number];

/** Is `scope` one the provider grants (and the page can name)? */
export function isOidcScope(scope: string): scope is OidcScope {
  return (OIDC_SCOPES as readonly string[]).includes(scope);
}

/** Authorization codes live 60 s and are single-use (DESIGN.md §8). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;

const Param = Line({ maxLength: 2048 });
const ShortParam = Line({ maxLength: 512 });

/**
 * The authorize page's call (spec §7: response_type, client_id, redirect_uri, state, unitHost,
 * scope), with the standard parameters the page passes on from its address: PKCE's
 * `code_challenge` and `code_challenge_method`, and `nonce`. `decision` is the button pressed.
 */
export const WebAuthBodySchema = Type.Object({
  response_type: ShortParam,
  client_id: IdSchema,
  redirect_uri: Param,
  state: Type.Optional(Param),
  unitHost: Type.Optional(ShortParam),
  scope: Type.Optional(ShortParam),
  code_challenge: Type.Optional(ShortParam),
  code_challenge_method: Type.Optional(ShortParam),
  nonce: Type.Optional(ShortParam),
  decision: Type.Optional(Type.Union([Type.Literal('allow'), Type.Literal('deny')])),
});
export type WebAuthBody = Static<typeof WebAuthBodySchema>;

export const WebAuthDataSchema = Type.Object({
  /** The client's redirect URI with `code` and `state`, or with `error` (access_denied, …). */
  redirect: Type.String(),
});
export type WebAuthData = Static<typeof WebAuthDataSchema>;

export const AuthorizeClientQuerySchema = Type.Object({ client_id: IdSchema });
export type AuthorizeClientQuery = Static<typeof AuthorizeClientQuerySchema>;

/** What the authorize page shows of a client: its registered name. */
export const AuthorizeClientSchema = Type.Object({
  clientId: Type.String(),
  name: Type.String(),
});
export type AuthorizeClient = Static<typeof AuthorizeClientSchema>;

const tag = 'uaa';

export const oidcEndpoints = {
  webauth: defineEndpoint({
    method: 'POST',
    path: '/api/uaa/shiyue_webauth',
    tag,
    access: 'session',
    summary:
      "The authorize page's Allow or Deny: the client's redirect URI with code and state (spec §7, DESIGN.md §8)",
    body: WebAuthBodySchema,
    data: WebAuthDataSchema,
  }),
  authorizeClient: defineEndpoint({
    method: 'GET',
    path: '/api/uaa/oidc/client',
    tag,
    access: 'session',
    summary: 'The name of a registered client, for the authorize page (spec §2)',
    query: AuthorizeClientQuerySchema,
    data: AuthorizeClientSchema,
  }),
} as const;
