/**
 * The login state every app on one page shares (spec §1 "shares the same login state";
 * DESIGN.md §2 "one login state"): one storage, one session store and one session recovery.
 * `createPageRuntime` makes them with the HTTP client the page chooses, and imports no client
 * itself, so the portal's login page can take the light one (weight budget); the sub-apps take
 * `pageRuntime()` (`page-runtime.ts`), this runtime on axios, made once per page. Each app gets
 * its own HTTP client, because the device header names the app (spec §7).
 */
import { LOGIN_PATH } from '@campus/contracts/pages';
import { createAuthApi, type AuthApi } from '../auth/auth-api.ts';
import { REDIRECT_PARAM, stripLoginParams } from '../auth/post-login-redirect.ts';
import type { HttpClient, HttpClientOptions, Notice } from '../http/http-core.ts';
import { createSessionRecovery, type SessionRecovery } from '../http/session-recovery.ts';
import { resolveLanguage, type Language } from '../i18n/language.ts';
import { currentScreenClass } from '../platform/screen.ts';
import { browserStorage, type PortalStorage } from '../platform/storage.ts';
import { createSessionStore, type SessionStore } from '../session/session-store.ts';

/**
 * The portal's own app code: the `device` header's second half on the portal's pages, and the
 * key suffix the login page stores the client id under.
 */
export const PORTAL_APP_CODE = 'portal';

/** The objects shared by every app on the page. */
export interface PageRuntime {
  storage: PortalStorage;
  session: SessionStore;
  /** The sign-in calls, made with the portal's client (`httpFor(PORTAL_APP_CODE)`). */
  auth: AuthApi;
  /** Null on a page that does not recover sessions (the login page). */
  recovery: SessionRecovery | null;
  /** The language in force on this page (spec §4: zh-CN or en). */
  language: () => Language;
  /** An HTTP client for one app, sharing the page's session recovery and notices. */
  httpFor: (appCode: string) => HttpClient;
  /** Where notices go; the page sets it once its notice area is mounted. */
  setNotifier: (notify: (notice: Notice) => void) => void;
}

/** How a page makes its runtime (see {@link createPageRuntime}). */
export interface PageRuntimeOptions {
  /** The HTTP client each app gets: `createHttpClient` (axios), or the light one on a page with a weight budget. */
  createHttp: (options: HttpClientOptions) => HttpClient;
  /** Where notices go until `setNotifier` changes it; none by default. */
  onNotify?: (notice: Notice) => void;
  /** The page's language, read on every failure; by default resolved once from the URL and storage. */
  language?: () => Language;
  /**
   * Spec §4 session expiry: on a body 401, refresh (then the app-client login) and retry; when
   * both fail, go to the login page and come back here. On by default; the login page turns it
   * off (it is where recovery would send the user).
   */
  recoverSession?: boolean;
}

/** The login address that brings the user back to `returnTo`, less the login parameters (spec §2). */
export function loginUrlFor(returnTo: string): string {
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(stripLoginParams(returnTo))}`;
}

/** The language of this page: the URL's `language`, else the stored choice, else zh-CN (spec §4). */
function pageLanguage(storage: PortalStorage): Language {
  return resolveLanguage({ search: window.location.search, stored: storage.getLanguage() });
}

/**
 * A page's runtime, with the HTTP client it chooses. A page makes one; sub-apps take the page's
 * through `pageRuntime()`.
 *
 * @example
 * const runtime = createPageRuntime({ createHttp: createLightHttpClient, recoverSession: false });
 * const http = runtime.httpFor(PORTAL_APP_CODE);
 */
export function createPageRuntime(options: PageRuntimeOptions): PageRuntime {
  const storage = browserStorage();
  let language = options.language;
  if (!language) {
    const lang = pageLanguage(storage);
    language = () => lang;
  }
  let notify: (notice: Notice) => void = options.onNotify ?? (() => undefined);
  const recovery =
    options.recoverSession === false
      ? null
      : createSessionRecovery({
          storage,
          onRelogin: () => window.location.replace(loginUrlFor(window.location.href)),
        });
  const clients = new Map<string, HttpClient>();
  const httpFor = (appCode: string): HttpClient => {
    let client = clients.get(appCode);
    if (!client) {
      client = options.createHttp({
        device: currentScreenClass() === 'mobile' ? 'h5' : 'pc',
        appCode,
        onNotify: (notice) => notify(notice),
        language,
        ...(recovery ? { sessionRecovery: recovery } : {}),
      });
      clients.set(appCode, client);
    }
    return client;
  };
  const auth = createAuthApi(httpFor(PORTAL_APP_CODE));
  return {
    storage,
    session: createSessionStore({ auth, storage }),
    auth,
    recovery,
    language,
    httpFor,
    setNotifier: (next) => {
      notify = next;
    },
  };
}
