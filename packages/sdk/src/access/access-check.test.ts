import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '@campus/contracts/access';
import {
  EXCLUDED_MODULES,
  EXEMPT_HOME_ROUTES,
  checkAccess,
  exemptRoutes,
  isTeacherModulePath,
  menuPages,
  normalizeRoute,
  routesToOpen,
  type AccessCheckInput,
} from './access-check.ts';

const TM = '/pages/cms/pc_cms_tm/index.html';
const menu: MenuEntry[] = [
  {
    resourceType: 1,
    menuRoute: null,
    children: [
      { resourceType: 2, menuRoute: '/notice/list' },
      { resourceType: 2, menuRoute: 'notice/reads/' },
      { resourceType: 3, menuRoute: '/notice/secret' },
    ],
  },
];
const teacher = (over: Partial<AccessCheckInput> = {}) =>
  checkAccess({
    pathname: TM,
    hash: '',
    search: '',
    appCode: 'cms',
    userType: 2,
    menu,
    ...over,
  });

describe('checkAccess, the teacher-module segment (spec §6 "pattern pc_{appCode}_tm")', () => {
  it('spec §6: an address without the segment is not checked, whoever asks', () => {
    for (const userType of [1, 2, 3, 4, undefined]) {
      expect(teacher({ pathname: '/pages/cms/pc_cms_spm/index.html', userType, menu: [] })).toEqual(
        { allowed: true, reason: 'not-teacher-module' },
      );
    }
  });

  it('spec §6: the segment is read from the path only, not the hash or query', () => {
    const spm = '/pages/cms/pc_cms_spm/index.html';
    expect(
      teacher({ pathname: spm, hash: '#/pc_cms_tm', search: '?x=pc_cms_tm', userType: 3 }),
    ).toEqual({ allowed: true, reason: 'not-teacher-module' });
    expect(isTeacherModulePath(spm, 'cms')).toBe(false);
  });

  it("spec §6: another app's tm segment is not this app's", () => {
    expect(isTeacherModulePath('/pages/edu/pc_edu_tm/index.html', 'cms')).toBe(false);
    expect(isTeacherModulePath('/pages/cms/pc_cms_tm/index.html', 'ms')).toBe(false);
  });

  it('spec §2, §6: development pages, area variants and the mobile tm page carry it too', () => {
    expect(isTeacherModulePath('/pc_cms_tm.html', 'cms')).toBe(true);
    expect(isTeacherModulePath('/area/cms/pc_cms_tm_area/index.html', 'cms')).toBe(true);
    expect(isTeacherModulePath('/pages/cms/mobile_cms_tm/index.html', 'cms')).toBe(true);
  });

  it('spec §6: a re-spelled path (percent-encoded, other case) is still the teacher module', () => {
    expect(isTeacherModulePath('/pages/cms/pc_cms%5Ftm/index.html', 'cms')).toBe(true);
    expect(isTeacherModulePath('/pages/cms/PC_CMS_TM/index.html', 'cms')).toBe(true);
    expect(isTeacherModulePath('/pages/sc/pc_scczreport_tm/index.html', 'scczReport')).toBe(true);
    expect(isTeacherModulePath('/pages/cms/pc_cms_tm%/index.html', 'cms')).toBe(true);
  });
});

describe('checkAccess, user types (spec §6 "user types 1 or 3 are denied")', () => {
  it.each([1, 3])('spec §6: user type %i is denied the tm address, whatever the menu', (t) => {
    expect(teacher({ userType: t, hash: '#/notice/list' })).toEqual({
      allowed: false,
      reason: 'user-type-denied',
    });
    // Not even an excluded module, the evaluate module or an exempt route lets them in.
    expect(
      teacher({ userType: t, appCode: 'app', pathname: '/pages/app/pc_app_tm/index.html' }),
    ).toEqual({ allowed: false, reason: 'user-type-denied' });
    expect(
      teacher({
        userType: t,
        appCode: 'evaluate',
        pathname: '/pages/evaluate/pc_evaluate_tm/index.html',
      }).allowed,
    ).toBe(false);
    expect(teacher({ userType: t, hash: '#/' }).allowed).toBe(false);
  });

  it.each([2, 4, undefined])('spec §6: user type %s is checked against the menu', (t) => {
    expect(teacher({ userType: t, hash: '#/notice/list' })).toEqual({
      allowed: true,
      reason: 'menu-route',
    });
    expect(teacher({ userType: t, hash: '#/other' })).toEqual({
      allowed: false,
      reason: 'route-not-in-menu',
    });
  });
});

describe('checkAccess, excluded modules and evaluate (spec §6)', () => {
  it('spec §6: the excluded modules are app, hlcp, career, note, op, py, scczReport', () => {
    expect(EXCLUDED_MODULES).toEqual(['app', 'hlcp', 'career', 'note', 'op', 'py', 'scczReport']);
  });

  it.each(EXCLUDED_MODULES)('spec §6: excluded module %s skips the menu check', (code) => {
    expect(
      teacher({
        appCode: code,
        pathname: `/pages/${code}/pc_${code}_tm/index.html`,
        hash: '#/anything',
        menu: [],
      }),
    ).toEqual({ allowed: true, reason: 'excluded-module' });
  });

  it('spec §6: excluded codes match exactly (scczreport is not scczReport)', () => {
    expect(
      teacher({ appCode: 'scczreport', pathname: '/p/pc_scczreport_tm/index.html', menu: [] })
        .allowed,
    ).toBe(false);
  });

  it("spec §6: the evaluate module is allowed when its path contains 'evaluate'", () => {
    expect(
      teacher({
        appCode: 'evaluate',
        pathname: '/pages/evaluate/pc_evaluate_tm/index.html',
        hash: '#/not/in/menu',
        menu: [],
      }),
    ).toEqual({ allowed: true, reason: 'evaluate-module' });
  });

  it("spec §6: another app does not borrow the evaluate rule by putting 'evaluate' in its path", () => {
    expect(
      teacher({ pathname: '/evaluate/cms/pc_cms_tm/index.html', hash: '#/x', menu: [] }),
    ).toEqual({ allowed: false, reason: 'no-page-resources' });
  });
});

describe('checkAccess, the menu (spec §6 "resources of type 2", hash route or _r)', () => {
  it('spec §6: a menu without any resourceType 2 entry denies even the root', () => {
    const noPages: MenuEntry[] = [
      { resourceType: 1, children: [{ resourceType: 3, menuRoute: '/notice/list' }] },
    ];
    expect(teacher({ menu: noPages, hash: '#/notice/list' })).toEqual({
      allowed: false,
      reason: 'no-page-resources',
    });
    expect(teacher({ menu: [], hash: '' })).toEqual({
      allowed: false,
      reason: 'no-page-resources',
    });
  });

  it('spec §6: only type-2 entries grant routes; other types with the route do not', () => {
    expect(teacher({ hash: '#/notice/secret' }).reason).toBe('route-not-in-menu');
  });

  it('spec §6: pages nested at any depth of the menu tree count', () => {
    const deep: MenuEntry[] = [
      {
        resourceType: 1,
        children: [{ resourceType: 1, children: [{ resourceType: 2, menuRoute: '/deep' }] }],
      },
    ];
    expect(teacher({ menu: deep, hash: '#/deep' })).toEqual({
      allowed: true,
      reason: 'menu-route',
    });
    expect(menuPages(menu)).toEqual({
      hasPages: true,
      routes: expect.arrayContaining(['/notice/list', '/notice/reads']) as string[],
    });
  });

  it('spec §6: the hash route matches after normalisation (#/, trailing slash, hash query)', () => {
    for (const hash of ['#/notice/list', '#notice/list', '#/notice/list/', '#/notice/list?p=2']) {
      expect(teacher({ hash }).allowed).toBe(true);
    }
    // The stored route 'notice/reads/' matches '/notice/reads'.
    expect(teacher({ hash: '#/notice/reads' }).allowed).toBe(true);
  });

  it('spec §6: a route nested under a menu route matches; a sibling prefix does not', () => {
    expect(teacher({ hash: '#/notice/list/5' }).allowed).toBe(true);
    expect(teacher({ hash: '#/notice/listing' }).allowed).toBe(false);
    expect(teacher({ hash: '#/notice' }).allowed).toBe(false);
    expect(teacher({ hash: '#/notice%2Flist' }).allowed).toBe(false);
  });

  it('spec §6: a root menu route grants the root only, not every route', () => {
    const rootOnly: MenuEntry[] = [{ resourceType: 2, menuRoute: '/' }];
    expect(teacher({ menu: rootOnly, hash: '#/notice/list' }).allowed).toBe(false);
    expect(teacher({ menu: rootOnly, hash: '#/' }).allowed).toBe(true);
  });

  it('spec §6: routes are case-sensitive', () => {
    expect(teacher({ hash: '#/Notice/List' }).allowed).toBe(false);
  });

  it('spec §6: the _r parameter is checked like the hash route', () => {
    expect(teacher({ search: '?_r=/notice/list' })).toEqual({
      allowed: true,
      reason: 'menu-route',
    });
    expect(teacher({ search: '?_r=%2Fnotice%2Flist' }).allowed).toBe(true);
    expect(teacher({ search: '?_r=/admin' })).toEqual({
      allowed: false,
      reason: 'route-not-in-menu',
    });
    expect(teacher({ hash: '#/?_r=/admin' }).allowed).toBe(false);
    expect(teacher({ hash: '#/?_r=/notice/list' }).allowed).toBe(true);
  });

  it('spec §6: every route the page may open must pass, so one cannot cover for another', () => {
    expect(teacher({ hash: '#/admin', search: '?_r=/notice/list' }).allowed).toBe(false);
    expect(teacher({ hash: '#/notice/list', search: '?_r=/admin' }).allowed).toBe(false);
    expect(teacher({ hash: '#/notice/list', search: '?_r=/notice/reads' }).allowed).toBe(true);
  });
});

describe('checkAccess, exempt routes (spec §6 root, hello page, fixed home pages)', () => {
  it('spec §6: the fixed home pages are cms/home, base/home, edu/home, party, repair/home', () => {
    expect(EXEMPT_HOME_ROUTES).toEqual([
      '/cms/home',
      '/base/home',
      '/edu/home',
      '/party',
      '/repair/home',
    ]);
  });

  it.each(['', '#', '#/', '#//', '#/?x=1', '#/cms/hello', '#cms/hello/', ...EXEMPT_HOME_ROUTES])(
    'spec §6: %j is exempt for a user with a page in the menu',
    (hash) => {
      expect(teacher({ hash })).toEqual({ allowed: true, reason: 'exempt-route' });
    },
  );

  it("spec §6: the hello page is the app's own, /{appCode}/hello", () => {
    expect(teacher({ hash: '#/edu/hello' }).allowed).toBe(false);
    expect(teacher({ hash: '#/hello' }).allowed).toBe(false);
    expect(exemptRoutes('cms').slice(0, 2)).toEqual(['/', '/cms/hello']);
  });

  it('spec §6: exempt routes match exactly, not what is nested under them', () => {
    expect(teacher({ hash: '#/cms/home/secret' }).allowed).toBe(false);
    expect(teacher({ hash: '#/party/x' }).allowed).toBe(false);
  });

  it('spec §6 "such as": a deployment may add its own home pages', () => {
    expect(teacher({ hash: '#/library/home' }).allowed).toBe(false);
    expect(teacher({ hash: '#/library/home', extraExemptRoutes: ['library/home'] })).toEqual({
      allowed: true,
      reason: 'exempt-route',
    });
  });

  it('spec §6: an exempt hash with a menu _r is a menu-route decision', () => {
    expect(teacher({ hash: '#/', search: '?_r=/notice/list' })).toEqual({
      allowed: true,
      reason: 'menu-route',
    });
  });
});

describe('route normalisation (spec §6 route matching)', () => {
  it.each([
    ['', '/'],
    ['#', '/'],
    ['#/', '/'],
    ['/', '/'],
    ['notice/list', '/notice/list'],
    ['#/notice/list/', '/notice/list'],
    ['#/notice//list?x=1&y=2', '/notice/list'],
    ['pc_cms_tm/index.html#/notice/list', '/notice/list'],
    ['#/%E9%80%9A%E7%9F%A5', '/通知'],
    ['#/a%2Fb', '/a%2Fb'],
    ['#/notice/../admin', '/notice/../admin'],
    ['#/bad%E0%A4%A', '/bad%E0%A4%A'],
    [null, '/'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeRoute(raw)).toBe(expected);
  });

  it('collects the hash route and every non-empty _r of the query and the hash query', () => {
    expect(routesToOpen('#/a?_r=/b', '?_r=/c&_r=&_r=/d')).toEqual(['/a', '/c', '/d', '/b']);
    expect(routesToOpen('', '')).toEqual(['/']);
  });
});
