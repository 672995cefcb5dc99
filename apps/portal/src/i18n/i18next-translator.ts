/**
 * i18next behind the portal's Translator (DESIGN.md §6), for the desktop: later issues
 * merge the shared and app language files of spec §7 into this instance.
 */
import i18next from 'i18next';
import { normalizeLanguage, SUPPORTED_LANGUAGES, type Language } from '@campus/sdk/language';
import type { Dictionary, Interpolation, Translator } from './translator.ts';

export function createI18nextTranslator(init: {
  language: Language;
  fallback: Language;
  dictionaries: Partial<Record<Language, Dictionary>>;
}): Translator {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    Object.entries(init.dictionaries).map(([lang, dictionary]) => [
      lang,
      { translation: dictionary },
    ]),
  );
  void instance.init({
    lng: init.language,
    fallbackLng: init.fallback,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    load: 'currentOnly',
    resources,
    partialBundledLanguages: true,
    // React escapes text already; i18next escaping would show entities instead.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // Keys are checked by the Translator type; i18next's own key typing is not configured.
  const translate = instance.t as unknown as (key: string, options?: Interpolation) => string;
  return {
    get language() {
      return normalizeLanguage(instance.language);
    },
    t: (key, values) => translate.call(instance, key, values),
    addDictionary: (lang, dictionary) => {
      instance.addResourceBundle(lang, 'translation', dictionary, true, true);
    },
    hasDictionary: (lang) => instance.hasResourceBundle(lang, 'translation'),
    changeLanguage: async (lang) => {
      await instance.changeLanguage(lang);
    },
    on: (event, listener) => {
      instance.on(event, listener);
    },
    off: (event, listener) => {
      instance.off(event, listener);
    },
  };
}
