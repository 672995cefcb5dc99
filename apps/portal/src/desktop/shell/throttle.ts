/** Spec §9: header and viewport resize handling runs at most once every 50 ms. */
export const RESIZE_THROTTLE_MS = 50;

/**
 * Runs `fn` at most once per `ms` (spec §9 resize throttle): the first call at once, then, when
 * the interval is over, once more with the latest arguments of the burst, so the final state
 * always lands. `cancel` drops a pending call (an unmounted component must not be updated).
 *
 * @example
 * const onResize = throttle(() => setWidth(window.innerWidth), RESIZE_THROTTLE_MS);
 * window.addEventListener('resize', onResize);
 * // later: window.removeEventListener('resize', onResize); onResize.cancel();
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
): { (...args: A): void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const flush = () => {
    timer = null;
    if (pending === null) return;
    const args = pending;
    pending = null;
    fn(...args);
    timer = setTimeout(flush, ms);
  };
  const throttled = (...args: A) => {
    pending = args;
    if (timer === null) flush();
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
