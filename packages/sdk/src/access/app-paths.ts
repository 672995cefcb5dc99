/**
 * Where each sub-application's pages live (spec §2 "app pages", "redirect path whose second
 * segment names an app"), which variant a user type opens (spec §6), and the root folder the
 * version and language files hang under (spec §7). Pure string rules, shared by the desktop
 * menu, the post-login redirect and `initApp`.
 */

import { landingVariant } from '@campus/contracts/user-types';

/** The default root folder of the sub-app pages (spec §3 `rootPath`, default pages). */
export const DEFAULT_PAGES_ROOT = 'pages';

/** What an app page address is built from (spec §2, §3 app icon and session fields). */
export interface AppPageInput {
  /** The app code, e.g. `cms`. */
  code: string;
  /** The app's server id, the folder under the root (spec §3 app icon). */
  serverId: string;
  /** The app icon's deploy path; when set it replaces the root. */
  deployPath?: string | null;
  /** The root folder when there is no deploy path; default `pages`. */
  root?: string;
  /** An explicit page variant (`pre`), e.g. `all`; wins over the id path outside development. */
  pre?: string | null;
  /** The session's id path (spec §3), e.g. from {@link idPathVariant}. */
  idPath: string;
  development?: boolean;
  mobile?: boolean;
}

// Codes and variants come from server data; encoding keeps a stray `/` or `..` inside its
// own segment instead of walking up the tree.
const segment = (value: string) => encodeURIComponent(value.trim());

function baseOf(deployPath: string | null | undefined, root: string): string {
  const chosen = deployPath?.trim() || root;
  const trimmed = chosen.replace(/\/+$/, '');
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const inner = trimmed.replace(/^\/+/, '');
  return inner ? `/${inner}` : '';
}

/**
 * The address of an app page (spec §2): `{deployPath or root}/{serverId}/pc_{code}_{pre or
 * idPath}/index.html`, in development `/pc_{code}_{idPath}.html`. The mobile pages follow the
 * same pattern with `mobile_` for `pc_`, as `mobile_desktop_all` does.
 *
 * @example
 * appPagePath({ code: 'cms', serverId: 'cms', idPath: 'tm' }); // '/pages/cms/pc_cms_tm/index.html'
 * appPagePath({ code: 'cms', serverId: 'cms', idPath: 'spm', mobile: true });
 * // '/pages/cms/mobile_cms_spm/index.html'
 * appPagePath({ code: 'cms', serverId: 'cms', idPath: 'tm', development: true }); // '/pc_cms_tm.html'
 */
export function appPagePath(input: AppPageInput): string {
  const prefix = input.mobile ? 'mobile' : 'pc';
  const code = segment(input.code);
  if (input.development) return `/${prefix}_${code}_${segment(input.idPath)}.html`;
  const variant = segment(input.pre?.trim() || input.idPath);
  const base = baseOf(input.deployPath, input.root ?? DEFAULT_PAGES_ROOT);
  return `${base}/${segment(input.serverId)}/${prefix}_${code}_${variant}/index.html`;
}

/**
 * The app a redirect path names (spec §2): its second segment when the path is split on `/`,
 * which for a rooted path such as `/cms/notice` is `cms`. Null when that segment is no known app.
 *
 * @example
 * appNamedByRedirect('/cms/notice/list', ['cms', 'edu']); // 'cms'
 * appNamedByRedirect('/desktop/home', ['cms']); // null
 */
export function appNamedByRedirect(
  redirectPath: string,
  appCodes: readonly string[],
): string | null {
  const path = redirectPath.trim().split(/[?#]/, 1)[0] ?? '';
  const name = path.split('/')[1];
  return name && appCodes.includes(name) ? name : null;
}

/**
 * The page a redirect path leads to (spec §2): when its second segment names an app,
 * `/pages/{app}/pc_{app}_{tm|spm}/index.html` by the landing reading of spec §6, or
 * `mobile_{app}_…` on mobile; null otherwise, so the caller's next rule applies.
 *
 * @example
 * redirectAppPage('/cms/notice', { appCodes: ['cms'], userType: 2 });
 * // '/pages/cms/pc_cms_tm/index.html'
 * redirectAppPage('/cms/notice', { appCodes: ['cms'], userType: 3, mobile: true });
 * // '/pages/cms/mobile_cms_spm/index.html'
 */
export function redirectAppPage(
  redirectPath: string,
  options: { appCodes: readonly string[]; userType: number | undefined; mobile?: boolean },
): string | null {
  const app = appNamedByRedirect(redirectPath, options.appCodes);
  if (!app) return null;
  return appPagePath({
    code: app,
    serverId: app,
    idPath: landingVariant(options.userType),
    mobile: options.mobile ?? false,
  });
}

/** What the root rule of spec §7 reads. */
export interface RootInput {
  /** The page location's path, e.g. `location.pathname`. */
  pathname: string;
  /** The app code (spec §3 `code`). */
  code: string;
  development?: boolean;
  /** The fixed root of development; default `pages` (spec §3 `rootPath`). */
  fixedRoot?: string;
}

/**
 * The root folder of the per-app files `/{root}/{code}/package.json`, `/{root}/{code}-version/…`
 * and `/{root}/{code}/lang/…` (spec §7): `area` when the code contains 'area' (area apps live in
 * the area folder in every mode); else in development the fixed root; else the first segment of
 * the page location, falling back to the fixed root when the path has none.
 *
 * @example
 * resolveRoot({ pathname: '/pages/cms/pc_cms_tm/index.html', code: 'cms' }); // 'pages'
 * resolveRoot({ pathname: '/pc_cms_tm.html', code: 'cms', development: true }); // 'pages'
 * resolveRoot({ pathname: '/pages/areacms/pc_areacms_tm/index.html', code: 'areacms' }); // 'area'
 */
export function resolveRoot(input: RootInput): string {
  const fixed = input.fixedRoot ?? DEFAULT_PAGES_ROOT;
  if (input.code.includes('area')) return 'area';
  if (input.development) return fixed;
  const first = input.pathname.split('/').find((part) => part !== '');
  return first ?? fixed;
}
