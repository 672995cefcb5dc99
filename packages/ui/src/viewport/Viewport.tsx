/**
 * The page viewport of spec §2: reads `app` and `fileId` from the query, loads that sub-app
 * file through its app's manifest (spec §3, §7) and mounts it in a container of its own. Loaded
 * files stay mounted and only the current one is shown, so switching back is instant and keeps
 * the sub-app's state. The page header and footer go into `#page-header` and `#page-footer`
 * when the page has them. The file bookkeeping lives in `viewport-controller.ts`; this
 * component draws the loading, error and not-found states around it.
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { NotFound } from '../components/NotFound.tsx';
import { useLanguage, type LanguageSource } from '../hooks/useLanguage.ts';
import { uiText } from '../i18n/ui-messages.ts';
import {
  createViewportController,
  NOT_FOUND_REASONS,
  PAGE_FOOTER_ID,
  PAGE_HEADER_ID,
  type ViewportLoader,
} from './viewport-controller.ts';
import { watchViewportHeight } from './viewport-height.ts';
import '../components/ui.css';

export type { ViewportLoader } from './viewport-controller.ts';

/** The query parameters of the viewport page (spec §2). */
export interface ViewportQuery {
  app: string | null;
  fileId: string | null;
  /** Read but unused (spec §2 "id and linkUrl are read but unused"). */
  id: string | null;
  /** Read but unused (spec §2 "id and linkUrl are read but unused"). */
  linkUrl: string | null;
}

/**
 * Reads the viewport's query parameters (spec §2). Empty values count as missing.
 *
 * @example
 * readViewportQuery('?app=cms&fileId=pc_cms_tm'); // { app: 'cms', fileId: 'pc_cms_tm', id: null, linkUrl: null }
 */
export function readViewportQuery(search: string): ViewportQuery {
  const params = new URLSearchParams(search);
  const read = (name: string) => params.get(name) || null;
  return { app: read('app'), fileId: read('fileId'), id: read('id'), linkUrl: read('linkUrl') };
}

/** Props of {@link Viewport}. */
export interface ViewportProps {
  /** The query to read; `window.location.search` by default. A new value switches files. */
  search?: string;
  /** Loads a file's module, e.g. `createSubAppLoader(browserSubAppLoaderDeps())`. */
  loader: ViewportLoader;
  /** Rendered into `#page-header` when the page has one (spec §2). */
  header?: ReactNode;
  /** Rendered into `#page-footer` when the page has one (spec §2). */
  footer?: ReactNode;
  /** The language of the viewport's own messages (e.g. the portal's i18next); zh-CN without it. */
  language?: LanguageSource;
  /** The first segment of app pages (spec §3 `rootPath`), for the mount context's `pagePath`. */
  pagesRoot?: string;
  /** Where the not-found page's 'back to desktop' leads. */
  homeHref?: string;
}

/** A language source that is always zh-CN (spec §1 default) and never changes. */
const ZH_CN_ONLY: LanguageSource = {
  language: 'zh-CN',
  on: () => undefined,
  off: () => undefined,
};

// The header and footer slots are part of the page, not of this tree; they are looked up when
// rendering. React checks the value again after the commit, so slots drawn by a sibling in the
// same commit are found too. They are not expected to come and go, so nothing is observed.
const noSubscription = () => () => undefined;
const pageHeader = () => document.getElementById(PAGE_HEADER_ID);
const pageFooter = () => document.getElementById(PAGE_FOOTER_ID);
const noElement = () => null;

/**
 * The page viewport (spec §2).
 *
 * @example
 * const loader = createSubAppLoader(browserSubAppLoaderDeps());
 * <Viewport loader={loader} header={<PortalHeader />} footer={<PortalFooter />} language={i18next} />
 */
export function Viewport({
  search,
  loader,
  header,
  footer,
  language,
  pagesRoot,
  homeHref,
}: ViewportProps) {
  const lang = useLanguage(language ?? ZH_CN_ONLY);
  // Spec §2: `id` and `linkUrl` are read with the rest but unused, as the spec says.
  const { app, fileId } = readViewportQuery(search ?? window.location.search);

  const [controller] = useState(createViewportController);
  const snapshot = useSyncExternalStore(
    controller.subscribe,
    controller.getSnapshot,
    controller.getSnapshot,
  );
  const headerTarget = useSyncExternalStore(noSubscription, pageHeader, noElement);
  const footerTarget = useSyncExternalStore(noSubscription, pageFooter, noElement);
  const rootRef = useRef<HTMLDivElement>(null);
  const filesRef = useRef<HTMLDivElement>(null);

  // A layout effect: the outgoing file is hidden in the same frame the new one is asked for.
  useLayoutEffect(() => {
    const host = filesRef.current;
    if (!host) return;
    controller.open(app && fileId ? { app, fileId, loader, host, pagesRoot } : null);
  }, [controller, app, fileId, loader, pagesRoot]);

  // Unmounting the viewport unmounts every sub-app it mounted.
  useEffect(() => () => controller.clear(), [controller]);

  useEffect(() => {
    const root = rootRef.current;
    return root ? watchViewportHeight(root, window) : undefined;
  }, []);

  const key = app && fileId ? `${app}/${fileId}` : null;
  // Until the layout effect has opened the file, it is loading.
  const status = snapshot.key === key ? snapshot.status : { kind: 'loading' as const };

  let state: ReactNode = null;
  if (!key || (status.kind === 'failed' && NOT_FOUND_REASONS.has(status.reason))) {
    state = <NotFound lang={lang} {...(homeHref ? { homeHref } : {})} />;
  } else if (status.kind === 'failed') {
    state = (
      <div className="ph-viewport__error" role="alert" data-testid="viewport.error">
        <p className="ph-viewport__error-title">{uiText(lang, 'viewport.errorTitle')}</p>
        <p className="ph-viewport__error-text">{uiText(lang, 'viewport.errorText')}</p>
        <button
          type="button"
          className="ph-viewport__retry"
          data-testid="viewport.retry"
          onClick={() => controller.retry()}
        >
          {uiText(lang, 'viewport.retry')}
        </button>
      </div>
    );
  } else if (status.kind === 'loading') {
    state = (
      <div className="ph-viewport__loading" role="status" data-testid="viewport.loading">
        <span className="ph-viewport__spinner" aria-hidden="true" />
        {uiText(lang, 'viewport.loading')}
      </div>
    );
  }

  return (
    <div className="ph-viewport" ref={rootRef} data-testid="viewport.root">
      {state}
      {/* Sub-apps own the children of this element; React never renders into it. */}
      <div className="ph-viewport__files" ref={filesRef} />
      {header != null && headerTarget ? createPortal(header, headerTarget) : null}
      {footer != null && footerTarget ? createPortal(footer, footerTarget) : null}
    </div>
  );
}
