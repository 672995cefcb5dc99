import { describe, expect, it } from 'vitest';
import {
  IMPORTANCE_COLOURS,
  importanceColour,
  importanceLevel,
  messageAction,
  safeMessageUrl,
} from './message-rules.ts';

const ORIGIN = 'http://127.0.0.1:8080';

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('importance colours (spec §3, §9: levels 1 to 5, each with its own colour)', () => {
  it('gives each of the five levels its own colour', () => {
    const colours = [1, 2, 3, 4, 5].map(importanceColour);
    expect(Object.keys(IMPORTANCE_COLOURS)).toEqual(['1', '2', '3', '4', '5']);
    expect(new Set(colours).size).toBe(5);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('keeps every colour visible on white (contrast at least 3:1)', () => {
    for (const colour of Object.values(IMPORTANCE_COLOURS)) {
      expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(3);
    }
  });

  it('clamps values outside 1..5 instead of dropping the colour', () => {
    expect(importanceLevel(0)).toBe(1);
    expect(importanceLevel(9)).toBe(5);
    expect(importanceLevel(Number.NaN)).toBe(1);
    expect(importanceColour(7)).toBe(IMPORTANCE_COLOURS[5]);
  });
});

describe('message links (DESIGN.md §5: no script URLs, no open redirect surprises)', () => {
  it.each([
    [
      '/pages/cms/pc_cms_tm/index.html#/notice/1',
      { href: '/pages/cms/pc_cms_tm/index.html#/notice/1', external: false },
    ],
    [`${ORIGIN}/desktop/home?x=1`, { href: '/desktop/home?x=1', external: false }],
    ['https://school.example/a', { href: 'https://school.example/a', external: true }],
  ])('opens %s', (url, expected) => {
    expect(safeMessageUrl(url, ORIGIN)).toEqual(expected);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    '//evil.example/',
    '/\\evil.example',
    'https://user:pw@evil.example/',
    'not a url',
    '',
    null,
  ])('refuses %j', (url) => {
    expect(safeMessageUrl(url, ORIGIN)).toBeNull();
  });

  it('opens the module-expiry table for openWay 1 (spec §3), whatever the url', () => {
    expect(messageAction({ openWay: 1, url: 'https://x.example/' }, ORIGIN)).toEqual({
      kind: 'moduleExpiry',
    });
    expect(messageAction({ openWay: 0, url: '/a' }, ORIGIN)).toEqual({
      kind: 'link',
      href: '/a',
      external: false,
    });
    expect(messageAction({ openWay: 0, url: 'javascript:x' }, ORIGIN)).toEqual({ kind: 'none' });
    expect(messageAction({ openWay: 2, url: null }, ORIGIN)).toEqual({ kind: 'none' });
  });
});
