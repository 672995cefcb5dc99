import { describe, expect, it } from 'vitest';
import { shellMessages, shellText } from './shell-messages.ts';

describe('shell messages', () => {
  it('has the same keys in zh-CN and en', () => {
    expect(Object.keys(shellMessages.en).sort()).toEqual(
      Object.keys(shellMessages['zh-CN']).sort(),
    );
  });
  it('fills placeholders and falls back to zh-CN for other languages (spec §1)', () => {
    expect(shellText('en', 'shell.welcome', { name: 'Li Wei' })).toBe('Welcome, Li Wei');
    expect(shellText('fr', 'shell.home')).toBe('返回桌面');
  });
});
