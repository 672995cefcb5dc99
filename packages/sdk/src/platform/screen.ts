/** Screen classes of spec §4: pc above 1024 px, ipad above 400 px, mobile otherwise. */

/** The three screen classes. */
export type ScreenClass = 'pc' | 'ipad' | 'mobile';

/** Widths (px) a screen must exceed to reach a class (spec §4, §9). */
export const SCREEN_BREAKPOINTS = { pc: 1024, ipad: 400 } as const;

/**
 * Classifies a width in CSS pixels.
 *
 * @example
 * screenClassOf(1280); // 'pc'
 * screenClassOf(1024); // 'ipad'
 * screenClassOf(390); // 'mobile'
 */
export function screenClassOf(width: number): ScreenClass {
  if (width > SCREEN_BREAKPOINTS.pc) return 'pc';
  if (width > SCREEN_BREAKPOINTS.ipad) return 'ipad';
  return 'mobile';
}

/**
 * The class of the current window; 'pc' outside a browser.
 *
 * @example
 * if (currentScreenClass() === 'mobile') location.assign(MOBILE_DESKTOP_PATH);
 */
export function currentScreenClass(): ScreenClass {
  if (typeof window === 'undefined') return 'pc';
  const width = document.documentElement.clientWidth || window.innerWidth;
  return screenClassOf(width);
}
