/**
 * Permission codes (spec §3 `codeKeys`, §6) and the permission filtering of the sub-app routes
 * (spec §2 "Sub-application routing"). Framework-agnostic: a route is any object with a `path`,
 * so the React router of today and any other tomorrow filter the same way.
 */
import type { PermissionNode } from '@campus/contracts/access';

/** The `codeKeys` map of spec §3: permission code → truthy when the user holds it. */
export type PermissionCodes = Readonly<Record<string, unknown>>;

/**
 * True when the user holds `code` (spec §6 permission directive, single code). Only the map's own
 * keys count, so `constructor` or `__proto__` are never granted by the object prototype; an empty
 * code is held by nobody.
 *
 * @example
 * hasPermission({ 'cms:notice:publish': true }, 'cms:notice:publish'); // true
 * hasPermission({}, 'cms:notice:publish'); // false
 */
export function hasPermission(
  codes: PermissionCodes | null | undefined,
  code: string | null | undefined,
): boolean {
  if (!codes || !code) return false;
  return Object.hasOwn(codes, code) && Boolean(codes[code]);
}

/**
 * True when the user holds at least one of `list` (spec §6 permission directive, "any of a
 * list"). An empty list grants nothing.
 *
 * @example
 * hasAnyPermission(session.codeKeys, ['cms:notice:publish', 'cms:notice:edit']);
 */
export function hasAnyPermission(
  codes: PermissionCodes | null | undefined,
  list: readonly string[],
): boolean {
  return list.some((code) => hasPermission(codes, code));
}

/**
 * The directive's value as the spec gives it (spec §6): a single code or any of a list.
 *
 * @example
 * isPermitted(codes, 'cms:notice:publish');
 * isPermitted(codes, ['cms:notice:publish', 'cms:notice:edit']);
 */
export function isPermitted(
  codes: PermissionCodes | null | undefined,
  required: string | readonly string[],
): boolean {
  return typeof required === 'string'
    ? hasPermission(codes, required)
    : hasAnyPermission(codes, required);
}

// `Array.isArray` narrows a readonly array to `any[]`; this guard keeps the element type.
function isNodeList(
  tree: PermissionNode | readonly PermissionNode[],
): tree is readonly PermissionNode[] {
  return Array.isArray(tree);
}

/**
 * Flattens a permission tree (spec §7 permission tree, `baseEndpoints.permissionTree`) into the `codeKeys`
 * map of spec §3: every node's code at any depth maps to `true`. The map has no prototype, so a
 * code named `__proto__` is an ordinary key.
 *
 * @example
 * collectPermissionCodes([{ code: 'cms', resourceType: 1, children: [{ code: 'cms:notice', resourceType: 2 }] }]);
 * // { cms: true, 'cms:notice': true }
 */
export function collectPermissionCodes(
  tree: PermissionNode | readonly PermissionNode[] | null | undefined,
): Record<string, true> {
  const codes = Object.create(null) as Record<string, true>;
  if (!tree) return codes;
  // A stack, not recursion: a deep tree from the server must not overflow the call stack.
  const stack: PermissionNode[] = isNodeList(tree) ? [...tree] : [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.code) codes[node.code] = true;
    for (const child of node.children ?? []) stack.push(child);
  }
  return codes;
}

/** The part of a route the permission filter reads (spec §2); other fields pass through. */
export interface RouteNode {
  path: string;
  /** Any truthy value marks a redirect route (a path, an object or a function). */
  redirect?: unknown;
  meta?: { code?: string | null } & Record<string, unknown>;
  children?: readonly RouteNode[];
}

/**
 * True for a catch-all route (spec §2 "wildcard routes"): `*` or `/*` (Vue Router 3, React
 * Router), `**` (Angular), or a single catch-all parameter such as `/:pathMatch(.*)*` or
 * `/:catchAll(.*)` (Vue Router 4). A route that only ends in a wildcard (`files/*`) is not one:
 * it matches under its prefix only.
 *
 * @example
 * isWildcardPath('/:pathMatch(.*)*'); // true
 * isWildcardPath('/notice/*'); // false
 */
export function isWildcardPath(path: string): boolean {
  const p = path.trim();
  if (p === '*' || p === '/*' || p === '**' || p === '/**') return true;
  return /^\/?:[A-Za-z_$][\w$]*\(\.\*\)[*+]?$/.test(p);
}

/** True for a route that only redirects (spec §2: always kept). */
export function isRedirectRoute(route: RouteNode): boolean {
  return Boolean(route.redirect);
}

/** The result of {@link filterRoutesByPermission}. */
export interface FilteredRoutes<R extends RouteNode> {
  routes: R[];
  /**
   * False when no page is left to show: every kept route is a wildcard, a redirect, or a
   * container whose children were all removed. Spec §2: then a wildcard shows not-found.
   */
  routable: boolean;
}

function filterList<R extends RouteNode>(
  routes: readonly R[],
  codes: PermissionCodes | null | undefined,
): FilteredRoutes<R> {
  const kept: R[] = [];
  let routable = false;
  for (const route of routes) {
    const wildcard = isWildcardPath(route.path);
    const redirect = isRedirectRoute(route);
    const code = route.meta?.code;
    if (!wildcard && !redirect && code && !hasPermission(codes, code)) continue;
    if (!route.children) {
      kept.push(route);
      if (!wildcard && !redirect) routable = true;
      continue;
    }
    // Children are the same route type as their parent in every router we target.
    const inner = filterList(route.children as readonly R[], codes);
    kept.push({ ...route, children: inner.routes });
    // A page route with children shows something only if a child page is left.
    const page = !wildcard && !redirect;
    if (inner.routable || (page && route.children.length === 0)) routable = true;
  }
  return { routes: kept, routable };
}

/**
 * Filters a route table by permission codes (spec §2): routes without a code, wildcard routes
 * and redirects are always kept; a route whose `meta.code` the user lacks is removed with its
 * children; kept routes have their children filtered the same way. When no page is left and a
 * `notFound` route is given, it is appended (unless a wildcard route is already kept), so every
 * address lands on not-found (spec §2 "If nothing remains, a wildcard route shows a not-found
 * page"). The input is not changed.
 *
 * @example
 * const { routes, routable } = filterRoutesByPermission(appRoutes, session.codeKeys, {
 *   notFound: { path: '*', meta: {}, component: NotFound },
 * });
 */
export function filterRoutesByPermission<R extends RouteNode>(
  routes: readonly R[],
  codes: PermissionCodes | null | undefined,
  options: { notFound?: R } = {},
): FilteredRoutes<R> {
  const result = filterList(routes, codes);
  const { notFound } = options;
  if (!result.routable && notFound && !result.routes.some((r) => isWildcardPath(r.path))) {
    return { routes: [...result.routes, notFound], routable: false };
  }
  return result;
}
