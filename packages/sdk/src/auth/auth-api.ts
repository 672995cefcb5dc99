/**
 * Typed calls of the sign-in domain (spec §7), derived from the endpoint contracts of
 * `@campus/contracts/uaa`, the same definitions the server registers its routes from.
 */
import type { Envelope } from '@campus/contracts/envelope';
import {
  uaaEndpoints,
  type DecorationSet,
  type LoginData,
  type MeData,
  type SessionData,
  type SocialProvider,
  type UnitConfigData,
} from '@campus/contracts/uaa';
import { callEndpoint } from '../http/endpoint-call.ts';
import type { HttpClient, RequestOptions } from '../http/http-core.ts';

interface LoginCommon {
  username: string;
  /** Ask the server for a remember token (DESIGN.md §5). */
  rememberMe: boolean;
  /** This browser's id: remember tokens are bound to it. */
  deviceId: string;
}

/** A sign-in with either the typed password or a remember token, never both. */
export type LoginRequest =
  | (LoginCommon & { password: string; rememberToken?: never })
  | (LoginCommon & { rememberToken: string; password?: never });

/** The sign-in calls. Each takes optional request switches (e.g. `noIntercept`). */
export interface AuthApi {
  /** POST login. Failures are not notified by default: the login box shows them (spec §8). */
  login: (request: LoginRequest, options?: RequestOptions) => Promise<Envelope<LoginData>>;
  /** GET me: the login check (spec §4). Not notified by default: signed out is no error. */
  me: (options?: RequestOptions) => Promise<Envelope<MeData>>;
  /**
   * POST relogin (spec §7 "re-login"): the desktop client's still-valid access token exchanged
   * for a session of this browser (spec §2 /needtologinpagerelogin). Quiet, like login: the
   * re-login screen shows a refusal itself.
   */
  relogin: (accessToken: string, options?: RequestOptions) => Promise<Envelope<SessionData>>;
  /** POST logout with an empty body (spec §7). */
  logout: (options?: RequestOptions) => Promise<Envelope<unknown>>;
  /** GET the unit login page config; the server's default unit when `unitId` is absent. */
  unitConfig: (unitId?: string, options?: RequestOptions) => Promise<Envelope<UnitConfigData>>;
  /** GET the list of third-party login providers. */
  socialInfo: (options?: RequestOptions) => Promise<Envelope<SocialProvider[]>>;
}

/**
 * Binds the sign-in calls to a client.
 *
 * @example
 * const auth = createAuthApi(http);
 * const res = await auth.login({ username, password, rememberMe: false, deviceId });
 */
export function createAuthApi(http: HttpClient): AuthApi {
  const E = uaaEndpoints;
  return {
    login: (request, options) =>
      callEndpoint(http, E.login, { body: { ...request } }, { noIntercept: true, ...options }),
    me: (options) =>
      callEndpoint(http, E.me, {}, { noIntercept: true, cacheBust: true, ...options }),
    relogin: (accessToken, options) =>
      callEndpoint(http, E.relogin, { body: { accessToken } }, { noIntercept: true, ...options }),
    logout: (options) => callEndpoint(http, E.logout, {}, options),
    unitConfig: (unitId, options) =>
      callEndpoint(http, E.unitConfig, unitId ? { query: { unitId } } : {}, options),
    socialInfo: (options) => callEndpoint(http, E.socialInfo, {}, options),
  };
}

/**
 * Parses unit_config's decorationSet JSON text (spec §3); an empty object when it is
 * missing or malformed, so a bad configuration never breaks the login page.
 *
 * @example
 * const footerMsg = parseDecorationSet(config.decorationSet).footerMsg;
 */
export function parseDecorationSet(text: string | null | undefined): DecorationSet {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}
