/**
 * Spec §2 "redirect path whose second segment names an app": an address such as `/cms/notice`
 * (split on `/`, its second segment is `cms`) leads to that app's page,
 * `/pages/{app}/pc_{app}_tm` or `pc_{app}_spm` `/index.html`, or the mobile equivalent. It is
 * answered here, where such an address arrives: no route matched it, and the app is deployed
 * (its folder is in PAGES_DIR). The variant follows the landing reading of spec §6 for the
 * signed-in user; signed out, the login page comes first and brings the user back here.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  appIndexPagePath,
  LOGIN_PATH,
  LOGIN_REDIRECT_PARAM,
  type PageScreen,
} from '@campus/contracts/pages';
import { landingVariant } from '@campus/contracts/user-types';

/** Letters, digits, `_` and `-`, as app codes are (contracts' AppCodeSchema). */
const APP_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** Top-level folders that are the portal's own, never a sub-app's name. */
const OWN_SEGMENTS = new Set(['api', 'zuul', 'pages', 'common', 'assets', 'static', 'desktop']);

/**
 * A phone, by the `Mobi` token browsers on phones send (the server sees no screen width;
 * tablets, which the portal treats as PC, leave it out).
 */
export function isPhoneUserAgent(userAgent: string | undefined): boolean {
  return /Mobi/i.test(userAgent ?? '');
}

/**
 * The app a redirect path names: its second segment when split on `/`, if that is a deployed
 * app's folder. Null otherwise.
 *
 * @example
 * appNamedByPath('/cms/notice/list', pagesDir); // 'cms' when pages/cms exists
 */
export function appNamedByPath(pathname: string, pagesDir: string): string | null {
  const name = pathname.split('/')[1] ?? '';
  if (!APP_CODE.test(name) || OWN_SEGMENTS.has(name)) return null;
  try {
    return fs.statSync(path.join(pagesDir, name)).isDirectory() ? name : null;
  } catch {
    return null;
  }
}

export interface RedirectPathInput {
  /** The request's path and query, as received. */
  url: string;
  pagesDir: string;
  /** The signed-in user's type, or null when signed out. */
  userType: number | null;
  userAgent: string | undefined;
}

/**
 * Where a redirect path leads (spec §2), or null when it names no deployed app. The phone page
 * is chosen on a phone when the app has deployed it; otherwise the PC page.
 *
 * @example
 * redirectPathTarget({ url: '/cms/notice', pagesDir, userType: 2, userAgent });
 * // '/pages/cms/pc_cms_tm/index.html'
 * redirectPathTarget({ url: '/cms/notice', pagesDir, userType: null, userAgent });
 * // '/login?redirect_uri=%2Fcms%2Fnotice'
 */
export function redirectPathTarget(input: RedirectPathInput): string | null {
  const pathname = input.url.split(/[?#]/, 1)[0] ?? '';
  const app = appNamedByPath(pathname, input.pagesDir);
  if (!app) return null;
  if (input.userType === null) {
    return `${LOGIN_PATH}?${new URLSearchParams({ [LOGIN_REDIRECT_PARAM]: input.url }).toString()}`;
  }
  const variant = landingVariant(input.userType);
  const mobile = appIndexPagePath(app, variant, 'mobile');
  const screen: PageScreen =
    isPhoneUserAgent(input.userAgent) &&
    fs.existsSync(path.join(input.pagesDir, path.relative('/pages', mobile)))
      ? 'mobile'
      : 'pc';
  return appIndexPagePath(app, variant, screen);
}
