/**
 * The SDK's own texts (spec §8 messages, spec §9 relative time), read through the one `t()` of
 * `dictionary.ts` from `locales/zh-CN.json` and `locales/en.json` (issue 10 §2: no inline
 * `{ 'zh-CN', en }` records). Both languages are bundled: the SDK's functions take the language
 * as an argument and answer at once.
 */
import { createT, lookup, type DictionaryKey, type T } from './dictionary.ts';
import type { Language } from './language.ts';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** A key of the SDK dictionary, e.g. 'http.serverError'. */
export type SdkTextKey = DictionaryKey<typeof zhCN>;

const dictionaries = { 'zh-CN': zhCN, en };

/**
 * The SDK's `t()` in one language.
 *
 * @example sdkT('en')('zoom.warning', { percent: 150 });
 */
export function sdkT(lang: Language): T<SdkTextKey> {
  return createT(dictionaries, () => lang);
}

/**
 * One key in both languages, for the exported per-language records callers already read.
 *
 * @example bothLanguages('http.serverError').en; // 'Server internal error!'
 */
export function bothLanguages(key: SdkTextKey): Readonly<Record<Language, string>> {
  return { 'zh-CN': lookup(zhCN, key) ?? key, en: lookup(en, key) ?? key };
}
