import { describe, expect, it } from 'vitest';
import { APP_ICON_VARIANTS } from '@campus/contracts/storage';
import { iconGlyph, renderAppIcon, xmlEscape } from './app-icon.ts';

const cms = { name: '信息发布', shortName: '资讯', englishShortName: 'News', iconColor: '#C8161D' };

/** A small well-formedness check: every tag closes, in order, and no raw `<`/`&` in text. */
function assertWellFormedSvg(svg: string): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (const match of svg.matchAll(tag)) {
    const between = svg.slice(last, match.index);
    expect(between).not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|apos);)/);
    last = match.index + match[0].length;
    const [, closing, name = '', , selfClosing] = match;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name);
  }
  expect(svg.slice(last)).toBe('');
  expect(stack).toEqual([]);
}

describe('renderAppIcon', () => {
  it.each(APP_ICON_VARIANTS)('draws a well-formed %s SVG with the glyph and a title', (variant) => {
    const svg = renderAppIcon(cms, variant);
    assertWellFormedSvg(svg);
    expect(svg).toContain('<title>信息发布</title>');
    expect(svg).toContain('>资</text>');
  });

  it('uses the icon colour in colour, a gray in gray, and a lighter tint in cartoon', () => {
    expect(renderAppIcon(cms, 'color')).toContain('fill="#c8161d"');
    const gray = renderAppIcon(cms, 'gray');
    expect(gray).not.toContain('#c8161d');
    expect(gray).toMatch(/fill="#([0-9a-f]{2})\1\1"/);
    const cartoon = renderAppIcon(cms, 'cartoon');
    expect(cartoon).toContain('stroke="#c8161d"');
    expect(cartoon).toContain('<circle');
  });

  it('escapes names from configuration', () => {
    const evil = {
      name: '<script>alert(1)</script>&"\'',
      shortName: '<script>&',
      iconColor: '"/><script>alert(1)</script>',
    };
    for (const variant of APP_ICON_VARIANTS) {
      const svg = renderAppIcon(evil, variant);
      assertWellFormedSvg(svg);
      expect(svg).not.toContain('<script');
      expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&apos;');
      // A colour that is not a colour falls back to the default theme colour.
      expect(svg).not.toContain('alert(1)</');
    }
  });

  it('escapes a glyph that is itself markup', () => {
    expect(iconGlyph({ name: '<b>', shortName: '&' })).toEqual({ text: 'B', size: 46 });
    expect(xmlEscape('<script>&')).toBe('&lt;script&gt;&amp;');
  });
});

describe('iconGlyph', () => {
  it('takes one Chinese character or up to two Latin initials', () => {
    expect(iconGlyph({ name: '教务管理', shortName: '教务' }).text).toBe('教');
    expect(iconGlyph({ name: 'Smart Canteen', shortName: '' }).text).toBe('SC');
    expect(iconGlyph({ name: 'library' }).text).toBe('LI');
    expect(iconGlyph({ name: '' }).text).toBe('?');
  });
});
