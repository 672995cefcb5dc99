import { describe, expect, it } from 'vitest';
import { normalizeLanguage, resolveLanguage, splitBilingual } from './language.ts';

describe('resolveLanguage (spec §1, §4: only zh-CN and en; anything else falls back to zh-CN)', () => {
  it('defaults to zh-CN with nothing to go on', () => {
    expect(resolveLanguage()).toBe('zh-CN');
    expect(resolveLanguage({ search: '', stored: null })).toBe('zh-CN');
  });

  it('takes ?language= first, with or without the leading "?"', () => {
    expect(resolveLanguage({ search: '?language=en', stored: 'zh-CN' })).toBe('en');
    expect(resolveLanguage({ search: 'a=1&language=en' })).toBe('en');
    expect(resolveLanguage({ search: '?language=zh-CN', stored: 'en' })).toBe('zh-CN');
  });

  it('falls back to the stored lange_ value when the URL says nothing', () => {
    expect(resolveLanguage({ search: '?redirect_uri=%2F', stored: 'en' })).toBe('en');
  });

  it.each(['fr', 'EN', 'en-US', 'zh', 'zh-TW', 'ja'])('turns unsupported %s into zh-CN', (lang) => {
    expect(resolveLanguage({ search: `?language=${lang}`, stored: 'en' })).toBe('zh-CN');
    expect(resolveLanguage({ stored: lang })).toBe('zh-CN');
    expect(normalizeLanguage(lang)).toBe('zh-CN');
  });
});

describe('splitBilingual (spec §8: split on |||, second part for en)', () => {
  it('takes the side of the language', () => {
    expect(splitBilingual('用户名或密码错误|||Wrong user name or password', 'en')).toBe(
      'Wrong user name or password',
    );
    expect(splitBilingual('用户名或密码错误|||Wrong user name or password', 'zh-CN')).toBe(
      '用户名或密码错误',
    );
  });

  it('returns a one-language message as it is', () => {
    expect(splitBilingual('plain', 'en')).toBe('plain');
    expect(splitBilingual('plain', 'zh-CN')).toBe('plain');
  });

  it('uses the other side when one side is empty', () => {
    expect(splitBilingual('只有中文|||', 'en')).toBe('只有中文');
    expect(splitBilingual('|||English only', 'zh-CN')).toBe('English only');
  });
});
