/**
 * The help-centre page's query (spec §2: opened with redUrl, accessToken and unitId). The
 * token is never shown and is taken out of the address bar; the way back goes only to a page
 * of this site (DESIGN.md §5: no open redirect).
 */

/** The help topics, in the order the page lists them. */
export const HELP_TOPICS = [
  'signIn',
  'desktop',
  'messages',
  'todos',
  'theme',
  'children',
  'client',
] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export interface HelpQuery {
  /** The same-origin path to go back to, or null. */
  back: string | null;
  unitId: string | null;
  /** Whether the address carried an access token (to be removed from it). */
  hadToken: boolean;
}

/** A return address on this origin, as a path; null for anything else. */
export function sameOriginPath(raw: string | null, pageUrl: string): string | null {
  const value = raw?.trim();
  // Control characters and backslashes: browsers "repair" them into other addresses.
  // eslint-disable-next-line no-control-regex
  if (!value || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, pageUrl);
  } catch {
    return null;
  }
  const page = new URL(pageUrl);
  if (url.origin !== page.origin) return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Only rooted paths or absolute URLs: `desktop/home` relative to the help page is a guess.
  if (!value.startsWith('/') && !/^https?:\/\//i.test(value)) return null;
  if (value.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Reads the help-centre query of `pageUrl`. */
export function readHelpQuery(pageUrl: string): HelpQuery {
  const params = new URL(pageUrl).searchParams;
  const unitId = params.get('unitId')?.trim();
  return {
    back: sameOriginPath(params.get('redUrl'), pageUrl),
    unitId: unitId ? unitId : null,
    hadToken: params.has('accessToken'),
  };
}

/** `pageUrl` without its access token, for `history.replaceState`. */
export function withoutToken(pageUrl: string): string {
  const url = new URL(pageUrl);
  url.searchParams.delete('accessToken');
  return `${url.pathname}${url.search}${url.hash}`;
}
