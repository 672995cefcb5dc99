/**
 * What the portal's pages need from an i18n engine, and the smallest engine that does it: the
 * SDK's interpreter of the one dictionary format (`@campus/sdk/dictionary`, issue 10 §2).
 * The desktop plugs i18next in (DESIGN.md §6: language files of sub-apps merge into it);
 * the login page uses the dictionary translator below, because i18next alone (~15 KB gz)
 * does not fit next to React in the login page's 100 KB budget. A test keeps the two
 * engines giving the same text for every key.
 */
import {
  interpolate,
  lookup,
  type Dictionary,
  type DictionaryKey,
  type Interpolation,
  type T,
} from '@campus/sdk/dictionary';
import type { Language } from '@campus/sdk/language';
import type zhCN from '../locales/zh-CN.json';
import type desktopZhCN from '../locales/desktop/zh-CN.json';
import type adminZhCN from '../locales/admin/zh-CN.json';

export type { Dictionary, Interpolation };

/**
 * Every key of the zh-CN dictionaries (the login's, the desktop's and the admin console's),
 * e.g. 'login.submit'.
 */
export type TranslationKey =
  DictionaryKey<typeof zhCN> | DictionaryKey<typeof desktopZhCN> | DictionaryKey<typeof adminZhCN>;

export interface Translator {
  readonly language: Language;
  t: T<TranslationKey>;
  /** Adds a language's dictionary (loaded on demand). */
  addDictionary: (lang: Language, dictionary: Dictionary) => void;
  hasDictionary: (lang: Language) => boolean;
  changeLanguage: (lang: Language) => Promise<void>;
  on: (event: 'languageChanged', listener: (lng: string) => void) => void;
  off: (event: 'languageChanged', listener?: (lng: string) => void) => void;
}

/** Fills `{{name}}` placeholders the way i18next does: the SDK's interpreter of the one format. */
export { interpolate };

/**
 * A translator over plain dictionaries: the current language, then the fallback, then the
 * key itself.
 */
export function createDictionaryTranslator(init: {
  language: Language;
  fallback: Language;
  dictionaries: Partial<Record<Language, Dictionary>>;
}): Translator {
  const dictionaries = { ...init.dictionaries };
  const listeners = new Set<(lng: string) => void>();
  let language = init.language;
  return {
    get language() {
      return language;
    },
    t: (key, values) =>
      interpolate(
        lookup(dictionaries[language], key) ?? lookup(dictionaries[init.fallback], key) ?? key,
        values,
      ),
    addDictionary: (lang, dictionary) => {
      dictionaries[lang] = dictionary;
    },
    hasDictionary: (lang) => dictionaries[lang] !== undefined,
    changeLanguage: (lang) => {
      language = lang;
      for (const listener of [...listeners]) listener(lang);
      return Promise.resolve();
    },
    on: (_event, listener) => {
      listeners.add(listener);
    },
    off: (_event, listener) => {
      if (listener) listeners.delete(listener);
    },
  };
}
