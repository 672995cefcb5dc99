import { describe, expect, it } from 'vitest';
import { isValidPassword } from '@campus/contracts/password-rules';
import { generateInitialPassword, hashGeneratedPasswords } from './initial-password.ts';
import { verifyPassword } from './password.ts';

describe('initial passwords (issue 13 §3)', () => {
  it('are 14 unambiguous letters and digits, meet spec §5, and differ', () => {
    const passwords = Array.from({ length: 500 }, generateInitialPassword);
    for (const p of passwords) {
      expect(p).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{14}$/);
      expect(isValidPassword(p)).toBe(true);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  it('hash to Argon2id strings that the sign-in verifies, in order', async () => {
    const passwords = [
      generateInitialPassword(),
      generateInitialPassword(),
      generateInitialPassword(),
    ];
    const hashes = await hashGeneratedPasswords(passwords, 2);
    expect(hashes).toHaveLength(3);
    for (const [i, hash] of hashes.entries()) {
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
      expect(await verifyPassword(hash, passwords[i] as string)).toBe(true);
      expect(await verifyPassword(hash, `${passwords[i]}x`)).toBe(false);
    }
  });
});
