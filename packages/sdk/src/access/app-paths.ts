/**
 * Where each sub-application's pages live (spec §2 "app pages"), which variant a user type
 * opens (spec §6), and the root folder the version and language files hang under (spec §7).
 * Pure string rules, shared by the desktop menu, the post-login redirect and `initApp`. The
 * spec §2 rule for a redirect path naming an app is the server's, where such an address
 * arrives (server/src/modules/subapps/redirect-path.ts; docs/decisions.md).
 */

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
