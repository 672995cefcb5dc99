/**
 * A sub-app's `t()` over the spec §4 language model: zh-CN strings ship inside the app (no
 * language file is loaded for zh-CN), English comes from the language files merged into the
 * global table (`PH.lang`). Both are dictionaries of the one format (`dictionary.ts`, `{{name}}`). A key missing from the English table shows the built-in Chinese
 * text rather than a raw key, so a half-translated file never leaves holes in the page.
 */
import { interpolate, lookup, type Interpolation, type T } from './dictionary.ts';
import type { Language } from './language.ts';
import type { LanguageTable } from './language-loader.ts';

/** Values for `{{name}}` placeholders. */
export type TranslateVars = Interpolation;

/** A translate function: a dotted key (e.g. 'cms.notice.title') to the text in force. */
export type Translate = T;

/**
 * Makes `t()` for one app.
 *
 * @example
 * const t = createTranslator({ zh: { cms: { title: '通知' } }, table: PH.lang, lang: () => 'en' });
 * t('cms.title'); // the English file's text, else '通知'
 */
export function createTranslator(input: {
  /** The built-in zh-CN dictionary (nested, same keys as the English file). */
  zh: LanguageTable;
  /** The global table the English files were merged into. */
  table: LanguageTable;
  lang: () => Language;
}): Translate {
  return (key, vars) => {
    const english = input.lang() === 'en' ? lookup(input.table, key) : undefined;
    return interpolate(english ?? lookup(input.zh, key) ?? key, vars);
  };
}
