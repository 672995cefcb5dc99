import { describe, expect, it } from 'vitest';
import { chromeText } from './chrome-messages.ts';

// The key and placeholder parity of both languages is dictionaries.test.ts's (every dictionary).
describe('chrome dictionary (spec §1: zh-CN and en, anything else is zh-CN)', () => {
  it('fills placeholders and falls back to zh-CN', () => {
    expect(chromeText('en', 'header.welcome', { name: 'Li Wei' })).toBe('Welcome, Li Wei');
    expect(chromeText('fr', 'header.welcome', { name: '李伟' })).toBe('欢迎您，李伟');
    expect(chromeText('en', 'dialogs.messages.count', { count: 3 })).toBe('3 unread');
    expect(chromeText('en', 'dialogs.messages.importance.4')).toBe('Urgent');
  });
});
