/**
 * Initial passwords the portal generates for accounts an administrator creates in bulk (issue 13
 * §3: 5,000 rows in under 30 s), and their hashes.
 *
 * A generated password is 14 characters drawn uniformly from 56 unambiguous letters and digits
 * (about 81 bits), never a person's choice. Its hash needs no key stretching: guessing a random
 * 81-bit secret is out of reach at any hash speed, and Argon2's memory and time costs (DESIGN.md
 * §5, `password.ts`) exist for passwords people choose. So these are hashed with Argon2id at
 * 1 MiB and one pass, some 0.15 ms a hash here instead of 12 to 20 ms, which makes 5,000 accounts
 * about a second instead of a minute or two on two shared cores. The stored string names its parameters, so
 * `verifyPassword` checks it as any other; the password the user sets next is hashed at the
 * full cost (docs/decisions.md).
 */
import { randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { isValidPassword } from '@campus/contracts/password-rules';

/** Letters and digits without the look-alikes 0 O o 1 l I (read off paper, typed by a parent). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const LENGTH = 14;

const GENERATED_OPTIONS = {
  // 2 = Argon2id in @node-rs/argon2's (ambient const) Algorithm enum.
  algorithm: 2,
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
} as const;

/**
 * A random initial password that meets spec §5's default rule (letters and digits mixed).
 *
 * @example generateInitialPassword() // 'q7RkT2mWz9HbXe'
 */
export function generateInitialPassword(): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < LENGTH; i++) password += ALPHABET[randomInt(ALPHABET.length)];
    // All letters or all digits happens about once in 40,000 draws; draw again.
    if (isValidPassword(password)) return password;
  }
}

/** The hash of a generated password (see above: never for a password a person chose). */
export function hashGeneratedPassword(password: string): Promise<string> {
  return hash(password, GENERATED_OPTIONS);
}

/**
 * Hashes many generated passwords, `concurrency` at a time: each hash runs on libuv's thread
 * pool, and leaving part of the pool free keeps the server's file and DNS work moving meanwhile.
 */
export async function hashGeneratedPasswords(
  passwords: readonly string[],
  concurrency = 2,
): Promise<string[]> {
  const hashes = new Array<string>(passwords.length);
  let next = 0;
  const lane = async () => {
    while (next < passwords.length) {
      const index = next++;
      hashes[index] = await hashGeneratedPassword(passwords[index] as string);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  return hashes;
}
