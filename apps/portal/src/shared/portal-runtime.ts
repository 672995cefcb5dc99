/**
 * The sdk objects one portal page works with, made once per page. The two entries differ in
 * their HTTP client (the light one on the login page, which has a weight budget) and in how
 * they show notices (a hand-made toast on the login page, antd on the desktop).
 */
import { createAuthApi, type AuthApi } from '@campus/sdk/auth';
import { createSessionRecovery } from '@campus/sdk/session-recovery';
import type { HttpClient, HttpClientOptions, Notice } from '@campus/sdk/http-core';
import { currentScreenClass } from '@campus/sdk/screen';
import { createSessionStore, type SessionStore } from '@campus/sdk/session';
import { browserStorage, type PortalStorage } from '@campus/sdk/storage';
import { currentLanguage } from '../i18n/i18n.ts';
import { loginUrlFor, replaceWith } from './navigation.ts';

/** The portal's app code: the `device` header's second half and the client-id key suffix. */
export const APP_CODE = 'portal';

export interface PortalRuntime {
  storage: PortalStorage;
  http: HttpClient;
  auth: AuthApi;
  session: SessionStore;
}

export function createPortalRuntime(deps: {
  createHttp: (options: HttpClientOptions) => HttpClient;
  onNotify: (notice: Notice) => void;
  /**
   * Spec §4 session expiry: on a body 401, refresh (then the app-client login) and retry;
   * when both fail, go to the login page and come back here. Signed-in pages turn it on;
   * the login page does not (it is where recovery would send the user).
   */
  recoverSession?: boolean;
}): PortalRuntime {
  const storage = browserStorage();
  const http = deps.createHttp({
    device: currentScreenClass() === 'mobile' ? 'h5' : 'pc',
    appCode: APP_CODE,
    onNotify: deps.onNotify,
    language: currentLanguage,
    ...(deps.recoverSession
      ? {
          sessionRecovery: createSessionRecovery({
            storage,
            onRelogin: () => replaceWith(loginUrlFor(window.location.href)),
          }),
        }
      : {}),
  });
  const auth = createAuthApi(http);
  return { storage, http, auth, session: createSessionStore({ auth, storage }) };
}
