import { describe, expect, it } from 'vitest';
import { afterFailure, DEFAULT_LOGIN_LIMITS, isLocked } from './login-limits.ts';

const MIN = 60_000;
const fresh = { failedCount: 0, firstFailedAt: null, lockedUntil: null };

describe('account lockout (DESIGN.md §5: 5 failures in 15 minutes lock for 15 minutes)', () => {
  it('uses the DESIGN.md numbers, and a generous per-address limit of at least 300', () => {
    expect(DEFAULT_LOGIN_LIMITS).toMatchObject({
      accountFailures: 5,
      accountWindowMs: 15 * MIN,
      accountLockMs: 15 * MIN,
    });
    expect(DEFAULT_LOGIN_LIMITS.ipFailures).toBeGreaterThanOrEqual(300);
    expect(DEFAULT_LOGIN_LIMITS.ipWindowMs).toBe(15 * MIN);
  });

  it('locks on the fifth failure inside the window', () => {
    let state: ReturnType<typeof afterFailure> = { ...fresh, justLocked: false };
    const t0 = 1_000_000;
    for (let i = 0; i < 4; i++) {
      state = afterFailure(state, t0 + i * MIN, DEFAULT_LOGIN_LIMITS);
      expect(state.justLocked).toBe(false);
    }
    expect(state.failedCount).toBe(4);
    state = afterFailure(state, t0 + 4 * MIN, DEFAULT_LOGIN_LIMITS);
    expect(state.justLocked).toBe(true);
    expect(state.lockedUntil).toBe(t0 + 4 * MIN + 15 * MIN);
    expect(isLocked(state, t0 + 18 * MIN)).toBe(true);
    expect(isLocked(state, t0 + 19 * MIN + 1)).toBe(false);
  });

  it('starts counting again when the first failure is older than 15 minutes', () => {
    const old = { failedCount: 4, firstFailedAt: 0, lockedUntil: null };
    const next = afterFailure(old, 15 * MIN, DEFAULT_LOGIN_LIMITS);
    expect(next).toMatchObject({ failedCount: 1, firstFailedAt: 15 * MIN, justLocked: false });
  });
});
