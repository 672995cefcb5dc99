/**
 * The desktop shell's pure rules (issue 4): which apps a user may see (spec §6), the icon order
 * (spec §2, §6), what a theme choice saves (spec §2 Theme dialog, §3, §4 Layout), and which
 * links may leave the server. The theme vocabulary is the contracts' (`@campus/contracts/theme`),
 * so what the server saves is exactly what the page's theme loader understands.
 */
import { isSchool, userTypesOf } from '@campus/contracts/user-types';
import type { MessageModule } from '@campus/contracts/desktop';
import {
  COLOUR_SWATCHES,
  NAMED_THEME_COLORS,
  isNamedTheme,
  validateColor,
  type ColourSwatch,
  type Layout,
} from '@campus/contracts/theme';

/** Spec §6: base and edu apps are hidden unless the unit is a school. */
export const SCHOOL_ONLY_APPS: ReadonlySet<string> = new Set(['base', 'edu']);

/** The parts of an app the visibility rule reads. */
export interface AppForVisibility {
  code: string;
  updateStatus: number;
  limitUserType: string;
}

/**
 * Whether a user may see an app on the desktop: not hidden (spec §3 updateStatus 0), meant for
 * the user's type (limitUserType), and base and edu only in a school (spec §6).
 *
 * @example appVisibleTo({ code: 'edu', updateStatus: 1, limitUserType: '1,2,4' }, { userType: 2, unitType: 1 }) // false
 */
export function appVisibleTo(
  app: AppForVisibility,
  user: { userType: number; unitType: number },
): boolean {
  if (app.updateStatus === 0) return false;
  if (!userTypesOf(app.limitUserType).includes(user.userType)) return false;
  if (SCHOOL_ONLY_APPS.has(app.code) && !isSchool(user.unitType)) return false;
  return true;
}

/**
 * Each app's unread count on its icon (spec §3 unReadCodeCount): the badge the app set for the
 * user (issue 13 §4), which replaces the count of the user's unread messages from it, else
 * that count. An app that keeps its own count (unread notices, say) may also post messages
 * about the same things; adding the two would count them twice.
 *
 * @example appUnreadCounts([{ module: 'cms', count: 2 }], new Map([['cms', 5]])) // Map { cms → 5 }
 */
export function appUnreadCounts(
  messages: readonly { module: string; count: number }[],
  badges: ReadonlyMap<string, number>,
): Map<string, number> {
  const counts = new Map(messages.map((m) => [m.module, m.count]));
  for (const [appCode, count] of badges) counts.set(appCode, count);
  return counts;
}

/**
 * Apps in the user's drag order: the ones with a saved position first, by position; the rest
 * after them in their default order (`sort`). Does not change `apps`.
 */
export function orderIcons<T extends { code: string; sort: number }>(
  apps: readonly T[],
  order: ReadonlyMap<string, number>,
): T[] {
  return [...apps].sort((a, b) => {
    const pa = order.get(a.code);
    const pb = order.get(b.code);
    if (pa !== undefined && pb !== undefined) return pa - pb || a.sort - b.sort;
    if (pa !== undefined) return -1;
    if (pb !== undefined) return 1;
    return a.sort - b.sort || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  });
}

/** What a theme choice saves for a user (the columns my_desktop/color answers from). */
export interface ThemeChoice {
  /** ink, lotus, cartoon or a swatch name; null for a custom colour (a plain colour theme). */
  theme: string | null;
  /** '#RRGGBB'. */
  themeColor: string;
  /** Undefined keeps the user's current layout. */
  layout: Layout | undefined;
}

/**
 * The theme a settheme call saves, or null when `theme` is none of: ink, lotus, cartoon (their
 * fixed colour, top layout, spec §4), a swatch of the dialog's colour section (its colour), or
 * a `#RGB`/`#RRGGBB` colour (upper-case `#RRGGBB`, no theme name). A plain colour takes the
 * requested layout, or keeps the current one when none is given.
 *
 * @example resolveThemeChoice('ink', 'left') // { theme: 'ink', themeColor: '#A9947F', layout: 'top' }
 * @example resolveThemeChoice('#fa0', 'left') // { theme: null, themeColor: '#FFAA00', layout: 'left' }
 * @example resolveThemeChoice('url(x)', undefined) // null
 */
export function resolveThemeChoice(theme: string, layout: Layout | undefined): ThemeChoice | null {
  if (isNamedTheme(theme)) return { theme, themeColor: NAMED_THEME_COLORS[theme], layout: 'top' };
  if (Object.hasOwn(COLOUR_SWATCHES, theme)) {
    return { theme, themeColor: COLOUR_SWATCHES[theme as ColourSwatch], layout };
  }
  const color = validateColor(theme);
  return color ? { theme: null, themeColor: color, layout } : null;
}

/** The swatch names a theme may be, for messages. */
export const SWATCH_NAMES: readonly string[] = Object.keys(COLOUR_SWATCHES);

/**
 * An http(s) URL without credentials, normalised; anything else is null. Configured URLs pass
 * here before they reach a page, so a `javascript:` link never does.
 *
 * @example safeHttpUrl('https://sso.example/login') // 'https://sso.example/login'
 * @example safeHttpUrl('javascript:alert(1)') // null
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * A link a message or to-do may carry: a same-origin path ('/…', not '//…' nor with
 * backslashes or control characters) as it is, else an http(s) URL; anything else is null.
 */
export function safeLink(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (trimmed.startsWith('/')) {
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    return trimmed.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(trimmed) ? null : trimmed;
  }
  return safeHttpUrl(trimmed);
}

/**
 * A message's module list (spec §3 content: a JSON array of modules with code and endTime),
 * parsed and checked; entries without a code or a finite end time are dropped, and unparseable
 * text gives null. Known apps get their names for the module-expiry table.
 */
export function parseMessageContent(
  raw: string | null,
  appNames: ReadonlyMap<string, { name: string; englishName: string }>,
): MessageModule[] | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const modules: MessageModule[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { code, endTime } = item as { code?: unknown; endTime?: unknown };
    if (typeof code !== 'string' || code === '') continue;
    const end = typeof endTime === 'string' && /^\d+$/.test(endTime) ? Number(endTime) : endTime;
    if (typeof end !== 'number' || !Number.isFinite(end)) continue;
    const names = appNames.get(code);
    modules.push({
      code,
      endTime: end,
      name: names?.name ?? null,
      englishName: names?.englishName ?? null,
    });
  }
  return modules;
}
