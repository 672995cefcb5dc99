/**
 * Sub-app start-up (spec §4 "Sub-app start-up"): the order of the steps and the rules between
 * them. Every side effect is an injected step, so the order runs the same in a browser, a
 * test, or a framework other than React; the sdk pieces it composes (options, URL parameters,
 * permission filter, access check, zoom rule) are called directly.
 */
import type { MenuEntry, PermissionNode } from '@campus/contracts/access';
import { loadsPermissionTree } from '@campus/contracts/user-types';
import { normalizeLanguage, type Language } from '../i18n/language.ts';
import { checkAccess, type AccessDecision } from '../access/access-check.ts';
import {
  collectPermissionCodes,
  filterRoutesByPermission,
  type RouteNode,
} from '../access/permissions.ts';
import type { ClientKind } from '../platform/platform.ts';
import { zoomHandlerEnabled } from '../platform/zoom.ts';
import {
  readStartupParams,
  resolveInitOptions,
  type InitOptions,
  type ResolvedInitOptions,
  type StartupParams,
} from './init-options.ts';

/** The parts of the page address start-up reads. */
export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** What the presentation steps (language, header, theme) are told. */
export interface StartupContext<R extends RouteNode = RouteNode> {
  options: ResolvedInitOptions<R>;
  params: StartupParams;
  /** The URL's `paltformModel` when recognised, else the option (default browser). */
  platform: ClientKind;
  contentMode: boolean;
  clientId: string | null;
}

/**
 * The side effects of start-up, one async function each. Failures of the presentation steps
 * (container mark, language, UI-kit locale, header, theme, zoom) are recorded and start-up goes
 * on; see {@link initApp} for the rest.
 */
export interface InitSteps<R extends RouteNode = RouteNode, Router = unknown> {
  /** The per-app client id from local storage (spec §3 key `userClientId_{appCode}`). */
  readClientId: (appCode: string) => Promise<string | null>;
  readLocation: () => Promise<PageLocation>;
  /** Adds the content-mode style to the app container (spec §4). */
  markContentMode: (ctx: StartupContext<R>) => Promise<void>;
  /** Loads the app language and returns the language in force (e.g. via `loadLanguage`). */
  loadLanguage: (ctx: StartupContext<R>) => Promise<Language>;
  /** The English UI-kit locale file (spec §4: language en, not mobile). */
  loadUiKitLocale: (ctx: StartupContext<R> & { lang: 'en' }) => Promise<void>;
  /** The login check of spec §4 (e.g. the session store's `checkLogin`). */
  checkLogin: () => Promise<boolean>;
  /** Content mode: the light header and the theme (spec §4). */
  generateHeader: (ctx: StartupContext<R>) => Promise<void>;
  generateTheme: (ctx: StartupContext<R>) => Promise<void>;
  /** Normal mode, flag `theme`. */
  loadTheme: (ctx: StartupContext<R>) => Promise<void>;
  /** Normal mode, flag `renderingHeader`; `showTopMenu` says whether the icon menu shows. */
  loadHeader: (ctx: StartupContext<R> & { showTopMenu: boolean }) => Promise<void>;
  /** The signed-in user's type (spec §3), read once for the router and the access check. */
  readUserType: () => Promise<number | undefined>;
  /** The permission tree of spec §7; asked only for user types 2 and 4 (spec §6). */
  fetchPermissions: () => Promise<PermissionNode | readonly PermissionNode[] | null>;
  /** Builds the router from the (filtered) routes; a failure here fails start-up. */
  createRouter: (input: {
    routes: R[];
    /** False when no page route is left (spec §2: a wildcard shows not-found). */
    routable: boolean;
    options: ResolvedInitOptions<R>;
  }) => Promise<Router>;
  /** The user's resource menu for this app, for the access check (spec §6). */
  readMenu: () => Promise<readonly MenuEntry[]>;
  /** Shows the not-found page instead of the app (spec §2). */
  onAccessDenied: (decision: AccessDecision) => Promise<void>;
  bindZoomHandler: () => Promise<void>;
  /** Appended when no page route is left after filtering (spec §2). */
  notFoundRoute?: R;
}

/** A step of start-up, as recorded in {@link InitResult.ran}. */
export type InitStepName =
  | 'validateOptions'
  | 'readClientId'
  | 'readUrlParams'
  | 'markContentMode'
  | 'loadLanguage'
  | 'loadUiKitLocale'
  | 'checkLogin'
  | 'generateHeader'
  | 'generateTheme'
  | 'loadTheme'
  | 'loadHeader'
  | 'readUserType'
  | 'fetchPermissions'
  | 'filterRoutes'
  | 'createRouter'
  | 'readMenu'
  | 'checkAccess'
  | 'onAccessDenied'
  | 'bindZoomHandler';

/** What start-up did. */
export interface InitResult<R extends RouteNode = RouteNode, Router = unknown> {
  /** Every step that ran, in order. */
  ran: InitStepName[];
  /** Steps that failed and were passed over (a subset of `ran`). */
  failed: InitStepName[];
  options: ResolvedInitOptions<R>;
  params: StartupParams;
  platform: ClientKind;
  contentMode: boolean;
  clientId: string | null;
  lang: Language;
  /** Null when the login check did not run. */
  loggedIn: boolean | null;
  routes: R[];
  router: Router;
  access: AccessDecision;
  /** True when the zoom handler was bound without error. */
  zoomHandlerBound: boolean;
}

/**
 * Runs sub-app start-up in the order of spec §4:
 * validate options → client id → URL parameters → content-mode mark (content mode only) →
 * language (+ English UI-kit locale when en and not mobile) → unless `noCheckIsLogin`: login
 * check when `initNotLogin`, then header and theme (generated in content mode, else loaded by
 * the `theme` / `renderingHeader` / `showTopMenu` flags) → router (async mode: permission tree
 * for user types 2 and 4 only, then the route filter) → access check → zoom handler unless
 * mobile, development, `isOpenZoomInfo === false` or content mode.
 *
 * Failure rules: invalid options reject with `InitOptionsError`; a failed language load still
 * completes in the requested language (spec §4); a failed login check counts as not logged in
 * (spec §4); a failed permission fetch, user-type or menu read counts as no permissions, no
 * user type, no menu (fail closed); a failed router build rejects; other steps are recorded in
 * `failed` and start-up goes on.
 *
 * @example
 * const result = await initApp({ appCode: 'cms', code: 'cms', router: routes }, browserSteps);
 * result.ran; // ['validateOptions', 'readClientId', 'readUrlParams', 'loadLanguage', ...]
 */
export async function initApp<R extends RouteNode = RouteNode, Router = unknown>(
  input: InitOptions<R>,
  steps: InitSteps<R, Router>,
): Promise<InitResult<R, Router>> {
  const ran: InitStepName[] = [];
  const failed: InitStepName[] = [];

  /** Runs a step, recording it; a failure gives `fallback` (or rethrows when none is given). */
  async function run<T>(name: InitStepName, step: () => Promise<T>, fallback?: () => T) {
    ran.push(name);
    try {
      return await step();
    } catch (error) {
      if (!fallback) throw error;
      failed.push(name);
      return fallback();
    }
  }

  ran.push('validateOptions');
  const options = resolveInitOptions(input);

  const clientId = await run(
    'readClientId',
    () => steps.readClientId(options.appCode),
    () => null,
  );

  ran.push('readUrlParams');
  const location = await steps.readLocation();
  const params = readStartupParams(location.search);
  const contentMode = params.pagemodel ? params.contentMode : options.pagemodel === 'content';
  const platform = params.paltformModel ?? options.paltformModel;
  const ctx: StartupContext<R> = { options, params, platform, contentMode, clientId };
  const mobile = options.mobile === true;
  const nothing = () => undefined;

  if (contentMode) await run('markContentMode', () => steps.markContentMode(ctx), nothing);

  const lang = await run(
    'loadLanguage',
    () => steps.loadLanguage(ctx),
    () => normalizeLanguage(options.langType),
  );
  if (lang === 'en' && !mobile) {
    await run('loadUiKitLocale', () => steps.loadUiKitLocale({ ...ctx, lang }), nothing);
  }

  let loggedIn: boolean | null = null;
  if (options.noCheckIsLogin !== true) {
    if (options.initNotLogin) loggedIn = await run('checkLogin', steps.checkLogin, () => false);
    if (contentMode) {
      await run('generateHeader', () => steps.generateHeader(ctx), nothing);
      await run('generateTheme', () => steps.generateTheme(ctx), nothing);
    } else {
      if (options.theme === true) await run('loadTheme', () => steps.loadTheme(ctx), nothing);
      if (options.renderingHeader === true) {
        const showTopMenu = options.showTopMenu === true;
        await run('loadHeader', () => steps.loadHeader({ ...ctx, showTopMenu }), nothing);
      }
    }
  }

  const userType = await run('readUserType', steps.readUserType, nothing);
  let routes: R[] = [...(options.router ?? [])];
  let routable = routes.length > 0;
  if (options.routerType === 'async') {
    const codes = loadsPermissionTree(userType)
      ? collectPermissionCodes(await run('fetchPermissions', steps.fetchPermissions, () => null))
      : null;
    ran.push('filterRoutes');
    const notFound = steps.notFoundRoute;
    const filtered = filterRoutesByPermission(routes, codes, notFound ? { notFound } : {});
    routes = filtered.routes;
    routable = filtered.routable;
  }
  const router = await run('createRouter', () => steps.createRouter({ routes, routable, options }));
  options.routerCallback?.(router);

  const menu = await run('readMenu', steps.readMenu, () => []);
  ran.push('checkAccess');
  const access = checkAccess({ ...location, appCode: options.appCode, userType, menu });
  if (!access.allowed) await run('onAccessDenied', () => steps.onAccessDenied(access), nothing);

  const zoomWanted = zoomHandlerEnabled({
    mobile,
    development: options.nodeEnv === 'development',
    isOpenZoomInfo: options.isOpenZoomInfo,
    pagemodel: contentMode ? 'content' : null,
  });
  let zoomHandlerBound = false;
  if (zoomWanted) {
    zoomHandlerBound = await run(
      'bindZoomHandler',
      async () => {
        await steps.bindZoomHandler();
        return true;
      },
      () => false,
    );
  }

  return {
    ran,
    failed,
    options,
    params,
    platform,
    contentMode,
    clientId,
    lang,
    loggedIn,
    routes,
    router,
    access,
    zoomHandlerBound,
  };
}
