import { describe, expect, it } from 'vitest';
import { chromeMessages, chromeText } from './chrome-messages.ts';

describe('chrome dictionary (spec §1: zh-CN and en, anything else is zh-CN)', () => {
  it('has every key in both languages', () => {
    expect(Object.keys(chromeMessages.en).sort()).toEqual(
      Object.keys(chromeMessages['zh-CN']).sort(),
    );
  });

  it('fills placeholders and falls back to zh-CN', () => {
    expect(chromeText('en', 'header.welcome', { name: 'Li Wei' })).toBe('Welcome, Li Wei');
    expect(chromeText('fr', 'header.welcome', { name: '李伟' })).toBe('欢迎您，李伟');
    expect(chromeText('en', 'dialogs.messages.count', { count: 3 })).toBe('3 unread');
  });
});
