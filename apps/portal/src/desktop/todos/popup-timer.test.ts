import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRestartableTimer, TODO_AUTO_CLOSE_MS } from './popup-timer.ts';

describe('the to-do popup timer (spec §4, §9: closes after 15 s, any action restarts it)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 15 s', () => {
    expect(TODO_AUTO_CLOSE_MS).toBe(15_000);
  });

  it('fires once, 15 s after it starts', () => {
    const onExpire = vi.fn();
    const timer = createRestartableTimer(TODO_AUTO_CLOSE_MS, onExpire);
    timer.restart();
    expect(timer.running).toBe(true);
    vi.advanceTimersByTime(14_999);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(timer.running).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('counts the full 15 s again from each restart', () => {
    const onExpire = vi.fn();
    const timer = createRestartableTimer(TODO_AUTO_CLOSE_MS, onExpire);
    timer.restart();
    vi.advanceTimersByTime(10_000);
    timer.restart();
    vi.advanceTimersByTime(10_000);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('never fires once stopped', () => {
    const onExpire = vi.fn();
    const timer = createRestartableTimer(TODO_AUTO_CLOSE_MS, onExpire);
    timer.restart();
    timer.stop();
    expect(timer.running).toBe(false);
    vi.advanceTimersByTime(TODO_AUTO_CLOSE_MS * 2);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
