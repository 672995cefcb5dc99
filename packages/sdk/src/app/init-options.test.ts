import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE_LIST } from '../i18n/language-loader.ts';
import {
  INIT_OPTIONS_ERROR_MESSAGES,
  InitOptionsError,
  readStartupParams,
  resolveInitOptions,
  type InitOptions,
} from './init-options.ts';

const base: InitOptions = { appCode: 'cms', code: 'cms' };

describe('resolveInitOptions (spec §3 defaults)', () => {
  it('spec §3: rootPath pages, routerType async, langList zh-CN/en, elmentVersion 2.5.6, paltformModel browser, initNotLogin true', () => {
    const options = resolveInitOptions(base);
    expect(options).toMatchObject({
      appCode: 'cms',
      code: 'cms',
      rootPath: 'pages',
      routerType: 'async',
      elmentVersion: '2.5.6',
      paltformModel: 'browser',
      initNotLogin: true,
    });
    expect(options.langList).toBe(DEFAULT_LANGUAGE_LIST);
    expect(options.langList.map((l) => [l.id, l.enName])).toEqual([
      ['zh-CN', 'Simplified Chinese'],
      ['en', 'English'],
    ]);
  });

  it('spec §3: given values win over defaults, and the optional ones pass through', () => {
    const options = resolveInitOptions({
      ...base,
      rootPath: 'apps',
      routerType: 'sync',
      elmentVersion: '2.15.0',
      paltformModel: 'app',
      initNotLogin: false,
      theme: true,
      nodeEnv: 'development',
    });
    expect(options).toMatchObject({
      rootPath: 'apps',
      routerType: 'sync',
      elmentVersion: '2.15.0',
      paltformModel: 'app',
      initNotLogin: false,
      theme: true,
      nodeEnv: 'development',
    });
  });

  it('spec §3: an unknown routerType or paltformModel falls back to its default', () => {
    const options = resolveInitOptions({
      ...base,
      routerType: 'magic' as never,
      paltformModel: 'fridge' as never,
    });
    expect(options.routerType).toBe('async');
    expect(options.paltformModel).toBe('browser');
  });

  it('spec §3: the input is not changed', () => {
    const input: InitOptions = { ...base };
    resolveInitOptions(input);
    expect(input).toEqual(base);
  });
});

describe('resolveInitOptions (spec §5 code and appCode required, §8 messages)', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['not a string', 42],
  ])('spec §5/§8: code %s → "code must not be empty"', (_label, code) => {
    expect(() => resolveInitOptions({ appCode: 'cms', code } as never)).toThrow(
      new InitOptionsError('code-empty'),
    );
    expect(() => resolveInitOptions({ appCode: 'cms', code } as never)).toThrow(
      'code must not be empty',
    );
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', ' '],
  ])('spec §5/§8: appCode %s → "appCode must not be empty"', (_label, appCode) => {
    expect(() => resolveInitOptions({ appCode, code: 'cms' } as never)).toThrow(
      'appCode must not be empty',
    );
  });

  it('spec §8: code is checked before appCode; no options at all fails on code', () => {
    expect(() => resolveInitOptions({} as never)).toThrow('code must not be empty');
    expect(() => resolveInitOptions(null)).toThrow('code must not be empty');
    expect(() => resolveInitOptions(undefined)).toThrow('code must not be empty');
  });

  it('spec §8: the error is typed and bilingual', () => {
    let caught: unknown;
    try {
      resolveInitOptions({ appCode: '', code: 'cms' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InitOptionsError);
    const error = caught as InitOptionsError;
    expect(error.name).toBe('InitOptionsError');
    expect(error.code).toBe('app-code-empty');
    expect(error.messages.en).toBe('appCode must not be empty');
    expect(error.messages['zh-CN']).toBe('appCode 不能为空');
  });

  it('spec §8: every options error has an English and a Chinese text', () => {
    expect(
      Object.fromEntries(Object.entries(INIT_OPTIONS_ERROR_MESSAGES).map(([k, v]) => [k, v.en])),
    ).toEqual({
      'code-empty': 'code must not be empty',
      'app-code-empty': 'appCode must not be empty',
      'ph-global-missing': 'the PH global not found',
      'app-config-not-object': 'wrong argument, pass an object',
    });
    for (const texts of Object.values(INIT_OPTIONS_ERROR_MESSAGES)) {
      expect(texts['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('readStartupParams (spec §4 URL parameters)', () => {
  it('spec §4: reads paltformModel, redirectCode, pagemodel and replaceThemeColor', () => {
    expect(
      readStartupParams(
        '?paltformModel=social-chat&redirectCode=cms&pagemodel=content&replaceThemeColor=%23457CD6',
      ),
    ).toEqual({
      paltformModel: 'social-chat',
      redirectCode: 'cms',
      pagemodel: 'content',
      replaceThemeColor: '#457CD6',
      contentMode: true,
    });
  });

  it('spec §4: only pagemodel "content" means content mode', () => {
    expect(readStartupParams('pagemodel=content').contentMode).toBe(true);
    expect(readStartupParams('?pagemodel=page').contentMode).toBe(false);
    expect(readStartupParams('?pagemodel=Content').contentMode).toBe(false);
    expect(readStartupParams('').contentMode).toBe(false);
  });

  it('spec §4: absent or blank parameters read as null; an unknown paltformModel is ignored', () => {
    expect(readStartupParams('?paltformModel=fridge&redirectCode=&pagemodel=%20')).toEqual({
      paltformModel: null,
      redirectCode: null,
      pagemodel: null,
      replaceThemeColor: null,
      contentMode: false,
    });
  });
});
