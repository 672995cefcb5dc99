/**
 * Page changes in one place, so the flows read as intent ("go to the login page") and
 * tests can see the addresses they build.
 */
import { LOGIN_PATH } from '@campus/contracts/pages';
import { REDIRECT_PARAM, stripLoginParams } from '@campus/sdk/redirect';

/** The login address that brings the user back to `returnTo`, less the login parameters (spec §2). */
export function loginUrlFor(returnTo: string): string {
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(stripLoginParams(returnTo))}`;
}

/** Opens an address, keeping the current page in history. */
export function goTo(url: string): void {
  window.location.assign(url);
}

/** Opens an address in place of the current page (no way back to it). */
export function replaceWith(url: string): void {
  window.location.replace(url);
}
