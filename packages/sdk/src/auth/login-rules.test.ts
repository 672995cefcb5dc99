import { describe, expect, it } from 'vitest';
import { createPortalStorage, type KeyValueArea } from '../platform/storage.ts';
import {
  beginAutoLogin,
  canAutoLogin,
  LOGIN_MESSAGES,
  MAX_AUTO_LOGIN_ATTEMPTS,
  validateLoginForm,
} from './login-rules.ts';

function memoryArea(): KeyValueArea {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

function storageInMemory() {
  const local = memoryArea();
  const session = memoryArea();
  return createPortalStorage(
    () => local,
    () => session,
  );
}

describe('validateLoginForm (spec §5 login box, §8 messages)', () => {
  it('requires both fields, after trimming', () => {
    expect(validateLoginForm({ username: '  ', password: '\t' }).errors).toEqual({
      username: 'usernameRequired',
      password: 'passwordRequired',
    });
    expect(validateLoginForm({ username: 'teacher', password: ' ' }).errors).toEqual({
      password: 'passwordRequired',
    });
  });

  it('trims the values it returns', () => {
    expect(validateLoginForm({ username: ' teacher ', password: ' Teacher@2026 ' })).toEqual({
      username: 'teacher',
      password: 'Teacher@2026',
      errors: {},
      valid: true,
    });
  });

  it('accepts an empty password when a remember token stands in (DESIGN.md §5)', () => {
    expect(
      validateLoginForm({ username: 'teacher', password: '', hasRememberToken: true }).valid,
    ).toBe(true);
  });

  it('words the messages exactly as spec §8, in both languages', () => {
    expect(LOGIN_MESSAGES.usernameRequired).toEqual({
      'zh-CN': '用户名不能为空！',
      en: 'User name cannot be empty!',
    });
    expect(LOGIN_MESSAGES.passwordRequired).toEqual({
      'zh-CN': '密码不能为空！',
      en: 'Password cannot be empty!',
    });
  });
});

describe('auto-login rule (spec §4 "Auto-login", §9: fewer than 4 attempts)', () => {
  const allowed = {
    unitAllowsAutoLogin: true,
    loggedOut: false,
    rememberPassword: true,
    attempts: 0,
  };

  it('allows it only when every condition holds', () => {
    expect(canAutoLogin(allowed)).toBe(true);
    expect(canAutoLogin({ ...allowed, attempts: 3 })).toBe(true);
    expect(canAutoLogin({ ...allowed, attempts: MAX_AUTO_LOGIN_ATTEMPTS })).toBe(false);
    expect(canAutoLogin({ ...allowed, unitAllowsAutoLogin: false })).toBe(false);
    expect(canAutoLogin({ ...allowed, loggedOut: true })).toBe(false);
    expect(canAutoLogin({ ...allowed, rememberPassword: false })).toBe(false);
  });

  it('counts each attempt: four are allowed, the fifth is refused', () => {
    const storage = storageInMemory();
    const results = [1, 2, 3, 4, 5].map(() => beginAutoLogin(storage, true, true));
    expect(results).toEqual([true, true, true, true, false]);
  });

  it('when refused, sets the logged-out flag and clears the counter', () => {
    const storage = storageInMemory();
    storage.setAutoLoginCount(2);
    expect(beginAutoLogin(storage, false, true)).toBe(false);
    expect(storage.isLoggedOut()).toBe(true);
    expect(storage.getAutoLoginCount()).toBe(0);
    // And it stays refused until a manual sign-in clears the flag.
    expect(beginAutoLogin(storage, true, true)).toBe(false);
  });
});
