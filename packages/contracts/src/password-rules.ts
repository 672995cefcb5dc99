/**
 * The two password rules of spec §5, one definition for the forms, the SDK and the server (the
 * admin CLI and console refuse what the login box would). A rule answers *why* a password fails,
 * as a reason code; the words for it belong to the caller's dictionary or bilingual messages.
 */

/** Shortest password either rule accepts (spec §5, §9: 8 to 20 characters). */
export const PASSWORD_MIN_LENGTH = 8;

/** Longest password either rule accepts (spec §5, §9: 8 to 20 characters). */
export const PASSWORD_MAX_LENGTH = 20;

/** Why a password fails the default rule. */
export type PasswordProblem = 'length' | 'whitespace' | 'chinese' | 'kinds';

// Counted in code points, not UTF-16 units, so an emoji is one character as the user sees it.
function lengthInRange(value: string): boolean {
  const length = [...value].length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
}

// "No spaces" (spec §5) covers every whitespace character: a tab or a newline pasted into a
// password field is just as invisible as a space.
const WHITESPACE = /\s/u;
// "No Chinese characters" (spec §5): the Han script (every Chinese character, not only the
// common 4E00–9FA5 block), and what a Chinese input method types beside it: CJK punctuation
// (3000–303F, e.g. '，' '。') and full-width forms (FF00–FFEF, e.g. '２'). They look like ASCII
// on screen but are other characters, so a password typed with the IME on would not match the
// same password typed with it off (docs/decisions.md).
const CHINESE = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;
// ASCII only: a digit or letter from another script counts as an "other" character.
const DIGIT = /[0-9]/;
const LETTER = /[A-Za-z]/;
const OTHER = /[^0-9A-Za-z]/;

/**
 * Why a password fails the default rule (spec §5): 8 to 20 characters, no whitespace, no
 * Chinese characters, and at least two kinds among digits, letters and other characters; null
 * when it passes. The first failing condition in that order is the answer.
 *
 * @example
 * defaultPasswordProblem('Teacher2026'); // null
 * defaultPasswordProblem('abcdefgh'); // 'kinds'
 * defaultPasswordProblem('pass word1'); // 'whitespace'
 */
export function defaultPasswordProblem(value: string): PasswordProblem | null {
  if (!lengthInRange(value)) return 'length';
  if (WHITESPACE.test(value)) return 'whitespace';
  if (CHINESE.test(value)) return 'chinese';
  const kinds = [DIGIT, LETTER, OTHER].filter((kind) => kind.test(value)).length;
  return kinds >= 2 ? null : 'kinds';
}

/**
 * The default password rule (spec §5) as a predicate.
 *
 * @example
 * isValidPassword('Teacher2026'); // true  (letters + digits)
 * isValidPassword('abcdefgh'); // false (one kind only)
 */
export function isValidPassword(value: string): boolean {
  return defaultPasswordProblem(value) === null;
}

// Spec §5 "another rule": the character set and the length in one pattern.
const SIMPLE_PASSWORD = new RegExp(
  `^[A-Za-z0-9_.@-]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);

/**
 * The alternative password rule (spec §5): only letters, digits and `_ . @ -`, 8 to 20
 * characters. No mix of kinds is required.
 *
 * @example
 * isValidSimplePassword('abc_def.g'); // true
 * isValidSimplePassword('abc#defgh'); // false ('#' is not allowed)
 */
export function isValidSimplePassword(value: string): boolean {
  return SIMPLE_PASSWORD.test(value);
}
