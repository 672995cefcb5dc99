/**
 * The one door to localStorage and sessionStorage (STYLE.md anti-pattern 9), with the keys of
 * spec §3. Every access is guarded: Safari private mode, disabled cookies or a sandboxed frame
 * make the Storage getters or methods throw, and a sign-in page must still work then.
 */
import { normalizeLanguage, type Language } from '../i18n/language.ts';

/** The storage keys of spec §3, plus the device id. */
export const StorageKey = {
  user: 'user',
  isLoggedOut: 'IS_LOGOUTED',
  autoLoginCount: 'AUTO_LOGIN_NUM',
  /** The product-code key: holds the saved-login record. */
  savedLogin: 'campus_portal',
  language: 'lange_',
  /** The language again, as an object with `id`, for sub-apps that read that shape. */
  languageObject: 'lang',
  deviceId: 'deviceId',
} as const;

/** The per-app client id key (spec §3), e.g. `userClientId_portal`. */
export function userClientIdKey(appCode: string): string {
  return `userClientId_${appCode}`;
}

/** The subset of the Web Storage API the wrapper needs; tests pass a fake. */
export interface KeyValueArea {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** The login data kept under `user`: never a token, never a password. */
export interface StoredUser {
  unitId: string;
  unitType: number;
  userType: number;
  openid: string | null;
  unionid: string | null;
}

/** Typed access to the portal's stored values. */
export interface PortalStorage {
  getUser: () => StoredUser | null;
  setUser: (user: StoredUser) => void;
  removeUser: () => void;
  isLoggedOut: () => boolean;
  setLoggedOut: (loggedOut: boolean) => void;
  getAutoLoginCount: () => number;
  setAutoLoginCount: (count: number) => void;
  clearAutoLoginCount: () => void;
  getSavedLoginText: () => string | null;
  setSavedLoginText: (text: string) => void;
  removeSavedLogin: () => void;
  getLanguage: () => Language | null;
  setLanguage: (lang: Language) => void;
  getUserClientId: (appCode: string) => string | null;
  setUserClientId: (appCode: string, id: string) => void;
  /** A random id made once per browser profile; it binds remember tokens to this device. */
  getDeviceId: () => string;
  /** Empties sessionStorage (logout, spec §4). */
  clearSession: () => void;
}

/** Builds a v4 UUID. `crypto.randomUUID` exists only in secure contexts, and schools often serve plain http on a LAN. */
function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function guard(area: () => KeyValueArea | undefined) {
  return {
    get(key: string): string | null {
      try {
        return area()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): boolean {
      try {
        const target = area();
        if (!target) return false;
        target.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key: string): void {
      try {
        area()?.removeItem(key);
      } catch {
        // Nothing stored means nothing to remove.
      }
    },
    clear(): void {
      try {
        area()?.clear();
      } catch {
        // Same as above.
      }
    },
  };
}

function parseUser(text: string | null): StoredUser | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    if (typeof v.unitId !== 'string' || typeof v.userType !== 'number') return null;
    return {
      unitId: v.unitId,
      unitType: typeof v.unitType === 'number' ? v.unitType : 2,
      userType: v.userType,
      openid: typeof v.openid === 'string' ? v.openid : null,
      unionid: typeof v.unionid === 'string' ? v.unionid : null,
    };
  } catch {
    return null;
  }
}

/**
 * Wraps two storage areas. Pass getters, not objects: touching `window.localStorage` itself
 * throws in some browsers, so it is read inside the guard.
 *
 * @example
 * const storage = createPortalStorage(() => window.localStorage, () => window.sessionStorage);
 * storage.setLanguage('en');
 */
export function createPortalStorage(
  local: () => KeyValueArea | undefined,
  session: () => KeyValueArea | undefined,
): PortalStorage {
  const l = guard(local);
  const s = guard(session);
  // Kept when storage is unavailable, so the device id is at least stable for this page.
  let memoryDeviceId: string | null = null;

  return {
    getUser: () => parseUser(l.get(StorageKey.user)),
    setUser: (user) => {
      // Copy only the known fields: whatever else the caller's object holds stays out.
      const { unitId, unitType, userType, openid, unionid } = user;
      l.set(StorageKey.user, JSON.stringify({ unitId, unitType, userType, openid, unionid }));
    },
    removeUser: () => l.remove(StorageKey.user),
    isLoggedOut: () => l.get(StorageKey.isLoggedOut) === 'true',
    setLoggedOut: (loggedOut) => {
      if (loggedOut) l.set(StorageKey.isLoggedOut, 'true');
      else l.remove(StorageKey.isLoggedOut);
    },
    getAutoLoginCount: () => {
      const n = Number.parseInt(l.get(StorageKey.autoLoginCount) ?? '0', 10);
      return Number.isFinite(n) && n > 0 ? n : 0;
    },
    setAutoLoginCount: (count) => l.set(StorageKey.autoLoginCount, String(count)),
    clearAutoLoginCount: () => l.remove(StorageKey.autoLoginCount),
    getSavedLoginText: () => l.get(StorageKey.savedLogin),
    setSavedLoginText: (text) => l.set(StorageKey.savedLogin, text),
    removeSavedLogin: () => l.remove(StorageKey.savedLogin),
    getLanguage: () => {
      const stored = l.get(StorageKey.language);
      return stored ? normalizeLanguage(stored) : null;
    },
    setLanguage: (lang) => {
      l.set(StorageKey.language, lang);
      l.set(StorageKey.languageObject, JSON.stringify({ id: lang }));
    },
    getUserClientId: (appCode) => l.get(userClientIdKey(appCode)),
    setUserClientId: (appCode, id) => l.set(userClientIdKey(appCode), id),
    getDeviceId: () => {
      const stored = l.get(StorageKey.deviceId);
      if (stored) return stored;
      const id = memoryDeviceId ?? randomId();
      memoryDeviceId = id;
      l.set(StorageKey.deviceId, id);
      return id;
    },
    clearSession: () => s.clear(),
  };
}

let shared: PortalStorage | undefined;

/**
 * The browser's storage, shared by everything on the page.
 *
 * @example
 * browserStorage().getDeviceId();
 */
export function browserStorage(): PortalStorage {
  shared ??= createPortalStorage(
    () => (typeof window === 'undefined' ? undefined : window.localStorage),
    () => (typeof window === 'undefined' ? undefined : window.sessionStorage),
  );
  return shared;
}
