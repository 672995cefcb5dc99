/** Which screen of the login entry answers which path (spec §2). */
import { AUTHORIZE_PATH } from '@campus/contracts/oidc';
import { BIND_PATH, FORGET_PASSWORD_PATH } from '@campus/contracts/pages';

export type LoginEntryScreen = 'login' | 'forget' | 'bind' | 'relogin' | 'authorize';

export const RELOGIN_PATH = '/needtologinpagerelogin';

export function screenForPath(pathname: string): LoginEntryScreen {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === FORGET_PASSWORD_PATH) return 'forget';
  if (path === BIND_PATH.replace(/\/+$/, '')) return 'bind';
  if (path === RELOGIN_PATH) return 'relogin';
  if (path === AUTHORIZE_PATH) return 'authorize';
  return 'login';
}
