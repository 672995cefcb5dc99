/**
 * Language loading (spec §4 "Language switching", §5/§8 language list, §7 language files):
 * only zh-CN and en; zh-CN loads nothing; en fetches the shared file and the app file and
 * merges them into one table (the app's keys win); an explicit table is used with no request.
 * Failures are ignored: loading always completes.
 */
import { normalizeLanguage, type Language } from './language.ts';
import enLanguage from './locales/en/language.json';
import zhLanguage from './locales/zh-CN/language.json';
import { sdkTexts } from './sdk-text.ts';

const texts = /* @__PURE__ */ sdkTexts(zhLanguage, enLanguage);

/** One entry of the language menu. */
export interface LanguageOption {
  id: string;
  /** The name in the language itself. */
  name: string;
  /** The name in English. */
  enName: string;
}

/** The default language list: zh-CN Simplified Chinese, en English. */
export const DEFAULT_LANGUAGE_LIST: readonly LanguageOption[] = [
  { id: 'zh-CN', name: '简体中文', enName: 'Simplified Chinese' },
  { id: 'en', name: 'English', enName: 'English' },
];

/** The info of spec §5/§8 when a custom language list is not an array. */
export const LANGUAGE_LIST_TYPE_ERROR: Readonly<Record<Language, string>> =
  /* @__PURE__ */ texts.both('listNotArray');

/** A language table: keys to strings, possibly nested. */
export type LanguageTable = Record<string, unknown>;

/** Reads one JSON file; may reject. */
export type FetchJson = (url: string) => Promise<unknown>;

/** What `loadLanguage` needs. */
export interface LanguageLoadInput {
  /** The asked language; anything but zh-CN and en becomes zh-CN. */
  lang: unknown;
  /** The shared plugin version, e.g. '1.6.0'. */
  version: string;
  /** The first path segment of the page (spec §7). */
  root: string;
  /** The app's folder code. */
  code: string;
  appCode: string;
  /** An explicit table: used as it is, nothing is fetched. */
  table?: LanguageTable;
  /** A custom language menu; must be an array. */
  langList?: unknown;
  /** The global table to merge into (e.g. the PH global's); a new object when absent. */
  into?: LanguageTable;
  /** Reads a language file; default: the browser's fetch, credentials same-origin, cache on. */
  fetchJson?: FetchJson;
  /** Receives the info of spec §8 (language list not an array). */
  notify?: (notice: { type: 'info'; message: string }) => void;
}

/** What loading produced. */
export interface LanguageLoadResult {
  lang: Language;
  /** The merged table (`into` when given). */
  table: LanguageTable;
  langList: readonly LanguageOption[] | unknown[];
}

/** One path segment, encoded; slashes at its edges removed so no `//host` URL can appear. */
function segment(value: string): string {
  return value
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .filter((part) => part !== '')
    .map(encodeURIComponent)
    .join('/');
}

function path(...segments: string[]): string {
  return `/${segments
    .map(segment)
    .filter((s) => s !== '')
    .join('/')}`;
}

/**
 * The two language files of spec §7 for one language.
 *
 * @example
 * languageFileUrls({ lang: 'en', version: '1.6.0', root: 'pages', code: 'cms', appCode: 'cms' });
 * // ['/common/plugins/common-ph/1.6.0/lang/en-ph.json', '/pages/cms/lang/en-cms.json']
 */
export function languageFileUrls(input: {
  lang: Language;
  version: string;
  root: string;
  code: string;
  appCode: string;
}): [shared: string, app: string] {
  const { lang, version, root, code, appCode } = input;
  return [
    path('common', 'plugins', 'common-ph', version, 'lang', `${lang}-ph.json`),
    path(root, code, 'lang', `${lang}-${appCode}.json`),
  ];
}

function isPlainObject(value: unknown): value is LanguageTable {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Deep merge of plain objects; later keys win; prototype keys are skipped. */
function mergeInto(target: LanguageTable, source: LanguageTable): LanguageTable {
  for (const [key, value] of Object.entries(source)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const current = target[key];
    if (isPlainObject(value) && isPlainObject(current)) mergeInto(current, value);
    else if (isPlainObject(value)) target[key] = mergeInto({}, value);
    else target[key] = value;
  }
  return target;
}

/** The browser's fetch: same-origin credentials, ordinary HTTP caching (no `_t`). */
const browserFetchJson: FetchJson = async (url) => {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
  return (await response.json()) as unknown;
};

/**
 * Loads the page language (spec §4, §7). Never rejects.
 *
 * @example
 * const { lang, table } = await loadLanguage({
 *   lang: 'en', version: '1.6.0', root: 'pages', code: 'cms', appCode: 'cms', into: PH.lang,
 * });
 */
export async function loadLanguage(input: LanguageLoadInput): Promise<LanguageLoadResult> {
  const lang = normalizeLanguage(input.lang);
  const table = input.into ?? {};

  let langList: readonly LanguageOption[] | unknown[] = DEFAULT_LANGUAGE_LIST;
  if (Array.isArray(input.langList)) langList = input.langList;
  else if (input.langList !== undefined && input.langList !== null) {
    input.notify?.({ type: 'info', message: LANGUAGE_LIST_TYPE_ERROR[lang] });
  }

  if (input.table !== undefined) {
    // Used directly: as the table itself, or merged into the global one when given.
    if (!input.into) return { lang, table: input.table, langList };
    if (isPlainObject(input.table)) mergeInto(table, input.table);
    return { lang, table, langList };
  }
  if (lang === 'zh-CN') return { lang, table, langList };

  const fetchJson = input.fetchJson ?? browserFetchJson;
  const files = await Promise.allSettled(
    languageFileUrls({ ...input, lang }).map(async (url) => fetchJson(url)),
  );
  // Shared first, then the app: the app's keys win.
  for (const file of files) {
    if (file.status === 'fulfilled' && isPlainObject(file.value)) mergeInto(table, file.value);
  }
  return { lang, table, langList };
}
