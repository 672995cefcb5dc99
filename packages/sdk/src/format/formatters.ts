/**
 * The display formats of spec §9: the default date format with zh-CN and en month and weekday
 * names, relative time, number abbreviations, the thousands separator, the message badge, and
 * the query-string parsing limits shared by the client and the server. Pure functions: the
 * caller hands in the clock and the language, so a test or a server render gets the same text.
 */
import { DEFAULT_LANGUAGE, type Language } from '../i18n/language.ts';
import enTime from '../i18n/locales/en/time.json';
import zhTime from '../i18n/locales/zh-CN/time.json';
import { sdkTexts } from '../i18n/sdk-text.ts';

const texts = /* @__PURE__ */ sdkTexts(zhTime, enTime);

// ---------------------------------------------------------------------------------------------
// Dates

/** The default date format of spec §9. */
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The date part of the default format, used where only the day matters. */
export const DEFAULT_DAY_FORMAT = 'YYYY-MM-DD';

/** Month names by language (spec §9): `long` for `MMMM`, `short` for `MMM`. */
export const MONTH_NAMES = {
  'zh-CN': {
    long: [
      '一月',
      '二月',
      '三月',
      '四月',
      '五月',
      '六月',
      '七月',
      '八月',
      '九月',
      '十月',
      '十一月',
      '十二月',
    ],
    short: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  },
  en: {
    long: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
} as const satisfies Record<Language, { long: readonly string[]; short: readonly string[] }>;

/** Weekday names by language, Sunday first as `Date#getDay` counts (spec §9). */
export const WEEKDAY_NAMES = {
  'zh-CN': {
    long: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
    short: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  },
  en: {
    long: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    short: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  },
} as const satisfies Record<Language, { long: readonly string[]; short: readonly string[] }>;

// Longest tokens first so `MMMM` is not read as two `MM`; `[...]` is literal text.
const DATE_TOKENS = /\[([^\]]*)]|YYYY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|mm|ss/g;

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Formats a date in local time (spec §9). Tokens: `YYYY` year, `MM`/`M` month, `MMMM`/`MMM`
 * month name (long/short), `DD`/`D` day, `dddd`/`ddd` weekday name (long/short), `HH`/`H`
 * hours (24 h), `mm` minutes, `ss` seconds; `[text]` is kept literally. The pattern defaults
 * to `YYYY-MM-DD HH:mm:ss` and the language to zh-CN. An invalid date gives ''.
 *
 * @example
 * const d = new Date(2026, 10, 22, 8, 5, 9);
 * formatDate(d); // '2026-11-22 08:05:09'
 * formatDate(d, 'dddd, D MMMM YYYY', 'en'); // 'Sunday, 22 November 2026'
 * formatDate(d, 'YYYY年M月D日 dddd', 'zh-CN'); // '2026年11月22日 星期日'
 */
export function formatDate(
  date: Date | number,
  pattern: string = DEFAULT_DATE_FORMAT,
  lang: Language = DEFAULT_LANGUAGE,
): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const month = value.getMonth();
  const weekday = value.getDay();
  return pattern.replace(DATE_TOKENS, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'YYYY':
        return String(value.getFullYear()).padStart(4, '0');
      case 'MMMM':
        return MONTH_NAMES[lang].long[month] ?? '';
      case 'MMM':
        return MONTH_NAMES[lang].short[month] ?? '';
      case 'MM':
        return pad2(month + 1);
      case 'M':
        return String(month + 1);
      case 'DD':
        return pad2(value.getDate());
      case 'D':
        return String(value.getDate());
      case 'dddd':
        return WEEKDAY_NAMES[lang].long[weekday] ?? '';
      case 'ddd':
        return WEEKDAY_NAMES[lang].short[weekday] ?? '';
      case 'HH':
        return pad2(value.getHours());
      case 'H':
        return String(value.getHours());
      case 'mm':
        return pad2(value.getMinutes());
      case 'ss':
        return pad2(value.getSeconds());
      default:
        return token;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Relative time

/** The steps of spec §9 relative time, in milliseconds (each an exclusive upper bound). */
export const RELATIVE_TIME_STEPS = {
  justNow: 30_000,
  minutes: 3_600_000,
  hours: 86_400_000,
  oneDay: 172_800_000,
} as const;

/** The relative-time wording of spec §9, per language (SDK dictionary `time.*`). */
function relativeTimeText(lang: Language) {
  const t = texts.t(lang);
  return {
    justNow: t('justNow'),
    minutes: (count: number) => (count === 1 ? t('oneMinuteAgo') : t('minutesAgo', { count })),
    hours: (count: number) => (count === 1 ? t('oneHourAgo') : t('hoursAgo', { count })),
    oneDay: t('oneDayAgo'),
  };
}

/**
 * How long ago `then` was, seen from `now` (spec §9): under 30 s 'just now', under 1 h whole
 * minutes (at least 1), under 1 d whole hours, under 2 d '1 day ago', and from 2 days on the
 * day itself as `YYYY-MM-DD`. A time more than 30 s in the future also shows the day, so a
 * scheduled item never reads 'just now'; an invalid date gives ''.
 *
 * @example
 * const now = new Date(2026, 10, 22, 12, 0, 0);
 * formatRelativeTime(new Date(2026, 10, 22, 11, 55), now, 'en'); // '5 minutes ago'
 * formatRelativeTime(new Date(2026, 10, 22, 9, 0), now, 'zh-CN'); // '3小时前'
 * formatRelativeTime(new Date(2026, 10, 18, 9, 0), now, 'en'); // '2026-11-18'
 */
export function formatRelativeTime(
  then: Date | number,
  now: Date | number,
  lang: Language,
): string {
  const elapsed = new Date(now).getTime() - new Date(then).getTime();
  if (Number.isNaN(elapsed)) return '';
  const text = relativeTimeText(lang);
  // Clock skew between server and browser can put a fresh item a few seconds in the future.
  if (Math.abs(elapsed) < RELATIVE_TIME_STEPS.justNow) return text.justNow;
  if (elapsed < 0) return formatDate(then, DEFAULT_DAY_FORMAT, lang);
  if (elapsed < RELATIVE_TIME_STEPS.minutes)
    return text.minutes(Math.max(1, Math.floor(elapsed / 60_000)));
  if (elapsed < RELATIVE_TIME_STEPS.hours) return text.hours(Math.floor(elapsed / 3_600_000));
  if (elapsed < RELATIVE_TIME_STEPS.oneDay) return text.oneDay;
  return formatDate(then, DEFAULT_DAY_FORMAT, lang);
}

// ---------------------------------------------------------------------------------------------
// Numbers

/** The abbreviation units of spec §9, each 1000 times the one before, starting at 1000. */
export const NUMBER_UNITS = ['k', 'M', 'G', 'T', 'P', 'E'] as const;

/**
 * Abbreviates a number with the units k, M, G, T, P, E (spec §9), rounded to one decimal with
 * a trailing `.0` dropped. Below 1000 (in size) the number is returned as it is; the sign is
 * kept; past E the count of E keeps growing. Rounding that reaches 1000 moves up a unit.
 *
 * @example
 * abbreviateNumber(999); // '999'
 * abbreviateNumber(1500); // '1.5k'
 * abbreviateNumber(-2_500_000); // '-2.5M'
 * abbreviateNumber(999_960); // '1M'
 */
export function abbreviateNumber(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) < 1000) return String(value);
  const size = Math.abs(value);
  let index = Math.min(Math.floor(Math.log10(size) / 3), NUMBER_UNITS.length) - 1;
  let scaled = Math.round((size / 1000 ** (index + 1)) * 10) / 10;
  // log10 can land a hair under an exact power, and rounding can carry 999.96 up to 1000.
  while (scaled >= 1000 && index < NUMBER_UNITS.length - 1) {
    index += 1;
    scaled = Math.round((size / 1000 ** (index + 1)) * 10) / 10;
  }
  const sign = value < 0 ? '-' : '';
  return `${sign}${scaled}${NUMBER_UNITS[index] ?? ''}`;
}

const PLAIN_DECIMAL = /^(-?)(\d+)(\.\d+)?$/;

/**
 * Groups the integer part with commas (spec §9), keeping the sign and the decimals exactly as
 * given. Accepts a number or a string of digits; anything else (an exponent, letters) is
 * returned unchanged so a display never loses what it was handed.
 *
 * @example
 * formatThousands(1234567.891); // '1,234,567.891'
 * formatThousands('-9876543'); // '-9,876,543'
 */
export function formatThousands(value: number | string): string {
  const text = typeof value === 'number' ? String(value) : value;
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return text;
  const [, sign = '', integer = '', decimals = ''] = match;
  return `${sign}${integer.replace(/\B(?=(\d{3})+$)/g, ',')}${decimals}`;
}

// ---------------------------------------------------------------------------------------------
// Badge

/** The largest count the message badge shows before '99+' (spec §2 Header, §9). */
export const BADGE_MAX = 99;

/**
 * The message-bell badge text (spec §2 Header, §9): '99+' above 99, the count itself from 1
 * to 99, and '' (no badge) for 0 or less.
 *
 * @example
 * badgeText(100); // '99+'
 * badgeText(7); // '7'
 * badgeText(0); // ''
 */
export function badgeText(count: number): string {
  if (!(count > 0)) return '';
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

// ---------------------------------------------------------------------------------------------
// Query strings

/** The query-string parsing limits of spec §9 (one definition, in the contracts). */
export { QUERY_STRING_LIMITS } from '@campus/contracts/query-string';
