import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@campus/sdk/language';
import { uiMessages, uiText } from './ui-messages.ts';

describe('ui dictionary (spec §1 languages zh-CN and en)', () => {
  it('spec §1: has exactly the two languages, with identical key sets', () => {
    expect(Object.keys(uiMessages).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    expect(Object.keys(uiMessages.en).sort()).toEqual(Object.keys(uiMessages['zh-CN']).sort());
  });

  it('spec §1: no string is empty or left untranslated', () => {
    for (const lang of SUPPORTED_LANGUAGES) {
      for (const value of Object.values(uiMessages[lang])) expect(value.trim()).not.toBe('');
    }
    for (const [key, zh] of Object.entries(uiMessages['zh-CN'])) {
      expect(uiMessages.en[key as keyof typeof uiMessages.en], key).not.toBe(zh);
    }
  });

  it("spec §2: the no-data default text is '暂无数据' / 'No data'", () => {
    expect(uiText('zh-CN', 'noData.text')).toBe('暂无数据');
    expect(uiText('en', 'noData.text')).toBe('No data');
  });

  it('spec §2 page viewport: loading, failure and retry texts in both languages', () => {
    expect(uiText('zh-CN', 'viewport.retry')).toBe('重试');
    expect(uiText('en', 'viewport.retry')).toBe('Try again');
    expect(uiText('en', 'viewport.errorTitle')).toBe('The application could not be loaded');
    expect(uiText('en', 'viewport.loading')).toBe('Loading the application…');
  });

  it('spec §2/§9 desktop kit: dialog, picker, card and scroll texts in both languages', () => {
    expect(uiText('zh-CN', 'dialog.close')).toBe('关闭');
    expect(uiText('en', 'dialog.close')).toBe('Close');
    expect(uiText('en', 'picker.fontSize')).toBe('Font size');
    expect(uiText('zh-CN', 'picker.fontFamily')).toBe('字体');
    expect(uiText('zh-CN', 'font.microsoftYaHei')).toBe('微软雅黑');
    expect(uiText('en', 'font.stXingkai')).toBe('STXingkai');
    expect(uiText('en', 'card.more')).toBe('More');
    expect(uiText('zh-CN', 'common.loading')).toBe('加载中…');
  });

  it('spec §1: any other language falls back to zh-CN', () => {
    for (const lang of ['fr', 'en-US', '', null, undefined]) {
      expect(uiText(lang, 'notFound.title')).toBe('页面不存在');
    }
  });
});
