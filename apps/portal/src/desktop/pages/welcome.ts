/** Pure helpers of the welcome panel, kept apart from JSX so they can be tested. */
import type { Language } from '@campus/sdk/language';

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Morning from 05:00: a teacher marking late at 01:00 is still in the evening. */
export function dayPartOf(hour: number): DayPart {
  if (hour < 5) return 'evening';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** Today's date in the page language, e.g. 2026年11月22日星期日 / Sunday, November 22, 2026. */
export function formatLongDate(date: Date, lang: Language): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'zh-CN', { dateStyle: 'full' }).format(
    date,
  );
}

/** The translation key of a user type's role name (spec §1 user types). */
export function roleKeyOf(
  userType: number,
):
  | 'desktop.roles.1'
  | 'desktop.roles.2'
  | 'desktop.roles.3'
  | 'desktop.roles.4'
  | 'desktop.roles.other' {
  switch (userType) {
    case 1:
      return 'desktop.roles.1';
    case 2:
      return 'desktop.roles.2';
    case 3:
      return 'desktop.roles.3';
    case 4:
      return 'desktop.roles.4';
    default:
      return 'desktop.roles.other';
  }
}
