import { describe, expect, it } from 'vitest';
import {
  EXPIRY_WARNING_MS,
  endTimeMs,
  moduleStatus,
  sortModulesByStatus,
} from './module-status.ts';

const NOW = Date.parse('2026-11-22T00:00:00Z');
const DAY = 86_400_000;

describe('module status by end time (spec §4, §9 window 7,776,000,000 ms)', () => {
  it('uses the spec §9 window of 7,776,000,000 ms, 90 days', () => {
    expect(EXPIRY_WARNING_MS).toBe(7_776_000_000);
    expect(EXPIRY_WARNING_MS).toBe(90 * DAY);
  });

  it('is expired before now, soon within the window, in use after it', () => {
    expect(moduleStatus(NOW - 1, NOW)).toBe('expired');
    expect(moduleStatus(NOW, NOW)).toBe('expired');
    expect(moduleStatus(NOW + 1, NOW)).toBe('soon');
    expect(moduleStatus(NOW + EXPIRY_WARNING_MS, NOW)).toBe('soon');
    expect(moduleStatus(NOW + EXPIRY_WARNING_MS + 1, NOW)).toBe('inUse');
  });

  it('reads ms, Dates, ISO instants and spec §5 date strings; unreadable counts as expired', () => {
    expect(endTimeMs(new Date(NOW))).toBe(NOW);
    expect(endTimeMs('2026-11-22T00:00:00.000Z')).toBe(NOW);
    expect(endTimeMs('20261201')).toBe(new Date(2026, 11, 1).getTime());
    expect(endTimeMs('2026-12-01 08:00:00')).toBe(new Date(2026, 11, 1, 8).getTime());
    expect(endTimeMs('next week')).toBeNull();
    expect(endTimeMs(Number.NaN)).toBeNull();
    expect(moduleStatus(undefined, NOW)).toBe('expired');
    expect(moduleStatus('2027-06-01', NOW)).toBe('inUse');
  });

  it('sorts expired, then soon, then in use, earliest first within each', () => {
    const modules = [
      { code: 'cms', endTime: NOW + 200 * DAY },
      { code: 'canteen', endTime: NOW + 30 * DAY },
      { code: 'library', endTime: NOW - 5 * DAY },
      { code: 'edu', endTime: NOW + 100 * DAY },
      { code: 'exam', endTime: NOW + 10 * DAY },
      { code: 'old', endTime: NOW - 50 * DAY },
    ];
    const sorted = sortModulesByStatus(modules, NOW);
    expect(sorted.map((m) => `${m.code}:${m.status}`)).toEqual([
      'old:expired',
      'library:expired',
      'exam:soon',
      'canteen:soon',
      'edu:inUse',
      'cms:inUse',
    ]);
    expect(modules[0]).not.toHaveProperty('status');
  });
});
