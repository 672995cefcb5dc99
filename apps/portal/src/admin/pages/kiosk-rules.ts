/**
 * The clock-in kiosk's pure rules (issue 14 §1 "a clock-in page (orther mode) for a kiosk"):
 * the gate device's name as it is sent and kept, how long a clock-in stays on screen before the
 * kiosk rearms for the next person, and the short list of the latest clock-ins it shows.
 */
import type { FaceClocking } from '@campus/contracts/face';

/** The kiosk's address under `/admin/{unitId}/`, outside the console's frame. */
export const KIOSK_PATH = 'kiosk';

/** How long a recognised person's name and time stay before the camera opens again. */
export const KIOSK_REARM_MS = 5_000;

/** The most clock-ins listed under the latest one. */
export const KIOSK_RECENT_MAX = 5;

/** The contract's bound on `deviceId` (`FaceClockingBodySchema`). */
export const KIOSK_DEVICE_MAX = 64;

/** Where this browser keeps the gate device's name (per device, like the device itself). */
export const KIOSK_DEVICE_KEY = 'ph_kiosk_device';

/**
 * The name as sent: trimmed, inner runs of white space made one space, control characters
 * dropped, at most 64 characters; empty when nothing is left (the row's device is then null).
 *
 * @example kioskDeviceName('  North  gate\n'); // 'North gate'
 */
export function kioskDeviceName(raw: string): string {
  return Array.from(
    raw
      .replace(/\p{Cc}/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
    .slice(0, KIOSK_DEVICE_MAX)
    .join('')
    .trim();
}

/**
 * The latest clock-ins, newest first, at most `KIOSK_RECENT_MAX`; the same row never twice.
 *
 * @example recentClockings([older], newest); // [newest, older]
 */
export function recentClockings(list: readonly FaceClocking[], next: FaceClocking): FaceClocking[] {
  return [next, ...list.filter((row) => row.attendanceId !== next.attendanceId)].slice(
    0,
    KIOSK_RECENT_MAX,
  );
}

/** Seconds left before the kiosk rearms (rounded up; 0 once due). */
export function rearmSecondsLeft(elapsedMs: number, rearmMs: number = KIOSK_REARM_MS): number {
  return Math.max(0, Math.ceil((rearmMs - elapsedMs) / 1000));
}

/** The device name this browser keeps, or '' (storage may be off in a private window). */
export function readKioskDevice(storage: Pick<Storage, 'getItem'> | undefined): string {
  try {
    return kioskDeviceName(storage?.getItem(KIOSK_DEVICE_KEY) ?? '');
  } catch {
    return '';
  }
}

/** Keeps the device name for this browser; an empty one is removed. */
export function writeKioskDevice(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  name: string,
): void {
  try {
    const value = kioskDeviceName(name);
    if (value) storage?.setItem(KIOSK_DEVICE_KEY, value);
    else storage?.removeItem(KIOSK_DEVICE_KEY);
  } catch {
    // Storage refused: the name still applies to this page.
  }
}
