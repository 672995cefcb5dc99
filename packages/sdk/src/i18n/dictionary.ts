/**
 * The one dictionary format of every front end (issue 10 §2 "One i18n"; decisions.md): i18next's
 * JSON, nested objects of strings read by dotted keys ('login.submit'), with `{{name}}`
 * placeholders. zh-CN and en have the same keys and the same placeholders per key (a unit test
 * checks every dictionary). This is the small interpreter of that format: the login page, the ui
 * package, the SDK and sub-apps read through it; the desktop reads the same files through i18next.
 */
import { DEFAULT_LANGUAGE, type Language } from './language.ts';

/** A dictionary: nested objects of strings. */
export interface Dictionary {
  [key: string]: string | Dictionary;
}

/** Values for `{{name}}` placeholders. */
export type Interpolation = Readonly<Record<string, string | number>>;

/** The one translate interface: a dotted key and its placeholder values to the text in force. */
export type T<Key extends string = string> = (key: Key, values?: Interpolation) => string;

/** The text at a dotted key, or undefined (prototype keys and non-string leaves are not text). */
export function lookup(dictionary: unknown, key: string): string | undefined {
  let node: unknown = dictionary;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Fills `{{name}}` placeholders the way i18next does (unknown ones stay as they are). A
 * replacer function, so a `$&` inside a value is kept as written.
 *
 * @example interpolate('共 {{total}} 条', { total: 3 }); // '共 3 条'
 */
export function interpolate(text: string, values: Interpolation | undefined): string {
  if (!values) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * A `t()` over a zh-CN and an en dictionary: the current language, then zh-CN (spec §1), then
 * the key itself.
 *
 * @example
 * const t = createT({ 'zh-CN': zhCN, en }, () => 'en');
 * t('shell.welcome', { name: 'Li Wei' }); // 'Welcome, Li Wei'
 */
export function createT<Key extends string = string>(
  dictionaries: Partial<Record<Language, Dictionary>>,
  language: () => Language,
): T<Key> {
  return (key, values) =>
    interpolate(
      lookup(dictionaries[language()], key) ?? lookup(dictionaries[DEFAULT_LANGUAGE], key) ?? key,
      values,
    );
}

/** Dotted keys of every text in a dictionary type, e.g. 'login.submit'. */
export type DictionaryKey<D, Prefix extends string = ''> = {
  [K in keyof D & string]: D[K] extends string
    ? `${Prefix}${K}`
    : DictionaryKey<D[K], `${Prefix}${K}.`>;
}[keyof D & string];
