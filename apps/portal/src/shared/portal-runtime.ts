/**
 * The portal's pages on the SDK's page runtime (`@campus/sdk/create-page-runtime`). The two entries
 * differ in their HTTP client (the light one on the login page, which has a weight budget) and
 * in how they show notices (a hand-made toast on the login page, antd on the desktop); both
 * follow the language the portal's i18n has in force.
 */
import type { AuthApi } from '@campus/sdk/auth';
import type { HttpClient } from '@campus/sdk/http-core';
import {
  createPageRuntime,
  PORTAL_APP_CODE,
  type PageRuntimeOptions,
} from '@campus/sdk/create-page-runtime';
import type { SessionStore } from '@campus/sdk/session';
import type { PortalStorage } from '@campus/sdk/storage';
import { currentLanguage } from '../i18n/i18n.ts';

/** What the portal's components use: the page runtime's objects and the portal's own client. */
export interface PortalRuntime {
  storage: PortalStorage;
  http: HttpClient;
  auth: AuthApi;
  session: SessionStore;
}

/** The page runtime, in the portal's language, with the portal's client as `http`. */
export function createPortalRuntime(
  options: Pick<PageRuntimeOptions, 'createHttp' | 'onNotify' | 'recoverSession'>,
): PortalRuntime {
  const page = createPageRuntime({
    recoverSession: false,
    ...options,
    language: currentLanguage,
  });
  return {
    storage: page.storage,
    http: page.httpFor(PORTAL_APP_CODE),
    auth: page.auth,
    session: page.session,
  };
}
