// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { browserStorage, createPortalStorage, StorageKey, type KeyValueArea } from './storage.ts';

const throwing: KeyValueArea = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('quota', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  clear: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('portal storage keys (spec §3)', () => {
  const storage = browserStorage();

  it('uses the spec key names', () => {
    storage.setLoggedOut(true);
    storage.setAutoLoginCount(2);
    storage.setLanguage('en');
    storage.setUserClientId('portal', 'client-1');
    storage.setSavedLoginText('{}');
    expect(localStorage.getItem('IS_LOGOUTED')).toBe('true');
    expect(localStorage.getItem('AUTO_LOGIN_NUM')).toBe('2');
    expect(localStorage.getItem('lange_')).toBe('en');
    expect(JSON.parse(localStorage.getItem('lang') ?? 'null')).toEqual({ id: 'en' });
    expect(localStorage.getItem('userClientId_portal')).toBe('client-1');
    expect(localStorage.getItem('campus_portal')).toBe('{}');
  });

  it('reads back what it wrote', () => {
    storage.setAutoLoginCount(3);
    expect(storage.getAutoLoginCount()).toBe(3);
    storage.clearAutoLoginCount();
    expect(storage.getAutoLoginCount()).toBe(0);
    expect(storage.isLoggedOut()).toBe(false);
    storage.setLoggedOut(true);
    expect(storage.isLoggedOut()).toBe(true);
    storage.setLoggedOut(false);
    expect(localStorage.getItem(StorageKey.isLoggedOut)).toBeNull();
  });

  it('stores only the known user fields, never a token', () => {
    const loginData = {
      unitId: 'u1',
      unitType: 2,
      userType: 2,
      openid: null,
      unionid: null,
      accessToken: 'secret-access',
      rememberToken: 'secret-remember',
    };
    storage.setUser(loginData);
    const text = localStorage.getItem('user') ?? '';
    expect(text).not.toContain('secret');
    expect(storage.getUser()).toEqual({
      unitId: 'u1',
      unitType: 2,
      userType: 2,
      openid: null,
      unionid: null,
    });
  });

  it('ignores a user record it cannot read', () => {
    localStorage.setItem('user', '{not json');
    expect(storage.getUser()).toBeNull();
  });

  it('normalises a stored language (spec §1)', () => {
    localStorage.setItem('lange_', 'de');
    expect(storage.getLanguage()).toBe('zh-CN');
  });

  it('makes the device id once and keeps it', () => {
    const first = storage.getDeviceId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(storage.getDeviceId()).toBe(first);
    expect(localStorage.getItem('deviceId')).toBe(first);
  });

  it('clears session storage on request (spec §4 logout)', () => {
    sessionStorage.setItem('x', '1');
    storage.clearSession();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('portal storage when the browser refuses storage (private mode)', () => {
  it('never throws and keeps a stable device id for the page', () => {
    const storage = createPortalStorage(
      () => throwing,
      () => {
        throw new DOMException('denied', 'SecurityError');
      },
    );
    expect(() => storage.setLanguage('en')).not.toThrow();
    expect(storage.getLanguage()).toBeNull();
    expect(storage.getUser()).toBeNull();
    expect(storage.isLoggedOut()).toBe(false);
    expect(() => storage.clearSession()).not.toThrow();
    expect(() => storage.removeSavedLogin()).not.toThrow();
    const id = storage.getDeviceId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(storage.getDeviceId()).toBe(id);
  });
});
