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
  /** Desktop entry: the home desktop on PC and mobile, and the settings pages. */
  desktop: {
    file: 'desktop.html',
    paths: [
      '/desktop/home',
      '/desktop/setting',
      '/areaDesktop/setting',
      '/pages/desktop/pc_desktop_all/index.html',
      '/pages/desktop/mobile_desktop_all/index.html',
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
/** The help-centre page (spec §2: opened with redUrl, accessToken, unitId; the spec names no path). */
export const HELP_CENTRE_PATH = '/helpCenter';
export const BIND_PATH = '/bind/';
export const FORGET_PASSWORD_PATH = '/forgetPassword';
/** Where a PC user lands after sign-in (spec §4). */
export const DESKTOP_PATH = '/desktop/home';
/** Where a mobile user lands after sign-in (spec §2 page index folders). */
export const MOBILE_DESKTOP_PATH = '/pages/desktop/mobile_desktop_all/index.html';
