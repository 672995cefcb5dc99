import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_LANGUAGE_LIST,
  LANGUAGE_LIST_TYPE_ERROR,
  languageFileUrls,
  loadLanguage,
  type FetchJson,
} from './language-loader.ts';

const base = { version: '1.6.0', root: 'pages', code: 'cms', appCode: 'cms' };

function files(map: Record<string, unknown>) {
  return vi.fn<FetchJson>((url) =>
    url in map
      ? Promise.resolve(map[url])
      : Promise.reject(new Error('Request failed with status code 404')),
  );
}

const SHARED = '/common/plugins/common-ph/1.6.0/lang/en-ph.json';
const APP = '/pages/cms/lang/en-cms.json';

describe('loadLanguage (spec §4 Language switching, §7 language files)', () => {
  it('spec §7: fetches the shared and the app file for en at the spec paths', () => {
    expect(languageFileUrls({ ...base, lang: 'en' })).toEqual([SHARED, APP]);
  });

  it('spec §4: for en merges both files into one table, the app’s keys win', async () => {
    const fetchJson = files({
      [SHARED]: { ok: 'OK', save: 'Save', menu: { home: 'Home', exit: 'Exit' } },
      [APP]: { save: 'Publish', menu: { home: 'Notices' } },
    });
    const result = await loadLanguage({ ...base, lang: 'en', fetchJson });
    expect(result.lang).toBe('en');
    expect(result.table).toEqual({
      ok: 'OK',
      save: 'Publish',
      menu: { home: 'Notices', exit: 'Exit' },
    });
    expect(fetchJson).toHaveBeenCalledTimes(2);
  });

  it('spec §7: merges into the global table when one is given', async () => {
    const global: Record<string, unknown> = { kept: 1 };
    const fetchJson = files({ [SHARED]: { a: 'A' }, [APP]: { b: 'B' } });
    const result = await loadLanguage({ ...base, lang: 'en', fetchJson, into: global });
    expect(result.table).toBe(global);
    expect(global).toEqual({ kept: 1, a: 'A', b: 'B' });
  });

  it('spec §4: zh-CN loads no language file', async () => {
    const fetchJson = files({});
    const result = await loadLanguage({ ...base, lang: 'zh-CN', fetchJson });
    expect(result).toMatchObject({ lang: 'zh-CN', table: {} });
    expect(fetchJson).not.toHaveBeenCalled();
  });

  it.each(['fr', 'EN', 'en-US', undefined, 42])(
    'spec §4: only zh-CN and en are accepted: %s → zh-CN, nothing fetched',
    async (lang) => {
      const fetchJson = files({});
      await expect(loadLanguage({ ...base, lang, fetchJson })).resolves.toMatchObject({
        lang: 'zh-CN',
      });
      expect(fetchJson).not.toHaveBeenCalled();
    },
  );

  it('spec §7: an explicit table is used directly with no request', async () => {
    const table = { hello: 'Hello' };
    const fetchJson = files({});
    const result = await loadLanguage({ ...base, lang: 'en', table, fetchJson });
    expect(result.table).toBe(table);
    expect(fetchJson).not.toHaveBeenCalled();
  });

  it('spec §4: failures are ignored and loading completes (one file, both, or a throwing fetch)', async () => {
    const oneMissing = await loadLanguage({
      ...base,
      lang: 'en',
      fetchJson: files({ [APP]: { b: 'B' } }),
    });
    expect(oneMissing.table).toEqual({ b: 'B' });
    const notJson = await loadLanguage({
      ...base,
      lang: 'en',
      fetchJson: files({ [SHARED]: '<html>', [APP]: ['x'] }),
    });
    expect(notJson.table).toEqual({});
    const throwing = await loadLanguage({
      ...base,
      lang: 'en',
      fetchJson: () => {
        throw new Error('sync');
      },
    });
    expect(throwing).toMatchObject({ lang: 'en', table: {} });
  });

  it('ignores prototype keys in a language file', async () => {
    const evil = JSON.parse('{"__proto__": {"polluted": true}, "a": "A"}') as unknown;
    const result = await loadLanguage({
      ...base,
      lang: 'en',
      fetchJson: files({ [SHARED]: evil }),
    });
    expect(result.table).toEqual({ a: 'A' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never builds a protocol-relative URL from an empty or slashed root', () => {
    expect(languageFileUrls({ ...base, root: '', lang: 'en' })[1]).toBe('/cms/lang/en-cms.json');
    expect(languageFileUrls({ ...base, root: '/area/', lang: 'en' })[1]).toBe(
      '/area/cms/lang/en-cms.json',
    );
  });
});

describe('language list (spec §5, §8: must be an array)', () => {
  it('uses the default list (zh-CN Simplified Chinese, en English) when none is given', async () => {
    const notify = vi.fn();
    const result = await loadLanguage({ ...base, lang: 'zh-CN', notify });
    expect(result.langList).toBe(DEFAULT_LANGUAGE_LIST);
    expect(DEFAULT_LANGUAGE_LIST.map((l) => [l.id, l.enName])).toEqual([
      ['zh-CN', 'Simplified Chinese'],
      ['en', 'English'],
    ]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('takes a custom array as it is', async () => {
    const langList = [{ id: 'en', name: 'English', enName: 'English' }];
    const result = await loadLanguage({ ...base, lang: 'zh-CN', langList });
    expect(result.langList).toBe(langList);
  });

  it.each([
    ['en', 'data type error, language list must be an array'],
    ['zh-CN', '数据类型错误，语言列表必须是数组'],
  ] as const)(
    'a non-array list gives the info in %s and the default list',
    async (lang, message) => {
      const notify = vi.fn();
      const result = await loadLanguage({
        ...base,
        lang,
        langList: { en: 'English' },
        notify,
        fetchJson: files({}),
      });
      expect(notify).toHaveBeenCalledExactlyOnceWith({ type: 'info', message });
      expect(result.langList).toBe(DEFAULT_LANGUAGE_LIST);
      expect(LANGUAGE_LIST_TYPE_ERROR[lang]).toBe(message);
    },
  );
});
