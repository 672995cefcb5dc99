// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appPagePathFor,
  browserSubAppLoaderDeps,
  createSubAppLoader,
  isSubAppModule,
  isSubAppName,
  ManifestHttpError,
  manifestEntry,
  manifestUrl,
  parseManifest,
  SubAppLoadError,
  type SubAppLoadErrorReason,
  type SubAppLoaderDeps,
  type SubAppModule,
} from './subapp-loader.ts';

const TM_JS = '/cms/assets/pc_cms_tm-3f2a.js';
const TM_CSS = '/cms/assets/pc_cms_tm-91bc.css';
const SPM_JS = '/cms/assets/pc_cms_spm-77d0.js';
const SHARED_CSS = '/cms/assets/shared-aa01.css';

const cmsManifest = {
  'pc_cms_tm.js': TM_JS,
  'pc_cms_tm.css': TM_CSS,
  'pc_cms_spm.js': SPM_JS,
  'pc_cms_spm.css': SHARED_CSS,
  'pc_cms_home.js': '/cms/assets/pc_cms_home-0e1f.js',
  'pc_cms_home.css': SHARED_CSS,
};

const subApp = (): SubAppModule => ({ mount: () => undefined });

/** Deferred promise, to hold a dependency open while a second load starts. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Fake deps over a table of manifests and modules, logging each call. */
function fakeDeps(
  override: Partial<SubAppLoaderDeps> & {
    manifests?: Record<string, unknown>;
    modules?: Record<string, unknown>;
  } = {},
) {
  const calls = {
    fetchJson: [] as string[],
    importModule: [] as string[],
    stylesheets: [] as string[],
  };
  const manifests = override.manifests ?? { '/cms/manifest.json': cmsManifest };
  const modules = override.modules ?? { [TM_JS]: subApp(), [SPM_JS]: subApp() };
  const deps: SubAppLoaderDeps = {
    fetchJson: async (url) => {
      calls.fetchJson.push(url);
      if (override.fetchJson) return override.fetchJson(url);
      if (!(url in manifests)) throw new ManifestHttpError(404);
      return manifests[url];
    },
    importModule: async (url) => {
      calls.importModule.push(url);
      if (override.importModule) return override.importModule(url);
      if (!(url in modules))
        throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
      return modules[url];
    },
    addStylesheet: async (url) => {
      calls.stylesheets.push(url);
      if (override.addStylesheet) return override.addStylesheet(url);
    },
  };
  return { deps, calls, modules };
}

async function reasonOf(promise: Promise<unknown>): Promise<SubAppLoadErrorReason | 'resolved'> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    expect(error).toBeInstanceOf(SubAppLoadError);
    return (error as SubAppLoadError).reason;
  }
}

describe('names and paths (spec §2 page viewport, §7 manifest call)', () => {
  it('spec §7: the manifest lives at /{app}/manifest.json', () => {
    expect(manifestUrl('cms')).toBe('/cms/manifest.json');
    expect(() => manifestUrl('../cms')).toThrow(SubAppLoadError);
  });

  it('accepts letters, digits, _ and - (1 to 64 characters) and nothing else', () => {
    for (const ok of ['cms', 'pc_cms_tm', 'A-1', 'x'.repeat(64)])
      expect(isSubAppName(ok), ok).toBe(true);
    const bad: unknown[] = [
      '',
      'x'.repeat(65),
      '../cms',
      'cms/notice',
      'a.b',
      ' cms',
      'cms\n',
      '课程',
      '%2e%2e',
      null,
      1,
    ];
    for (const value of bad) expect(isSubAppName(value), String(value)).toBe(false);
  });

  it('spec §2: the app page of a file is /pages/{app}/{fileId}/index.html', () => {
    expect(appPagePathFor('cms', 'pc_cms_tm')).toBe('/pages/cms/pc_cms_tm/index.html');
    expect(appPagePathFor('cms', 'pc_cms_tm', 'area')).toBe('/area/cms/pc_cms_tm/index.html');
    expect(appPagePathFor('cms', 'pc_cms_tm', '/portal/')).toBe('/portal/cms/pc_cms_tm/index.html');
    expect(() => appPagePathFor('cms', '../../admin')).toThrow(SubAppLoadError);
  });
});

describe('parseManifest (spec §3 manifest)', () => {
  it("keeps '{fileId}.js' and '{fileId}.css' entries that are same-origin paths", () => {
    expect({ ...parseManifest(cmsManifest) }).toEqual(cmsManifest);
  });

  it('drops entries that would load from another site, or are not strings', () => {
    const manifest = parseManifest({
      'ok.js': '/cms/ok.js',
      'abs.js': 'https://evil.example/x.js',
      'proto.js': '//evil.example/x.js',
      'slash.js': '/\\evil.example/x.js',
      'tab.js': '/\t/evil.example/x.js',
      'js.js': 'javascript:alert(1)',
      'data.js': 'data:text/javascript,alert(1)',
      'relative.js': 'assets/x.js',
      'num.js': 42,
      'obj.js': { file: '/x.js' },
      'null.js': null,
    });
    expect({ ...manifest }).toEqual({ 'ok.js': '/cms/ok.js' });
  });

  it('reads anything that is not an object as an empty manifest', () => {
    for (const json of [null, undefined, 'text', 3, ['/x.js'], true]) {
      expect(Object.keys(parseManifest(json))).toEqual([]);
    }
  });

  it('a __proto__ key is an ordinary entry, and the result is frozen', () => {
    const manifest = parseManifest(JSON.parse('{"__proto__": "/x.js", "a.js": "/a.js"}'));
    expect(Object.getPrototypeOf(manifest)).toBeNull();
    expect(manifest.__proto__).toBe('/x.js');
    expect(Object.isFrozen(manifest)).toBe(true);
  });
});

describe('manifestEntry and isSubAppModule', () => {
  it('finds the script and, when listed, the stylesheet of a fileId', () => {
    expect(manifestEntry(cmsManifest, 'pc_cms_tm')).toEqual({ script: TM_JS, stylesheet: TM_CSS });
    expect(manifestEntry({ 'pc_cms_tm.js': TM_JS }, 'pc_cms_tm')).toEqual({
      script: TM_JS,
      stylesheet: null,
    });
  });

  it('is null without a script, and reads only own keys', () => {
    expect(manifestEntry({ 'pc_cms_tm.css': TM_CSS }, 'pc_cms_tm')).toBeNull();
    expect(manifestEntry(cmsManifest, 'pc_cms_missing')).toBeNull();
    const inherited = Object.create({ 'pc_cms_tm.js': TM_JS }) as Record<string, string>;
    expect(manifestEntry(inherited, 'pc_cms_tm')).toBeNull();
  });

  it('a sub-app module is an object with a mount function', () => {
    expect(isSubAppModule({ mount() {} })).toBe(true);
    for (const value of [null, undefined, {}, { mount: 'x' }, () => {}, 'mount']) {
      expect(isSubAppModule(value)).toBe(false);
    }
  });
});

describe('createSubAppLoader (spec §2 page viewport)', () => {
  it('loads a file: manifest, stylesheet and script, resolving with the module', async () => {
    const { deps, calls, modules } = fakeDeps();
    const module = await createSubAppLoader(deps).load('cms', 'pc_cms_tm');
    expect(module).toBe(modules[TM_JS]);
    expect(calls).toEqual({
      fetchJson: ['/cms/manifest.json'],
      importModule: [TM_JS],
      stylesheets: [TM_CSS],
    });
  });

  it('a file without a stylesheet adds none', async () => {
    const { deps, calls } = fakeDeps({
      manifests: { '/cms/manifest.json': { 'pc_cms_tm.js': TM_JS } },
    });
    await createSubAppLoader(deps).load('cms', 'pc_cms_tm');
    expect(calls.stylesheets).toEqual([]);
  });

  it("fetches each app's manifest once, and each stylesheet once per URL", async () => {
    const { deps, calls } = fakeDeps({
      manifests: {
        '/cms/manifest.json': cmsManifest,
        '/edu/manifest.json': { 'pc_edu_tm.js': '/edu/a.js' },
      },
      modules: {
        [TM_JS]: subApp(),
        [SPM_JS]: subApp(),
        '/cms/assets/pc_cms_home-0e1f.js': subApp(),
        '/edu/a.js': subApp(),
      },
    });
    const loader = createSubAppLoader(deps);
    await loader.load('cms', 'pc_cms_tm');
    await loader.load('cms', 'pc_cms_spm');
    await loader.load('cms', 'pc_cms_home');
    await loader.load('edu', 'pc_edu_tm');
    expect(calls.fetchJson).toEqual(['/cms/manifest.json', '/edu/manifest.json']);
    expect(calls.stylesheets).toEqual([TM_CSS, SHARED_CSS]);
  });

  it('imports a file once; a later load resolves with the same module', async () => {
    const { deps, calls } = fakeDeps();
    const loader = createSubAppLoader(deps);
    const first = await loader.load('cms', 'pc_cms_tm');
    const second = await loader.load('cms', 'pc_cms_tm');
    expect(second).toBe(first);
    expect(calls.importModule).toEqual([TM_JS]);
  });

  it('concurrent loads of one file share one promise and one request each', async () => {
    const manifest = deferred<unknown>();
    const { deps, calls } = fakeDeps({ fetchJson: () => manifest.promise });
    const loader = createSubAppLoader(deps);
    const a = loader.load('cms', 'pc_cms_tm');
    const b = loader.load('cms', 'pc_cms_tm');
    const c = loader.load('cms', 'pc_cms_spm');
    expect(b).toBe(a);
    manifest.resolve(cmsManifest);
    const [ma, mb, mc] = await Promise.all([a, b, c]);
    expect(mb).toBe(ma);
    expect(mc).not.toBe(ma);
    expect(calls.fetchJson).toEqual(['/cms/manifest.json']);
    expect(calls.importModule).toEqual([TM_JS, SPM_JS]);
  });

  it("'invalid-name': a bad app or fileId is refused before any request", async () => {
    const { deps, calls } = fakeDeps();
    const loader = createSubAppLoader(deps);
    for (const [app, fileId] of [
      ['../cms', 'pc_cms_tm'],
      ['cms', '../../admin'],
      ['', 'pc_cms_tm'],
      ['cms', ''],
      ['evil.example', 'x'],
    ] as const) {
      expect(await reasonOf(loader.load(app, fileId)), `${app}/${fileId}`).toBe('invalid-name');
    }
    expect(calls).toEqual({ fetchJson: [], importModule: [], stylesheets: [] });
  });

  it("'manifest-missing': the manifest cannot be fetched; the failure is not cached", async () => {
    let online = false;
    const { deps, calls } = fakeDeps({
      fetchJson: async () => {
        if (!online) throw new ManifestHttpError(404);
        return cmsManifest;
      },
    });
    const loader = createSubAppLoader(deps);
    const failure = loader.load('cms', 'pc_cms_tm');
    expect(await reasonOf(failure)).toBe('manifest-missing');
    await failure.catch((error: unknown) => {
      expect((error as SubAppLoadError).cause).toBeInstanceOf(ManifestHttpError);
      expect((error as SubAppLoadError).fileId).toBe('pc_cms_tm');
    });
    online = true;
    expect(await reasonOf(loader.load('cms', 'pc_cms_tm'))).toBe('resolved');
    expect(calls.fetchJson).toEqual(['/cms/manifest.json', '/cms/manifest.json']);
  });

  it("'manifest-missing': a reply that is not JSON (an HTML page) is a missing manifest", async () => {
    const { deps } = fakeDeps({
      fetchJson: async () => {
        throw new SyntaxError('Unexpected token < in JSON');
      },
    });
    expect(await reasonOf(createSubAppLoader(deps).load('cms', 'pc_cms_tm'))).toBe(
      'manifest-missing',
    );
  });

  it("'not-in-manifest': the manifest lists no script for the file", async () => {
    const { deps, calls } = fakeDeps();
    expect(await reasonOf(createSubAppLoader(deps).load('cms', 'pc_cms_missing'))).toBe(
      'not-in-manifest',
    );
    expect(calls.importModule).toEqual([]);
  });

  it("'not-in-manifest': a script on another site is never imported", async () => {
    const { deps, calls } = fakeDeps({
      manifests: { '/cms/manifest.json': { 'pc_cms_tm.js': 'https://evil.example/x.js' } },
    });
    expect(await reasonOf(createSubAppLoader(deps).load('cms', 'pc_cms_tm'))).toBe(
      'not-in-manifest',
    );
    expect(calls.importModule).toEqual([]);
  });

  it("'script-failed': the import rejects; a retry imports again", async () => {
    const { deps, calls, modules } = fakeDeps({ modules: {} });
    const loader = createSubAppLoader(deps);
    expect(await reasonOf(loader.load('cms', 'pc_cms_tm'))).toBe('script-failed');
    modules[TM_JS] = subApp();
    expect(await reasonOf(loader.load('cms', 'pc_cms_tm'))).toBe('resolved');
    expect(calls.importModule).toEqual([TM_JS, TM_JS]);
    // The manifest was read fine the first time, so it is not fetched again.
    expect(calls.fetchJson).toEqual(['/cms/manifest.json']);
  });

  it("'script-failed': an import that throws synchronously is still a typed failure", async () => {
    const { deps } = fakeDeps({
      importModule: () => {
        throw new Error('boom');
      },
    });
    expect(await reasonOf(createSubAppLoader(deps).load('cms', 'pc_cms_tm'))).toBe('script-failed');
  });

  it("'not-a-sub-app': the script exports no mount function", async () => {
    const { deps } = fakeDeps({ modules: { [TM_JS]: { render() {} } } });
    expect(await reasonOf(createSubAppLoader(deps).load('cms', 'pc_cms_tm'))).toBe('not-a-sub-app');
  });

  it('a module whose default export has mount is a sub-app too', async () => {
    const inner = subApp();
    const { deps } = fakeDeps({ modules: { [TM_JS]: { default: inner } } });
    expect(await createSubAppLoader(deps).load('cms', 'pc_cms_tm')).toBe(inner);
  });

  it('a stylesheet that fails to load does not block the app', async () => {
    const { deps } = fakeDeps({
      addStylesheet: async () => {
        throw new Error('404');
      },
    });
    expect(await reasonOf(createSubAppLoader(deps).load('cms', 'pc_cms_tm'))).toBe('resolved');
  });
});

describe('browserSubAppLoaderDeps', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelectorAll('link').forEach((link) => link.remove());
  });

  it('spec §7: fetches the manifest with same-origin credentials', async () => {
    const fetchMock = vi.fn(async () => Response.json(cmsManifest));
    vi.stubGlobal('fetch', fetchMock);
    expect(await browserSubAppLoaderDeps().fetchJson('/cms/manifest.json')).toEqual(cmsManifest);
    expect(fetchMock).toHaveBeenCalledWith(
      '/cms/manifest.json',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it("an HTTP 404 for the manifest makes the load fail with 'manifest-missing'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('not found', { status: 404 })),
    );
    const deps = browserSubAppLoaderDeps();
    await expect(deps.fetchJson('/nope/manifest.json')).rejects.toMatchObject({ status: 404 });
    expect(await reasonOf(createSubAppLoader(deps).load('nope', 'pc_nope_tm'))).toBe(
      'manifest-missing',
    );
  });

  it('adds a <link rel="stylesheet"> to the head and resolves on load or on error', async () => {
    const deps = browserSubAppLoaderDeps();
    for (const [url, event] of [
      [TM_CSS, 'load'],
      ['/cms/missing.css', 'error'],
    ] as const) {
      let settled = false;
      const added = deps.addStylesheet(url).then(() => (settled = true));
      const link = document.head.querySelector<HTMLLinkElement>(`link[href="${url}"]`);
      expect(link?.rel).toBe('stylesheet');
      await Promise.resolve();
      expect(settled).toBe(false);
      link?.dispatchEvent(new Event(event));
      await added;
      expect(settled).toBe(true);
    }
  });
});
