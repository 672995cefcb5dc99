/**
 * Passwords hashed and verified on the password threads (password-threads.ts): Argon2id at
 * DESIGN.md §5's parameters, readable by @node-rs/argon2 itself, many at once in order.
 */
import os from 'node:os';
import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { PASSWORD_THREADS } from './password-threads.ts';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing on worker threads', () => {
  it('hashes with Argon2id at m=19 MiB, t=2, p=1, and verifies the right password only', async () => {
    const stored = await hashPassword('Teacher@2026');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The library's own verify reads what the threads wrote.
    expect(await verify(stored, 'Teacher@2026')).toBe(true);
    expect(await verifyPassword(stored, 'Teacher@2026')).toBe(true);
    expect(await verifyPassword(stored, 'teacher@2026')).toBe(false);
  });

  it('answers false for a stored hash that cannot be read, rather than failing', async () => {
    expect(await verifyPassword('not-a-phc-string', 'x')).toBe(false);
    expect(await verifyPassword('', '')).toBe(false);
  });

  it('runs one thread per core and answers each of many concurrent verifies', async () => {
    expect(PASSWORD_THREADS).toBe(Math.max(1, os.availableParallelism()));
    const stored = await hashPassword('right');
    const tries = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 'wrong' : 'right'));
    const answers = await Promise.all(tries.map((plain) => verifyPassword(stored, plain)));
    expect(answers).toEqual(tries.map((plain) => plain === 'right'));
  });
});
