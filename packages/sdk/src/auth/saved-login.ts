/**
 * The saved-login record of spec §3 ({ rempass, username, password }) kept under the
 * product-code key. Its `password` field never holds the password: it holds the remember
 * token the server returned (DESIGN.md §5), obfuscated.
 *
 * The obfuscation (XOR with a fixed key, then base64) only keeps the token from being read
 * at a glance or matched by naive scanners. It is NOT encryption: anyone with the code can
 * undo it. The security comes from the token itself: the server can revoke it, it is bound
 * to this device's id, and it is useless as a password anywhere else.
 */
import type { PortalStorage } from '../platform/storage.ts';

/** The stored shape (spec §3). `password` is the obfuscated remember token, or ''. */
export interface SavedLoginRecord {
  rempass: boolean;
  username: string;
  password: string;
}

/** The record as callers use it, token in clear. */
export interface SavedLogin {
  /** The remember-password box state. */
  remember: boolean;
  username: string;
  /** The remember token, or null when there is none to sign in with. */
  rememberToken: string | null;
}

type SavedLoginArea = Pick<
  PortalStorage,
  'getSavedLoginText' | 'setSavedLoginText' | 'removeSavedLogin'
>;

const OBFUSCATION_KEY = new TextEncoder().encode('campus-portal:remember-token');

function xor(bytes: Uint8Array): Uint8Array {
  return bytes.map((b, i) => b ^ (OBFUSCATION_KEY[i % OBFUSCATION_KEY.length] ?? 0));
}

/**
 * Obfuscates a token for storage (see the module note: not encryption).
 *
 * @example
 * deobfuscate(obfuscate('tok_123')); // 'tok_123'
 */
export function obfuscate(text: string): string {
  let binary = '';
  for (const b of xor(new TextEncoder().encode(text))) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * Reverses `obfuscate`; null when the text is not something `obfuscate` made.
 *
 * @example
 * deobfuscate('%%%'); // null
 */
export function deobfuscate(text: string): string | null {
  try {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(xor(bytes));
  } catch {
    return null;
  }
}

/**
 * Reads the saved-login record; null when there is none or it is unreadable.
 *
 * @example
 * const saved = readSavedLogin(browserStorage());
 * if (saved?.rememberToken) prefill(saved.username);
 */
export function readSavedLogin(storage: SavedLoginArea): SavedLogin | null {
  const text = storage.getSavedLoginText();
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Partial<Record<keyof SavedLoginRecord, unknown>>;
    if (typeof record.username !== 'string') return null;
    const token =
      typeof record.password === 'string' && record.password !== ''
        ? deobfuscate(record.password)
        : null;
    const remember = record.rempass === true && token !== null;
    return { remember, username: record.username, rememberToken: remember ? token : null };
  } catch {
    return null;
  }
}

/**
 * Stores a remembered sign-in: the username and the server's remember token.
 *
 * @example
 * if (form.remember && data.rememberToken) rememberLogin(storage, username, data.rememberToken);
 */
export function rememberLogin(
  storage: SavedLoginArea,
  username: string,
  rememberToken: string,
): void {
  const record: SavedLoginRecord = { rempass: true, username, password: obfuscate(rememberToken) };
  storage.setSavedLoginText(JSON.stringify(record));
}

/**
 * Drops the token but keeps the username, e.g. after the server refused the token.
 *
 * @example
 * forgetRememberToken(storage, 'teacher');
 */
export function forgetRememberToken(storage: SavedLoginArea, username: string): void {
  const record: SavedLoginRecord = { rempass: false, username, password: '' };
  storage.setSavedLoginText(JSON.stringify(record));
}

/**
 * Removes the record: the user signed in without ticking remember-password.
 *
 * @example
 * if (!form.remember) clearSavedLogin(storage);
 */
export function clearSavedLogin(storage: SavedLoginArea): void {
  storage.removeSavedLogin();
}
