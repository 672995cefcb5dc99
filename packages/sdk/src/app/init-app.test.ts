import type { PermissionNode } from '@campus/contracts/access';
import { describe, expect, it } from 'vitest';
import type { RouteNode } from '../access/permissions.ts';
import { initApp, type InitSteps, type InitStepName, type PageLocation } from './init-app.ts';
import { InitOptionsError, type InitOptions } from './init-options.ts';

interface Route extends RouteNode {
  name: string;
}

const routes: Route[] = [
  { path: '/', name: 'home' },
  { path: '/notice', name: 'notice', meta: { code: 'cms:notice' } },
  { path: '/secret', name: 'secret', meta: { code: 'cms:secret' } },
];

const tree: PermissionNode[] = [
  { code: 'cms', resourceType: 1, children: [{ code: 'cms:notice', resourceType: 2 }] },
];

/** Fake steps that log their calls; `override` replaces any of them. */
function fakeSteps(
  override: Partial<InitSteps<Route, string>> & {
    location?: Partial<PageLocation>;
    lang?: 'zh-CN' | 'en';
    userType?: number;
  } = {},
) {
  const calls: string[] = [];
  const log =
    <T>(name: string, value: T) =>
    async () => {
      calls.push(name);
      return value;
    };
  const location: PageLocation = {
    pathname: '/pages/cms/pc_cms_spm/index.html',
    search: '',
    hash: '',
    ...override.location,
  };
  const steps: InitSteps<Route, string> = {
    readClientId: log('readClientId', 'client-1'),
    readLocation: log('readLocation', location),
    markContentMode: log('markContentMode', undefined),
    loadLanguage: log('loadLanguage', override.lang ?? 'zh-CN'),
    loadUiKitLocale: log('loadUiKitLocale', undefined),
    checkLogin: log('checkLogin', true),
    generateHeader: log('generateHeader', undefined),
    generateTheme: log('generateTheme', undefined),
    loadTheme: log('loadTheme', undefined),
    loadHeader: log('loadHeader', undefined),
    readUserType: log('readUserType', override.userType ?? 2),
    fetchPermissions: log('fetchPermissions', tree),
    createRouter: async ({ routes: built }) => {
      calls.push('createRouter');
      return `router(${built.map((r) => r.name).join(',')})`;
    },
    readMenu: log('readMenu', []),
    onAccessDenied: log('onAccessDenied', undefined),
    bindZoomHandler: log('bindZoomHandler', undefined),
    ...override,
  };
  return { steps, calls };
}

const base: InitOptions<Route> = { appCode: 'cms', code: 'cms', router: routes };

const boom = async (): Promise<never> => {
  throw new Error('boom');
};

describe('initApp order (spec §4 "Sub-app start-up")', () => {
  it('spec §4: defaults: options, client id, URL, language, login check, router (async), access, zoom', async () => {
    const { steps } = fakeSteps();
    const result = await initApp(base, steps);
    expect(result.ran).toEqual<InitStepName[]>([
      'validateOptions',
      'readClientId',
      'readUrlParams',
      'loadLanguage',
      'checkLogin',
      'readUserType',
      'fetchPermissions',
      'filterRoutes',
      'createRouter',
      'readMenu',
      'checkAccess',
      'bindZoomHandler',
    ]);
    expect(result.failed).toEqual([]);
    expect(result).toMatchObject({
      clientId: 'client-1',
      lang: 'zh-CN',
      loggedIn: true,
      zoomHandlerBound: true,
    });
    expect(result.access.allowed).toBe(true);
  });

  it('spec §4: theme, header and top menu flags load theme then header, with showTopMenu passed', async () => {
    const { steps } = fakeSteps();
    let showTopMenu: boolean | undefined;
    steps.loadHeader = async (ctx) => {
      showTopMenu = ctx.showTopMenu;
    };
    const result = await initApp(
      { ...base, theme: true, renderingHeader: true, showTopMenu: true },
      steps,
    );
    expect(result.ran.slice(3, 7)).toEqual([
      'loadLanguage',
      'checkLogin',
      'loadTheme',
      'loadHeader',
    ]);
    expect(showTopMenu).toBe(true);
  });

  it('spec §4: each flag alone: theme without header, header without theme', async () => {
    const themeOnly = await initApp({ ...base, theme: true }, fakeSteps().steps);
    expect(themeOnly.ran).toContain('loadTheme');
    expect(themeOnly.ran).not.toContain('loadHeader');
    const headerOnly = await initApp({ ...base, renderingHeader: true }, fakeSteps().steps);
    expect(headerOnly.ran).toContain('loadHeader');
    expect(headerOnly.ran).not.toContain('loadTheme');
  });

  it('spec §4: content mode marks the container before the language, then generates header and theme (flags ignored), no zoom', async () => {
    const { steps } = fakeSteps({ location: { search: '?pagemodel=content' } });
    const result = await initApp({ ...base, theme: true, renderingHeader: true }, steps);
    expect(result.contentMode).toBe(true);
    expect(result.ran).toEqual<InitStepName[]>([
      'validateOptions',
      'readClientId',
      'readUrlParams',
      'markContentMode',
      'loadLanguage',
      'checkLogin',
      'generateHeader',
      'generateTheme',
      'readUserType',
      'fetchPermissions',
      'filterRoutes',
      'createRouter',
      'readMenu',
      'checkAccess',
    ]);
    // spec §2: the zoom warning appears on non-content pages only.
    expect(result.zoomHandlerBound).toBe(false);
  });

  it('spec §3/§4: the pagemodel option starts content mode when the URL does not say', async () => {
    const fromOption = await initApp({ ...base, pagemodel: 'content' }, fakeSteps().steps);
    expect(fromOption.ran).toContain('markContentMode');
    const urlWins = await initApp(
      { ...base, pagemodel: 'content' },
      fakeSteps({ location: { search: '?pagemodel=page' } }).steps,
    );
    expect(urlWins.contentMode).toBe(false);
  });

  it('spec §4: noCheckIsLogin skips the login check, header and theme', async () => {
    const result = await initApp(
      { ...base, noCheckIsLogin: true, theme: true, renderingHeader: true },
      fakeSteps({ location: { search: '?pagemodel=content' } }).steps,
    );
    for (const step of [
      'checkLogin',
      'generateHeader',
      'generateTheme',
      'loadTheme',
      'loadHeader',
    ]) {
      expect(result.ran).not.toContain(step);
    }
    expect(result.loggedIn).toBeNull();
  });

  it('spec §3/§4: initNotLogin false skips only the login check', async () => {
    const result = await initApp({ ...base, initNotLogin: false, theme: true }, fakeSteps().steps);
    expect(result.ran).not.toContain('checkLogin');
    expect(result.ran).toContain('loadTheme');
    expect(result.loggedIn).toBeNull();
  });

  it('spec §4: en and not mobile also loads the English UI-kit locale right after the language', async () => {
    const { steps } = fakeSteps({ lang: 'en' });
    let version: string | undefined;
    steps.loadUiKitLocale = async (ctx) => {
      version = ctx.options.elmentVersion;
    };
    const result = await initApp(base, steps);
    expect(result.ran.slice(3, 5)).toEqual(['loadLanguage', 'loadUiKitLocale']);
    expect(version).toBe('2.5.6');
  });

  it('spec §4: no UI-kit locale for zh-CN, nor for en on mobile', async () => {
    expect((await initApp(base, fakeSteps().steps)).ran).not.toContain('loadUiKitLocale');
    const mobile = await initApp({ ...base, mobile: true }, fakeSteps({ lang: 'en' }).steps);
    expect(mobile.ran).not.toContain('loadUiKitLocale');
  });
});

describe('initApp failures (spec §4, §5, §8)', () => {
  it('spec §5/§8: invalid options reject before any step runs', async () => {
    const { steps, calls } = fakeSteps();
    await expect(initApp({ ...base, code: '' }, steps)).rejects.toThrow(InitOptionsError);
    await expect(initApp({ ...base, appCode: '' }, steps)).rejects.toThrow(
      'appCode must not be empty',
    );
    expect(calls).toEqual([]);
  });

  it('spec §4: a failed language load still completes, in the langType option', async () => {
    const { steps } = fakeSteps({ loadLanguage: boom });
    const result = await initApp({ ...base, langType: 'en' }, steps);
    expect(result.failed).toEqual(['loadLanguage']);
    expect(result.lang).toBe('en');
    expect(result.ran).toContain('loadUiKitLocale');
    expect(result.ran.at(-1)).toBe('bindZoomHandler');
  });

  it('spec §4: a failed language load without langType falls back to zh-CN', async () => {
    const result = await initApp(base, fakeSteps({ loadLanguage: boom }).steps);
    expect(result.lang).toBe('zh-CN');
  });

  it('spec §4: a failed UI-kit locale load is passed over', async () => {
    const result = await initApp(base, fakeSteps({ lang: 'en', loadUiKitLocale: boom }).steps);
    expect(result.failed).toEqual(['loadUiKitLocale']);
    expect(result.ran).toContain('createRouter');
  });

  it('spec §4: a failed login check resolves as not logged in and start-up goes on', async () => {
    const result = await initApp({ ...base, theme: true }, fakeSteps({ checkLogin: boom }).steps);
    expect(result.loggedIn).toBe(false);
    expect(result.failed).toEqual(['checkLogin']);
    expect(result.ran).toContain('loadTheme');
    expect(result.router).toBe('router(home,notice)');
  });

  it('spec §4: a login check that answers false is not logged in', async () => {
    const { steps } = fakeSteps({ checkLogin: async () => false });
    expect((await initApp(base, steps)).loggedIn).toBe(false);
  });

  it('spec §4: a failed router build rejects start-up', async () => {
    await expect(initApp(base, fakeSteps({ createRouter: boom }).steps)).rejects.toThrow('boom');
  });
});

describe('initApp router (spec §4 "async mode fetches permissions, then filters routes", §2, §6)', () => {
  it.each([2, 4])(
    'spec §6: user type %i fetches the permission tree; coded routes are kept by it',
    async (userType) => {
      const { steps, calls } = fakeSteps({ userType });
      let callback: unknown;
      const result = await initApp({ ...base, routerCallback: (r) => (callback = r) }, steps);
      expect(calls).toContain('fetchPermissions');
      expect(result.routes.map((r) => r.name)).toEqual(['home', 'notice']);
      expect(result.router).toBe('router(home,notice)');
      expect(callback).toBe('router(home,notice)');
    },
  );

  it.each([1, 3, undefined])(
    'spec §6: user type %s asks no tree; coded routes are removed',
    async (userType) => {
      const { steps, calls } = fakeSteps({ readUserType: async () => userType });
      const result = await initApp(base, steps);
      expect(calls).not.toContain('fetchPermissions');
      expect(result.ran).toContain('filterRoutes');
      expect(result.routes.map((r) => r.name)).toEqual(['home']);
    },
  );

  it('spec §4: a failed permission fetch filters against no codes (fail closed)', async () => {
    const result = await initApp(base, fakeSteps({ fetchPermissions: boom }).steps);
    expect(result.failed).toEqual(['fetchPermissions']);
    expect(result.routes.map((r) => r.name)).toEqual(['home']);
  });

  it('spec §2: when no page is left, the not-found route is appended', async () => {
    const notFoundRoute: Route = { path: '*', name: 'notFound' };
    const { steps } = fakeSteps({ userType: 1, notFoundRoute });
    const result = await initApp({ ...base, router: [routes[1] as Route] }, steps);
    expect(result.router).toBe('router(notFound)');
  });

  it('spec §3: routerType sync uses the route table as given, with no permission fetch', async () => {
    const { steps, calls } = fakeSteps();
    const result = await initApp({ ...base, routerType: 'sync' }, steps);
    expect(calls).not.toContain('fetchPermissions');
    expect(result.ran).not.toContain('filterRoutes');
    expect(result.routes.map((r) => r.name)).toEqual(['home', 'notice', 'secret']);
  });
});

describe('initApp access check (spec §4 "apply the access check", §6, §2)', () => {
  it('spec §6/§2: a teacher page not in the menu is denied and onAccessDenied runs', async () => {
    const { steps } = fakeSteps({
      location: { pathname: '/pages/cms/pc_cms_tm/index.html', hash: '#/secret' },
      readMenu: async () => [{ resourceType: 2, menuRoute: '/notice' }],
    });
    const result = await initApp(base, steps);
    expect(result.access).toEqual({ allowed: false, reason: 'route-not-in-menu' });
    expect(result.ran.slice(-3)).toEqual(['checkAccess', 'onAccessDenied', 'bindZoomHandler']);
  });

  it('spec §6: a teacher page in the menu is allowed', async () => {
    const { steps } = fakeSteps({
      location: { pathname: '/pages/cms/pc_cms_tm/index.html', hash: '#/notice' },
      readMenu: async () => [{ resourceType: 2, menuRoute: '/notice' }],
    });
    const result = await initApp(base, steps);
    expect(result.access.allowed).toBe(true);
    expect(result.ran).not.toContain('onAccessDenied');
  });

  it('spec §6: a failed menu read counts as no menu (fail closed)', async () => {
    const { steps } = fakeSteps({
      location: { pathname: '/pages/cms/pc_cms_tm/index.html', hash: '#/notice' },
      readMenu: boom,
    });
    const result = await initApp(base, steps);
    expect(result.access).toEqual({ allowed: false, reason: 'no-page-resources' });
  });
});

describe('initApp zoom handler (spec §4 "unless on mobile, in development, or the zoom option is off")', () => {
  it.each<[string, Partial<InitOptions<Route>>, boolean]>([
    ['defaults', {}, true],
    ['isOpenZoomInfo true', { isOpenZoomInfo: true }, true],
    ['nodeEnv production', { nodeEnv: 'production' }, true],
    ['mobile', { mobile: true }, false],
    ['nodeEnv development', { nodeEnv: 'development' }, false],
    ['isOpenZoomInfo false', { isOpenZoomInfo: false }, false],
  ])('spec §4: %s → bound %s', async (_label, extra, bound) => {
    const { steps, calls } = fakeSteps();
    const result = await initApp({ ...base, ...extra }, steps);
    expect(result.zoomHandlerBound).toBe(bound);
    expect(calls.includes('bindZoomHandler')).toBe(bound);
    if (bound) expect(result.ran.at(-1)).toBe('bindZoomHandler');
  });

  it('spec §4: a failed binding is recorded and start-up still resolves', async () => {
    const result = await initApp(base, fakeSteps({ bindZoomHandler: boom }).steps);
    expect(result.zoomHandlerBound).toBe(false);
    expect(result.failed).toEqual(['bindZoomHandler']);
  });
});
