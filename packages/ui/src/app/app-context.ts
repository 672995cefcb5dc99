/**
 * What a sub-app's components read from the shared runtime: its HTTP client, the page's session
 * store, the language and `t()`, the permission codes, and the page's notifications.
 */
import { createContext, use } from 'react';
import type { HttpClient } from '@campus/sdk/http-core';
import type { Language } from '@campus/sdk/language';
import type { PermissionCodes } from '@campus/sdk/permissions';
import type { SessionStore } from '@campus/sdk/session';
import type { Translate } from '@campus/sdk/translate';
import type { NoticeStore } from '../components/notice-store.ts';

export interface AppContextValue {
  appCode: string;
  code: string;
  http: HttpClient;
  session: SessionStore;
  lang: Language;
  t: Translate;
  /** The user's permission codes for this app; null for user types without a tree (spec §6). */
  codes: PermissionCodes | null;
  notices: NoticeStore;
}

export const AppContext = createContext<AppContextValue | null>(null);

/**
 * The running app's context; throws outside `startApp`, where there is no app to read.
 *
 * @example
 * const { http, t } = useApp();
 */
export function useApp(): AppContextValue {
  const value = use(AppContext);
  if (!value) throw new Error('useApp() is used outside an app started by startApp()');
  return value;
}
