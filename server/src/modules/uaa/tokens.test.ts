import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from './tokens.ts';

describe('newToken (opaque session, refresh, client and reset tokens)', () => {
  it('is 256 random bits in base64url', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('never hands out the same bytes twice, across many refills of the pool', () => {
    // 1,000 tokens span 16 fills of the 64-token pool; a repeated or wiped (all-zero) slice
    // would show as a duplicate.
    const tokens = Array.from({ length: 1000 }, newToken);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens).not.toContain(Buffer.alloc(32).toString('base64url'));
  });

  it('spreads its bits evenly (no slice left unfilled)', () => {
    // About half of 1,000 × 256 bits are set; a token drawn from a wiped or unfilled slice
    // would pull the share far down.
    let ones = 0;
    for (let i = 0; i < 1000; i += 1) {
      for (const byte of Buffer.from(newToken(), 'base64url')) {
        ones += byte.toString(2).replaceAll('0', '').length;
      }
    }
    expect(ones / (1000 * 256)).toBeGreaterThan(0.48);
    expect(ones / (1000 * 256)).toBeLessThan(0.52);
  });
});

describe('hashToken', () => {
  it('is the SHA-256 of the token in hex', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
