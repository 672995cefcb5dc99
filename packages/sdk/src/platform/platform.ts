/**
 * Which client the page runs in (spec §1, §3 `paltformModel`, §4 sub-app start-up) and whether
 * the browser is too old to run it at all (spec §1, §8). Pure: the caller passes the user agent
 * and the URL parameter, so no test needs a browser.
 */

/** The client the page runs in (spec §1). */
export type ClientKind = 'browser' | 'social-chat' | 'enterprise-chat' | 'desktop-client' | 'app';

/** Every client kind; also the values the `paltformModel` URL parameter accepts. */
export const CLIENT_KINDS: readonly ClientKind[] = [
  'browser',
  'social-chat',
  'enterprise-chat',
  'desktop-client',
  'app',
];

/**
 * User-agent tokens of the portal's own clients. The spec names a desktop client and an embedded
 * app without saying how they identify themselves, so each appends its own token. `Electron`
 * alone would not do: other Electron programs (chat tools, IDE previews) open school pages too,
 * and would lose the logout button that only the desktop client hides (spec §2 header).
 */
export const CLIENT_UA_TOKENS = {
  'desktop-client': 'campusdesktop/',
  app: 'campusapp/',
} as const;

/**
 * Tells the clients apart by user agent: the enterprise-chat client says `wxwork` (and also
 * `MicroMessenger`), the social-chat client only `MicroMessenger`; the portal's desktop client
 * and embedded app add `CampusDesktop/{version}` and `CampusApp/{version}`.
 *
 * @example
 * clientKindFromUserAgent(navigator.userAgent); // 'browser'
 * clientKindFromUserAgent('Mozilla/5.0 MicroMessenger/8.0 wxwork/4.1'); // 'enterprise-chat'
 */
export function clientKindFromUserAgent(userAgent: string): ClientKind {
  const ua = userAgent.toLowerCase();
  // wxwork first: the enterprise client carries the social client's token too.
  if (ua.includes('wxwork')) return 'enterprise-chat';
  if (ua.includes('micromessenger')) return 'social-chat';
  if (ua.includes(CLIENT_UA_TOKENS['desktop-client'])) return 'desktop-client';
  if (ua.includes(CLIENT_UA_TOKENS.app)) return 'app';
  return 'browser';
}

/**
 * The client kind for start-up (spec §3 `paltformModel`, default browser; spec §4 reads it from
 * the URL). A recognised `paltformModel` value wins, because a host that embeds the page knows
 * better than a user agent it may not control; an unknown or empty value is ignored and the
 * user agent decides.
 *
 * @example
 * detectPlatform(navigator.userAgent, new URLSearchParams(location.search).get('paltformModel'));
 * detectPlatform('Mozilla/5.0 Chrome/130', 'app'); // 'app'
 */
export function detectPlatform(userAgent: string, paltformModel?: string | null): ClientKind {
  const model = paltformModel?.trim();
  const chosen = CLIENT_KINDS.find((kind) => kind === model);
  return chosen ?? clientKindFromUserAgent(userAgent);
}
