import { describe, expect, it, vi } from 'vitest';
import { createNoticeStore, NOTICE_DURATION_MS, NOTICE_GAP_PX } from './notice-store.ts';

describe('notice store (spec §9: notifications last 2000 ms, 16 px apart)', () => {
  it('uses the spec §9 numbers', () => {
    expect(NOTICE_DURATION_MS).toBe(2000);
    expect(NOTICE_GAP_PX).toBe(16);
  });

  it('shows a notice for 2000 ms by default, or as long as asked', () => {
    vi.useFakeTimers();
    try {
      const store = createNoticeStore();
      const changes = vi.fn();
      store.subscribe(changes);
      store.show({ type: 'error', title: '500', message: 'Internal Server Error' });
      store.show({ type: 'warning', message: 'zoom' }, 5000);
      expect(store.getState().map((n) => n.message)).toEqual(['Internal Server Error', 'zoom']);
      vi.advanceTimersByTime(1999);
      expect(store.getState()).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(store.getState().map((n) => n.message)).toEqual(['zoom']);
      vi.advanceTimersByTime(3000);
      expect(store.getState()).toEqual([]);
      expect(changes).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('dismisses by id, once, and stops telling an unsubscribed listener', () => {
    const store = createNoticeStore({ setTimeout: (() => 0) as unknown as typeof setTimeout });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ type: 'info', message: 'a' });
    store.dismiss(id);
    store.dismiss(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show({ type: 'success', message: 'b' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
