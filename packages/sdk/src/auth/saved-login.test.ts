// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { browserStorage } from '../platform/storage.ts';
import {
  clearSavedLogin,
  deobfuscate,
  forgetRememberToken,
  obfuscate,
  readSavedLogin,
  rememberLogin,
} from './saved-login.ts';

const storage = browserStorage();
afterEach(() => localStorage.clear());

describe('saved-login record (spec §3; DESIGN.md §5: a remember token, never the password)', () => {
  it('round-trips the token through the obfuscation', () => {
    for (const token of ['rt_abc.DEF-123', '', 'ünïcødé 令牌']) {
      expect(deobfuscate(obfuscate(token))).toBe(token);
    }
    expect(obfuscate('rt_abc')).not.toContain('rt_abc');
  });

  it('stores { rempass, username, password } with the token obfuscated', () => {
    rememberLogin(storage, 'teacher', 'rt_0123456789abcdef');
    const raw = localStorage.getItem('campus_portal') ?? '';
    const record = JSON.parse(raw) as Record<string, unknown>;
    expect(Object.keys(record).sort()).toEqual(['password', 'rempass', 'username']);
    expect(record.rempass).toBe(true);
    expect(record.username).toBe('teacher');
    expect(raw).not.toContain('rt_0123456789abcdef');
    expect(readSavedLogin(storage)).toEqual({
      remember: true,
      username: 'teacher',
      rememberToken: 'rt_0123456789abcdef',
    });
  });

  it('has no way to store a password: only the server token goes in', () => {
    const password = 'Teacher@2026';
    rememberLogin(storage, 'teacher', 'server-issued-token');
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      expect(key + (localStorage.getItem(key) ?? '')).not.toContain(password);
    }
    expect(
      deobfuscate(
        (JSON.parse(localStorage.getItem('campus_portal') ?? '{}') as { password: string })
          .password,
      ),
    ).toBe('server-issued-token');
  });

  it('keeps the username but drops the token when asked', () => {
    rememberLogin(storage, 'teacher', 'tok');
    forgetRememberToken(storage, 'teacher');
    expect(readSavedLogin(storage)).toEqual({
      remember: false,
      username: 'teacher',
      rememberToken: null,
    });
  });

  it('reads nothing from a missing, broken or tampered record', () => {
    expect(readSavedLogin(storage)).toBeNull();
    localStorage.setItem('campus_portal', 'not json');
    expect(readSavedLogin(storage)).toBeNull();
    localStorage.setItem(
      'campus_portal',
      JSON.stringify({ rempass: true, username: 'x', password: '%%%' }),
    );
    expect(readSavedLogin(storage)).toEqual({
      remember: false,
      username: 'x',
      rememberToken: null,
    });
  });

  it('clears the record', () => {
    rememberLogin(storage, 'teacher', 'tok');
    clearSavedLogin(storage);
    expect(localStorage.getItem('campus_portal')).toBeNull();
  });
});
