/**
 * The page viewport's state, outside React (spec §2 "Page viewport"): one container per loaded
 * file, only the current one shown, and the `location.hash` each file had, because every sub-app
 * routes by hash (spec §2 "hash mode") and they share the page's one address. `<Viewport>` reads
 * it through useSyncExternalStore, so React only draws the loading, error and not-found states.
 */
import {
  appPagePathFor,
  SUB_APP_LOAD_ERROR_REASONS,
  type SubAppLoader,
  type SubAppLoadErrorReason,
  type SubAppModule,
} from '@campus/sdk/subapp-loader';

/**
 * Loads a file's module: `createSubAppLoader(browserSubAppLoaderDeps())`, or any object with
 * the same `load`. A rejection whose `reason` is not a {@link ViewportFailureReason} counts as
 * 'script-failed'.
 */
export type ViewportLoader = Pick<SubAppLoader, 'load'>;

/** Why a file is not shown: the reasons of the sdk's `SubAppLoadError`. */
export type ViewportFailureReason = SubAppLoadErrorReason;

/** Reasons that mean "nothing is there": the not-found page, not an error with a retry. */
export const NOT_FOUND_REASONS: ReadonlySet<ViewportFailureReason> = new Set([
  'invalid-name',
  'manifest-missing',
  'not-in-manifest',
]);

/** What the viewport shows for the file asked for. */
export type ViewportStatus =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready' }
  | { kind: 'failed'; reason: ViewportFailureReason };

/** The controller's state; a new object on every change (useSyncExternalStore compares it). */
export interface ViewportSnapshot {
  /** `{app}/{fileId}` of the current file; null when none is asked for. */
  readonly key: string | null;
  readonly status: ViewportStatus;
}

/** One file to show. */
export interface ViewportRequest {
  app: string;
  fileId: string;
  loader: ViewportLoader;
  /** The element the file containers go in. */
  host: HTMLElement;
  /** The first segment of app pages (spec §3 `rootPath`); 'pages' by default. */
  pagesRoot?: string;
}

/** The header and footer slots of the page (spec §2). */
export const PAGE_HEADER_ID = 'page-header';
export const PAGE_FOOTER_ID = 'page-footer';

/** The attributes that name a container's file. */
export const FILE_ATTRIBUTE = 'data-viewport-file';
export const APP_ATTRIBUTE = 'data-viewport-app';

interface FileRecord {
  readonly app: string;
  readonly fileId: string;
  state: 'loading' | 'ready' | 'failed';
  reason: ViewportFailureReason | null;
  container: HTMLElement | null;
  unmount: (() => void) | null;
  /** The file's last `location.hash`. */
  hash: string;
  /** Path and query of the page while the file was current; its hash counts only there. */
  address: string;
}

/** The `reason` of a loader rejection; anything else failed while loading the script. */
function failureReasonOf(error: unknown): ViewportFailureReason {
  const reason = typeof error === 'object' && error ? (error as { reason?: unknown }).reason : null;
  return SUB_APP_LOAD_ERROR_REASONS.find((known) => known === reason) ?? 'script-failed';
}

/** Calls a sub-app's unmount; one that throws must not keep the others mounted. */
function unmountSafely(unmount: (() => void) | null) {
  try {
    unmount?.();
  } catch (error) {
    console.error(error);
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Wraps `history[name]` so `after` runs after every call; returns the undo. */
function wrapHistoryMethod(
  history: History,
  name: 'pushState' | 'replaceState',
  after: () => void,
): () => void {
  const own = Object.getOwnPropertyDescriptor(history, name);
  const original = history[name].bind(history);
  const wrapper: History['pushState'] = (data, unused, url) => {
    original(data, unused, url);
    after();
  };
  history[name] = wrapper;
  return () => {
    // Someone wrapped it after us: unwrapping now would drop their wrapper too.
    if (history[name] !== wrapper) return;
    if (own) Object.defineProperty(history, name, own);
    else Reflect.deleteProperty(history, name);
  };
}

/** The viewport's state and the file containers it owns. */
export interface ViewportController {
  // Properties, not methods: React takes `subscribe` and `getSnapshot` detached from the object.
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => ViewportSnapshot;
  /** Shows the file of `request` (loading it if needed); null shows none. */
  open: (request: ViewportRequest | null) => void;
  /** Loads the current file again after a failure. */
  retry: () => void;
  /** Unmounts every file and removes its container; the controller can be opened again. */
  clear: () => void;
}

/**
 * Creates the viewport controller for one window.
 *
 * @example
 * const controller = createViewportController();
 * controller.open({ app: 'cms', fileId: 'pc_cms_tm', loader, host });
 */
export function createViewportController(win: Window = window): ViewportController {
  const doc = win.document;
  const files = new Map<string, FileRecord>();
  const listeners = new Set<() => void>();
  let snapshot: ViewportSnapshot = { key: null, status: { kind: 'idle' } };
  let currentKey: string | null = null;
  let lastRequest: ViewportRequest | null = null;
  /** The page's path and query at the last `open`; a change means the caller navigated. */
  let lastAddress: string | null = null;
  let unwatch: (() => void) | null = null;

  const addressNow = () => `${win.location.pathname}${win.location.search}`;

  function statusOf(record: FileRecord | undefined): ViewportStatus {
    if (!record) return { kind: 'idle' };
    if (record.state === 'failed' && record.reason)
      return { kind: 'failed', reason: record.reason };
    return { kind: record.state === 'ready' ? 'ready' : 'loading' };
  }

  function publish() {
    const status = statusOf(currentKey ? files.get(currentKey) : undefined);
    const same =
      snapshot.key === currentKey &&
      snapshot.status.kind === status.kind &&
      (status.kind !== 'failed' ||
        (snapshot.status.kind === 'failed' && snapshot.status.reason === status.reason));
    if (same) return;
    snapshot = { key: currentKey, status };
    for (const listener of listeners) listener();
  }

  /** Only the current file's container is visible. */
  function showOnly(key: string | null) {
    for (const [fileKey, record] of files) {
      if (record.container) record.container.hidden = fileKey !== key;
    }
  }

  /**
   * Remembers the current file's hash, as long as the page is still at the address it was
   * opened at: once the caller has moved to another file's address, the hash is no longer this
   * file's.
   */
  function rememberHash() {
    const record = currentKey ? files.get(currentKey) : undefined;
    if (record?.state === 'ready' && record.address === addressNow()) {
      record.hash = win.location.hash;
    }
  }

  /**
   * Sets the hash without a new history entry, so Back still leaves the page rather than
   * stepping through viewport switches. An empty hash keeps a bare `#`: dropping the fragment
   * would make the browser load the page again.
   */
  function applyHash(hash: string) {
    if (win.location.hash === hash) return;
    const base = win.location.href.split('#', 1)[0] ?? '';
    win.location.replace(`${base}${hash || '#'}`);
  }

  /**
   * A sub-app's router moves with `history.pushState` (no event fires), or the user edits the
   * hash (`hashchange`) or goes back and forward (`popstate`); each time, the current file's
   * hash is remembered.
   */
  function watch() {
    if (unwatch) return;
    const undoPush = wrapHistoryMethod(win.history, 'pushState', rememberHash);
    const undoReplace = wrapHistoryMethod(win.history, 'replaceState', rememberHash);
    win.addEventListener('hashchange', rememberHash);
    win.addEventListener('popstate', rememberHash);
    unwatch = () => {
      undoPush();
      undoReplace();
      win.removeEventListener('hashchange', rememberHash);
      win.removeEventListener('popstate', rememberHash);
    };
  }

  function unmountRecord(record: FileRecord) {
    const unmount = record.unmount;
    record.unmount = null;
    record.container?.remove();
    record.container = null;
    unmountSafely(unmount);
  }

  function fail(key: string, record: FileRecord, reason: ViewportFailureReason, error: unknown) {
    if (files.get(key) !== record) return;
    if (!NOT_FOUND_REASONS.has(reason)) console.error(error);
    unmountRecord(record);
    if (currentKey !== key) {
      // Not on screen: forget it, so the next visit loads it afresh.
      files.delete(key);
      return;
    }
    record.state = 'failed';
    record.reason = reason;
    publish();
  }

  function mount(key: string, record: FileRecord, module: SubAppModule, request: ViewportRequest) {
    let pagePath: string;
    try {
      pagePath = appPagePathFor(record.app, record.fileId, request.pagesRoot);
    } catch (error) {
      // Only a loader that skipped the name check gets here.
      fail(key, record, 'invalid-name', error);
      return;
    }
    const container = doc.createElement('div');
    container.className = 'ph-viewport__file';
    container.setAttribute(FILE_ATTRIBUTE, record.fileId);
    container.setAttribute(APP_ATTRIBUTE, record.app);
    request.host.append(container);
    record.container = container;
    record.address = addressNow();
    record.hash = win.location.hash;
    showOnly(currentKey);

    const done = (result: unknown) => {
      const unmount = typeof result === 'function' ? (result as () => void) : null;
      if (files.get(key) !== record) {
        // Cleared while mounting: the sub-app is already gone from the page.
        unmountSafely(unmount);
        return;
      }
      record.unmount = unmount;
      record.state = 'ready';
      publish();
    };
    let result: unknown;
    try {
      result = module.mount({
        app: record.app,
        fileId: record.fileId,
        container,
        pagePath,
        headerTarget: doc.getElementById(PAGE_HEADER_ID),
        footerTarget: doc.getElementById(PAGE_FOOTER_ID),
      });
    } catch (error) {
      fail(key, record, 'script-failed', error);
      return;
    }
    if (isPromiseLike(result)) {
      result.then(done, (error: unknown) => fail(key, record, 'script-failed', error));
    } else {
      done(result);
    }
  }

  function load(key: string, request: ViewportRequest) {
    const record: FileRecord = {
      app: request.app,
      fileId: request.fileId,
      state: 'loading',
      reason: null,
      container: null,
      unmount: null,
      hash: '',
      address: '',
    };
    files.set(key, record);
    publish();
    // A newer load or a clear() replaced the record: this answer is no longer wanted.
    const stale = () => files.get(key) !== record;
    Promise.resolve()
      .then(() => request.loader.load(request.app, request.fileId))
      .then(
        (module) => {
          if (stale()) return;
          // Left while it loaded: mounting now would hand it another file's hash.
          if (currentKey !== key) files.delete(key);
          else mount(key, record, module, request);
        },
        (error: unknown) => fail(key, record, failureReasonOf(error), error),
      );
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,

    open(request) {
      const key = request ? `${request.app}/${request.fileId}` : null;
      if (request) lastRequest = request;
      if (key === currentKey && lastAddress !== null) return;
      watch();
      rememberHash();
      const address = addressNow();
      // Switching without the address changing: the hash in it is still the old file's.
      const hashIsOutgoing = lastAddress === address && currentKey !== null;
      lastAddress = address;
      currentKey = key;
      showOnly(key);
      if (!key || !request) {
        publish();
        return;
      }
      const record = files.get(key);
      if (record?.state === 'ready') {
        record.address = address;
        // A hash the caller navigated to (a deep link) wins over the remembered one.
        if (hashIsOutgoing || !win.location.hash) applyHash(record.hash);
        publish();
        return;
      }
      if (hashIsOutgoing) applyHash('');
      if (record?.state === 'loading') {
        publish();
        return;
      }
      load(key, request);
    },

    retry() {
      const record = currentKey ? files.get(currentKey) : undefined;
      if (currentKey && record?.state === 'failed' && lastRequest) load(currentKey, lastRequest);
    },

    clear() {
      for (const record of files.values()) unmountRecord(record);
      files.clear();
      unwatch?.();
      unwatch = null;
      currentKey = null;
      lastAddress = null;
      publish();
    },
  };
}
