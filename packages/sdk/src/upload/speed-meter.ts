/**
 * Upload speed over a moving window, and the time left at that speed (issue 11 §2 "progress
 * with bytes, speed and ETA"). A moving window follows a changing uplink (a phone moving between
 * Wi-Fi and mobile data) within seconds, while one slow chunk does not make the ETA jump.
 */

/** The default window: the last 5 seconds. */
export const SPEED_WINDOW_MS = 5000;

export interface SpeedMeter {
  /** Records the bytes moved so far (a running total that only grows) at time `at`. */
  record: (totalBytes: number, at: number) => void;
  /** Bytes per second over the window; 0 until two samples are a moment apart. */
  speed: () => number;
  /** Forgets the samples (after a pause the old pace says nothing). */
  reset: () => void;
}

/**
 * @example
 * const meter = createSpeedMeter();
 * meter.record(0, 0); meter.record(1_000_000, 1000);
 * meter.speed(); // 1000000
 */
export function createSpeedMeter(windowMs: number = SPEED_WINDOW_MS): SpeedMeter {
  let samples: { bytes: number; at: number }[] = [];
  return {
    record(bytes, at) {
      samples.push({ bytes, at });
      // Keep one sample at or before the window's start, so the window is always spanned.
      while (samples.length > 2 && (samples[1]?.at ?? at) <= at - windowMs) samples.shift();
    },
    speed() {
      const first = samples[0];
      const last = samples.at(-1);
      if (!first || !last || last.at - first.at < 200) return 0;
      return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
    },
    reset() {
      samples = [];
    },
  };
}

/** Milliseconds left for `remainingBytes` at `bytesPerSecond`; null when unknown. */
export function etaMs(remainingBytes: number, bytesPerSecond: number): number | null {
  if (remainingBytes <= 0) return 0;
  if (bytesPerSecond <= 0) return null;
  return Math.round((remainingBytes / bytesPerSecond) * 1000);
}
