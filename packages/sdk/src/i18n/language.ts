/**
 * Language rules (spec §1, §4): only zh-CN and en exist; anything else falls back to zh-CN.
 * Pure functions: the caller hands in the URL query and the stored choice, so the rules run
 * the same in a browser, a test or a server render.
 */
import { MESSAGE_LANGUAGE_SEPARATOR } from '@campus/contracts/envelope';

/** The languages the portal speaks. */
export type Language = 'zh-CN' | 'en';

/** Every supported language, default first. */
export const SUPPORTED_LANGUAGES: readonly Language[] = ['zh-CN', 'en'];

/** The default and fallback language (spec §1). */
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** The query parameter that asks for a language, e.g. `?language=en`. */
export const LANGUAGE_QUERY_PARAM = 'language';

/**
 * Narrows any value to a supported language; anything unknown becomes zh-CN.
 *
 * @example
 * normalizeLanguage('en'); // 'en'
 * normalizeLanguage('fr'); // 'zh-CN'
 */
export function normalizeLanguage(value: unknown): Language {
  return value === 'en' || value === 'zh-CN' ? value : DEFAULT_LANGUAGE;
}

/** Where the language may come from, highest priority first. */
export interface LanguageSources {
  /** A URL query string such as `location.search` (with or without the leading `?`). */
  search?: string;
  /** The value stored under the `lange_` key, if any. */
  stored?: string | null;
}

/**
 * Picks the page language: the `?language=` parameter when present, else the stored choice,
 * else zh-CN. An unsupported value at the winning source falls back to zh-CN (spec §1).
 *
 * @example
 * resolveLanguage({ search: '?language=en' }); // 'en'
 * resolveLanguage({ search: '', stored: 'en' }); // 'en'
 * resolveLanguage({ search: '?language=de', stored: 'en' }); // 'zh-CN'
 */
export function resolveLanguage(sources: LanguageSources = {}): Language {
  const fromUrl = new URLSearchParams(sources.search ?? '').get(LANGUAGE_QUERY_PARAM);
  if (fromUrl) return normalizeLanguage(fromUrl);
  if (sources.stored) return normalizeLanguage(sources.stored);
  return DEFAULT_LANGUAGE;
}

/**
 * Picks one side of a bilingual `中文|||English` message (spec §8): the second part for en,
 * the first for zh-CN. A message without the separator is returned as it is.
 *
 * @example
 * splitBilingual('密码错误|||Wrong password', 'en'); // 'Wrong password'
 */
export function splitBilingual(message: string, lang: Language): string {
  const at = message.indexOf(MESSAGE_LANGUAGE_SEPARATOR);
  if (at < 0) return message;
  const zh = message.slice(0, at);
  const en = message.slice(at + MESSAGE_LANGUAGE_SEPARATOR.length);
  if (lang === 'en') return en || zh;
  return zh || en;
}
