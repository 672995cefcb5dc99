/**
 * A sub-app's start in the browser: the spec §4 start-up order of `initApp` (sdk) with the
 * real steps, then the licence check (spec §4), the version checks (spec §7/§8), the access log
 * (spec §7) and the app itself under a permission-filtered hash router (spec §2). Every
 * sub-app's `mount()` calls it; the page's login state, notifications and header are shared.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { PermissionNode } from '@campus/contracts/access';
import { COMMON_PH_VERSION, DESKTOP_PATH } from '@campus/contracts/pages';
import { fetchPermissionTree, logAppAccess } from '@campus/sdk/app-calls';
import { initApp } from '@campus/sdk/init-app';
import type { InitOptions } from '@campus/sdk/init-options';
import type { Language } from '@campus/sdk/language';
import { loadLanguage, type LanguageOption } from '@campus/sdk/language-loader';
import { checkLicence, LICENCE_EXPIRED_MESSAGE } from '@campus/sdk/licence';
import { loginUrlFor, pageRuntime, type PageRuntime } from '@campus/sdk/page-runtime';
import { collectPermissionCodes, type PermissionCodes } from '@campus/sdk/permissions';
import { installPhGlobal } from '@campus/sdk/ph-global';
import type { SubAppMountContext } from '@campus/sdk/subapp-loader';
import { createTranslator } from '@campus/sdk/translate';
import { runVersionChecks } from '@campus/sdk/version-check-runner';
import { shouldWarnZoom, ZOOM_WARNING_MS, zoomPercent, zoomWarningMessage } from '@campus/sdk/zoom';
import { BlockingDialog } from '../components/BlockingDialog.tsx';
import { NoticeArea } from '../components/NoticeArea.tsx';
import { createNoticeStore, type NoticeStore } from '../components/notice-store.ts';
import { NotFound } from '../components/NotFound.tsx';
import { PermissionProvider } from '../components/Permission.tsx';
import { shellText } from '../i18n/shell-messages.ts';
import { createAppRouter, type AppRoute } from '../router/createAppRouter.tsx';
import { AppContext, type AppContextValue } from './app-context.ts';
import { SubAppChrome } from './SubAppChrome.tsx';
import { startPageTheme } from '../chrome/theme/page-theme.ts';
import '../components/button.css';
import '../components/shell.css';

/** What a sub-app passes to {@link startApp}. */
export interface StartAppInput {
  ctx: SubAppMountContext;
  /** The init options of spec §3; `router` is the app's route table. */
  options: InitOptions<AppRoute>;
  /** The app's built-in zh-CN dictionary; English comes from its language file (spec §4). */
  zh: Record<string, unknown>;
  /**
   * Spec §3 limitUserType: the user types the app serves (comma-separated). The header's
   * teacher/parent switch shows in an app that serves both (spec §6).
   */
  limitUserType?: string;
}

let pageNotices: NoticeStore | null = null;
const headerTargets = new WeakSet<HTMLElement>();

/** The page's one notification area, mounted on first use and fed by every app's HTTP rules. */
function noticesFor(runtime: PageRuntime, lang: Language): NoticeStore {
  if (pageNotices) return pageNotices;
  const store = createNoticeStore();
  const host = document.createElement('div');
  document.body.appendChild(host);
  createRoot(host).render(<NoticeArea store={store} closeLabel={shellText(lang, 'shell.close')} />);
  runtime.setNotifier((notice) => store.show(notice));
  pageNotices = store;
  return store;
}

function AppState({ lang, children }: { lang: Language; children?: ReactNode }) {
  return (
    <div className="ph-app-state" data-testid="app.state">
      {children ?? (
        <>
          <span className="ph-spinner" aria-hidden="true" />
          <span>{shellText(lang, 'shell.loading')}</span>
        </>
      )}
    </div>
  );
}

/** Binds the zoom warning (spec §8/§9): checked at start and on resize; shown for 5 s. */
function bindZoomWarning(notices: NoticeStore, lang: Language): () => void {
  let lastWarned: number | null = null;
  const check = () => {
    const percent = zoomPercent({ devicePixelRatio: window.devicePixelRatio });
    if (!shouldWarnZoom(percent) || percent === null) {
      lastWarned = null;
      return;
    }
    if (percent === lastWarned) return;
    lastWarned = percent;
    notices.show({ type: 'warning', message: zoomWarningMessage(percent, lang) }, ZOOM_WARNING_MS);
  };
  check();
  window.addEventListener('resize', check);
  return () => window.removeEventListener('resize', check);
}

/**
 * Starts one sub-app in `ctx.container` and resolves with its unmount function.
 *
 * @example
 * export function mount(ctx: SubAppMountContext) {
 *   return startApp({ ctx, options: { appCode: 'cms', code: 'cms', router: routes }, zh });
 * }
 */
export async function startApp(input: StartAppInput): Promise<() => void> {
  const { ctx, options } = input;
  const PH = installPhGlobal(window);
  PH.lang ??= {};
  const table = PH.lang;
  const runtime = pageRuntime();
  const http = runtime.httpFor(options.appCode);
  const requested = runtime.language();
  const notices = noticesFor(runtime, requested);
  const root = createRoot(ctx.container);
  const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);
  render(<AppState lang={requested} />);

  let tree: PermissionNode[] | null = null;
  let denied = false;
  let header: ReactNode = null;
  const cleanups: (() => void)[] = [];
  const wantHeader = (lang: Language, langList: unknown, rootPath: string) => {
    const target = ctx.headerTarget;
    // One chrome per page, shared by the apps on it (spec §1 "the same header").
    if (!target || headerTargets.has(target)) return;
    headerTargets.add(target);
    header = (
      <SubAppChrome
        runtime={runtime}
        lang={lang}
        appCode={options.appCode}
        code={options.code}
        versionName={options.versionName ?? options.code}
        rootPath={rootPath}
        appName={appName()}
        limitUserType={input.limitUserType}
        langList={Array.isArray(langList) ? (langList as LanguageOption[]) : []}
        headerTarget={target}
        footerTarget={ctx.footerTarget}
      />
    );
  };
  let lang: Language = requested;
  const t = createTranslator({ zh: input.zh, table, lang: () => lang });
  /** The app's name in the page language: its dictionary's `{code}.appName`, else the option. */
  const appName = () => {
    const key = `${options.code}.appName`;
    const named = t(key);
    return named === key ? (options.appName ?? options.name) : named;
  };

  const result = await initApp(options, {
    readClientId: async (appCode) => runtime.storage.getUserClientId(appCode),
    readLocation: async () => ({
      // In the viewport the page address is the viewport's; the access check must see the
      // app page this file stands for (spec §2 app pages, §6).
      pathname: ctx.pagePath,
      search: window.location.search,
      hash: window.location.hash,
    }),
    markContentMode: async () => {
      ctx.container.classList.add('ph-content-mode');
    },
    loadLanguage: async (step) => {
      const loaded = await loadLanguage({
        lang: requested,
        version: COMMON_PH_VERSION,
        root: step.options.rootPath,
        code: step.options.code,
        appCode: step.options.appCode,
        ...(step.options.i18n ? { table: step.options.i18n } : {}),
        langList: step.options.langList,
        into: table,
        notify: (notice) => notices.show(notice),
      });
      lang = loaded.lang;
      document.documentElement.lang = lang;
      const name = appName();
      if (name) document.title = name;
      return lang;
    },
    // The shared runtime carries no UI kit, so there is no kit locale file to load.
    loadUiKitLocale: async () => undefined,
    checkLogin: async () =>
      runtime.session.getState().status === 'signedIn' || runtime.session.checkLogin(),
    generateHeader: async () => undefined, // content mode: the page frame has no header
    // Published in the page's theme store, so the chrome's theme dialog starts from it.
    generateTheme: () => startPageTheme(http),
    loadTheme: () => startPageTheme(http),
    loadHeader: async (step) => wantHeader(lang, step.options.langList, step.options.rootPath),
    readUserType: async () => runtime.session.getState().me?.userType,
    fetchPermissions: async () => {
      tree = await fetchPermissionTree(http, options.appCode);
      return tree;
    },
    createRouter: async ({ routes }) =>
      createAppRouter({ routes, codes: null, filter: false, notFound: <NotFound lang={lang} /> }),
    readMenu: async () => tree ?? [],
    onAccessDenied: async () => {
      denied = true;
    },
    bindZoomHandler: async () => {
      cleanups.push(bindZoomWarning(notices, lang));
    },
    notFoundRoute: { path: '*', element: <NotFound lang={lang} /> },
  });

  const unmount = () => {
    for (const cleanup of cleanups) cleanup();
    root.unmount();
  };

  // Spec §2/§4: a failed session goes to the login page and comes back here.
  if (result.loggedIn === false) {
    window.location.replace(loginUrlFor(window.location.href));
    return unmount;
  }
  const me = runtime.session.getState().me;
  if (denied || !me) {
    render(
      <>
        {header}
        <NotFound lang={lang} />
      </>,
    );
    return unmount;
  }

  // Spec §4 licence: a false answer blocks the app with the spec §8 message.
  if (!(await checkLicence({ http, unitId: me.unitId, appCode: options.appCode }))) {
    render(
      <>
        {header}
        <BlockingDialog
          title={shellText(lang, 'licence.title')}
          message={LICENCE_EXPIRED_MESSAGE[lang]}
          actionLabel={shellText(lang, 'shell.home')}
          actionHref={DESKTOP_PATH}
        />
      </>,
    );
    return unmount;
  }

  const codes: PermissionCodes | null = tree ? collectPermissionCodes(tree) : null;
  const value: AppContextValue = {
    appCode: options.appCode,
    code: options.code,
    http,
    session: runtime.session,
    lang,
    t,
    codes,
    notices,
  };
  render(
    <AppContext value={value}>
      <PermissionProvider codes={codes}>
        {header}
        <RouterProvider router={result.router.router} />
      </PermissionProvider>
    </AppContext>,
  );

  void logAppAccess(http, {
    userId: me.userId,
    userType: me.userType,
    unitId: me.unitId,
    resId: options.appCode,
    resName: (appName() ?? options.appCode).slice(0, 100),
  });
  void runVersionChecks({
    root: result.options.rootPath,
    code: options.code,
    versionName: options.versionName,
    isNoServer: options.isNoServer === true,
    development: options.nodeEnv === 'development',
    lang,
    alert: (text) => window.alert(text),
    notify: (text) => notices.show({ type: 'warning', message: text }),
  });
  return unmount;
}
