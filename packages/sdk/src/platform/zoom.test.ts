import { describe, expect, it } from 'vitest';
import {
  ZOOM_WARNING_MS,
  ZOOM_WARNING_TEXT,
  shouldWarnZoom,
  zoomHandlerEnabled,
  zoomPercent,
  zoomWarningMessage,
} from './zoom.ts';

describe('zoomPercent (spec §9: rounded percent, 99 and 101 treated as 100)', () => {
  it.each([
    [1, 100],
    [0.99, 100],
    [1.01, 100],
    [0.9899, 100],
    [1.0149, 100],
    [1.0151, 102],
    [0.98, 98],
    [1.02, 102],
    [1.25, 125],
    [0.8, 80],
    [0.794, 79],
    [1.5, 150],
  ])('spec §9: ratio %f → %i', (ratio, expected) => {
    expect(zoomPercent(ratio)).toBe(expected);
  });

  it('spec §9: the window numbers, devicePixelRatio first, then old-IE DPI, then widths', () => {
    expect(zoomPercent({ devicePixelRatio: 1.1, outerWidth: 2000, innerWidth: 1000 })).toBe(110);
    expect(zoomPercent({ deviceXDPI: 120, logicalXDPI: 96, outerWidth: 1, innerWidth: 1 })).toBe(
      125,
    );
    expect(zoomPercent({ outerWidth: 1936, innerWidth: 1920 })).toBe(100);
    expect(zoomPercent({ outerWidth: 1920, innerWidth: 1536 })).toBe(125);
  });

  it('spec §9: nothing usable gives null, never a made-up number', () => {
    expect(zoomPercent({})).toBeNull();
    expect(zoomPercent(0)).toBeNull();
    expect(zoomPercent(Number.NaN)).toBeNull();
    expect(zoomPercent({ devicePixelRatio: 0, outerWidth: 0, innerWidth: 0 })).toBeNull();
  });
});

describe('shouldWarnZoom (spec §8, §9: under 80 % or over 120 %)', () => {
  it.each([
    [79, true],
    [80, false],
    [100, false],
    [120, false],
    [121, true],
    [50, true],
    [200, true],
  ])('spec §9: %i %% → %s', (percent, expected) => {
    expect(shouldWarnZoom(percent)).toBe(expected);
  });

  it('spec §9: an unknown zoom never warns; 99 and 101 never do either', () => {
    expect(shouldWarnZoom(null)).toBe(false);
    expect(shouldWarnZoom(zoomPercent(0.99))).toBe(false);
    expect(shouldWarnZoom(zoomPercent(1.01))).toBe(false);
  });
});

describe('the zoom warning (spec §8: lasts 5 s, suggests 100 % and Ctrl+0)', () => {
  it('spec §9: lasts 5000 ms', () => {
    expect(ZOOM_WARNING_MS).toBe(5000);
  });

  it('spec §8: both languages suggest 100% and Ctrl+0, with the current zoom filled in', () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const text = zoomWarningMessage(150, lang);
      expect(text).toContain('100%');
      expect(text).toContain('Ctrl+0');
      expect(text).toContain('150%');
      expect(ZOOM_WARNING_TEXT[lang]).toContain('{percent}');
    }
    expect(zoomWarningMessage(67, 'en')).toBe(
      'Your browser is zoomed to 67%, so pages may not display properly. Please set the zoom to 100% (press Ctrl+0).',
    );
  });
});

describe('zoomHandlerEnabled (spec §4: bound unless mobile, development or the option off)', () => {
  it('spec §4: bound by default', () => {
    expect(zoomHandlerEnabled({})).toBe(true);
    expect(zoomHandlerEnabled({ mobile: false, development: false, isOpenZoomInfo: true })).toBe(
      true,
    );
  });

  it.each([
    ['on mobile', { mobile: true }],
    ['in development', { development: true }],
    ['with isOpenZoomInfo off', { isOpenZoomInfo: false }],
    ['on a content page (spec §2)', { pagemodel: 'content' }],
  ])('spec §4: not bound %s', (_label, flags) => {
    expect(zoomHandlerEnabled({ isOpenZoomInfo: true, ...flags })).toBe(false);
  });

  it('spec §2: other page models still warn', () => {
    expect(zoomHandlerEnabled({ pagemodel: 'page' })).toBe(true);
    expect(zoomHandlerEnabled({ pagemodel: null })).toBe(true);
  });
});
