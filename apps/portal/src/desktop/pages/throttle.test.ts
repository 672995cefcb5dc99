import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle (spec §9: resize handled at most every 50 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then at most every 50 ms, ending with the latest value', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 50);
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

  it('drops a pending call when cancelled', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 50);
    throttled(1);
    throttled(2);
    throttled.cancel();
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls).toEqual([[1]]);
  });
});
