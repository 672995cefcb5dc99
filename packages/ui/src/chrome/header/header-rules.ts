/**
 * The header's rules, pure (spec §2 Header, §6 linked accounts, §9 badge cap): what the bell
 * shows and which buttons appear. The header component (ChromeHeader.tsx) only reads these
 * answers.
 */
import { UserType, isParent, userTypesOf } from '@campus/contracts/user-types';
import { DESKTOP_INDEX_PAGES, DESKTOP_PATH } from '@campus/contracts/pages';
import type { MeData } from '@campus/contracts/uaa';
import { badgeText } from '@campus/sdk/formatters';
import type { Language } from '@campus/sdk/language';
import type { ClientKind } from '@campus/sdk/platform';

/** Spec §2: `getMessageConfig` pcOpen 1 turns the count into a plain dot. */
export const PC_OPEN_DOT = 1;

/** What the bell carries next to its icon. */
export type BellIndicator = { kind: 'none' } | { kind: 'dot' } | { kind: 'count'; text: string };

/**
 * The bell's indicator (spec §2, §9): nothing without unread messages; a plain dot when the
 * unit's message configuration has pcOpen 1; otherwise the count, capped at '99+'.
 *
 * @example bellIndicator(126, 0) // { kind: 'count', text: '99+' }
 * @example bellIndicator(126, 1) // { kind: 'dot' }
 * @example bellIndicator(0, 1) // { kind: 'none' }
 */
export function bellIndicator(count: number, pcOpen: number | null | undefined): BellIndicator {
  if (!(count > 0)) return { kind: 'none' };
  if (pcOpen === PC_OPEN_DOT) return { kind: 'dot' };
  return { kind: 'count', text: badgeText(count) };
}

/**
 * The pages that are the home desktop itself (spec §2 /desktop/home and its page-index
 * folders): pc_desktop_all and mobile_desktop_all, and the chat-client landing pages
 * pc_desktop_{tm|spm} (spec §4) with their mobile twins, as PORTAL_PAGES serves them.
 */
export const DESKTOP_HOME_PATHS: readonly string[] = [DESKTOP_PATH, ...DESKTOP_INDEX_PAGES];

/** Whether `pathname` is the home desktop (a trailing slash is the same page). */
export function isDesktopHome(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return DESKTOP_HOME_PATHS.includes(path);
}

/**
 * Spec §2: "the header does not show user messages" on /desktop/home. The home desktop has its
 * own messages dialog, so there the bell only counts and opens that dialog; on the other pages
 * that carry this header the bell also drops down the newest unread messages
 * (docs/decisions.md, "The bell on /desktop/home").
 */
export function headerShowsUserMessages(pathname: string): boolean {
  return !isDesktopHome(pathname);
}

/**
 * Spec §2: the logout button is hidden in the desktop client and in the enterprise-chat client
 * (both sign the user out their own way).
 */
export function logoutVisible(kind: ClientKind): boolean {
  return kind !== 'desktop-client' && kind !== 'enterprise-chat';
}

/**
 * The teacher/parent switcher (spec §6): only with a linked account, and only on the desktop
 * app itself or in an app whose limitUserType includes both 2 (teacher) and 3 (parent).
 *
 * @example accountSwitcherVisible({ linkedUserId: 'u2', desktopApp: true }) // true
 * @example accountSwitcherVisible({ linkedUserId: 'u2', desktopApp: false, limitUserType: '2,4' }) // false
 */
export function accountSwitcherVisible(input: {
  linkedUserId: string | null | undefined;
  desktopApp: boolean;
  limitUserType?: string | null;
}): boolean {
  if (!input.linkedUserId) return false;
  if (input.desktopApp) return true;
  const types = userTypesOf(input.limitUserType);
  return types.includes(UserType.teacher) && types.includes(UserType.parent);
}

/** Spec §2: the language switcher shows only when more than one language is listed. */
export function languageSwitcherVisible(languages: readonly string[]): boolean {
  return new Set(languages).size > 1;
}

/** Spec §2, §6: the child picker is for parents (type 3) with more than one child. */
export function childPickerVisible(me: Pick<MeData, 'userType' | 'chirdenList'>): boolean {
  return isParent(me.userType) && me.chirdenList.length > 1;
}

/** Spec §2: the unit name, in English when the language is en and the unit has one. */
export function unitDisplayName(
  me: Pick<MeData, 'unitName' | 'unitEnName'>,
  lang: Language,
): string {
  return lang === 'en' && me.unitEnName ? me.unitEnName : me.unitName;
}
