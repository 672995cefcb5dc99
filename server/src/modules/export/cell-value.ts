/**
 * What a table cell's text becomes in the spreadsheet (spec §3 Table export, DESIGN.md §7
 * "numbers as numbers"): a plain decimal number is stored as a number, so a teacher can sum a
 * column of scores; anything else stays the text the page showed.
 */

/**
 * A plain decimal as people write it in a table: an optional minus, no leading zero (a student
 * number such as `007` is a code, not seven), an optional fraction; no `+`, no exponent, no
 * thousands separators (those are formatting the page chose, not the value).
 */
const PLAIN_DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

/**
 * A double holds 15 significant decimal digits exactly; an 18-digit ID card number stored as a
 * number would come back with its last digits changed, so a longer digit string stays text.
 */
export const MAX_EXACT_DIGITS = 15;

/**
 * Excel's General format shows at most 11 characters of a number and switches to `1.23E+11`
 * beyond; a longer integer (an account number, say) gets the `0` format so that every digit
 * still shows.
 */
const GENERAL_MAX_INTEGER_DIGITS = 11;

export type CellValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  /** `numFmt` keeps what the page showed where General would not: `1.50`, or 12 digits. */
  | { kind: 'number'; value: number; numFmt?: string };

/**
 * @example
 * cellValue('89.5'); // { kind: 'number', value: 89.5 }
 * cellValue('89.50'); // { kind: 'number', value: 89.5, numFmt: '0.00' }
 * cellValue('007'); // { kind: 'text', text: '007' }
 */
export function cellValue(text: string): CellValue {
  if (text === '') return { kind: 'empty' };
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return { kind: 'text', text };
  const fraction = match[1];
  const negative = text.startsWith('-');
  const digits = text.length - (negative ? 1 : 0) - (fraction === undefined ? 0 : 1);
  const value = Number(text);
  // `-0` and `-0.0` would show as 0: what the page showed is kept instead.
  if (digits > MAX_EXACT_DIGITS || Object.is(value, -0)) return { kind: 'text', text };
  if (fraction !== undefined) {
    // `1.50` as a bare number shows `1.5`: its decimals are kept as a format.
    return fraction.endsWith('0')
      ? { kind: 'number', value, numFmt: `0.${'0'.repeat(fraction.length)}` }
      : { kind: 'number', value };
  }
  return digits > GENERAL_MAX_INTEGER_DIGITS
    ? { kind: 'number', value, numFmt: '0' }
    : { kind: 'number', value };
}
