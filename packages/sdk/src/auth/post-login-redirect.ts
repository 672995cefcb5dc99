/**
 * Where a user goes after signing in (spec §4 "Redirect order after login", "Login result"),
 * with the no-open-redirect rule of DESIGN.md §5. Pure: the caller passes the page address,
 * the screen class and the client kind, so every branch is testable without a browser.
 */
import { BodyStatus, ErrorCode, type Envelope } from '@campus/contracts/envelope';
import type { LoginData } from '@campus/contracts/uaa';
import {
  BIND_PATH,
  DESKTOP_PATH,
  MOBILE_DESKTOP_PATH,
  PORTAL_PAGES,
} from '@campus/contracts/pages';
import { failureMessage } from '../http/http-core.ts';
import type { Language } from '../i18n/language.ts';
import type { ScreenClass } from '../platform/screen.ts';
import type { ClientKind } from '../platform/platform.ts';
import { landingVariant } from '@campus/contracts/user-types';

// Client detection lives with the platform rules; it stays exported here so existing
// `@campus/sdk/redirect` callers keep working.
export { clientKindFromUserAgent, type ClientKind } from '../platform/platform.ts';

/** The query parameter that carries the address to return to (spec §2). */
export const REDIRECT_PARAM = 'redirect_uri';

/** True on the settings pages, where no post-login redirect happens (spec §2, §4). */
export function isSettingsPage(pathname: string): boolean {
  return pathname.includes('desktop/setting') || pathname.includes('areaDesktop/setting');
}

// Control characters and backslashes have no business in a return address; browsers
// "repair" them in ways that turn `/\evil.example` into `//evil.example`.
// eslint-disable-next-line no-control-regex
const SUSPICIOUS = /[\u0000-\u001f\u007f\\]/;

const LOGIN_ENTRY_PATHS: readonly string[] = PORTAL_PAGES.login.paths;

/**
 * Accepts a return address only if it stays on this origin or goes to an allow-listed host
 * over http(s) (DESIGN.md §5). Same-origin answers come back as a path (`/x?y#z`), others as
 * the full URL. Anything else, including the login pages themselves, gives null.
 *
 * @example
 * safeRedirectTarget('/desktop/home?a=1', 'http://school.example/login'); // '/desktop/home?a=1'
 * safeRedirectTarget('//evil.example', 'http://school.example/login'); // null
 * safeRedirectTarget('javascript:alert(1)', 'http://school.example/login'); // null
 */
export function safeRedirectTarget(
  raw: string | null | undefined,
  pageUrl: string,
  allowedHosts: readonly string[] = [],
): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (value === '' || SUSPICIOUS.test(value)) return null;
  // Only a rooted path or an absolute http(s) address; no relative or scheme-relative forms.
  const rooted = value.startsWith('/') && !value.startsWith('//');
  if (!rooted && !/^https?:\/\//i.test(value)) return null;

  let page: URL;
  let target: URL;
  try {
    page = new URL(pageUrl);
    target = new URL(value, page);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  if (target.username || target.password) return null;

  if (target.origin === page.origin) {
    if (LOGIN_ENTRY_PATHS.includes(target.pathname)) return null;
    return `${target.pathname}${target.search}${target.hash}`;
  }
  const host = target.hostname.toLowerCase();
  return allowedHosts.some((h) => h.toLowerCase() === host) ? target.href : null;
}

/** What the redirect rule needs to know. */
export interface PostLoginContext {
  /** The login page's full address (`location.href`), holding any `redirect_uri`. */
  pageUrl: string;
  screen: ScreenClass;
  client?: ClientKind;
  userType?: number;
  /** A configured jump page: a fixed address, or a function of the signed-in user. */
  loginJumpPage?:
    string | ((user: { userType?: number; screen: ScreenClass }) => string | null | undefined);
  /** Hosts other than this origin that `redirect_uri` may name (DESIGN.md §5). */
  allowedHosts?: readonly string[];
}

/**
 * Picks the address to open after a successful sign-in, in spec §4 order: none on a
 * settings page; a safe `redirect_uri`; the configured jump page; in the chat clients the
 * desktop app page for the user type; the mobile desktop on mobile; the desktop on PC.
 * An unsafe `redirect_uri` is ignored and the next rule applies.
 *
 * @example
 * resolvePostLoginTarget({ pageUrl: location.href, screen: 'pc', userType: 2 });
 * // '/desktop/home' unless a safe redirect_uri says otherwise
 */
export function resolvePostLoginTarget(context: PostLoginContext): string | null {
  let page: URL;
  try {
    page = new URL(context.pageUrl);
  } catch {
    return null;
  }
  if (isSettingsPage(page.pathname)) return null;

  const fromQuery = safeRedirectTarget(
    page.searchParams.get(REDIRECT_PARAM),
    context.pageUrl,
    context.allowedHosts,
  );
  if (fromQuery) return fromQuery;

  const jump =
    typeof context.loginJumpPage === 'function'
      ? context.loginJumpPage({ userType: context.userType, screen: context.screen })
      : context.loginJumpPage;
  if (jump) return jump;

  if (context.client === 'social-chat' || context.client === 'enterprise-chat') {
    return `/pages/desktop/pc_desktop_${landingVariant(context.userType)}/index.html`;
  }
  return context.screen === 'mobile' ? MOBILE_DESKTOP_PATH : DESKTOP_PATH;
}

/** The outcome of a login answer (spec §4 "Login result"). */
export type LoginOutcome =
  | { kind: 'success'; data: LoginData }
  | { kind: 'bind'; target: string }
  | { kind: 'failure'; message: string };

/**
 * Reads a login answer: 200 with data is success; 400 with a code other than invalid_grant
 * and no field errors goes to the bind page (with id, openid, unionid, deviceId); anything
 * else is a message for the login box, in the page language.
 *
 * @example
 * const outcome = classifyLoginResult(await auth.login(body), { deviceId, lang: 'en' });
 * if (outcome.kind === 'failure') showUnderPassword(outcome.message);
 */
export function classifyLoginResult(
  envelope: Envelope<LoginData>,
  context: { deviceId: string; lang: Language },
): LoginOutcome {
  if (envelope.status === BodyStatus.ok && envelope.data) {
    return { kind: 'success', data: envelope.data };
  }
  const hasFieldErrors = (envelope.fieldErrors?.length ?? 0) > 0;
  if (
    envelope.status === BodyStatus.badRequest &&
    envelope.code !== ErrorCode.invalidGrant &&
    !hasFieldErrors
  ) {
    const params = new URLSearchParams();
    const data: Partial<LoginData> = envelope.data ?? {};
    params.set('id', data.unitId ?? '');
    params.set('openid', data.openid ?? '');
    params.set('unionid', data.unionid ?? '');
    params.set('deviceId', context.deviceId);
    return { kind: 'bind', target: `${BIND_PATH}?${params.toString()}` };
  }
  return { kind: 'failure', message: failureMessage(envelope, context.lang) };
}

/**
 * Spec §2: the login query parameters stripped when an address is rebuilt, so a
 * return address never carries a one-time code, a token or a password back around.
 */
export const STRIPPED_LOGIN_PARAMS = [
  'theme',
  'language',
  'code',
  'state',
  'token',
  'ticket',
  'username',
  'password',
  'plat',
  'accessToken',
  'access_token',
] as const;

/**
 * The address without the spec §2 login parameters; other parameters and the hash stay.
 *
 * @example
 * stripLoginParams('https://p.example/desktop/home?language=en&tab=2#/x'); // 'https://p.example/desktop/home?tab=2#/x'
 */
export function stripLoginParams(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address;
  }
  for (const name of STRIPPED_LOGIN_PARAMS) url.searchParams.delete(name);
  return url.toString();
}
