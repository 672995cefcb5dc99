/**
 * Pure rules of the messages dialog (spec §2 Other dialogs, §3 Message): the colour of each
 * importance level, and what a click on a message does (openWay 1 opens the module-expiry
 * table; any other message with a safe url opens it).
 */
import {
  MESSAGE_IMPORTANCE_MAX,
  MESSAGE_IMPORTANCE_MIN,
  OPEN_WAY_EXPIRY_LIST,
  type Message,
} from '@campus/contracts/desktop';

/** The importance levels of spec §3. */
export type ImportanceLevel = 1 | 2 | 3 | 4 | 5;

/**
 * Spec §3/§9 "importance 1 to 5, each with its own colour": a calm-to-urgent scale, slate,
 * blue, green, amber, red, each at least 3:1 against white so the bar and dot stay visible.
 */
export const IMPORTANCE_COLOURS: Readonly<Record<ImportanceLevel, string>> = {
  1: '#6B7A90',
  2: '#457CD6',
  3: '#1F9D74',
  4: '#C77700',
  5: '#D93A3F',
};

/** A server value clamped into 1..5 (the contract says 1 to 5; a stray value still gets a colour). */
export function importanceLevel(importance: number): ImportanceLevel {
  if (!Number.isFinite(importance)) return MESSAGE_IMPORTANCE_MIN;
  const level = Math.min(
    MESSAGE_IMPORTANCE_MAX,
    Math.max(MESSAGE_IMPORTANCE_MIN, Math.round(importance)),
  );
  return level as ImportanceLevel;
}

/** The colour of an importance level. */
export function importanceColour(importance: number): string {
  return IMPORTANCE_COLOURS[importanceLevel(importance)];
}

/**
 * A message link that may be opened: a same-origin path, or an http(s) URL. Anything else
 * (`javascript:`, `data:`, `//host`, backslashes) gives null. Same-origin URLs come back as a
 * path, so they open in place; other hosts keep their full URL and open in a new tab.
 */
export function safeMessageUrl(
  url: string | null | undefined,
  origin: string,
): { href: string; external: boolean } | null {
  const text = url?.trim();
  // Control characters and backslashes: browsers "repair" them into other addresses.
  // eslint-disable-next-line no-control-regex
  if (!text || text.includes('\\') || /[\u0000-\u001f\u007f]/.test(text)) return null;
  if (text.startsWith('/') && !text.startsWith('//')) return { href: text, external: false };
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password) return null;
  if (parsed.origin === origin) {
    return { href: `${parsed.pathname}${parsed.search}${parsed.hash}`, external: false };
  }
  return { href: parsed.href, external: true };
}

/** What a click on a message does. */
export type MessageAction =
  { kind: 'moduleExpiry' } | { kind: 'link'; href: string; external: boolean } | { kind: 'none' };

/** Spec §3: openWay 1 opens the module-expiry list; otherwise a safe url opens. */
export function messageAction(
  message: Pick<Message, 'openWay' | 'url'>,
  origin: string,
): MessageAction {
  if (message.openWay === OPEN_WAY_EXPIRY_LIST) return { kind: 'moduleExpiry' };
  const link = safeMessageUrl(message.url, origin);
  return link ? { kind: 'link', ...link } : { kind: 'none' };
}
