/**
 * Loading a sub-application into the page viewport (spec §2 "Page viewport", §3 Manifest, §7
 * `GET /{app}/manifest.json`). Sub-apps are built and deployed on their own (DESIGN.md §2), so
 * the portal finds a file's script and stylesheet through the app's manifest at run time.
 * Framework-agnostic: the network, the module loader and the stylesheet injection are handed in,
 * and {@link browserSubAppLoaderDeps} gives the browser's own.
 */
import { DEFAULT_PAGES_ROOT } from '../access/app-paths.ts';

/** Spec §3 Manifest: '{fileId}.js' and '{fileId}.css' to asset URLs. */
export type SubAppManifest = Readonly<Record<string, string>>;

/** What the viewport hands a sub-app's `mount`. */
export interface SubAppMountContext {
  app: string;
  fileId: string;
  /** The element the sub-app renders into; the viewport owns it, the sub-app its content. */
  container: HTMLElement;
  /** The app page this file stands for: /pages/{app}/{fileId}/index.html (spec §2), used by the access check. */
  pagePath: string;
  /** `#page-header` when the page has one (spec §2), else null. */
  headerTarget: HTMLElement | null;
  /** `#page-footer` when the page has one (spec §2), else null. */
  footerTarget: HTMLElement | null;
}

/** What a sub-app's script module exports. mount may return an unmount function. */
export interface SubAppModule {
  mount(ctx: SubAppMountContext): void | (() => void) | Promise<void | (() => void)>;
}

/** Why a sub-app could not be loaded. */
export type SubAppLoadErrorReason =
  /** The app or fileId is not a plain name (see {@link isSubAppName}); nothing was fetched. */
  | 'invalid-name'
  /** The app's manifest could not be fetched or read (e.g. HTTP 404: no such app). */
  | 'manifest-missing'
  /** The manifest has no script for the fileId. */
  | 'not-in-manifest'
  /** The script failed to load or run. */
  | 'script-failed'
  /** The script loaded but exports no `mount` function. */
  | 'not-a-sub-app';

/** Every {@link SubAppLoadErrorReason}. */
export const SUB_APP_LOAD_ERROR_REASONS: readonly SubAppLoadErrorReason[] = [
  'invalid-name',
  'manifest-missing',
  'not-in-manifest',
  'script-failed',
  'not-a-sub-app',
];

/**
 * The typed failure of {@link SubAppLoader.load}; `reason` tells the viewport whether to show
 * not-found (nothing there) or an error with a retry (something there failed).
 *
 * @example
 * loader.load('cms', 'notice').catch((e) => e instanceof SubAppLoadError && e.reason);
 */
export class SubAppLoadError extends Error {
  override readonly name = 'SubAppLoadError';

  constructor(
    readonly reason: SubAppLoadErrorReason,
    readonly app: string,
    readonly fileId: string,
    options?: { cause?: unknown },
  ) {
    super(`Sub-app ${JSON.stringify(app)}/${JSON.stringify(fileId)}: ${reason}`, options);
  }
}

/**
 * Letters, digits, `_` and `-`, 1 to 64 characters. app and fileId come from the page's query
 * (spec §2) and end up in URLs and paths, so anything that could walk up a path (`..`), start a
 * new one (`/`) or reach another host is refused before any request.
 */
const NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * True when `value` is a valid app or fileId value.
 *
 * @example
 * isSubAppName('pc_cms_tm'); // true
 * isSubAppName('../admin'); // false
 */
export function isSubAppName(value: unknown): value is string {
  return typeof value === 'string' && NAME_PATTERN.test(value);
}

/**
 * The manifest address of an app (spec §7 `GET /{app}/manifest.json`). Throws
 * {@link SubAppLoadError} 'invalid-name' for a name {@link isSubAppName} refuses.
 *
 * @example
 * manifestUrl('cms'); // '/cms/manifest.json'
 */
export function manifestUrl(app: string): string {
  if (!isSubAppName(app)) throw new SubAppLoadError('invalid-name', app, '');
  return `/${app}/manifest.json`;
}

/**
 * The app page a viewport file stands for (spec §2: pages live at `/{root}/{app}/{page}/index.html`),
 * which the access check of spec §6 reads as the page address. Throws {@link SubAppLoadError}
 * 'invalid-name' for an app or fileId {@link isSubAppName} refuses.
 *
 * @example
 * appPagePathFor('cms', 'pc_cms_tm'); // '/pages/cms/pc_cms_tm/index.html'
 * appPagePathFor('cms', 'pc_cms_tm', 'area'); // '/area/cms/pc_cms_tm/index.html'
 */
export function appPagePathFor(app: string, fileId: string, root = DEFAULT_PAGES_ROOT): string {
  if (!isSubAppName(app) || !isSubAppName(fileId)) {
    throw new SubAppLoadError('invalid-name', app, fileId);
  }
  const base = root.replace(/^\/+|\/+$/g, '');
  return base ? `/${base}/${app}/${fileId}/index.html` : `/${app}/${fileId}/index.html`;
}

/**
 * A same-origin absolute path: starts with one `/`, never `//` (protocol-relative). A browser
 * drops tabs and newlines from URLs and reads `\` as `/`, so `/\evil.example` or
 * `/<tab>/evil.example` would leave the site too; control characters, spaces and backslashes
 * never appear in a built asset path, so they are refused.
 */
function isSameOriginPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return false;
  }
  return true;
}

/**
 * Reads a manifest reply (spec §3): keeps only string-to-string entries whose values are
 * same-origin absolute paths, so a manifest cannot point the page at a script on another site.
 * Anything that is not a plain object gives an empty manifest. The result has no prototype and
 * is frozen.
 *
 * @example
 * parseManifest({ 'notice.js': '/cms/assets/notice-3f2a.js', 'x.js': 'https://evil.example/x.js' });
 * // { 'notice.js': '/cms/assets/notice-3f2a.js' }
 */
export function parseManifest(json: unknown): SubAppManifest {
  const manifest = Object.create(null) as Record<string, string>;
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
    for (const [key, value] of Object.entries(json)) {
      if (typeof value === 'string' && isSameOriginPath(value)) manifest[key] = value;
    }
  }
  return Object.freeze(manifest);
}

/** The assets of one viewport file. */
export interface SubAppManifestEntry {
  script: string;
  /** Null when the file has no stylesheet. */
  stylesheet: string | null;
}

/**
 * The script and stylesheet of `fileId` (spec §3 keys '{fileId}.js' and '{fileId}.css'); null
 * when the manifest has no script for it. Only the manifest's own keys count.
 *
 * @example
 * manifestEntry({ 'notice.js': '/cms/notice.js' }, 'notice'); // { script: '/cms/notice.js', stylesheet: null }
 */
export function manifestEntry(
  manifest: SubAppManifest,
  fileId: string,
): SubAppManifestEntry | null {
  const own = (key: string) => (Object.hasOwn(manifest, key) ? manifest[key] : undefined);
  const script = own(`${fileId}.js`);
  if (!script) return null;
  return { script, stylesheet: own(`${fileId}.css`) ?? null };
}

/**
 * True when `value` looks like a sub-app module: an object with a `mount` function.
 *
 * @example
 * isSubAppModule(await import('/cms/assets/notice.js'));
 */
export function isSubAppModule(value: unknown): value is SubAppModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { mount?: unknown }).mount === 'function'
  );
}

/** The module's own exports, or its default export when only that has `mount`. */
function subAppModuleOf(value: unknown): SubAppModule | null {
  if (isSubAppModule(value)) return value;
  const fallback =
    typeof value === 'object' && value !== null ? (value as { default?: unknown }).default : null;
  return isSubAppModule(fallback) ? fallback : null;
}

/** What {@link createSubAppLoader} needs from its surroundings. */
export interface SubAppLoaderDeps {
  /** Reads a JSON document; rejects when it cannot. */
  fetchJson(url: string): Promise<unknown>;
  /** Imports an ES module by URL. */
  importModule(url: string): Promise<unknown>;
  /** Adds a stylesheet to the page; resolves once applied (or once it failed to load). */
  addStylesheet(url: string): Promise<void>;
}

/** Loads sub-app modules through their app's manifest. */
export interface SubAppLoader {
  /** Resolves with the file's module; rejects with {@link SubAppLoadError}. */
  load(app: string, fileId: string): Promise<SubAppModule>;
}

/**
 * A loader that fetches each app's manifest once (a failed fetch is retried on the next load),
 * adds each stylesheet once, and imports each file's script once; concurrent loads of one file
 * share one promise. A failed load is not remembered, so a retry tries again.
 *
 * @example
 * const loader = createSubAppLoader(browserSubAppLoaderDeps());
 * const module = await loader.load('cms', 'notice');
 * const unmount = await module.mount({ app: 'cms', fileId: 'notice', container, pagePath, headerTarget: null, footerTarget: null });
 */
export function createSubAppLoader(deps: SubAppLoaderDeps): SubAppLoader {
  const manifests = new Map<string, Promise<SubAppManifest>>();
  const stylesheets = new Map<string, Promise<void>>();
  const modules = new Map<string, Promise<SubAppModule>>();

  /** Caches a promise under `key` until it rejects. */
  function cacheUntilRejected<T>(
    cache: Map<string, Promise<T>>,
    key: string,
    make: () => Promise<T>,
  ) {
    const cached = cache.get(key);
    if (cached) return cached;
    const promise = make();
    cache.set(key, promise);
    promise.catch(() => {
      if (cache.get(key) === promise) cache.delete(key);
    });
    return promise;
  }

  function manifestOf(app: string): Promise<SubAppManifest> {
    return cacheUntilRejected(manifests, app, async () =>
      parseManifest(await deps.fetchJson(manifestUrl(app))),
    );
  }

  function addStylesheet(url: string): Promise<void> {
    let added = stylesheets.get(url);
    if (!added) {
      // Never rejects: a missing stylesheet must not keep the app from showing.
      added = (async () => deps.addStylesheet(url))().catch(() => {});
      stylesheets.set(url, added);
    }
    return added;
  }

  async function importFile(app: string, fileId: string): Promise<SubAppModule> {
    let manifest: SubAppManifest;
    try {
      manifest = await manifestOf(app);
    } catch (cause) {
      throw new SubAppLoadError('manifest-missing', app, fileId, { cause });
    }
    const entry = manifestEntry(manifest, fileId);
    if (!entry) throw new SubAppLoadError('not-in-manifest', app, fileId);
    const importScript = async () => {
      try {
        return await deps.importModule(entry.script);
      } catch (cause) {
        throw new SubAppLoadError('script-failed', app, fileId, { cause });
      }
    };
    // In parallel; the stylesheet is awaited too, so the app does not show unstyled first.
    const [imported] = await Promise.all([
      importScript(),
      entry.stylesheet ? addStylesheet(entry.stylesheet) : undefined,
    ]);
    const module = subAppModuleOf(imported);
    if (!module) throw new SubAppLoadError('not-a-sub-app', app, fileId);
    return module;
  }

  return {
    load(app, fileId) {
      if (!isSubAppName(app) || !isSubAppName(fileId)) {
        return Promise.reject(new SubAppLoadError('invalid-name', app, fileId));
      }
      // Names hold no `/`, so the pair is unambiguous as a key.
      return cacheUntilRejected(modules, `${app}/${fileId}`, () => importFile(app, fileId));
    },
  };
}

/** Thrown by the browser's `fetchJson` for an HTTP status other than 2xx. */
export class ManifestHttpError extends Error {
  override readonly name = 'ManifestHttpError';

  constructor(readonly status: number) {
    super(`Request failed with status code ${status}`);
  }
}

/**
 * The browser's implementations: `fetch` with same-origin credentials (an HTTP 404 or any other
 * failure makes the load fail with 'manifest-missing'), a dynamic `import()`, and a
 * `<link rel="stylesheet">` in `document.head` that resolves on load and on error alike.
 *
 * @example
 * const loader = createSubAppLoader(browserSubAppLoaderDeps());
 */
export function browserSubAppLoaderDeps(): SubAppLoaderDeps {
  // A browser keeps a failed module import in its module map, so importing the same URL again
  // fails again without a request; a retry asks for the same file under a fresh query.
  const failedImports = new Map<string, number>();
  return {
    async fetchJson(url) {
      const response = await fetch(url, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new ManifestHttpError(response.status);
      return (await response.json()) as unknown;
    },
    async importModule(url) {
      const failures = failedImports.get(url) ?? 0;
      const target = failures ? `${url}${url.includes('?') ? '&' : '?'}retry=${failures}` : url;
      try {
        return (await import(/* @vite-ignore */ target)) as unknown;
      } catch (error) {
        failedImports.set(url, failures + 1);
        throw error;
      }
    },
    addStylesheet(url) {
      return new Promise<void>((resolve) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = url;
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
        document.head.append(link);
      });
    },
  };
}
