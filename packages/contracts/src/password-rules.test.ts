import { describe, expect, it } from 'vitest';
import { defaultPasswordProblem, isValidPassword } from './password-rules.ts';

describe('the default password rule is one rule for forms and server (spec §5)', () => {
  it('names the first reason a password fails', () => {
    expect(defaultPasswordProblem('Ab1!')).toBe('length');
    expect(defaultPasswordProblem('Admin 2026')).toBe('whitespace');
    expect(defaultPasswordProblem('密码Admin2026')).toBe('chinese');
    expect(defaultPasswordProblem('abcdefgh')).toBe('kinds');
    expect(defaultPasswordProblem('Admin@2026')).toBeNull();
  });

  it('counts CJK punctuation and full-width forms as Chinese characters', () => {
    for (const typedWithTheIme of ['Admin2026，', 'Admin２０２６', 'Admin2026。', 'Admin　2026']) {
      expect(isValidPassword(typedWithTheIme)).toBe(false);
    }
    expect(isValidPassword('Admin2026,')).toBe(true);
  });
});
