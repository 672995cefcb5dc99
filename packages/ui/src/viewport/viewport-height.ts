/**
 * The viewport's height (spec §2 "Page viewport", §9 "viewport resize throttled at 50 ms"): the
 * window's height less the page header and footer, published as the CSS variable
 * `--ph-viewport-height` so the viewport and the sub-apps inside it fill the space between them.
 */
import { PAGE_FOOTER_ID, PAGE_HEADER_ID } from './viewport-controller.ts';

/** The CSS variable set on the viewport element. */
export const VIEWPORT_HEIGHT_VARIABLE = '--ph-viewport-height';

/** Spec §9: resize handling runs at most once per 50 ms. */
export const VIEWPORT_RESIZE_THROTTLE_MS = 50;

/** The window height left under `#page-header` and above `#page-footer`, never below 0. */
export function viewportHeight(win: Window): number {
  const heightOf = (id: string) =>
    win.document.getElementById(id)?.getBoundingClientRect().height ?? 0;
  return Math.max(0, win.innerHeight - heightOf(PAGE_HEADER_ID) - heightOf(PAGE_FOOTER_ID));
}

/**
 * Sets `--ph-viewport-height` on `element` now and on window resizes, throttled to one update
 * per 50 ms (spec §9): the first resize applies at once, and the last one of a burst applies
 * when the 50 ms are over, so the final size always lands. Returns the stop function.
 *
 * @example
 * useEffect(() => watchViewportHeight(ref.current, window), []);
 */
export function watchViewportHeight(element: HTMLElement, win: Window = window): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;

  const update = () => {
    element.style.setProperty(VIEWPORT_HEIGHT_VARIABLE, `${viewportHeight(win)}px`);
  };
  const tick = () => {
    timer = null;
    if (!pending) return;
    pending = false;
    update();
    timer = setTimeout(tick, VIEWPORT_RESIZE_THROTTLE_MS);
  };
  const onResize = () => {
    if (timer !== null) {
      pending = true;
      return;
    }
    update();
    timer = setTimeout(tick, VIEWPORT_RESIZE_THROTTLE_MS);
  };

  update();
  win.addEventListener('resize', onResize);
  return () => {
    win.removeEventListener('resize', onResize);
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
