import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESIZE_THROTTLE_MS, throttle } from './throttle.ts';

describe('resize throttle (spec §9: 50 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 50 ms', () => {
    expect(RESIZE_THROTTLE_MS).toBe(50);
  });

  it('runs at once, then at most every 50 ms, ending with the latest value', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, RESIZE_THROTTLE_MS);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(49);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[1], [3]]);
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(2);
    throttled(4);
    expect(fn.mock.calls.at(-1)).toEqual([4]);
  });

  it('runs a call that comes after a quiet interval at once', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, RESIZE_THROTTLE_MS);
    throttled();
    vi.advanceTimersByTime(RESIZE_THROTTLE_MS);
    expect(fn).toHaveBeenCalledTimes(1);
    throttled();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('drops a pending call when cancelled', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, RESIZE_THROTTLE_MS);
    throttled(1);
    throttled(2);
    throttled.cancel();
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls).toEqual([[1]]);
  });

  it('drops the pending call of a later burst too, after earlier calls have run', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, RESIZE_THROTTLE_MS);
    throttled();
    throttled();
    vi.advanceTimersByTime(250);
    expect(fn).toHaveBeenCalledTimes(2);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(3);
  });
});
