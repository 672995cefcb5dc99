import { describe, expect, it } from 'vitest';
import type { PermissionNode } from '@campus/contracts/access';
import { loadsPermissionTree as needsPermissionTree } from '@campus/contracts/user-types';
import {
  collectPermissionCodes,
  filterRoutesByPermission,
  hasAnyPermission,
  hasPermission,
  isPermitted,
  isWildcardPath,
  type RouteNode,
} from './permissions.ts';

const codes = { 'cms:notice': true, 'cms:publish': 1, 'cms:off': false, 'cms:zero': 0 };

describe('permission codes (spec §3 codeKeys, §6 permission directive)', () => {
  it('spec §6: a single code is held when its codeKeys value is truthy', () => {
    expect(hasPermission(codes, 'cms:notice')).toBe(true);
    expect(hasPermission(codes, 'cms:publish')).toBe(true);
    expect(hasPermission(codes, 'cms:off')).toBe(false);
    expect(hasPermission(codes, 'cms:zero')).toBe(false);
    expect(hasPermission(codes, 'cms:missing')).toBe(false);
  });

  it('spec §6: nothing is held without a map or a code, nor through the object prototype', () => {
    expect(hasPermission(undefined, 'cms:notice')).toBe(false);
    expect(hasPermission(null, 'cms:notice')).toBe(false);
    expect(hasPermission(codes, '')).toBe(false);
    expect(hasPermission(codes, null)).toBe(false);
    expect(hasPermission({}, 'constructor')).toBe(false);
    expect(hasPermission({}, 'toString')).toBe(false);
    expect(hasPermission({}, '__proto__')).toBe(false);
  });

  it('spec §6: any of a list; an empty list grants nothing', () => {
    expect(hasAnyPermission(codes, ['cms:missing', 'cms:notice'])).toBe(true);
    expect(hasAnyPermission(codes, ['cms:missing', 'cms:off'])).toBe(false);
    expect(hasAnyPermission(codes, [])).toBe(false);
  });

  it('spec §6: the directive value is a single code or a list', () => {
    expect(isPermitted(codes, 'cms:notice')).toBe(true);
    expect(isPermitted(codes, 'cms:off')).toBe(false);
    expect(isPermitted(codes, ['cms:off', 'cms:publish'])).toBe(true);
    expect(isPermitted(codes, ['cms:off'])).toBe(false);
  });
});

describe('collectPermissionCodes (spec §7 permission tree → spec §3 codeKeys)', () => {
  const tree: PermissionNode[] = [
    {
      code: 'cms',
      resourceType: 1,
      children: [
        { code: 'cms:notice', resourceType: 2, menuRoute: '/notice' },
        {
          code: 'cms:reads',
          resourceType: 2,
          children: [{ code: 'cms:reads:export', resourceType: 3, children: [] }],
        },
      ],
    },
    { code: 'cms:other', resourceType: 2 },
  ];

  it('spec §7: every code at every depth maps to true', () => {
    expect({ ...collectPermissionCodes(tree) }).toEqual({
      cms: true,
      'cms:notice': true,
      'cms:reads': true,
      'cms:reads:export': true,
      'cms:other': true,
    });
  });

  it('spec §7: a single root node, an empty or a missing tree', () => {
    expect(Object.keys(collectPermissionCodes({ code: 'x', resourceType: 2 }))).toEqual(['x']);
    expect(Object.keys(collectPermissionCodes([]))).toEqual([]);
    expect(Object.keys(collectPermissionCodes(null))).toEqual([]);
  });

  it('spec §6: a collected map answers the permission helpers, prototype names included', () => {
    const map = collectPermissionCodes([{ code: '__proto__', resourceType: 3 }]);
    expect(hasPermission(map, '__proto__')).toBe(true);
    expect(hasPermission(map, 'constructor')).toBe(false);
  });

  it('spec §7: a deep tree does not overflow the stack', () => {
    let node: PermissionNode = { code: 'leaf', resourceType: 3 };
    for (let i = 0; i < 20_000; i += 1) node = { code: `n${i}`, resourceType: 1, children: [node] };
    const map = collectPermissionCodes(node);
    expect(hasPermission(map, 'leaf')).toBe(true);
    expect(Object.keys(map)).toHaveLength(20_001);
  });
});

describe('needsPermissionTree (spec §6: the teacher menu tree loads only for types 2 and 4)', () => {
  it.each([
    [1, false],
    [2, true],
    [3, false],
    [4, true],
    [undefined, false],
  ] as const)('spec §6: user type %s → %s', (userType, expected) => {
    expect(needsPermissionTree(userType)).toBe(expected);
  });
});

describe('isWildcardPath (spec §2 wildcard routes)', () => {
  it.each(['*', '/*', '**', '/**', '/:pathMatch(.*)*', '/:catchAll(.*)', ':rest(.*)+', ' * '])(
    'spec §2: %j is a wildcard',
    (path) => {
      expect(isWildcardPath(path)).toBe(true);
    },
  );

  it.each(['/', '', '/notice/*', '/:id', '/:id(\\d+)', '/notice', '/*/x'])(
    'spec §2: %j is not',
    (path) => {
      expect(isWildcardPath(path)).toBe(false);
    },
  );
});

interface AppRoute extends RouteNode {
  name?: string;
  children?: AppRoute[];
}

const routes: AppRoute[] = [
  { path: '/', redirect: '/notice' },
  { path: '/hello', name: 'hello' },
  {
    path: '/notice',
    name: 'notice',
    meta: { code: 'cms:notice' },
    children: [
      { path: 'list', name: 'list' },
      { path: 'publish', name: 'publish', meta: { code: 'cms:publish' } },
    ],
  },
  { path: '/reads', name: 'reads', meta: { code: 'cms:reads' } },
  { path: '/admin', name: 'admin', meta: { code: 'cms:admin' }, redirect: '/admin/home' },
  { path: '/:pathMatch(.*)*', name: 'not-found', meta: { code: 'cms:whatever' } },
];

const names = (list: readonly AppRoute[]): string[] =>
  list.flatMap((r) => [r.name ?? r.path, ...names(r.children ?? []).map((n) => `  ${n}`)]);

describe('filterRoutesByPermission (spec §2 sub-application routing)', () => {
  it('spec §2: uncoded, wildcard and redirect routes stay; unpermitted coded routes go', () => {
    const result = filterRoutesByPermission(routes, { 'cms:notice': true });
    expect(names(result.routes)).toEqual(['/', 'hello', 'notice', '  list', 'admin', 'not-found']);
    expect(result.routable).toBe(true);
  });

  it('spec §2: children are filtered recursively, and go with a removed parent', () => {
    const both = filterRoutesByPermission(routes, { 'cms:notice': true, 'cms:publish': true });
    expect(names(both.routes)).toContain('  publish');
    const childOnly = filterRoutesByPermission(routes, { 'cms:publish': true });
    expect(names(childOnly.routes)).not.toContain('notice');
    expect(names(childOnly.routes)).not.toContain('  publish');
  });

  it('spec §2: a falsy codeKeys value does not permit', () => {
    const result = filterRoutesByPermission(routes, { 'cms:notice': false, 'cms:reads': 0 });
    expect(names(result.routes)).not.toContain('notice');
    expect(names(result.routes)).not.toContain('reads');
  });

  it('spec §2: a route with an empty or null code counts as uncoded', () => {
    const table: AppRoute[] = [
      { path: '/a', name: 'a', meta: { code: '' } },
      { path: '/b', name: 'b', meta: { code: null } },
      { path: '/c', name: 'c', meta: {} },
    ];
    expect(names(filterRoutesByPermission(table, {}).routes)).toEqual(['a', 'b', 'c']);
  });

  it('spec §2: the input table is not changed', () => {
    const before = JSON.stringify(routes);
    filterRoutesByPermission(routes, {});
    expect(JSON.stringify(routes)).toBe(before);
  });

  it('spec §2: with no page left, routable is false and the wildcard stays for not-found', () => {
    const table: AppRoute[] = [
      { path: '/', redirect: '/notice' },
      { path: '/notice', name: 'notice', meta: { code: 'cms:notice' } },
      { path: '*', name: 'not-found' },
    ];
    const result = filterRoutesByPermission(table, {});
    expect(result.routable).toBe(false);
    expect(names(result.routes)).toEqual(['/', 'not-found']);
  });

  it('spec §2: a container whose children were all removed is no page', () => {
    const table: AppRoute[] = [
      {
        path: '/',
        name: 'layout',
        children: [
          { path: '', redirect: 'notice' },
          { path: 'notice', name: 'notice', meta: { code: 'cms:notice' } },
        ],
      },
    ];
    expect(filterRoutesByPermission(table, {}).routable).toBe(false);
    expect(filterRoutesByPermission(table, { 'cms:notice': true }).routable).toBe(true);
    // An uncoded route with an empty child list is a page in its own right.
    expect(filterRoutesByPermission([{ path: '/x', children: [] }], {}).routable).toBe(true);
  });

  it('spec §2: a given not-found route is appended when nothing is left, unless a wildcard is', () => {
    const notFound: AppRoute = { path: '*', name: 'appended-not-found' };
    const coded: AppRoute[] = [
      { path: '/', redirect: '/notice' },
      { path: '/notice', name: 'notice', meta: { code: 'cms:notice' } },
    ];
    expect(names(filterRoutesByPermission(coded, {}, { notFound }).routes)).toEqual([
      '/',
      'appended-not-found',
    ]);
    expect(
      names(
        filterRoutesByPermission([...coded, { path: '**', name: 'own' }], {}, { notFound }).routes,
      ),
    ).toEqual(['/', 'own']);
    expect(
      names(filterRoutesByPermission(coded, { 'cms:notice': true }, { notFound }).routes),
    ).toEqual(['/', 'notice']);
  });
});
