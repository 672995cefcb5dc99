/**
 * The two page boots of the shared runtime (DESIGN.md §2): the viewport page, which opens
 * sub-apps by `?app=…&fileId=…` and switches between them without a reload (spec §2 Page
 * viewport), and an app page (`/pages/{app}/{fileId}/index.html`, spec §2 app pages), which is
 * the same viewport fixed on one file. Both find the file through `/{app}/manifest.json`.
 */
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { pageRuntime } from '@campus/sdk/page-runtime';
import { installPhGlobal } from '@campus/sdk/ph-global';
import type { LanguageSource } from '../hooks/useLanguage.ts';
import { browserSubAppLoaderDeps, createSubAppLoader } from '@campus/sdk/subapp-loader';
import { Viewport } from '../viewport/Viewport.tsx';

function appContainer(): HTMLElement {
  const existing = document.getElementById('app');
  if (existing) return existing;
  const made = document.createElement('div');
  made.id = 'app';
  document.body.appendChild(made);
  return made;
}

const loader = createSubAppLoader(browserSubAppLoaderDeps());

/** The page language for the viewport's own messages; it changes only with a new page (spec §4). */
let language: LanguageSource | null = null;
function pageLanguage(): LanguageSource {
  language ??= { language: pageRuntime().language(), on: () => undefined, off: () => undefined };
  return language;
}

/** The address bar's query, as a store: the viewport re-renders when it changes. */
const searchListeners = new Set<() => void>();
const readSearch = () => window.location.search;
function subscribeSearch(listener: () => void) {
  searchListeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    searchListeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

function ViewportPage() {
  const search = useSyncExternalStore(subscribeSearch, readSearch, readSearch);
  return <Viewport search={search} loader={loader} language={pageLanguage()} />;
}

/**
 * Boots the viewport page. `PH.viewport.open(app, fileId)` switches to another sub-app in place
 * (the desktop's app menu uses it); the back button returns to the previous one.
 *
 * @example
 * <script type="module">import { startViewportPage } from '@campus/ui/subapp-page'; startViewportPage();</script>
 */
export function startViewportPage(): void {
  const PH = installPhGlobal(window);
  PH.viewport = {
    open: (app: string, fileId: string) => {
      const url = new URL(window.location.href);
      url.search = new URLSearchParams({ app, fileId }).toString();
      url.hash = '';
      window.history.pushState(null, '', url);
      for (const listener of [...searchListeners]) listener();
    },
  };
  createRoot(appContainer()).render(
    <StrictMode>
      <ViewportPage />
    </StrictMode>,
  );
}

/**
 * Boots an app page: the viewport fixed on one sub-app file.
 *
 * @example
 * startSubAppPage({ app: 'cms', fileId: 'pc_cms_tm' });
 */
export function startSubAppPage(target: { app: string; fileId: string }): void {
  installPhGlobal(window);
  const search = `?${new URLSearchParams({ app: target.app, fileId: target.fileId }).toString()}`;
  createRoot(appContainer()).render(
    <StrictMode>
      <Viewport search={search} loader={loader} language={pageLanguage()} />
    </StrictMode>,
  );
}
