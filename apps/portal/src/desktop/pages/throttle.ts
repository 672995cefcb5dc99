/**
 * Runs `fn` at most once per `ms`, always with the latest arguments and always once more after
 * the last call (spec §9: resize throttled to 50 ms). Time comes from `setTimeout` only.
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
