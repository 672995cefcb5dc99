/**
 * The ui package's own dictionary, `locales/zh-CN.json` and `locales/en.json` in the one format
 * (i18next JSON, `{{name}}` placeholders; issue 10 §2), read through the SDK's `t()`. Shared
 * components ship inside sub-applications that may not load the portal's language files, so
 * their few strings travel with them (STYLE.md: every visible string in zh-CN and en). The
 * sub-app shell's strings (`shell.*`, `licence.*`) live in the same files; `shell-messages.ts`
 * reads them.
 */
import { createT, type Dictionary, type DictionaryKey, type T } from '@campus/sdk/dictionary';
import { normalizeLanguage, type Language } from '@campus/sdk/language';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Every key of the ui package's dictionary. */
export type UiKey = DictionaryKey<typeof zhCN>;

/** A key of the components' part of the dictionary (the shell's part is `ShellMessageKey`). */
export type UiMessageKey = Exclude<UiKey, `shell.${string}` | `licence.${string}`>;

const dictionaries: Record<Language, Dictionary> = { 'zh-CN': zhCN, en };

/**
 * The ui package's `t()` in `lang`; any language other than zh-CN and en falls back to zh-CN
 * (spec §1), so the value of `useLanguage` can be passed as it is.
 *
 * @example uiT('en')('shell.welcome', { name: 'Li Wei' }); // 'Welcome, Li Wei'
 */
export function uiT(lang: string | null | undefined): T<UiKey> {
  const language = normalizeLanguage(lang);
  return createT(dictionaries, () => language);
}

/** One language's dictionary as flat dotted keys, those that `keep` accepts. */
export function flatTexts<Key extends string>(
  lang: Language,
  keep: (key: string) => key is Key,
): Readonly<Record<Key, string>> {
  const out: Record<string, string> = {};
  const walk = (node: Dictionary, prefix: string): void => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') {
        if (keep(prefix + key)) out[prefix + key] = value;
      } else walk(value, `${prefix}${key}.`);
    }
  };
  walk(dictionaries[lang], '');
  return out as Record<Key, string>;
}

const isUiMessageKey = (key: string): key is UiMessageKey =>
  !key.startsWith('shell.') && !key.startsWith('licence.');

/** Every ui string in both languages; the key sets are identical (checked by a test). */
export const uiMessages: Readonly<Record<Language, Readonly<Record<UiMessageKey, string>>>> = {
  'zh-CN': /* @__PURE__ */ flatTexts('zh-CN', isUiMessageKey),
  en: /* @__PURE__ */ flatTexts('en', isUiMessageKey),
};

/**
 * The ui string for `key` in `lang` (`uiT(lang)(key)`). Any language other than zh-CN and en
 * falls back to zh-CN (spec §1).
 *
 * @example
 * uiText('en', 'noData.text'); // 'No data'
 * uiText('fr', 'noData.text'); // '暂无数据'
 */
export function uiText(lang: string | null | undefined, key: UiMessageKey): string {
  return uiT(lang)(key);
}
