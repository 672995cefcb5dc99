/**
 * The sub-application router of spec §2 "Sub-application routing": hash mode (each sub-app is
 * one static page, so its routes live after the `#`), the scroll reset to the top on every
 * navigation, and the permission filtering of `@campus/sdk/permissions` (routes without a code,
 * wildcards and redirects kept; nothing left means a wildcard shows not-found).
 */
import { useLayoutEffect, type ReactNode } from 'react';
import {
  createHashRouter,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router';
import {
  filterRoutesByPermission,
  isRedirectRoute,
  isWildcardPath,
  type PermissionCodes,
  type RouteNode,
} from '@campus/sdk/permissions';
import { NotFound } from '../components/NotFound.tsx';
import { useLanguage, type LanguageSource } from '../hooks/useLanguage.ts';

/** The router {@link createAppRouter} builds (a react-router data router). */
export type AppRouterInstance = ReturnType<typeof createHashRouter>;

/** A route's meta (spec §2, §3): `code` is the permission code the route needs. */
export type AppRouteMeta = { code?: string | null; title?: string } & Record<string, unknown>;

/**
 * One route of a sub-app's table. The shape the permission filter reads (`path`, `redirect`,
 * `meta.code`, `children`) plus what react-router renders.
 */
export interface AppRoute extends RouteNode {
  path: string;
  element?: ReactNode;
  /** Where this route sends the user; it becomes `<Navigate to={redirect} replace />`. */
  redirect?: string;
  /** Read by route components through `useMatches()[i].handle.meta`. */
  meta?: AppRouteMeta;
  children?: readonly AppRoute[];
}

/** Where the scroll reset also scrolls: an element, or a getter for one rendered later. */
export type ScrollContainerOption = HTMLElement | (() => HTMLElement | null | undefined);

/** What {@link createAppRouter} reads. */
export interface CreateAppRouterInput {
  routes: readonly AppRoute[];
  /** The user's `codeKeys` (spec §3); null or undefined while unknown grants nothing. */
  codes: PermissionCodes | null | undefined;
  /** True in the async router mode (spec §3 `routerType`, default async): filter by `codes`. */
  filter: boolean;
  /** The not-found page; the shared `NotFound` by default. */
  notFound?: ReactNode;
  /** The language of the default not-found page (e.g. the app's i18next); zh-CN without it. */
  language?: LanguageSource;
  /** Reset to the top on every navigation too, besides the window (e.g. a scroll view). */
  scrollContainer?: ScrollContainerOption;
  /** The window the router reads its hash from; the global window by default. */
  window?: Window;
}

/** What {@link createAppRouter} returns. */
export interface AppRouterResult {
  router: AppRouterInstance;
  /** The route table after filtering (before the not-found route and the root layout). */
  routes: AppRoute[];
  /** False when no page is left to show (spec §2: then every address shows not-found). */
  routable: boolean;
}

/** A language source that is always zh-CN (spec §1 default) and never changes. */
const ZH_CN_ONLY: LanguageSource = {
  language: 'zh-CN',
  on: () => undefined,
  off: () => undefined,
};

/** The catch-all path react-router understands; other routers' spellings are mapped to it. */
const CATCH_ALL = '*';

/** A redirect or wildcard only routes elsewhere; a page route shows something. */
function hasPage(routes: readonly RouteNode[]): boolean {
  return routes.some((route) => {
    if (isWildcardPath(route.path) || isRedirectRoute(route)) return false;
    return !route.children || route.children.length === 0 || hasPage(route.children);
  });
}

function toRouteObject(route: AppRoute): RouteObject {
  // `/:pathMatch(.*)*` (a Vue-style table) means the same as `*` here.
  const path = isWildcardPath(route.path) ? CATCH_ALL : route.path;
  const handle = { meta: route.meta ?? {} };
  if (route.redirect) {
    return { path, handle, element: <Navigate to={route.redirect} replace /> };
  }
  return {
    path,
    handle,
    element: route.element,
    ...(route.children ? { children: route.children.map(toRouteObject) } : {}),
  };
}

function DefaultNotFound({ language }: { language: LanguageSource }) {
  return <NotFound lang={useLanguage(language)} />;
}

function scrollToTop(element: HTMLElement | null | undefined) {
  if (element) element.scrollTop = 0;
}

interface RootLayoutProps {
  scrollContainer: ScrollContainerOption | undefined;
  win: Window;
}

/**
 * Spec §2 "scroll reset to top on every navigation": every new location starts at the top. The
 * router makes a new location object per navigation, a repeated link click included; its `key`
 * alone is not enough, because an address typed after the `#` has no history state and every
 * such location shares the key 'default'. A layout effect, so the new page is never painted at
 * the old page's offset.
 */
function RootLayout({ scrollContainer, win }: RootLayoutProps) {
  const location = useLocation();
  useLayoutEffect(() => {
    win.scrollTo(0, 0);
    scrollToTop(typeof scrollContainer === 'function' ? scrollContainer() : scrollContainer);
  }, [location, scrollContainer, win]);
  return <Outlet />;
}

/**
 * Builds the hash router of a sub-app (spec §2). In async mode (`filter`) the table is filtered
 * by the user's codes with `filterRoutesByPermission`; when no page is left a wildcard shows
 * not-found. In both modes an address no route matches shows not-found (a `*` route is added
 * when the table has none), and an error while rendering a route shows not-found too, never a
 * stack trace.
 *
 * @example
 * const { router } = createAppRouter({
 *   routes: [
 *     { path: '/', redirect: '/notice' },
 *     { path: '/notice', element: <NoticeList />, meta: { code: 'cms:notice', title: 'Notices' } },
 *   ],
 *   codes: session.codeKeys,
 *   filter: options.routerType === 'async',
 *   language: i18next,
 * });
 * root.render(<AppRouter router={router} />);
 */
export function createAppRouter(input: CreateAppRouterInput): AppRouterResult {
  const win = input.window ?? window;
  const notFound = input.notFound ?? <DefaultNotFound language={input.language ?? ZH_CN_ONLY} />;
  const notFoundRoute: AppRoute = { path: CATCH_ALL, element: notFound };

  const { routes, routable } = input.filter
    ? filterRoutesByPermission(input.routes, input.codes, { notFound: notFoundRoute })
    : { routes: [...input.routes], routable: hasPage(input.routes) };

  const children = routes.map(toRouteObject);
  if (!routes.some((route) => isWildcardPath(route.path))) {
    children.push(toRouteObject(notFoundRoute));
  }

  const router = createHashRouter(
    [
      {
        // Pathless, so the table's own paths match as written.
        element: <RootLayout scrollContainer={input.scrollContainer} win={win} />,
        errorElement: notFound,
        children,
      },
    ],
    { window: win },
  );
  return { router, routes, routable };
}

/** Props of {@link AppRouter}. */
export interface AppRouterProps {
  router: AppRouterInstance;
}

/**
 * Renders a router made by {@link createAppRouter}, so a sub-app's entry needs no
 * react-router import of its own.
 *
 * @example
 * createRoot(container).render(<AppRouter router={createAppRouter(input).router} />);
 */
export function AppRouter({ router }: AppRouterProps) {
  return <RouterProvider router={router} />;
}
