/**
 * The browser zoom warning (spec §8 "Zoom warning", §9 "outside 80 to 120 percent (99 and 101
 * treated as 100); lasts 5 s") and when its handler is bound (spec §2, §4). Pure: the caller
 * reads the window's numbers and shows the message.
 */
import type { Language } from '../i18n/language.ts';
import enZoom from '../i18n/locales/en/zoom.json';
import zhZoom from '../i18n/locales/zh-CN/zoom.json';
import { sdkTexts } from '../i18n/sdk-text.ts';

const texts = /* @__PURE__ */ sdkTexts(zhZoom, enZoom);

/** How long the warning stays up (spec §8, §9: 5 seconds). */
export const ZOOM_WARNING_MS = 5000;

/** The zoom range that raises no warning, in percent, both ends included (spec §8, §9). */
export const ZOOM_OK_RANGE = { min: 80, max: 120 } as const;

/** The window numbers a zoom ratio can be read from, in the order they are trusted. */
export interface ZoomSource {
  devicePixelRatio?: number;
  /** Old IE has no devicePixelRatio but reports `screen.deviceXDPI / screen.logicalXDPI`. */
  deviceXDPI?: number;
  logicalXDPI?: number;
  outerWidth?: number;
  innerWidth?: number;
}

const positive = (n: number | undefined): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0;

function ratioOf(source: ZoomSource): number | null {
  if (positive(source.devicePixelRatio)) return source.devicePixelRatio;
  if (positive(source.deviceXDPI) && positive(source.logicalXDPI)) {
    return source.deviceXDPI / source.logicalXDPI;
  }
  if (positive(source.outerWidth) && positive(source.innerWidth)) {
    return source.outerWidth / source.innerWidth;
  }
  return null;
}

/**
 * The zoom in whole percent (spec §9): the ratio times 100, rounded, with 99 and 101 counted as
 * 100 because window borders and scrollbars put the width ratio a hair off 1. Takes a ratio, or
 * the window's numbers, tried in this order: devicePixelRatio, the old-IE DPI pair, outer over
 * inner width. Null when nothing usable is given, so no warning is raised on no information.
 *
 * Note that devicePixelRatio also carries the operating system's display scaling, so a screen
 * scaled to 150 % reads 150 at 100 % browser zoom; the spec's rule is kept as written.
 *
 * @example
 * zoomPercent(1.25); // 125
 * zoomPercent({ outerWidth: 1936, innerWidth: 1920 }); // 100 (101 counts as 100)
 * zoomPercent({ devicePixelRatio: window.devicePixelRatio });
 */
export function zoomPercent(source: number | ZoomSource): number | null {
  const ratio = typeof source === 'number' ? (positive(source) ? source : null) : ratioOf(source);
  if (ratio === null) return null;
  const percent = Math.round(ratio * 100);
  return percent === 99 || percent === 101 ? 100 : percent;
}

/**
 * True when the zoom warning should show: under 80 % or over 120 % (spec §8, §9); 80 and 120
 * themselves are fine. Null (unknown zoom) never warns.
 *
 * @example
 * shouldWarnZoom(zoomPercent(window.devicePixelRatio)); // false at 100 %
 * shouldWarnZoom(125); // true
 */
export function shouldWarnZoom(percent: number | null): boolean {
  if (percent === null || !Number.isFinite(percent)) return false;
  return percent < ZOOM_OK_RANGE.min || percent > ZOOM_OK_RANGE.max;
}

/**
 * The warning text (spec §8: suggests 100 % and Ctrl+0), with the current zoom filled in.
 *
 * @example
 * zoomWarningMessage(150, 'en');
 * // 'Your browser is zoomed to 150%, so pages may not display properly. Please set the zoom to 100% (press Ctrl+0).'
 */
export function zoomWarningMessage(percent: number, lang: Language): string {
  return texts.t(lang)('warning', { percent });
}

/** The warning texts (SDK dictionary `zoom.warning`); `{{percent}}` is the current zoom. */
export const ZOOM_WARNING_TEXT: Readonly<Record<Language, string>> =
  /* @__PURE__ */ texts.both('warning');

/** What decides whether the zoom handler is bound (spec §2, §3, §4). */
export interface ZoomHandlerFlags {
  /** Spec §3 init option `mobile`. */
  mobile?: boolean;
  development?: boolean;
  /** Spec §3 init option; the spec lists no default, so only an explicit `false` turns it off. */
  isOpenZoomInfo?: boolean;
  /** Spec §3 `pagemodel`; 'content' pages show no zoom warning (spec §2). */
  pagemodel?: string | null;
}

/**
 * True when the zoom/resize handler is bound (spec §4): not on mobile, not in development, not
 * with `isOpenZoomInfo` off, and not on a content-mode page (spec §2 "A browser zoom warning
 * appears on non-content pages").
 *
 * @example
 * zoomHandlerEnabled({ mobile: false, development: false }); // true
 * zoomHandlerEnabled({ isOpenZoomInfo: false }); // false
 */
export function zoomHandlerEnabled(flags: ZoomHandlerFlags): boolean {
  if (flags.mobile || flags.development) return false;
  if (flags.isOpenZoomInfo === false) return false;
  return flags.pagemodel !== 'content';
}
