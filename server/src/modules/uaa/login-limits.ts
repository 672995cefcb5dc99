/**
 * Sign-in throttling numbers (DESIGN.md §5): 5 failures for one account within 15
 * minutes lock it for 15 minutes; a client address may fail at least 300 times in 15
 * minutes, because a whole school often signs in from one NAT address at the first bell.
 */
export interface LoginLimits {
  accountFailures: number;
  accountWindowMs: number;
  accountLockMs: number;
  ipFailures: number;
  ipWindowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  accountFailures: 5,
  accountWindowMs: FIFTEEN_MINUTES,
  accountLockMs: FIFTEEN_MINUTES,
  ipFailures: 300,
  ipWindowMs: FIFTEEN_MINUTES,
};

export interface AccountFailureState {
  failedCount: number;
  firstFailedAt: number | null;
  lockedUntil: number | null;
}

/** True while the account's lock has not run out. */
export function isLocked(state: AccountFailureState, now: number): boolean {
  return state.lockedUntil !== null && state.lockedUntil > now;
}

/**
 * The account's state after one more failure. A failure outside the window starts a
 * new count; the failure that reaches the limit sets the lock.
 */
export function afterFailure(
  state: AccountFailureState,
  now: number,
  limits: LoginLimits,
): AccountFailureState & { justLocked: boolean } {
  const inWindow =
    state.firstFailedAt !== null && now - state.firstFailedAt < limits.accountWindowMs;
  const failedCount = inWindow ? state.failedCount + 1 : 1;
  const firstFailedAt = inWindow ? state.firstFailedAt : now;
  const reached = failedCount >= limits.accountFailures;
  return {
    failedCount: reached ? 0 : failedCount,
    firstFailedAt: reached ? null : firstFailedAt,
    lockedUntil: reached ? now + limits.accountLockMs : null,
    justLocked: reached,
  };
}
