// @vitest-environment jsdom
import { act, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSubAppLoader,
  SubAppLoadError,
  type SubAppLoadErrorReason,
  type SubAppModule,
  type SubAppMountContext,
} from '@campus/sdk/subapp-loader';
import { mountPerTest } from '../test-support/render.ts';
import { readViewportQuery, Viewport, type ViewportProps } from './Viewport.tsx';
import type { ViewportLoader } from './viewport-controller.ts';
import { VIEWPORT_HEIGHT_VARIABLE } from './viewport-height.ts';

const mount = mountPerTest();
const byTestId = (id: string) => mount.byTestId(id);
const PAGE = '/viewport.html';

const TM = '?app=cms&fileId=pc_cms_tm';
const SPM = '?app=cms&fileId=pc_cms_spm';

/** Lets the loader's promises and the mounts they lead to run. */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** Sample sub-apps that write their fileId into their container and log mounts and unmounts. */
function sampleApps() {
  const mounts: SubAppMountContext[] = [];
  const unmounts: string[] = [];
  const moduleFor = (fileId: string): SubAppModule => ({
    mount(ctx) {
      mounts.push(ctx);
      const text = document.createElement('p');
      text.dataset.testid = `app.${fileId}`;
      text.textContent = fileId;
      ctx.container.append(text);
      return () => unmounts.push(ctx.fileId);
    },
  });
  const load = vi.fn(async (_app: string, fileId: string) => moduleFor(fileId));
  const loader: ViewportLoader = { load };
  return { loader, load, mounts, unmounts, moduleFor };
}

const containerOf = (fileId: string) =>
  mount.container.querySelector<HTMLElement>(`[data-viewport-file="${fileId}"]`);
const containers = () => [...mount.container.querySelectorAll<HTMLElement>('[data-viewport-file]')];
const visibleFiles = () =>
  containers()
    .filter((c) => !c.hidden)
    .map((c) => c.dataset.viewportFile);

async function show(props: ViewportProps) {
  await mount.render(<Viewport {...props} />);
  await settle();
}

beforeEach(() => {
  window.history.replaceState(null, '', PAGE);
});

afterEach(() => {
  document.getElementById('page-header')?.remove();
  document.getElementById('page-footer')?.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('<Viewport> files (spec §2 page viewport)', () => {
  it('spec §2: loads the file the query names and mounts it in a container of its own', async () => {
    const apps = sampleApps();
    await show({ search: TM, loader: apps.loader });
    expect(apps.load).toHaveBeenCalledExactlyOnceWith('cms', 'pc_cms_tm');
    const container = containerOf('pc_cms_tm');
    expect(container?.hidden).toBe(false);
    expect(container?.querySelector('[data-testid="app.pc_cms_tm"]')).not.toBeNull();
    expect(apps.mounts[0]).toMatchObject({
      app: 'cms',
      fileId: 'pc_cms_tm',
      container,
      pagePath: '/pages/cms/pc_cms_tm/index.html',
      headerTarget: null,
      footerTarget: null,
    });
    expect(byTestId('viewport.loading')).toBeNull();
  });

  it('shows a loading state until the file is there', async () => {
    const pending = deferred<SubAppModule>();
    const apps = sampleApps();
    await show({ search: TM, loader: { load: () => pending.promise } });
    expect(byTestId('viewport.loading')?.textContent).toBe('正在加载应用…');
    expect(byTestId('viewport.loading')?.getAttribute('role')).toBe('status');
    expect(containers()).toEqual([]);
    pending.resolve(apps.moduleFor('pc_cms_tm'));
    await settle();
    expect(byTestId('viewport.loading')).toBeNull();
    expect(visibleFiles()).toEqual(['pc_cms_tm']);
  });

  it('spec §2: one container per file; only the current one shows; nothing is mounted twice', async () => {
    const apps = sampleApps();
    for (const search of [TM, SPM, TM, SPM, TM]) {
      await show({ search, loader: apps.loader });
      const current = new URLSearchParams(search).get('fileId');
      expect(visibleFiles(), search).toEqual([current]);
    }
    expect(containers().map((c) => c.dataset.viewportFile)).toEqual(['pc_cms_tm', 'pc_cms_spm']);
    expect(apps.mounts.map((m) => m.fileId)).toEqual(['pc_cms_tm', 'pc_cms_spm']);
    expect(apps.load).toHaveBeenCalledTimes(2);
    expect(apps.unmounts).toEqual([]);
  });

  it('reads window.location.search when no search is given', async () => {
    window.history.replaceState(null, '', `${PAGE}${SPM}`);
    const apps = sampleApps();
    await show({ loader: apps.loader });
    expect(apps.load).toHaveBeenCalledExactlyOnceWith('cms', 'pc_cms_spm');
    expect(visibleFiles()).toEqual(['pc_cms_spm']);
  });

  it('spec §2: id and linkUrl are read but change nothing', async () => {
    expect(readViewportQuery(`${TM}&id=42&linkUrl=%2Fcms%2Fnotice`)).toEqual({
      app: 'cms',
      fileId: 'pc_cms_tm',
      id: '42',
      linkUrl: '/cms/notice',
    });
    const apps = sampleApps();
    await show({ search: `${TM}&id=42&linkUrl=%2Fcms%2Fnotice`, loader: apps.loader });
    expect(apps.load).toHaveBeenCalledExactlyOnceWith('cms', 'pc_cms_tm');
  });

  it('spec §2: without app or fileId the not-found page shows and nothing loads', async () => {
    const apps = sampleApps();
    for (const search of ['', '?app=cms', '?fileId=pc_cms_tm', '?app=&fileId=pc_cms_tm']) {
      await show({ search, loader: apps.loader });
      expect(byTestId('notFound.root'), search).not.toBeNull();
    }
    expect(apps.load).not.toHaveBeenCalled();
  });

  it('leaving a file for one without a name hides it, and coming back shows it again', async () => {
    const apps = sampleApps();
    await show({ search: TM, loader: apps.loader });
    await show({ search: '?app=cms', loader: apps.loader });
    expect(visibleFiles()).toEqual([]);
    await show({ search: TM, loader: apps.loader });
    expect(visibleFiles()).toEqual(['pc_cms_tm']);
    expect(apps.mounts).toHaveLength(1);
  });

  it('a file left while it loads is not mounted until it is opened again', async () => {
    const pending = deferred<SubAppModule>();
    const apps = sampleApps();
    const loader: ViewportLoader = {
      load: (app, fileId) =>
        fileId === 'pc_cms_tm' ? pending.promise : apps.loader.load(app, fileId),
    };
    await show({ search: TM, loader });
    await show({ search: SPM, loader });
    pending.resolve(apps.moduleFor('pc_cms_tm'));
    await settle();
    expect(containers().map((c) => c.dataset.viewportFile)).toEqual(['pc_cms_spm']);
    await show({ search: TM, loader });
    expect(visibleFiles()).toEqual(['pc_cms_tm']);
  });

  it('unmounting the viewport unmounts every sub-app, async mounts included', async () => {
    const apps = sampleApps();
    const asyncUnmount = vi.fn();
    const loader: ViewportLoader = {
      load: async (app, fileId) =>
        fileId === 'pc_cms_home'
          ? { mount: async () => asyncUnmount }
          : apps.loader.load(app, fileId),
    };
    for (const search of [TM, SPM, '?app=cms&fileId=pc_cms_home']) await show({ search, loader });
    await mount.render(null);
    expect(apps.unmounts.sort()).toEqual(['pc_cms_spm', 'pc_cms_tm']);
    expect(asyncUnmount).toHaveBeenCalledOnce();
    expect(containers()).toEqual([]);
    // The history watch is gone too.
    expect(Object.hasOwn(window.history, 'pushState')).toBe(false);
    expect(Object.hasOwn(window.history, 'replaceState')).toBe(false);
  });

  it('under StrictMode each file is still mounted once, and shown', async () => {
    const apps = sampleApps();
    for (const search of [TM, SPM, TM]) {
      await mount.render(
        <StrictMode>
          <Viewport search={search} loader={apps.loader} />
        </StrictMode>,
      );
      await settle();
    }
    expect(apps.mounts.map((m) => m.fileId)).toEqual(['pc_cms_tm', 'pc_cms_spm']);
    expect(visibleFiles()).toEqual(['pc_cms_tm']);
    expect(containers()).toHaveLength(2);
  });

  it('works with the sdk loader (manifest, stylesheet, script)', async () => {
    const apps = sampleApps();
    const stylesheets: string[] = [];
    const loader = createSubAppLoader({
      fetchJson: async () => ({
        'pc_cms_tm.js': '/cms/assets/pc_cms_tm.js',
        'pc_cms_tm.css': '/cms/assets/pc_cms_tm.css',
      }),
      importModule: async () => apps.moduleFor('pc_cms_tm'),
      addStylesheet: async (url) => {
        stylesheets.push(url);
      },
    });
    await show({ search: TM, loader });
    expect(visibleFiles()).toEqual(['pc_cms_tm']);
    expect(stylesheets).toEqual(['/cms/assets/pc_cms_tm.css']);
  });
});

describe('<Viewport> hash per file (spec §2: every sub-app routes by hash)', () => {
  it('remembers each file’s hash and restores it when switching back', async () => {
    const apps = sampleApps();
    await show({ search: TM, loader: apps.loader });
    window.location.hash = '#/notice/list';
    await show({ search: SPM, loader: apps.loader });
    // A new file does not inherit the other file's route.
    expect(window.location.hash).toBe('');
    // The sub-app's router moves with pushState, which fires no event.
    window.history.pushState(null, '', '#/children/2');
    await show({ search: TM, loader: apps.loader });
    expect(window.location.hash).toBe('#/notice/list');
    await show({ search: SPM, loader: apps.loader });
    expect(window.location.hash).toBe('#/children/2');
    // Restoring replaces the entry: switching adds no history entries of its own.
    expect(window.location.pathname).toBe(PAGE);
  });

  it('works when the caller moves the address to the other file first', async () => {
    const apps = sampleApps();
    const open = async (search: string) => {
      window.history.pushState(null, '', `${PAGE}${search}`);
      await show({ loader: apps.loader });
    };
    await open(TM);
    window.history.pushState(null, '', `${PAGE}${TM}#/notice/7`);
    await open(SPM);
    window.history.pushState(null, '', `${PAGE}${SPM}#/children/1`);
    await open(TM);
    expect(window.location.hash).toBe('#/notice/7');
    await open(SPM);
    expect(window.location.hash).toBe('#/children/1');
  });

  it('a hash the caller navigates to (a deep link) wins over the remembered one', async () => {
    const apps = sampleApps();
    await show({ search: TM, loader: apps.loader });
    window.history.pushState(null, '', '#/notice/list');
    await show({ search: SPM, loader: apps.loader });
    window.history.pushState(null, '', `${PAGE}${TM}#/notice/9`);
    await show({ search: TM, loader: apps.loader });
    expect(window.location.hash).toBe('#/notice/9');
  });

  it('the first file keeps the hash the page was opened with', async () => {
    window.history.replaceState(null, '', `${PAGE}${TM}#/notice/3`);
    await show({ loader: sampleApps().loader });
    expect(window.location.hash).toBe('#/notice/3');
  });
});

describe('<Viewport> header and footer (spec §2)', () => {
  function slot(id: string) {
    const element = document.createElement('div');
    element.id = id;
    document.body.append(element);
    return element;
  }

  it('renders the header and footer into #page-header and #page-footer', async () => {
    const header = slot('page-header');
    const footer = slot('page-footer');
    const apps = sampleApps();
    await show({
      search: TM,
      loader: apps.loader,
      header: <span data-testid="header.root">H</span>,
      footer: <span data-testid="footer.root">F</span>,
    });
    expect(header.querySelector('[data-testid="header.root"]')).not.toBeNull();
    expect(footer.querySelector('[data-testid="footer.root"]')).not.toBeNull();
    expect(byTestId('header.root')).toBeNull();
    expect(apps.mounts[0]?.headerTarget).toBe(header);
    expect(apps.mounts[0]?.footerTarget).toBe(footer);
  });

  it('renders neither where the page has no such element', async () => {
    await show({
      search: TM,
      loader: sampleApps().loader,
      header: <span data-testid="header.root">H</span>,
      footer: <span data-testid="footer.root">F</span>,
    });
    expect(document.querySelector('[data-testid="header.root"]')).toBeNull();
    expect(document.querySelector('[data-testid="footer.root"]')).toBeNull();
  });
});

describe('<Viewport> failures', () => {
  const failingLoader = (reason: SubAppLoadErrorReason): ViewportLoader => ({
    load: async (app, fileId) => {
      throw new SubAppLoadError(reason, app, fileId);
    },
  });

  it('spec §2: a file that is not there shows the not-found page', async () => {
    for (const reason of ['invalid-name', 'manifest-missing', 'not-in-manifest'] as const) {
      await show({ search: TM, loader: failingLoader(reason) });
      expect(byTestId('notFound.root'), reason).not.toBeNull();
      expect(byTestId('viewport.retry'), reason).toBeNull();
    }
  });

  it('a script that fails shows a clear message with a retry, in zh-CN and en', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const reason of ['script-failed', 'not-a-sub-app'] as const) {
      await show({ search: TM, loader: failingLoader(reason) });
      expect(byTestId('viewport.error')?.getAttribute('role'), reason).toBe('alert');
      expect(byTestId('viewport.error')?.textContent).toContain('应用加载失败');
      expect(byTestId('viewport.retry')?.textContent).toBe('重试');
      expect(byTestId('notFound.root')).toBeNull();
    }
    const en = { language: 'en', on: () => undefined, off: () => undefined };
    await show({ search: TM, loader: failingLoader('script-failed'), language: en });
    expect(byTestId('viewport.error')?.textContent).toContain(
      'The application could not be loaded',
    );
    expect(byTestId('viewport.retry')?.textContent).toBe('Try again');
  });

  it('an error that is not a load error counts as a failed script', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await show({
      search: TM,
      loader: {
        load: async () => {
          throw new TypeError('Failed to fetch dynamically imported module');
        },
      },
    });
    expect(byTestId('viewport.retry')).not.toBeNull();
  });

  it('retry loads the file again and mounts it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const apps = sampleApps();
    let online = false;
    const load = vi.fn(async (app: string, fileId: string) => {
      if (!online) throw new SubAppLoadError('script-failed', app, fileId);
      return apps.moduleFor(fileId);
    });
    await show({ search: TM, loader: { load } });
    online = true;
    await act(async () => {
      (byTestId('viewport.retry') as HTMLButtonElement).click();
    });
    await settle();
    expect(byTestId('viewport.error')).toBeNull();
    expect(visibleFiles()).toEqual(['pc_cms_tm']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a mount that throws shows the retry, and leaves no container behind', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await show({
      search: TM,
      loader: {
        load: async () => ({
          mount() {
            throw new Error('cms failed to start');
          },
        }),
      },
    });
    expect(byTestId('viewport.retry')).not.toBeNull();
    expect(containers()).toEqual([]);
    expect(error).toHaveBeenCalled();
  });
});

describe('<Viewport> height (spec §9 "viewport resize throttled at 50 ms")', () => {
  function layout(innerHeight: number, header: number, footer: number) {
    Object.defineProperty(window, 'innerHeight', { value: innerHeight, configurable: true });
    for (const [id, height] of [
      ['page-header', header],
      ['page-footer', footer],
    ] as const) {
      const element = document.getElementById(id) ?? document.createElement('div');
      element.id = id;
      element.getBoundingClientRect = () => ({ height }) as DOMRect;
      document.body.append(element);
    }
  }
  const height = () =>
    (byTestId('viewport.root') as HTMLElement | null)?.style.getPropertyValue(
      VIEWPORT_HEIGHT_VARIABLE,
    );
  const resize = () => window.dispatchEvent(new Event('resize'));

  it('sets --ph-viewport-height to the space between #page-header and #page-footer', async () => {
    layout(900, 64, 36);
    await show({ search: '', loader: sampleApps().loader });
    expect(height()).toBe('800px');
  });

  it('the whole window when the page has neither', async () => {
    Object.defineProperty(window, 'innerHeight', { value: 700, configurable: true });
    await show({ search: '', loader: sampleApps().loader });
    expect(height()).toBe('700px');
  });

  it('updates on resize at most once per 50 ms, the last size always landing', async () => {
    layout(900, 64, 36);
    await show({ search: '', loader: sampleApps().loader });
    vi.useFakeTimers();
    layout(1000, 64, 36);
    resize();
    expect(height()).toBe('900px');
    for (const inner of [1010, 1020, 1030]) {
      layout(inner, 64, 36);
      resize();
    }
    vi.advanceTimersByTime(49);
    expect(height()).toBe('900px');
    vi.advanceTimersByTime(1);
    expect(height()).toBe('930px');
    // Quiet again: the next resize applies at once after the 50 ms are over.
    vi.advanceTimersByTime(50);
    layout(600, 64, 36);
    resize();
    expect(height()).toBe('500px');
  });

  it('stops listening when the viewport unmounts', async () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    await show({ search: '', loader: sampleApps().loader });
    await mount.render(null);
    expect(removed).toHaveBeenCalledWith('resize', expect.any(Function));
  });
});
