import { describe, expect, it } from 'vitest';
import type { FaceClocking } from '@campus/contracts/face';
import {
  KIOSK_DEVICE_KEY,
  KIOSK_RECENT_MAX,
  kioskDeviceName,
  readKioskDevice,
  rearmSecondsLeft,
  recentClockings,
  writeKioskDevice,
} from './kiosk-rules.ts';

const row = (n: number): FaceClocking => ({
  attendanceId: `a${n}`,
  userId: 'u1',
  realName: 'Staff',
  loginName: 'staff',
  unitId: 'unit',
  clockedAt: n,
  device: null,
});

describe('kiosk rules (issue 14 §1 clock-in page)', () => {
  it('device name: trimmed, one space, no control characters, at most 64', () => {
    expect(kioskDeviceName('  North  gate\n')).toBe('North gate');
    expect(kioskDeviceName('a\u0000b')).toBe('a b');
    expect(kioskDeviceName('   ')).toBe('');
    expect(kioskDeviceName('门'.repeat(70))).toHaveLength(64);
  });

  it('recent clock-ins: newest first, no repeats, at most the maximum', () => {
    let list: FaceClocking[] = [];
    for (let n = 1; n <= KIOSK_RECENT_MAX + 2; n += 1) list = recentClockings(list, row(n));
    expect(list.map((r) => r.attendanceId)).toEqual(['a7', 'a6', 'a5', 'a4', 'a3']);
    expect(recentClockings(list, row(7)).map((r) => r.attendanceId)).toEqual(
      list.map((r) => r.attendanceId),
    );
  });

  it('seconds before rearming, rounded up', () => {
    expect(rearmSecondsLeft(0, 5000)).toBe(5);
    expect(rearmSecondsLeft(4001, 5000)).toBe(1);
    expect(rearmSecondsLeft(6000, 5000)).toBe(0);
  });

  it('the kept device name: written normalised, removed when empty, refusals ignored', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    writeKioskDevice(storage, ' Gate  1 ');
    expect(map.get(KIOSK_DEVICE_KEY)).toBe('Gate 1');
    expect(readKioskDevice(storage)).toBe('Gate 1');
    writeKioskDevice(storage, ' ');
    expect(map.has(KIOSK_DEVICE_KEY)).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(readKioskDevice(refusing)).toBe('');
    expect(() => writeKioskDevice(refusing, 'x')).not.toThrow();
  });
});
