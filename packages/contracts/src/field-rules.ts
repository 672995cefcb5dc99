/**
 * Field validators of spec §5: the Chinese identity card, email, phone and contact number, and
 * the login-name rule of the administrator's tools. Pure predicates returning a boolean; the
 * words that go with a failure belong to the caller's dictionary or bilingual messages. They are
 * the contracts' (as the password rules are, `password-rules.ts`) because the server enforces the
 * same ones: the bulk import of users checks phones and ID cards (issue 13 §3), and the SDK's
 * `@campus/sdk/validators` answers these very functions to the forms.
 */

// 18 digits: region (6), birth date YYYYMMDD (8), sequence (3), check character (digit or X).
const ID_CARD_18 = /^\d{6}(\d{4})(\d{2})(\d{2})\d{3}[\dXx]$/;
// 15 digits (the pre-1999 form): region (6), birth date YYMMDD in the 1900s (6), sequence (3).
const ID_CARD_15 = /^\d{6}(\d{2})(\d{2})(\d{2})\d{3}$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

// Real calendar arithmetic instead of `Date`, so a time zone or the two-digit-year quirk of the
// Date constructor can never move the answer.
function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (daysInMonth[month - 1] ?? 0);
}

/**
 * The identity card rule (spec §5): a 15- or 18-digit Chinese ID number whose birth date has a
 * real month and day. The 18-digit form may end in X (either case); the 15-digit form has a
 * two-digit year read as 19xx.
 *
 * The checksum of the 18-digit form is deliberately not verified: the spec asks only for a
 * valid month and day, and rejecting on checksum would turn away numbers it accepts.
 *
 * @example
 * isValidIdCard('110101199003074518'); // true
 * isValidIdCard('11010119900307451X'); // true
 * isValidIdCard('110101199013074518'); // false (month 13)
 * isValidIdCard('110101900307451'); // true  (15 digits, 1990-03-07)
 */
export function isValidIdCard(value: string): boolean {
  const long = ID_CARD_18.exec(value);
  if (long) return isCalendarDate(Number(long[1]), Number(long[2]), Number(long[3]));
  const short = ID_CARD_15.exec(value);
  if (short) return isCalendarDate(1900 + Number(short[1]), Number(short[2]), Number(short[3]));
  return false;
}

// "Simple pattern" (spec §5): something@something.something with no whitespace. Anything
// stricter belongs to the mail server, which is the only real judge of an address.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The email rule (spec §5): a simple `name@domain.tld` shape, no whitespace.
 *
 * @example
 * isValidEmail('teacher@school.cn'); // true
 * isValidEmail('teacher@school'); // false
 */
export function isValidEmail(value: string): boolean {
  return EMAIL.test(value);
}

const PHONE = /^1\d{10}$/;

/**
 * The mobile phone rule (spec §5): 11 digits starting with 1.
 *
 * @example
 * isValidPhone('13800138000'); // true
 * isValidPhone('23800138000'); // false
 */
export function isValidPhone(value: string): boolean {
  return PHONE.test(value);
}

const CONTACT = /^[\d\s-]+$/;

/**
 * The contact number rule (spec §5): empty is accepted (the field is optional), otherwise only
 * digits, hyphens and whitespace, as in a landline `010-6512 3456`.
 *
 * @example
 * isValidContact(''); // true
 * isValidContact('010-6512 3456'); // true
 * isValidContact('ext. 12'); // false
 */
export function isValidContact(value: string): boolean {
  return value === '' || CONTACT.test(value);
}

// The administrator's rule for login names (admin CLI and console, issue 13): what the sign-in
// form accepts without escaping, and short enough for a header.
const LOGIN_NAME = /^[A-Za-z0-9_.@-]{2,64}$/;

/** Shortest and longest login name the administrator's tools accept. */
export const LOGIN_NAME_MIN_LENGTH = 2;
export const LOGIN_NAME_MAX_LENGTH = 64;

/**
 * The login-name rule of the administrator's tools: 2 to 64 letters, digits or `_ . @ -`.
 *
 * @example
 * isValidLoginName('zhang.san'); // true
 * isValidLoginName('张三'); // false
 */
export function isValidLoginName(value: string): boolean {
  return LOGIN_NAME.test(value);
}
