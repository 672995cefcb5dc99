/**
 * The access check a sub-application runs on start (spec §6 "Access check on start"; spec §2:
 * a page that fails it shows not-found instead of the app). Pure: the caller passes the page
 * address, the app code, the user type and the user's resource menu. It decides what the page
 * shows; the server still checks every call (DESIGN.md §4), so this is not the security
 * boundary, but it must not be fooled by a re-spelled address either.
 */
import type { MenuEntry } from '@campus/contracts/access';
import { isDeniedTeacherPages } from '@campus/contracts/user-types';

/**
 * Modules whose teacher pages skip the menu check (spec §6 "excluded modules"), matched exactly
 * against the app code.
 */
export const EXCLUDED_MODULES: readonly string[] = [
  'app',
  'hlcp',
  'career',
  'note',
  'op',
  'py',
  'scczReport',
];

/**
 * Fixed home pages every user may open (spec §6 "fixed home pages such as cms/home, base/home,
 * edu/home, party, repair/home"), as normalised routes. The spec says "such as"; these are the
 * ones it names, and {@link AccessCheckInput.extraExemptRoutes} adds more.
 */
export const EXEMPT_HOME_ROUTES: readonly string[] = [
  '/cms/home',
  '/base/home',
  '/edu/home',
  '/party',
  '/repair/home',
];

/** The query parameter that may carry the route to open (spec §6 "or _r parameter"). */
export const ROUTE_PARAM = '_r';

/** The evaluate module's app code (spec §6 "The evaluate module"). */
export const EVALUATE_MODULE = 'evaluate';

/** Resource type of a page (spec §3 "resourceType (2 means a page)"). */
const PAGE_RESOURCE = 2;

/** Why the check allowed or denied the page; one value per rule of spec §6. */
export type AccessReason =
  /** Allowed: the address holds no teacher-module segment, so there is nothing to check. */
  | 'not-teacher-module'
  /** Denied: user types 1 and 3 never open a teacher module. */
  | 'user-type-denied'
  /** Allowed: one of {@link EXCLUDED_MODULES}. */
  | 'excluded-module'
  /** Allowed: the evaluate module, on a path containing 'evaluate'. */
  | 'evaluate-module'
  /** Denied: the user's menu holds no page (resourceType 2). */
  | 'no-page-resources'
  /** Allowed: every route to open is exempt (root, the app's hello page, a fixed home page). */
  | 'exempt-route'
  /** Allowed: every route to open matches one of the user's page routes (or is exempt). */
  | 'menu-route'
  /** Denied: a route to open is neither exempt nor one of the user's page routes. */
  | 'route-not-in-menu';

/** What the access check reads. */
export interface AccessCheckInput {
  /** `location.pathname`. */
  pathname: string;
  /** `location.hash`, with or without the leading `#`. */
  hash: string;
  /** `location.search`, with or without the leading `?`. */
  search: string;
  /** The app code of the running sub-application (spec §3 `appCode`). */
  appCode: string;
  userType: number | undefined;
  /** The user's resource menu for this app (spec §3 menu entry). */
  menu: readonly MenuEntry[];
  /** More exempt routes for a deployment's own home pages (spec §6 says "such as"). */
  extraExemptRoutes?: readonly string[];
}

/** The outcome of the access check. */
export interface AccessDecision {
  allowed: boolean;
  reason: AccessReason;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // A malformed escape is compared as written, never thrown.
  }
}

/**
 * The teacher-module folder names of an app (spec §6 "pattern pc_{appCode}_tm"), lower-cased.
 * The mobile teacher page `mobile_{appCode}_tm` (the mobile equivalent of spec §2) is the same
 * module and is checked the same way.
 *
 * @example
 * teacherModuleSegments('cms'); // ['pc_cms_tm', 'mobile_cms_tm']
 */
export function teacherModuleSegments(appCode: string): string[] {
  const code = appCode.toLowerCase();
  return [`pc_${code}_tm`, `mobile_${code}_tm`];
}

/**
 * True when the page path holds the app's teacher-module segment (spec §6). Only the path is
 * read: the folder is what selects the teacher build, while a hash or query naming it selects
 * nothing. The path is percent-decoded and lower-cased first, because a static server may serve
 * `pc_cms%5Ftm` or `PC_CMS_TM` as the same folder.
 *
 * @example
 * isTeacherModulePath('/pages/cms/pc_cms_tm/index.html', 'cms'); // true
 * isTeacherModulePath('/pages/cms/pc_cms_spm/index.html', 'cms'); // false
 */
export function isTeacherModulePath(pathname: string, appCode: string): boolean {
  const path = safeDecode(pathname).toLowerCase();
  return teacherModuleSegments(appCode).some((segment) => path.includes(segment));
}

/**
 * Normalises a hash route or menu route for comparison: anything up to a `#` is dropped (menu
 * routes are sometimes stored with the page address), the query inside the hash is dropped,
 * empty segments vanish (so a leading `/` or `#/`, doubled and trailing slashes do not matter),
 * and segments are percent-decoded. The result starts with `/`; the root is `/`. Case is kept.
 * `.` and `..` stay literal segments, as the hash router reads them (browsers never resolve
 * them inside a hash); an encoded `/` stays inside its segment, so `/notice%2Fx` is not nested
 * under `/notice`.
 *
 * @example
 * normalizeRoute('#/notice/list/?page=2'); // '/notice/list'
 * normalizeRoute('notice//list'); // '/notice/list'
 * normalizeRoute('#/%E9%80%9A%E7%9F%A5'); // '/通知'
 * normalizeRoute(''); // '/'
 */
export function normalizeRoute(raw: string | null | undefined): string {
  let route = (raw ?? '').trim();
  const hashAt = route.indexOf('#');
  if (hashAt >= 0) route = route.slice(hashAt + 1);
  route = route.split('?', 1)[0] ?? '';
  const parts = route
    .split('/')
    .filter((piece) => piece !== '')
    .map((piece) => {
      const decoded = safeDecode(piece);
      return decoded.includes('/') ? piece : decoded;
    });
  return `/${parts.join('/')}`;
}

/**
 * The routes the page may open on start, each normalised: the hash route, and every non-empty
 * `_r` parameter of the query or of the query inside the hash (spec §6 "the hash route (or _r
 * parameter)"). The app may follow either, so each one must pass.
 *
 * @example
 * routesToOpen('#/', '?_r=/notice/list'); // ['/', '/notice/list']
 */
export function routesToOpen(hash: string, search: string): string[] {
  const bare = hash.startsWith('#') ? hash.slice(1) : hash;
  const queryAt = bare.indexOf('?');
  const hashQuery = queryAt >= 0 ? bare.slice(queryAt + 1) : '';
  const fromParams = [new URLSearchParams(search), new URLSearchParams(hashQuery)]
    .flatMap((params) => params.getAll(ROUTE_PARAM))
    .filter((value) => value.trim() !== '');
  return [normalizeRoute(bare), ...fromParams.map(normalizeRoute)];
}

/**
 * The page entries of a menu tree (spec §6 "resources of type 2"): whether any exists, and their
 * normalised routes. Every depth is searched; a page may sit under a folder or another page.
 *
 * @example
 * menuPages([{ resourceType: 1, children: [{ resourceType: 2, menuRoute: '/notice' }] }]);
 * // { hasPages: true, routes: ['/notice'] }
 */
export function menuPages(menu: readonly MenuEntry[]): { hasPages: boolean; routes: string[] } {
  const routes: string[] = [];
  let hasPages = false;
  const stack: MenuEntry[] = [...menu];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    if (entry.resourceType === PAGE_RESOURCE) {
      hasPages = true;
      if (entry.menuRoute?.trim()) routes.push(normalizeRoute(entry.menuRoute));
    }
    for (const child of entry.children ?? []) stack.push(child);
  }
  return { hasPages, routes };
}

/**
 * The exempt routes of an app (spec §6): the root, the app's hello page `/{appCode}/hello` (read
 * like the fixed home pages, which all lead with their app code), and the fixed home pages.
 *
 * @example
 * exemptRoutes('cms'); // ['/', '/cms/hello', '/cms/home', '/base/home', …]
 */
export function exemptRoutes(appCode: string, extra: readonly string[] = []): string[] {
  return ['/', `/${appCode}/hello`, ...EXEMPT_HOME_ROUTES, ...extra].map(normalizeRoute);
}

/**
 * A route matches a menu route when equal to it or nested under it at a `/` boundary: a reload
 * on `/notice/detail/5` under the page `/notice` must not show not-found, and nested routes
 * with their own codes are still filtered by the router (spec §2). The root menu route matches
 * only the root.
 */
function matchesMenuRoute(route: string, menuRoute: string): boolean {
  // For the root menu route the prefix is `//`, which no normalised route has.
  return route === menuRoute || route.startsWith(`${menuRoute}/`);
}

/**
 * The access check of spec §6, in its order:
 * 1. an address without the teacher-module segment is allowed;
 * 2. user types 1 and 3 are denied it;
 * 3. the excluded modules are allowed;
 * 4. the evaluate module is allowed when its path contains 'evaluate';
 * 5. a menu without a page (resourceType 2) is denied;
 * 6. every route to open (hash route, `_r`) must be exempt or match a menu page route.
 *
 * @example
 * const decision = checkAccess({
 *   pathname: location.pathname,
 *   hash: location.hash,
 *   search: location.search,
 *   appCode: 'cms',
 *   userType: session.userType,
 *   menu,
 * });
 * if (!decision.allowed) showNotFound();
 */
export function checkAccess(input: AccessCheckInput): AccessDecision {
  const { pathname, appCode, userType } = input;
  if (!isTeacherModulePath(pathname, appCode)) {
    return { allowed: true, reason: 'not-teacher-module' };
  }
  if (isDeniedTeacherPages(userType)) return { allowed: false, reason: 'user-type-denied' };
  if (EXCLUDED_MODULES.includes(appCode)) return { allowed: true, reason: 'excluded-module' };
  // The app code comes from the app's own bundle, not the address, so no other app's page can
  // borrow this exemption by putting 'evaluate' into its URL.
  if (appCode === EVALUATE_MODULE && safeDecode(pathname).toLowerCase().includes(EVALUATE_MODULE)) {
    return { allowed: true, reason: 'evaluate-module' };
  }

  const pages = menuPages(input.menu);
  if (!pages.hasPages) return { allowed: false, reason: 'no-page-resources' };

  const exempt = exemptRoutes(appCode, input.extraExemptRoutes);
  let allExempt = true;
  for (const route of routesToOpen(input.hash, input.search)) {
    if (exempt.includes(route)) continue;
    allExempt = false;
    if (!pages.routes.some((menuRoute) => matchesMenuRoute(route, menuRoute))) {
      return { allowed: false, reason: 'route-not-in-menu' };
    }
  }
  return { allowed: true, reason: allExempt ? 'exempt-route' : 'menu-route' };
}
