import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  badgeText,
  DEFAULT_DATE_FORMAT,
  formatDate,
  formatRelativeTime,
  formatThousands,
  MONTH_NAMES,
  NUMBER_UNITS,
  QUERY_STRING_LIMITS,
  WEEKDAY_NAMES,
} from './formatters.ts';

// Dates are built from local fields so every assertion holds in any time zone.
const SUNDAY = new Date(2026, 10, 22, 8, 5, 9); // 2026-11-22 08:05:09, a Sunday

describe('formatDate (spec §9 default format and zh/en names)', () => {
  it('spec §9 default format is YYYY-MM-DD HH:mm:ss', () => {
    expect(DEFAULT_DATE_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatDate(SUNDAY)).toBe('2026-11-22 08:05:09');
    expect(formatDate(SUNDAY.getTime(), DEFAULT_DATE_FORMAT, 'en')).toBe('2026-11-22 08:05:09');
  });

  it('spec §9 pads two-digit tokens and leaves one-digit tokens bare', () => {
    const early = new Date(2026, 0, 2, 3, 4, 5);
    expect(formatDate(early, 'YYYY-MM-DD HH:mm:ss')).toBe('2026-01-02 03:04:05');
    expect(formatDate(early, 'YYYY-M-D H:mm')).toBe('2026-1-2 3:04');
  });

  it('spec §9 month and weekday names in English', () => {
    expect(formatDate(SUNDAY, 'dddd, D MMMM YYYY', 'en')).toBe('Sunday, 22 November 2026');
    expect(formatDate(SUNDAY, 'ddd D MMM', 'en')).toBe('Sun 22 Nov');
  });

  it('spec §9 month and weekday names in Chinese', () => {
    expect(formatDate(SUNDAY, 'MMMM dddd', 'zh-CN')).toBe('十一月 星期日');
    expect(formatDate(SUNDAY, 'MMM ddd', 'zh-CN')).toBe('11月 周日');
    expect(formatDate(SUNDAY, 'YYYY年M月D日 dddd', 'zh-CN')).toBe('2026年11月22日 星期日');
  });

  it('spec §9 has twelve months and seven weekdays, Sunday first, in both languages', () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      expect(MONTH_NAMES[lang].long).toHaveLength(12);
      expect(MONTH_NAMES[lang].short).toHaveLength(12);
      expect(WEEKDAY_NAMES[lang].long).toHaveLength(7);
      expect(WEEKDAY_NAMES[lang].short).toHaveLength(7);
    }
    expect(formatDate(new Date(2026, 0, 1), 'MMMM dddd', 'en')).toBe('January Thursday');
    expect(formatDate(new Date(2026, 11, 26), 'MMMM dddd', 'zh-CN')).toBe('十二月 星期六');
  });

  it('spec §9 keeps [bracketed] text literally', () => {
    expect(formatDate(SUNDAY, '[Due] D MMM', 'en')).toBe('Due 22 Nov');
  });

  it('spec §9 gives an empty string for an invalid date', () => {
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('formatRelativeTime (spec §9 relative time)', () => {
  const now = new Date(2026, 10, 22, 12, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it.each([
    [0, '刚刚', 'just now'],
    [29 * SECOND, '刚刚', 'just now'],
    [30 * SECOND, '1分钟前', '1 minute ago'],
    [MINUTE, '1分钟前', '1 minute ago'],
    [2 * MINUTE, '2分钟前', '2 minutes ago'],
    [59 * MINUTE + 59 * SECOND, '59分钟前', '59 minutes ago'],
    [HOUR, '1小时前', '1 hour ago'],
    [5 * HOUR + 30 * MINUTE, '5小时前', '5 hours ago'],
    [DAY - SECOND, '23小时前', '23 hours ago'],
    [DAY, '1天前', '1 day ago'],
    [2 * DAY - SECOND, '1天前', '1 day ago'],
  ])('spec §9 %i ms ago reads %s / %s', (ms, zh, en) => {
    expect(formatRelativeTime(ago(ms), now, 'zh-CN')).toBe(zh);
    expect(formatRelativeTime(ago(ms), now, 'en')).toBe(en);
  });

  it('spec §9 from 2 days on shows the date part of the default format', () => {
    expect(formatRelativeTime(ago(2 * DAY), now, 'en')).toBe('2026-11-20');
    expect(formatRelativeTime(new Date(2025, 0, 5, 9, 0), now, 'zh-CN')).toBe('2025-01-05');
  });

  it('spec §9 accepts timestamps as well as dates', () => {
    expect(formatRelativeTime(now.getTime() - 3 * HOUR, now.getTime(), 'en')).toBe('3 hours ago');
  });

  it('spec §9 reads a few seconds in the future (clock skew) as just now, further as the date', () => {
    expect(formatRelativeTime(ago(-10 * SECOND), now, 'en')).toBe('just now');
    expect(formatRelativeTime(new Date(2026, 10, 25, 9, 0), now, 'en')).toBe('2026-11-25');
  });

  it('spec §9 gives an empty string for an invalid date', () => {
    expect(formatRelativeTime(Number.NaN, now, 'en')).toBe('');
  });
});

describe('abbreviateNumber (spec §9 units k, M, G, T, P, E)', () => {
  it('spec §9 uses exactly k, M, G, T, P, E', () => {
    expect(NUMBER_UNITS).toEqual(['k', 'M', 'G', 'T', 'P', 'E']);
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [999.5, '999.5'],
    [1000, '1k'],
    [1500, '1.5k'],
    [1049, '1k'],
    [1050, '1.1k'],
    [12_345, '12.3k'],
    [999_960, '1M'],
    [2_500_000, '2.5M'],
    [3e9, '3G'],
    [4.25e12, '4.3T'],
    [5e15, '5P'],
    [6e18, '6E'],
    [1e21, '1000E'],
  ])('spec §9 %d is %s', (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });

  it.each([
    [-999, '-999'],
    [-1500, '-1.5k'],
    [-2_500_000, '-2.5M'],
  ])('spec §9 keeps the sign: %d is %s', (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });
});

describe('formatThousands (spec §9 comma separator)', () => {
  it.each([
    [1234567.891, '1,234,567.891'],
    [1234567, '1,234,567'],
    [-1234567.5, '-1,234,567.5'],
    [999, '999'],
    [1000, '1,000'],
    [0, '0'],
    ['1234567', '1,234,567'],
    ['1234567.8900', '1,234,567.8900'],
    ['-1000000', '-1,000,000'],
  ])('spec §9 %j is %s', (value, expected) => {
    expect(formatThousands(value)).toBe(expected);
  });

  it.each(['abc', '12a34', '1e21', '', '1,234'])(
    'spec §9 returns a non-numeric string unchanged: %j',
    (value) => {
      expect(formatThousands(value)).toBe(value);
    },
  );
});

describe('badgeText (spec §2 Header, §9 99+)', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
  ])('spec §9 %d shows %j', (count, expected) => {
    expect(badgeText(count)).toBe(expected);
  });
});

describe('QUERY_STRING_LIMITS (spec §9)', () => {
  it('spec §9 array limit 20, depth 5, parameter limit 1000', () => {
    expect(QUERY_STRING_LIMITS).toEqual({ arrayLimit: 20, depth: 5, parameterLimit: 1000 });
  });
});
