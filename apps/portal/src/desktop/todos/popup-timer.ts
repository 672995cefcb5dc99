/**
 * The to-do popup's auto-close clock (spec §4 "To-do popup": closes by itself after 15 s, any
 * action restarts the timer; §9). Time is read only through `setTimeout`, looked up when the
 * timer starts, so a test clock (Vitest's fake timers, Playwright's `page.clock`) drives it.
 */

/** Spec §9: the to-do popup closes by itself after 15 s. */
export const TODO_AUTO_CLOSE_MS = 15_000;

/** A one-shot timer that can be restarted from the full delay. */
export interface RestartableTimer {
  /** Starts (or restarts) the countdown from the full delay. */
  restart: () => void;
  /** Stops it without firing. */
  stop: () => void;
  /** Whether a countdown is running. */
  readonly running: boolean;
}

/**
 * Calls `onExpire` once `ms` have passed since the last `restart`.
 *
 * @example
 * const timer = createRestartableTimer(TODO_AUTO_CLOSE_MS, close);
 * timer.restart(); // opened
 * timer.restart(); // the user pressed "next": 15 s from now
 * timer.stop(); // closed by hand
 */
export function createRestartableTimer(ms: number, onExpire: () => void): RestartableTimer {
  let handle: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    if (handle !== null) clearTimeout(handle);
    handle = null;
  };
  return {
    restart: () => {
      stop();
      handle = setTimeout(() => {
        handle = null;
        onExpire();
      }, ms);
    },
    stop,
    get running() {
      return handle !== null;
    },
  };
}
