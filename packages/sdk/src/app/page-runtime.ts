/**
 * The login state every sub-app on one page shares (spec §1 "shares the same login state";
 * DESIGN.md §2 "one login state"): one storage, one session store and one session recovery,
 * made on first use and kept on the module. The shared runtime is loaded once per page
 * (import map), so every sub-app that imports this module gets the same objects. Each app gets
 * its own HTTP client, because the device header names the app (spec §7).
 */
import { LOGIN_PATH } from '@campus/contracts/pages';
import { createAuthApi, type AuthApi } from '../auth/auth-api.ts';
import { REDIRECT_PARAM, stripLoginParams } from '../auth/post-login-redirect.ts';
import { createHttpClient } from '../http/client.ts';
import type { HttpClient, Notice } from '../http/http-core.ts';
import { createSessionRecovery, type SessionRecovery } from '../http/session-recovery.ts';
import { resolveLanguage, type Language } from '../i18n/language.ts';
import { currentScreenClass } from '../platform/screen.ts';
import { browserStorage, type PortalStorage } from '../platform/storage.ts';
import { createSessionStore, type SessionStore } from '../session/session-store.ts';

/** The portal's own app code: the client id the login page stores is kept under it. */
export const PORTAL_APP_CODE = 'portal';

/** The objects shared by every app on the page. */
export interface PageRuntime {
  storage: PortalStorage;
  session: SessionStore;
  recovery: SessionRecovery;
  /** The language in force on this page (spec §4: zh-CN or en). */
  language: () => Language;
  /** An HTTP client for one app, sharing the page's session recovery and notices. */
  httpFor: (appCode: string) => HttpClient;
  /** Where notices go; the page sets it once its notice area is mounted. */
  setNotifier: (notify: (notice: Notice) => void) => void;
}

/** The login address that brings the user back to `returnTo`, less the login parameters (spec §2). */
export function loginUrlFor(returnTo: string): string {
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(stripLoginParams(returnTo))}`;
}

/** The language of this page: the URL's `language`, else the stored choice, else zh-CN (spec §4). */
function pageLanguage(storage: PortalStorage): Language {
  return resolveLanguage({ search: window.location.search, stored: storage.getLanguage() });
}

let current: PageRuntime | null = null;

/**
 * The page's shared runtime, made on the first call.
 *
 * @example
 * const { session, httpFor } = pageRuntime();
 * const http = httpFor('cms');
 * if (!(await session.checkLogin())) location.replace(loginUrlFor(location.href));
 */
export function pageRuntime(): PageRuntime {
  if (current) return current;
  const storage = browserStorage();
  const lang = pageLanguage(storage);
  let notify: (notice: Notice) => void = () => undefined;
  const recovery = createSessionRecovery({
    storage,
    onRelogin: () => window.location.replace(loginUrlFor(window.location.href)),
  });
  const clients = new Map<string, HttpClient>();
  const httpFor = (appCode: string): HttpClient => {
    let client = clients.get(appCode);
    if (!client) {
      client = createHttpClient({
        device: currentScreenClass() === 'mobile' ? 'h5' : 'pc',
        appCode,
        onNotify: (notice) => notify(notice),
        language: () => lang,
        sessionRecovery: recovery,
      });
      clients.set(appCode, client);
    }
    return client;
  };
  const auth: AuthApi = createAuthApi(httpFor(PORTAL_APP_CODE));
  current = {
    storage,
    session: createSessionStore({ auth, storage }),
    recovery,
    language: () => lang,
    httpFor,
    setNotifier: (next) => {
      notify = next;
    },
  };
  return current;
}
