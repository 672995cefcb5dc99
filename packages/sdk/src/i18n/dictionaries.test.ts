/**
 * Every dictionary of every package is in the one format (issue 10 §2 "One i18n";
 * `dictionary.ts`): nested objects of non-empty strings, `{{name}}` placeholders only, and zh-CN
 * and en with the same keys and the same placeholders per key. The files are read from disk, so
 * this test imports nothing from the apps or the server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** Each dictionary: its zh-CN file (bundled) and its en file (bundled or loaded on demand). */
const PAIRS: { name: string; zh: string; en: string }[] = [
  {
    name: 'portal',
    zh: 'apps/portal/src/locales/zh-CN.json',
    en: 'apps/portal/src/locales/en.json',
  },
  {
    name: 'portal desktop',
    zh: 'apps/portal/src/locales/desktop/zh-CN.json',
    en: 'apps/portal/src/locales/desktop/en.json',
  },
  {
    name: 'portal admin console',
    zh: 'apps/portal/src/locales/admin/zh-CN.json',
    en: 'apps/portal/src/locales/admin/en.json',
  },
  {
    name: 'cms (spec §7: en deployed as /pages/cms/lang/en-cms.json)',
    zh: 'apps/cms/src/shared/zh-CN.json',
    en: 'apps/cms/src/lang/en-cms.json',
  },
  {
    name: 'ui',
    zh: 'packages/ui/src/i18n/locales/zh-CN.json',
    en: 'packages/ui/src/i18n/locales/en.json',
  },
  {
    name: 'ui chrome (header, messages, accounts, footer, About, theme)',
    zh: 'packages/ui/src/chrome/locales/zh-CN.json',
    en: 'packages/ui/src/chrome/locales/en.json',
  },
  {
    name: 'server dead-end pages',
    zh: 'server/src/modules/pages/locales/zh-CN.json',
    en: 'server/src/modules/pages/locales/en.json',
  },
  {
    name: 'server face attendance sheet',
    zh: 'server/src/modules/face/locales/zh-CN.json',
    en: 'server/src/modules/face/locales/en.json',
  },
];

/** i18next's namespace layout, `locales/{lng}/{ns}.json`: the SDK's dictionary, one file per concern. */
const SDK_LOCALES = 'packages/sdk/src/i18n/locales';
for (const file of fs.readdirSync(path.join(ROOT, SDK_LOCALES, 'zh-CN'))) {
  PAIRS.push({
    name: `sdk ${file}`,
    zh: `${SDK_LOCALES}/zh-CN/${file}`,
    en: `${SDK_LOCALES}/en/${file}`,
  });
}

/**
 * English-only files: the shared language file of spec §7, served as
 * `/common/plugins/common-ph/1.6.0/lang/en-ph.json`; its zh-CN side is no file (spec §4: no
 * language file is loaded for zh-CN), so only its format is checked.
 */
const ENGLISH_ONLY: readonly string[] = ['apps/runtime/src/lang/en-ph.json'];

/** Files that are JSON but not dictionaries. */
const NOT_DICTIONARIES: readonly string[] = ['apps/portal/src/desktop/footer/desktop-version.json'];

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function read(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
}

/** Dotted key → text; a non-string leaf is reported under its key as `undefined`. */
function leaves(node: unknown, prefix = ''): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    out.set(prefix, typeof node === 'string' ? node : undefined);
    return out;
  }
  for (const [key, value] of Object.entries(node)) {
    for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))].sort();
}

/** Problems of one file's texts: non-strings, empty texts, braces outside `{{name}}`. */
function formatProblems(file: string): string[] {
  const problems: string[] = [];
  for (const [key, text] of leaves(read(file))) {
    if (text === undefined) problems.push(`${file} ${key}: not a string`);
    else if (text.trim() === '') problems.push(`${file} ${key}: empty`);
    else if (/[{}]/.test(text.replace(PLACEHOLDER, '')))
      problems.push(`${file} ${key}: a placeholder not written {{name}}: ${text}`);
  }
  return problems;
}

/** The `src` folders of the apps, the packages and the server. */
function sourceRoots(): string[] {
  return ['apps', 'packages', 'server']
    .flatMap((top) =>
      top === 'server'
        ? ['server/src']
        : fs.readdirSync(path.join(ROOT, top)).map((name) => `${top}/${name}/src`),
    )
    .filter((root) => fs.existsSync(path.join(ROOT, root)));
}

/** Every JSON file under a `src` folder of the apps, the packages and the server. */
function sourceJsonFiles(): string[] {
  return sourceRoots().flatMap((root) =>
    (fs.readdirSync(path.join(ROOT, root), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.json') && !file.includes('node_modules'))
      .map((file) => `${root}/${file.split(path.sep).join('/')}`),
  );
}

/**
 * TypeScript files that may hold a `'zh-CN': { … }` record: calendar data for the date
 * formatter (spec §9 month and weekday names), not texts of the UI.
 */
const CALENDAR_DATA: readonly string[] = ['packages/sdk/src/format/formatters.ts'];

/** Non-test TypeScript files under the sources, for the inline-dictionary check. */
function sourceTsFiles(): string[] {
  return sourceRoots().flatMap((root) =>
    (fs.readdirSync(path.join(ROOT, root), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => !file.includes('node_modules'))
      .map((file) => `${root}/${file.split(path.sep).join('/')}`),
  );
}

describe('every dictionary, one format (issue 10 §2: i18next JSON, {{name}} placeholders)', () => {
  it('lists every JSON file of the sources as a dictionary or as not one', () => {
    const known = new Set([
      ...PAIRS.flatMap((pair) => [pair.zh, pair.en]),
      ...ENGLISH_ONLY,
      ...NOT_DICTIONARIES,
    ]);
    expect(sourceJsonFiles().filter((file) => !known.has(file))).toEqual([]);
  });

  it('keeps no texts in TypeScript records of both languages (they belong in a dictionary file)', () => {
    const inline = sourceTsFiles().filter(
      (file) =>
        !CALENDAR_DATA.includes(file) &&
        /(['"]zh-CN['"]|(?<![.\w])en)\s*:\s*\{/.test(
          fs.readFileSync(path.join(ROOT, file), 'utf8'),
        ),
    );
    expect(inline).toEqual([]);
  });

  it.each([...PAIRS.flatMap((pair) => [pair.zh, pair.en]), ...ENGLISH_ONLY])(
    '%s: nested objects of non-empty strings, placeholders only {{name}}',
    (file) => {
      expect(formatProblems(file)).toEqual([]);
    },
  );

  it.each(PAIRS)('$name: zh-CN and en have the same keys and placeholders', ({ zh, en }) => {
    const zhTexts = leaves(read(zh));
    const enTexts = leaves(read(en));
    expect([...enTexts.keys()].sort()).toEqual([...zhTexts.keys()].sort());
    for (const [key, text] of zhTexts) {
      expect(placeholders(enTexts.get(key) ?? ''), key).toEqual(placeholders(text ?? ''));
    }
  });

  it('finds a single-brace placeholder and a non-string leaf (the check itself works)', () => {
    const bad = { a: 'Total {total}', b: { c: 3 }, d: '{{ok}}' };
    const problems = [...leaves(bad)].filter(
      ([, text]) => text === undefined || /[{}]/.test(text.replace(PLACEHOLDER, '')),
    );
    expect(problems.map(([key]) => key)).toEqual(['a', 'b.c']);
  });
});
