/**
 * Password hashing with Argon2id at OWASP's minimum parameters (DESIGN.md §5:
 * m=19 MiB, t=2, p=1), about 20 ms a hash on these machines.
 */
import { hash, verify } from '@node-rs/argon2';
import { PasswordThreadError, runOnPasswordThread } from './password-threads.ts';

const OPTIONS = {
  // 2 = Argon2id in @node-rs/argon2's (ambient const) Algorithm enum.
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashes a new password on the password threads (password-threads.ts), or on libuv's pool
 * should no thread run.
 */
export async function hashPassword(plain: string): Promise<string> {
  try {
    return String(await runOnPasswordThread({ op: 'hash', plain, options: OPTIONS }));
  } catch (error) {
    if (error instanceof PasswordThreadError) return hash(plain, OPTIONS);
    throw error;
  }
}

/** True when `plain` matches `stored`; false for a stored hash that cannot be read. */
export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return (await runOnPasswordThread({ op: 'verify', stored, plain })) === true;
  } catch (error) {
    if (!(error instanceof PasswordThreadError)) return false;
    try {
      return await verify(stored, plain);
    } catch {
      return false;
    }
  }
}

/**
 * A hash to verify against when the account does not exist, so that an unknown name
 * costs the same time as a wrong password and does not reveal which accounts exist.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-for-timing');
  return decoy;
}
