/**
 * The portal's language state: zh-CN by default, en on request, nothing else (spec §1).
 * Each entry picks its engine at start-up (see translator.ts); components only see `t`,
 * `currentLanguage` and `switchLanguage`. zh-CN is bundled; the en dictionary loads only
 * when en is in use (spec §4: "for zh-CN no language file is loaded"). The login page takes
 * the login's dictionaries (`locales/`); the desktop adds its own (`locales/desktop/`, through
 * `desktop-dictionaries.ts`), so the login page does not carry the desktop's words (issue 10
 * §2 weight).
 */
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_QUERY_PARAM,
  resolveLanguage,
  type Language,
} from '@campus/sdk/language';
import type { PortalStorage } from '@campus/sdk/storage';
import zhCN from '../locales/zh-CN.json';
import {
  createDictionaryTranslator,
  type Dictionary,
  type Interpolation,
  type TranslationKey,
  type Translator,
} from './translator.ts';

/** Builds an engine; the login page passes the dictionary translator, the desktop i18next. */
export type TranslatorFactory = (init: {
  language: Language;
  fallback: Language;
  dictionaries: Partial<Record<Language, Dictionary>>;
}) => Translator;

/** A page's dictionaries: zh-CN bundled, en loaded when first needed. */
export interface DictionaryPack {
  zhCN: Dictionary;
  loadEn: () => Promise<Dictionary>;
}

/** The login page's (and the default) dictionaries. */
export const LOGIN_DICTIONARIES: DictionaryPack = {
  zhCN,
  loadEn: async () => (await import('../locales/en.json')).default,
};

let pack: DictionaryPack = LOGIN_DICTIONARIES;

// Until an entry starts, a zh-CN dictionary engine answers (tests render components this way).
let engine: Translator = createDictionaryTranslator({
  language: DEFAULT_LANGUAGE,
  fallback: DEFAULT_LANGUAGE,
  dictionaries: { 'zh-CN': zhCN },
});

/** The engine in use; `useLanguage` subscribes to it. */
export function translator(): Translator {
  return engine;
}

/** Translates a key in the current language. */
export function t(key: TranslationKey, values?: Interpolation): string {
  return engine.t(key, values);
}

/** The language in force. */
export function currentLanguage(): Language {
  return engine.language;
}

async function ensureDictionary(lang: Language): Promise<void> {
  if (lang !== 'en' || engine.hasDictionary('en')) return;
  try {
    engine.addDictionary('en', await pack.loadEn());
  } catch {
    // Spec §4: a failed language load is ignored; zh-CN, the fallback, shows instead.
  }
}

/**
 * Starts i18n in the language of spec §4: `?language=`, else the stored choice, else zh-CN.
 * A `?language=` value is also stored, so the pages opened next keep it.
 */
export async function initI18n(
  storage: Pick<PortalStorage, 'getLanguage' | 'setLanguage'>,
  createTranslator: TranslatorFactory = createDictionaryTranslator,
  dictionaries: DictionaryPack = LOGIN_DICTIONARIES,
): Promise<Language> {
  pack = dictionaries;
  const search = window.location.search;
  const lang = resolveLanguage({ search, stored: storage.getLanguage() });
  // A link that asks for a language sets it for the visit: the desktop after sign-in keeps it.
  if (new URLSearchParams(search).has(LANGUAGE_QUERY_PARAM)) storage.setLanguage(lang);
  engine = createTranslator({
    language: lang,
    fallback: DEFAULT_LANGUAGE,
    dictionaries: { 'zh-CN': pack.zhCN },
  });
  await ensureDictionary(lang);
  document.documentElement.lang = lang;
  return lang;
}

/**
 * Switches the language, remembers it under `lange_`, and drops `?language=` from the
 * address so a reload keeps the user's choice rather than the link's.
 */
export async function switchLanguage(
  lang: Language,
  storage: Pick<PortalStorage, 'setLanguage'>,
): Promise<void> {
  storage.setLanguage(lang);
  await ensureDictionary(lang);
  await engine.changeLanguage(lang);
  document.documentElement.lang = lang;
  const url = new URL(window.location.href);
  if (url.searchParams.has(LANGUAGE_QUERY_PARAM)) {
    url.searchParams.delete(LANGUAGE_QUERY_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }
}
