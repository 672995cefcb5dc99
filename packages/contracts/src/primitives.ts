/**
 * The strings a request may carry, checked at the boundary of every route (issue 10: "bad input
 * never reaches the database"). No request string may hold a C0 control character or DEL:
 * PostgreSQL refuses the NUL byte outright (SQLite stores it), and no person types the others.
 * Multi-line text keeps tab, line feed and carriage return.
 */
import { Type, type TString, type TStringOptions } from 'typebox';

/** One line of text: no control character at all. */
export const SINGLE_LINE_PATTERN = '^[^\\u0000-\\u001F\\u007F]*$';
/** Text that may span lines: tab, LF and CR allowed, every other control character refused. */
export const MULTI_LINE_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';

/** A single-line string; options add lengths or a stricter pattern of the caller's own. */
export function Line(options: TStringOptions = {}): TString {
  return Type.String({ pattern: SINGLE_LINE_PATTERN, ...options });
}

/** A string that may span lines (a notice's content, say). */
export function Text(options: TStringOptions = {}): TString {
  return Type.String({ pattern: MULTI_LINE_PATTERN, ...options });
}

/** A record id in a path, query or body: 1 to 64 characters on one line. */
export const IdSchema = Line({ minLength: 1, maxLength: 64 });

/** App codes as they appear in paths and records: letters, digits, '_' and '-'. */
export const AppCodeSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
});
