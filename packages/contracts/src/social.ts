/**
 * WeCom (`qy`) and WeChat public account (`mp`) sign-in (issue 12 §2; spec §2, §3, §4, §7;
 * DESIGN.md §8 "Third-party sign-in"): the provider's app id and the OAuth addresses with a
 * state bound to this browser, the sign-in with the provider's code, the bind page's password
 * sign-in that binds the identity, and the signed-in user's bound identities. The list of a
 * unit's providers stays `uaaEndpoints.socialInfo` (contracts' uaa.ts).
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint } from './endpoint.ts';
import { IdSchema, Line } from './primitives.ts';
import { LoginDataSchema } from './uaa.ts';

/** The two providers: WeCom (enterprise chat) and a WeChat public account (social chat). */
export const SOCIAL_PROVIDER_TYPES = ['qy', 'mp'] as const;
export type SocialProviderType = (typeof SOCIAL_PROVIDER_TYPES)[number];

export function isSocialProviderType(value: unknown): value is SocialProviderType {
  return value === 'qy' || value === 'mp';
}

/** How long a state handed to the provider may come back (DESIGN.md §8). */
export const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000;
/** How long the bind page's id stays good. */
export const SOCIAL_BIND_TTL_MS = 15 * 60 * 1000;

/**
 * The code of the answer "this identity is bound to no account" (spec §4: status 400 with a
 * code other than invalid_grant goes to the bind page).
 */
export const SOCIAL_UNBOUND_CODE = 'social_unbound';

/**
 * The HttpOnly cookie holding this browser's nonce, which every state is bound to, scoped to
 * the social paths (`social/{qy|mp}_info` sets it, `social/{state}` reads it).
 */
export const SOCIAL_NONCE_COOKIE = 'ph_social';
export const SOCIAL_NONCE_PATH = '/api/uaa/social';

/** The query parameters the provider sends the user back to the login page with. */
export const SOCIAL_CODE_PARAM = 'code';
export const SOCIAL_STATE_PARAM = 'state';

export const SocialAuthorizeQuerySchema = Type.Object({
  unitHost: Type.Optional(Line({ maxLength: 255 })),
  unitId: Type.Optional(IdSchema),
  /** Where to go after signing in (a path of this site; anything else is dropped). */
  redirect: Type.Optional(Line({ maxLength: 2048 })),
});
export type SocialAuthorizeQuery = Static<typeof SocialAuthorizeQuerySchema>;

/** `social/{qy|mp}_info`: the provider's app id, and where to send the user with a fresh state. */
export const SocialAuthorizeSchema = Type.Object({
  providerId: Type.Union([Type.Literal('qy'), Type.Literal('mp')]),
  providerAppId: Type.String(),
  providerApplicationId: Type.String(),
  /** The provider's OAuth page, for inside its chat client. */
  authorizeUrl: Type.String(),
  /** The provider's scan-code login page, for the widget on PC. */
  qrLoginUrl: Type.String(),
  state: Type.String(),
});
export type SocialAuthorize = Static<typeof SocialAuthorizeSchema>;

export const SocialStateParamsSchema = Type.Object({
  state: Line({ minLength: 16, maxLength: 128 }),
});

/** Spec §7 `POST social/{state}`: code, token, deviceId, unitHost. */
export const SocialLoginBodySchema = Type.Object({
  code: Line({ minLength: 1, maxLength: 512 }),
  token: Type.Optional(Line({ maxLength: 512 })),
  deviceId: Type.Optional(Line({ maxLength: 64 })),
  unitHost: Type.Optional(Line({ maxLength: 255 })),
});
export type SocialLoginBody = Static<typeof SocialLoginBodySchema>;

/** The data of the unbound answer: what the bind page takes (spec §2). */
export const SocialBindDataSchema = Type.Object({
  /** The one-time bind id (the proof that this browser came back from the provider). */
  id: Type.String(),
  openid: Type.String(),
  unionid: Type.Union([Type.String(), Type.Null()]),
  deviceId: Type.Union([Type.String(), Type.Null()]),
});
export type SocialBindData = Static<typeof SocialBindDataSchema>;

/** The bind page's sign-in: the bind id and the account's password. */
export const SocialBindBodySchema = Type.Object({
  id: Line({ minLength: 16, maxLength: 128 }),
  username: Line({ minLength: 1, maxLength: 64 }),
  password: Line({ maxLength: 256 }),
  deviceId: Type.Optional(Line({ maxLength: 64 })),
});
export type SocialBindBody = Static<typeof SocialBindBodySchema>;
export const SOCIAL_BIND_TRIMMED_FIELDS = ['username'] as const;

/** One bound identity, as the settings page lists it. */
export const SocialBindingSchema = Type.Object({
  id: Type.String(),
  providerId: Type.Union([Type.Literal('qy'), Type.Literal('mp')]),
  openid: Type.String(),
  createdAt: Type.Integer(),
});
export type SocialBinding = Static<typeof SocialBindingSchema>;

export const SocialUnbindBodySchema = Type.Object({ id: IdSchema });
export type SocialUnbindBody = Static<typeof SocialUnbindBodySchema>;

const tag = 'uaa';

const authorizeEndpoint = <P extends string>(path: P, provider: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    tag,
    access: 'public',
    summary: `${provider}: the app id and the OAuth addresses with a fresh state bound to this browser (spec §7)`,
    query: SocialAuthorizeQuerySchema,
    data: SocialAuthorizeSchema,
    changesState: true,
  });

export const socialEndpoints = {
  qyInfo: authorizeEndpoint('/api/uaa/social/qy_info', 'WeCom'),
  mpInfo: authorizeEndpoint('/api/uaa/social/mp_info', 'WeChat public account'),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/uaa/social/:state',
    tag,
    access: 'public',
    summary:
      "Third-party sign-in (spec §7): the provider's code is exchanged server-side; an unbound identity answers 400 social_unbound with the bind page's parameters",
    params: SocialStateParamsSchema,
    body: SocialLoginBodySchema,
    data: Type.Union([LoginDataSchema, SocialBindDataSchema]),
  }),
  bind: defineEndpoint({
    method: 'POST',
    path: '/api/uaa/social_bindings/bind',
    tag,
    access: 'public',
    summary: 'The bind page: a password sign-in that binds the identity for good',
    body: SocialBindBodySchema,
    data: LoginDataSchema,
    trimmed: SOCIAL_BIND_TRIMMED_FIELDS,
  }),
  bindings: defineEndpoint({
    method: 'GET',
    path: '/api/uaa/social_bindings',
    tag,
    access: 'session',
    summary: "The caller's bound third-party identities",
    data: Type.Array(SocialBindingSchema),
  }),
  unbind: defineEndpoint({
    method: 'POST',
    path: '/api/uaa/social_bindings/unbind',
    tag,
    access: 'session',
    summary: "Unbind one of the caller's third-party identities",
    body: SocialUnbindBodySchema,
    data: Type.Boolean(),
  }),
} as const;

/** The `{qy|mp}_info` endpoint of a provider type. */
export function socialInfoEndpoint(type: SocialProviderType) {
  return type === 'qy' ? socialEndpoints.qyInfo : socialEndpoints.mpInfo;
}
