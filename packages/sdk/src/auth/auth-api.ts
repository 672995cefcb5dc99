/**
 * Typed calls of the sign-in domain (spec §7). Paths live here once; the shapes come from
 * `@campus/contracts/uaa`, the same schemas the server validates with.
 */
import type { Envelope } from '@campus/contracts/envelope';
import type {
  DecorationSet,
  LoginData,
  MeData,
  SocialProvider,
  UnitConfigData,
} from '@campus/contracts/uaa';
import type { HttpClient, RequestOptions } from '../http/http-core.ts';

/** The sign-in endpoints of spec §7. */
export const UAA_PATHS = {
  me: '/api/uaa/oauth/me',
  login: '/api/uaa/oauth/login',
  logout: '/api/uaa/oauth/logout',
  unitConfig: '/api/uaa/oauth/login/unit_config',
  socialInfo: '/api/uaa/social/info',
} as const;

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
  return {
    login: (request, options) =>
      http.post<LoginData>(UAA_PATHS.login, { ...request }, { noIntercept: true, ...options }),
    me: (options) =>
      http.get<MeData>(UAA_PATHS.me, undefined, { noIntercept: true, cacheBust: true, ...options }),
    logout: (options) => http.post<unknown>(UAA_PATHS.logout, undefined, options),
    unitConfig: (unitId, options) =>
      http.get<UnitConfigData>(UAA_PATHS.unitConfig, unitId ? { unitId } : undefined, options),
    socialInfo: (options) => http.get<SocialProvider[]>(UAA_PATHS.socialInfo, undefined, options),
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
