/**
 * The chrome's strings (spec §2 Header, Other dialogs, Footer, About dialog), in the one
 * dictionary format (issue 10 §2 "One i18n": i18next JSON with `{{name}}` placeholders,
 * `locales/zh-CN.json` and `locales/en.json`), read through the SDK's `t()`. The chrome is the
 * same on the desktop and in every sub-app (spec §1), and a sub-app page may not load the
 * portal's dictionaries, so its strings travel with it, as the ui dictionary's do.
 */
import { createT, type Dictionary, type DictionaryKey } from '@campus/sdk/dictionary';
import { normalizeLanguage, type Language } from '@campus/sdk/language';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** A key of the chrome dictionary. */
export type ChromeMessageKey = DictionaryKey<typeof zhCN>;

const dictionaries: Record<Language, Dictionary> = { 'zh-CN': zhCN, en };

/**
 * The chrome string for `key`, `{{name}}` placeholders filled; other languages fall back to
 * zh-CN (spec §1).
 *
 * @example chromeText('en', 'header.welcome', { name: 'Li Wei' }) // 'Welcome, Li Wei'
 */
export function chromeText(
  lang: string | null | undefined,
  key: ChromeMessageKey,
  vars?: Readonly<Record<string, string | number>>,
): string {
  return chromeTranslator(normalizeLanguage(lang))(key, vars);
}

/** `t()` of the chrome in one language. */
export type ChromeTranslate = (
  key: ChromeMessageKey,
  vars?: Readonly<Record<string, string | number>>,
) => string;

/** The chrome's `t()` for `lang`. */
export function chromeTranslator(lang: Language): ChromeTranslate {
  return createT<ChromeMessageKey>(dictionaries, () => lang);
}
