import { describe, expect, it, vi } from 'vitest';
import { LOGIN_MESSAGES } from '@campus/sdk/login-rules';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import { createI18nextTranslator } from './i18next-translator.ts';
import {
  createDictionaryTranslator,
  interpolate,
  type Dictionary,
  type TranslationKey,
} from './translator.ts';

function leaves(dictionary: Dictionary, prefix = ''): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

const dictionaries = { 'zh-CN': zhCN, en };
const keys = leaves(zhCN) as TranslationKey[];

describe('locale files (DESIGN.md §6: every visible text in both languages)', () => {
  it('have the same keys, none empty', () => {
    expect(leaves(en).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const zhEngine = createDictionaryTranslator({
        language: 'zh-CN',
        fallback: 'zh-CN',
        dictionaries,
      });
      const enEngine = createDictionaryTranslator({
        language: 'en',
        fallback: 'zh-CN',
        dictionaries,
      });
      expect(zhEngine.t(key).trim(), key).not.toBe('');
      expect(enEngine.t(key).trim(), key).not.toBe('');
    }
  });

  it('word the empty-field messages exactly as spec §8', () => {
    expect(zhCN.login.usernameRequired).toBe(LOGIN_MESSAGES.usernameRequired['zh-CN']);
    expect(en.login.usernameRequired).toBe(LOGIN_MESSAGES.usernameRequired.en);
    expect(zhCN.login.passwordRequired).toBe(LOGIN_MESSAGES.passwordRequired['zh-CN']);
    expect(en.login.passwordRequired).toBe(LOGIN_MESSAGES.passwordRequired.en);
  });

  it("word the header welcome as '欢迎您，{name}' / 'Welcome, {name}'", () => {
    const zhEngine = createDictionaryTranslator({
      language: 'zh-CN',
      fallback: 'zh-CN',
      dictionaries,
    });
    expect(zhEngine.t('header.welcome', { name: '王芳' })).toBe('欢迎您，王芳');
    void zhEngine.changeLanguage('en');
    expect(zhEngine.t('header.welcome', { name: 'Wang Fang' })).toBe('Welcome, Wang Fang');
  });
});

describe('the two engines agree (the login page uses the small one, the desktop i18next)', () => {
  it.each(['zh-CN', 'en'] as const)('give the same text for every key in %s', (language) => {
    const small = createDictionaryTranslator({ language, fallback: 'zh-CN', dictionaries });
    const full = createI18nextTranslator({ language, fallback: 'zh-CN', dictionaries });
    for (const key of keys) {
      expect(small.t(key, { name: 'Li <b>' }), key).toBe(full.t(key, { name: 'Li <b>' }));
    }
  });

  it('fall back to zh-CN for a language whose dictionary is missing, and announce switches', async () => {
    for (const create of [createDictionaryTranslator, createI18nextTranslator]) {
      const engine = create({
        language: 'zh-CN',
        fallback: 'zh-CN',
        dictionaries: { 'zh-CN': zhCN },
      });
      const listener = vi.fn();
      engine.on('languageChanged', listener);
      await engine.changeLanguage('en');
      expect(engine.language).toBe('en');
      expect(engine.t('login.submit')).toBe(zhCN.login.submit);
      expect(listener).toHaveBeenCalledWith('en');
      engine.addDictionary('en', en);
      expect(engine.hasDictionary('en')).toBe(true);
      expect(engine.t('login.submit')).toBe(en.login.submit);
      engine.off('languageChanged', listener);
    }
  });
});

describe('interpolate', () => {
  it('fills known placeholders and leaves unknown ones', () => {
    expect(interpolate('Hi {{name}}, {{ other }}', { name: 'A' })).toBe('Hi A, {{ other }}');
    expect(interpolate('No values {{x}}', undefined)).toBe('No values {{x}}');
  });
});
