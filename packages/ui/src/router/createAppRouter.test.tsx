// @vitest-environment jsdom
import { act } from 'react';
import { useMatches } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { mountPerTest } from '../test-support/render.ts';
import {
  AppRouter,
  createAppRouter,
  type AppRoute,
  type CreateAppRouterInput,
} from './createAppRouter.tsx';

const mount = mountPerTest();
const byTestId = (id: string) => mount.byTestId(id);
const PAGE = '/pages/cms/pc_cms_tm/index.html';

const page = (id: string) => <p data-testid={id}>{id}</p>;

/** The cms sample table: a home, a coded notice page with a child, a redirect. */
const cmsRoutes: AppRoute[] = [
  { path: '/', element: page('cms.home') },
  { path: '/old-home', redirect: '/' },
  {
    path: '/notice',
    element: page('cms.notice'),
    meta: { code: 'cms:notice', title: 'Notices' },
  },
  { path: '/publish', element: page('cms.publish'), meta: { code: 'cms:notice:publish' } },
];

let routers: ReturnType<typeof createAppRouter>['router'][] = [];
let scrollTo: MockInstance<typeof window.scrollTo>;

beforeEach(() => {
  window.history.replaceState(null, '', `${PAGE}#/`);
  // jsdom does not implement scrolling; the spy also records the resets.
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  for (const router of routers) router.dispose();
  routers = [];
  vi.restoreAllMocks();
});

async function start(input: Partial<CreateAppRouterInput> = {}, hash = '#/') {
  window.history.replaceState(null, '', `${PAGE}${hash}`);
  const result = createAppRouter({ routes: cmsRoutes, codes: {}, filter: true, ...input });
  routers.push(result.router);
  await mount.render(<AppRouter router={result.router} />);
  return result;
}

/** Navigates the way a link or the address bar does: through `location.hash`. */
async function go(hash: string) {
  await act(async () => {
    window.location.hash = hash;
    // jsdom fires popstate as a task; the router then settles in microtasks.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const showsNotFound = () => byTestId('notFound.root') !== null;

describe('createAppRouter (spec §2 sub-application routing)', () => {
  it('spec §2: hash mode; a route whose code the user holds renders', async () => {
    await start({ codes: { 'cms:notice': true } });
    expect(byTestId('cms.home')).not.toBeNull();
    await go('#/notice');
    expect(byTestId('cms.notice')).not.toBeNull();
    expect(showsNotFound()).toBe(false);
  });

  it('spec §2: a route whose code the user lacks is removed and falls to not-found', async () => {
    const { routes } = await start({ codes: { 'cms:notice': true } });
    expect(routes.map((r) => r.path)).toEqual(['/', '/old-home', '/notice']);
    await go('#/publish');
    expect(byTestId('cms.publish')).toBeNull();
    expect(showsNotFound()).toBe(true);
  });

  it('spec §2: routes without a code and redirects are kept', async () => {
    const { routes, routable } = await start({ codes: {} });
    expect(routes.map((r) => r.path)).toEqual(['/', '/old-home']);
    expect(routable).toBe(true);
    await go('#/old-home');
    // The redirect replaced the address with its target.
    expect(window.location.hash).toBe('#/');
    expect(byTestId('cms.home')).not.toBeNull();
  });

  it('spec §2: when nothing routable remains, every address shows not-found', async () => {
    const { routes, routable } = await start({
      routes: [
        { path: '/', redirect: '/notice' },
        { path: '/notice', element: page('cms.notice'), meta: { code: 'cms:notice' } },
      ],
      codes: null,
    });
    expect(routable).toBe(false);
    expect(routes.map((r) => r.path)).toEqual(['/', '*']);
    // '/' redirects to '/notice', which is gone: not-found.
    expect(showsNotFound()).toBe(true);
    await go('#/anything/else');
    expect(showsNotFound()).toBe(true);
  });

  it('spec §3 routerType sync: without filtering every route is kept', async () => {
    const { routes, routable } = await start({ filter: false, codes: {} });
    expect(routes.map((r) => r.path)).toEqual(cmsRoutes.map((r) => r.path));
    expect(routable).toBe(true);
    await go('#/publish');
    expect(byTestId('cms.publish')).not.toBeNull();
  });

  it('spec §2: an unknown address shows not-found, not the router error page', async () => {
    for (const filter of [true, false]) {
      await start({ filter });
      await go('#/no/such/page');
      expect(showsNotFound(), `filter ${filter}`).toBe(true);
      expect(mount.container.textContent).not.toMatch(/404|Unexpected Application Error/);
    }
  });

  it("a table's own wildcard (any router's spelling) is used, and none is added", async () => {
    const { routes } = await start({
      routes: [
        { path: '/', element: page('cms.home') },
        { path: '/:pathMatch(.*)*', element: page('cms.missing') },
      ],
    });
    expect(routes.map((r) => r.path)).toEqual(['/', '/:pathMatch(.*)*']);
    await go('#/nowhere');
    expect(byTestId('cms.missing')).not.toBeNull();
    expect(showsNotFound()).toBe(false);
  });

  it('a route that throws while rendering shows not-found, not a stack trace', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('render failed at Broken (app.tsx:12)');
    }
    await start({ routes: [{ path: '/', element: <Broken /> }] });
    expect(showsNotFound()).toBe(true);
    expect(mount.container.textContent).not.toMatch(/render failed|app\.tsx/);
  });

  it('kept children are filtered too, and a custom not-found page replaces the default', async () => {
    const { routes } = await start({
      routes: [
        {
          path: '/notice',
          element: page('cms.notice'),
          children: [
            { path: 'list', element: page('cms.list') },
            { path: 'edit', element: page('cms.edit'), meta: { code: 'cms:notice:edit' } },
          ],
        },
      ],
      notFound: page('cms.notFound'),
    });
    expect(routes[0]?.children?.map((r) => r.path)).toEqual(['list']);
    await go('#/notice/edit');
    expect(byTestId('cms.notFound')).not.toBeNull();
    expect(showsNotFound()).toBe(false);
  });

  it("spec §1: the default not-found page follows the app's language", async () => {
    await start(
      {
        language: { language: 'en', on: () => undefined, off: () => undefined },
      },
      '#/nowhere',
    );
    expect(byTestId('notFound.title')?.textContent).toBe('Page not found');
  });

  it("a route's meta reaches its components through useMatches", async () => {
    function Title() {
      const matches = useMatches();
      const meta = matches.at(-1)?.handle as { meta?: { title?: string } } | undefined;
      return <h1 data-testid="cms.title">{meta?.meta?.title}</h1>;
    }
    await start({
      routes: [{ path: '/', element: <Title />, meta: { title: 'Notices' } }],
    });
    expect(byTestId('cms.title')?.textContent).toBe('Notices');
  });
});

describe('scroll reset (spec §2 "scroll reset to top on every navigation")', () => {
  it('scrolls the window and the scroll container to the top on every navigation', async () => {
    const scroller = document.createElement('div');
    await start({ codes: { 'cms:notice': true }, scrollContainer: () => scroller });
    scrollTo.mockClear();
    for (const hash of ['#/notice', '#/', '#/notice']) {
      scroller.scrollTop = 480;
      await go(hash);
      expect(scrollTo).toHaveBeenCalledWith(0, 0);
      expect(scroller.scrollTop).toBe(0);
      scrollTo.mockClear();
    }
  });

  it('a scroll container may be given as an element', async () => {
    const scroller = document.createElement('div');
    await start({ codes: { 'cms:notice': true }, scrollContainer: scroller });
    scroller.scrollTop = 300;
    await go('#/notice');
    expect(scroller.scrollTop).toBe(0);
  });
});
