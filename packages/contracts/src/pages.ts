/** The two page families of an app (spec §2 "app pages" and "the mobile equivalent"). */
export type PageScreen = 'pc' | 'mobile';

/**
 * An app's page under the default root `pages` (spec §2 app pages, §3 `rootPath`):
 * `/pages/{app}/{pc|mobile}_{app}_{variant}/index.html`. The caller passes a checked app code.
 *
 * @example
 * appIndexPagePath('cms', 'tm'); // '/pages/cms/pc_cms_tm/index.html'
 * appIndexPagePath('desktop', 'all', 'mobile'); // '/pages/desktop/mobile_desktop_all/index.html'
 */
export function appIndexPagePath(app: string, variant: string, screen: PageScreen = 'pc'): string {
  return `/pages/${app}/${screen}_${app}_${variant}/index.html`;
}

/**
 * The desktop's page index folders (spec §2: pc_desktop_all, mobile_desktop_all and the app
 * variants): every landing page the redirect rules can produce for the desktop. The spec §4
 * chat-client rule sends a user to `pc_desktop_{tm|spm}` by user type; the spec §2 rule for a
 * redirect path naming an app gives `{pc|mobile}_desktop_{tm|spm}` for the desktop; the mobile
 * desktop is `mobile_desktop_all`. The portal's desktop entry answers all six.
 */
export const DESKTOP_INDEX_PAGES: readonly string[] = (['pc', 'mobile'] as const).flatMap(
  (screen) =>
    (['all', 'tm', 'spm'] as const).map((variant) => appIndexPagePath('desktop', variant, screen)),
);

/**
 * Which built page answers which address (spec §2). The server serves these files; the
 * portal's redirect rules use the same paths, so the two cannot drift apart.
 */
export const PORTAL_PAGES = {
  /** Login entry: the login box, forgot-password, bind and desktop-client re-login screens. */
  login: {
    file: 'login.html',
    paths: ['/login', '/login/', '/forgetPassword', '/bind', '/bind/', '/needtologinpagerelogin'],
  },
  /**
   * The authorize page (spec §2, DESIGN.md §8), a screen of the login entry; apart from `login`
   * because a sign-in may return to it (the login paths are never a return address).
   */
  authorize: { file: 'login.html', paths: ['/authorize'] },
  /** Desktop entry: the home desktop on PC and mobile, and the settings pages. */
  desktop: {
    file: 'desktop.html',
    paths: [
      '/desktop/home',
      '/desktop/setting',
      '/areaDesktop/setting',
      ...DESKTOP_INDEX_PAGES,
      '/helpCenter',
    ],
  },
} as const;

/**
 * The shared plugin version in the runtime's paths (spec §7 `/common/plugins/common-ph/{version}/…`,
 * §9 kit 1.6.0): language files, theme stylesheets and shared modules. apps/runtime's plain-JS
 * build script keeps its own copy (RUNTIME_VERSION); a unit test holds the two equal.
 */
export const COMMON_PH_VERSION = '1.6.0';

/**
 * The desktop's own version files at the spec's paths (spec §7 `GET /{root}/{code}/package.json`
 * and `/{root}/{code}-version/version.json`, root `pages`, code `desktop`), read by the About
 * dialog. The portal's build writes them (`file`, inside its build folder) and the server
 * serves them, as a deployed sub-app's are served from the pages folder.
 */
export const DESKTOP_VERSION_FILES = [
  { url: '/pages/desktop/package.json', file: 'pages/desktop/package.json' },
  { url: '/pages/desktop-version/version.json', file: 'pages/desktop-version/version.json' },
] as const;

export const LOGIN_PATH = '/login';
/** The login query parameter naming the address to return to (spec §2 `/login?redirect_uri={url}`). */
export const LOGIN_REDIRECT_PARAM = 'redirect_uri';
/** The help-centre page (spec §2: opened with redUrl, accessToken, unitId; the spec names no path). */
export const HELP_CENTRE_PATH = '/helpCenter';
export const BIND_PATH = '/bind/';
export const FORGET_PASSWORD_PATH = '/forgetPassword';
/** Where a PC user lands after sign-in (spec §4). */
export const DESKTOP_PATH = '/desktop/home';
/** Where a mobile user lands after sign-in (spec §2 page index folders). */
export const MOBILE_DESKTOP_PATH = '/pages/desktop/mobile_desktop_all/index.html';
