/**
 * The access token the desktop client hands to /needtologinpagerelogin (spec §2 "opened when the
 * desktop client needs a re-login", §7 POST relogin with accessToken). It comes in the address's
 * fragment, `#accessToken=…`, which a browser never sends to a server, so it reaches no request
 * log and no Referer header; the page removes it from the address at once (docs/decisions.md).
 */

/** The fragment parameter that carries the token. */
export const RELOGIN_TOKEN_PARAM = 'accessToken';

/** The longest token taken (the relogin body's own limit, contracts' ReloginBodySchema). */
const TOKEN_MAX = 256;

export interface ReloginHandOff {
  /** The token, or null when the fragment carries none (or a malformed one). */
  token: string | null;
  /** The address without the token, to put in its place in history. */
  cleanUrl: string;
}

/**
 * Reads the token out of an address and gives the address without it.
 *
 * @example
 * takeReloginToken('http://h/needtologinpagerelogin?x=1#accessToken=abc');
 * // { token: 'abc', cleanUrl: 'http://h/needtologinpagerelogin?x=1' }
 */
export function takeReloginToken(href: string): ReloginHandOff {
  const url = new URL(href);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  const raw = fragment.get(RELOGIN_TOKEN_PARAM);
  fragment.delete(RELOGIN_TOKEN_PARAM);
  const rest = fragment.toString();
  url.hash = rest ? `#${rest}` : '';
  // A token is printable ASCII without spaces; anything else is no token of ours.
  const token = raw && raw.length <= TOKEN_MAX && /^[\x21-\x7E]+$/.test(raw) ? raw : null;
  return { token, cleanUrl: url.toString() };
}
