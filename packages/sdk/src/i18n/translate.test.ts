import { describe, expect, it } from 'vitest';
import { createTranslator } from './translate.ts';

const zh = { cms: { title: '通知', count: '共 {{n}} 条', only: '仅中文' } };
const en = { cms: { title: 'Notices', count: '{{n}} in all' } };

describe('createTranslator (spec §4: zh-CN built in, en from the merged language files)', () => {
  it('uses the built-in Chinese for zh-CN even when an English table is loaded', () => {
    const t = createTranslator({ zh, table: en, lang: () => 'zh-CN' });
    expect(t('cms.title')).toBe('通知');
    expect(t('cms.count', { n: 3 })).toBe('共 3 条');
  });

  it('uses the English table for en and fills placeholders', () => {
    const t = createTranslator({ zh, table: en, lang: () => 'en' });
    expect(t('cms.title')).toBe('Notices');
    expect(t('cms.count', { n: 12 })).toBe('12 in all');
  });

  it('falls back to Chinese for a key the English file lacks, and to the key when both lack it', () => {
    const t = createTranslator({ zh, table: en, lang: () => 'en' });
    expect(t('cms.only')).toBe('仅中文');
    expect(t('cms.missing')).toBe('cms.missing');
  });

  it('ignores prototype keys and non-string leaves', () => {
    const t = createTranslator({ zh, table: { cms: { title: { nested: 1 } } }, lang: () => 'en' });
    expect(t('cms.title')).toBe('通知');
    expect(t('constructor.name')).toBe('constructor.name');
    expect(t('cms.count', { m: 1 })).toBe('共 {{n}} 条');
  });
});
