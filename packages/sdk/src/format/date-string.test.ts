import { describe, expect, it } from 'vitest';
import { isDateString, parseDateString } from './date-string.ts';

// Local-time fields, so the assertions hold in any time zone the tests run in.
function fieldsOf(date: Date | null) {
  if (!date) return null;
  return [
    date.getFullYear(),
    date.getMonth() + 1,
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
  ];
}

describe('parseDateString (spec §5 date helper)', () => {
  it('spec §5 reads an 8-digit string as year, month, day: 20261122 is 2026-11-22', () => {
    expect(fieldsOf(parseDateString('20261122'))).toEqual([2026, 11, 22, 0, 0, 0]);
  });

  it.each([
    ['2026-11-22', [2026, 11, 22, 0, 0, 0]],
    ['2026-1-2', [2026, 1, 2, 0, 0, 0]],
    ['2026-11-22 08:30', [2026, 11, 22, 8, 30, 0]],
    ['2026-11-22 08:30:15', [2026, 11, 22, 8, 30, 15]],
    ['2026-11-22 8:5:9', [2026, 11, 22, 8, 5, 9]],
    ['2026-11-22  23:59:59', [2026, 11, 22, 23, 59, 59]],
    [' 2026-11-22 ', [2026, 11, 22, 0, 0, 0]],
    ['2024-02-29', [2024, 2, 29, 0, 0, 0]],
    ['00500101', [50, 1, 1, 0, 0, 0]],
  ])('spec §5 digits, hyphens, colons and spaces: reads %j', (value, expected) => {
    expect(fieldsOf(parseDateString(value))).toEqual(expected);
  });

  it.each([
    ['letters', '2026-11-22T08:30:00'],
    ['letters', 'Nov 22 2026'],
    ['slashes', '2026/11/22'],
    ['dots', '2026.11.22'],
    ['a time zone sign', '2026-11-22 08:30:00+08'],
    ['empty', ''],
    ['spaces only', '   '],
    ['7 digits', '2026112'],
    ['9 digits', '202611221'],
    ['a 13-digit timestamp', '1795000000000'],
    ['month 13', '20261322'],
    ['day 0', '2026-11-00'],
    ['Feb 30', '2026-02-30'],
    ['Feb 29 in a common year', '20250229'],
    ['Feb 29 in 1900', '1900-02-29'],
    ['hour 24', '2026-11-22 24:00'],
    ['minute 60', '2026-11-22 08:60'],
    ['second 60', '2026-11-22 08:30:60'],
    ['a date with no day', '2026-11'],
    ['a time with no date', '08:30:00'],
  ])('spec §5 rejects %s: %j', (_reason, value) => {
    expect(parseDateString(value)).toBeNull();
  });
});

describe('isDateString (spec §5 date helper)', () => {
  it.each([
    ['20261122', true],
    ['2026-11-22 08:30:00', true],
    ['2026/11/22', false],
    ['abc', false],
    [20261122, false],
    [null, false],
  ])('spec §5 %j is %s', (value, expected) => {
    expect(isDateString(value)).toBe(expected);
  });
});
