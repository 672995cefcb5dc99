/**
 * The SDK's own texts (spec §8 messages, spec §9 relative time) live in `locales/{lng}/{ns}.json`,
 * i18next's layout of one file per namespace and language (issue 10 §2: no inline
 * `{ 'zh-CN', en }` records), read through the one `t()` of `dictionary.ts`. A module imports the
 * two files of its own namespace, so a page bundles only the namespaces of the modules it uses
 * (the login page keeps its weight). Both languages are bundled: the SDK's functions take the
 * language as an argument and answer at once. Callers mark `sdkTexts(…)` and `texts.both(…)`
 * with `@__PURE__`, so a page that never reads a record does not carry it.
 */
import { createT, lookup, type Dictionary, type DictionaryKey, type T } from './dictionary.ts';
import type { Language } from './language.ts';

/** The texts of one namespace, in both languages. */
export interface SdkTexts<D extends Dictionary> {
  /** The `t()` in one language, e.g. `texts.t('en')('warning', { percent: 150 })`. */
  t: (lang: Language) => T<DictionaryKey<D>>;
  /** One key in both languages, for the exported per-language records callers already read. */
  both: (key: DictionaryKey<D>) => Readonly<Record<Language, string>>;
}

/**
 * The texts of one namespace, zh-CN first.
 *
 * @example
 * import enHttp from '../i18n/locales/en/http.json';
 * import zhHttp from '../i18n/locales/zh-CN/http.json';
 * const texts = sdkTexts(zhHttp, enHttp);
 * texts.both('serverError').en; // 'Server internal error!'
 */
export function sdkTexts<D extends Dictionary>(zhCN: D, en: D): SdkTexts<D> {
  const dictionaries = { 'zh-CN': zhCN, en };
  return {
    t: (lang) => createT(dictionaries, () => lang),
    both: (key) => ({ 'zh-CN': lookup(zhCN, key) ?? key, en: lookup(en, key) ?? key }),
  };
}
