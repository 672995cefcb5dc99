/**
 * The date-string helper of spec §5: turns the server's wall-clock strings (`2026-11-22`,
 * `2026-11-22 08:30:00`, or the compact `20261122`) into a `Date`. It exists because engines
 * disagree on `new Date('2026-11-22 08:30')` (Safari returns Invalid Date, others guess a zone),
 * so the string is read field by field and built in local time.
 */

// Spec §5: only digits, hyphens, colons and spaces may appear at all.
const ALLOWED_CHARACTERS = /^[\d\-: ]+$/;
// Spec §5: an 8-digit string is year, month, day.
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;
// Year-month-day, optionally followed by H:m, optionally followed by :s.
const DASHED_DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?: +(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

// Calendar arithmetic rather than a `Date` round trip, so no time zone can move the answer.
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function buildLocalDate(fields: readonly number[]): Date | null {
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0, seconds = 0] = fields;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const date = new Date(0);
  // setFullYear, not the constructor: `new Date(50, …)` would mean 1950.
  date.setFullYear(year, month - 1, day);
  date.setHours(hours, minutes, seconds, 0);
  return date;
}

/**
 * Reads a date string made only of digits, hyphens, colons and spaces (spec §5) as local time.
 * Accepted shapes: `YYYYMMDD`, `YYYY-M-D`, `YYYY-M-D H:m` and `YYYY-M-D H:m:s` (one- or
 * two-digit fields, surrounding spaces ignored). Anything else — letters, slashes, an ISO `T`,
 * an impossible date such as Feb 30 or 24:00 — gives `null`.
 *
 * @example
 * parseDateString('20261122'); // 2026-11-22 00:00:00 local
 * parseDateString('2026-11-22 08:30:00'); // 2026-11-22 08:30:00 local
 * parseDateString('2026/11/22'); // null
 */
export function parseDateString(value: string): Date | null {
  if (!ALLOWED_CHARACTERS.test(value)) return null;
  const text = value.trim();
  const match = COMPACT_DATE.exec(text) ?? DASHED_DATE_TIME.exec(text);
  if (!match) return null;
  const fields = match.slice(1).map((field) => (field === undefined ? 0 : Number(field)));
  return buildLocalDate(fields);
}

/**
 * True when `value` is a string {@link parseDateString} can read (spec §5).
 *
 * @example
 * isDateString('20261122'); // true
 * isDateString('22 Nov 2026'); // false
 */
export function isDateString(value: unknown): value is string {
  return typeof value === 'string' && parseDateString(value) !== null;
}
