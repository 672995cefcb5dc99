import { describe, expect, it } from 'vitest';
import { iconVariantForTheme } from '@campus/contracts/storage';
import {
  COLOUR_SWATCHES,
  DEFAULT_THEME_COLOR,
  isPlainColourTheme,
  layoutFor,
  NAMED_THEME_COLORS,
  NAMED_THEMES,
  themeColorOf,
  validateColor,
} from '@campus/contracts/theme';
import {
  accessibleShades,
  colorShades,
  contrastRatio,
  layoutChoiceVisible,
  layoutClassFor,
  stylesheetUrl,
  THEME_SECTIONS,
} from './theme-rules.ts';

const PLAIN = [null, undefined, '', 'red', 'blue', 'siroBlue', 'green', 'custom', 'unit-theme'];

describe('theme colours (spec §3, §9)', () => {
  it('spec §3: default #457CD6, ink #A9947F, lotus #68A265, cartoon #3ABAE8', () => {
    expect(DEFAULT_THEME_COLOR).toBe('#457CD6');
    expect(NAMED_THEME_COLORS).toEqual({ ink: '#A9947F', lotus: '#68A265', cartoon: '#3ABAE8' });
    expect(NAMED_THEMES).toEqual(['ink', 'lotus', 'cartoon']);
  });

  it('spec §2: the dialog sections are classic (ink, lotus), stage (cartoon), colour (red, blue, siro blue, green)', () => {
    expect(THEME_SECTIONS.map((s) => [s.id, s.themes.map((t) => t.id)])).toEqual([
      ['classic', ['ink', 'lotus']],
      ['stage', ['cartoon']],
      ['colour', ['red', 'blue', 'siroBlue', 'green']],
    ]);
    for (const section of THEME_SECTIONS) {
      for (const choice of section.themes) expect(validateColor(choice.color)).toBe(choice.color);
    }
  });

  it('spec §3: the blue swatch is the default colour', () => {
    expect(COLOUR_SWATCHES.blue).toBe(DEFAULT_THEME_COLOR);
  });

  it.each([
    ['ink', '#123456', '#A9947F'],
    ['lotus', undefined, '#68A265'],
    ['cartoon', 'junk', '#3ABAE8'],
  ])('spec §3: named theme %s always shows its own colour', (theme, custom, expected) => {
    expect(themeColorOf(theme, custom)).toBe(expected);
  });

  it('spec §3/§2 custom: a plain colour theme shows the valid custom colour', () => {
    expect(themeColorOf(null, '#c00')).toBe('#CC0000');
    expect(themeColorOf('red', '#00ff00')).toBe('#00FF00');
  });

  it('spec §9: a plain colour theme without a valid colour falls back to its swatch, else the default', () => {
    expect(themeColorOf('green', 'nope')).toBe(COLOUR_SWATCHES.green);
    expect(themeColorOf(null, 'nope')).toBe('#457CD6');
    expect(themeColorOf('toString', undefined)).toBe('#457CD6');
  });
});

describe('validateColor (spec §3 colours reach CSS only as #RGB/#RRGGBB)', () => {
  it.each([
    ['#457cd6', '#457CD6'],
    ['#457CD6', '#457CD6'],
    ['#fa0', '#FFAA00'],
  ])('accepts %s as %s', (input, expected) => {
    expect(validateColor(input)).toBe(expected);
  });

  it.each([
    'red',
    '457CD6',
    '#457CD',
    '#457CD6FF',
    ' #457CD6',
    '#457CD6;',
    '#45G',
    'rgb(1,2,3)',
    'red; background:url(//evil)',
    '',
    null,
    undefined,
    0x457cd6,
  ])('rejects %s', (input) => {
    expect(validateColor(input)).toBeNull();
  });
});

describe('layout rules (spec §2, §4)', () => {
  it.each(NAMED_THEMES)('spec §4: choosing %s forces the top layout', (theme) => {
    expect(layoutFor(theme, 'left')).toBe('top');
    expect(layoutFor(theme, 'top')).toBe('top');
  });

  it.each(PLAIN)('spec §4: plain colour theme %s keeps the requested layout', (theme) => {
    expect(layoutFor(theme, 'left')).toBe('left');
    expect(layoutFor(theme, 'top')).toBe('top');
  });

  it.each([undefined, null, '', 'LEFT', 'side', 1])(
    'spec §3: a layout other than top/left (%s) means top',
    (requested) => {
      expect(layoutFor(null, requested)).toBe('top');
    },
  );

  it.each(NAMED_THEMES)('spec §4: non-colour theme %s clears the layout class', (theme) => {
    expect(layoutClassFor(theme, 'left')).toBeNull();
    expect(layoutClassFor(theme, 'top')).toBeNull();
  });

  it('spec §4: a plain colour theme gets layout-top or layout-left', () => {
    expect(layoutClassFor(null, 'left')).toBe('layout-left');
    expect(layoutClassFor('red', 'top')).toBe('layout-top');
    expect(layoutClassFor('custom', undefined)).toBe('layout-top');
  });

  it('spec §2: the top/left choice shows only for a plain colour theme', () => {
    for (const theme of NAMED_THEMES) {
      expect(layoutChoiceVisible(theme)).toBe(false);
      expect(isPlainColourTheme(theme)).toBe(false);
    }
    for (const theme of PLAIN) {
      expect(layoutChoiceVisible(theme)).toBe(true);
      expect(isPlainColourTheme(theme)).toBe(true);
    }
  });

  it('spec §3 icon paths: the plain/named split agrees with iconVariantForTheme', () => {
    for (const theme of PLAIN) expect(iconVariantForTheme(theme)).toBe('color');
    for (const theme of NAMED_THEMES) expect(iconVariantForTheme(theme)).not.toBe('color');
  });
});

describe('stylesheetUrl (spec §7 theme stylesheets)', () => {
  it('spec §7: /common/plugins/common-ph/{version}/css/{name}.css', () => {
    expect(stylesheetUrl('1.6.0', 'ink')).toBe('/common/plugins/common-ph/1.6.0/css/ink.css');
  });

  it.each([
    ['..', 'ink'],
    ['1.6.0', '../../evil'],
    ['1.6.0/x', 'ink'],
    ['', 'ink'],
    ['1.6.0', 'ink?x=1'],
    ['1.6.0', '//evil.example/x'],
  ])('spec §7: refuses a version/name that is not a path segment (%s, %s)', (version, name) => {
    expect(() => stylesheetUrl(version, name)).toThrow(TypeError);
  });
});

describe('colorShades (spec §3 theme colour as CSS variables)', () => {
  it('spec §3: the primary colour and lighter/darker shades of the default', () => {
    expect(colorShades('#457cd6')).toEqual({
      '--ph-primary': '#457CD6',
      '--ph-primary-light-3': '#7DA3E2',
      '--ph-primary-light-5': '#A2BEEB',
      '--ph-primary-light-7': '#C7D8F3',
      '--ph-primary-light-9': '#ECF2FB',
      '--ph-primary-dark-2': '#3763AB',
    });
  });

  it('spec §3: black and white mix to the expected ends', () => {
    expect(colorShades('#000')['--ph-primary-light-5']).toBe('#808080');
    expect(colorShades('#fff')['--ph-primary-dark-2']).toBe('#CCCCCC');
  });

  it('spec §9: an invalid colour gives the default shades', () => {
    expect(colorShades('javascript:alert(1)')).toEqual(colorShades(DEFAULT_THEME_COLOR));
  });
});

describe('accessibleShades (issue 10 §5: WCAG 2.1 AA text contrast in every theme)', () => {
  const tint = (color: string) => colorShades(color)['--ph-primary-light-9'];
  const everyThemeColour = [
    ...Object.values(NAMED_THEME_COLORS),
    ...Object.values(COLOUR_SWATCHES),
    '#FFFF00',
    '#FFFFFF',
  ];

  it('the text shade reads at 4.5:1 on the light-9 tint and on white, in every theme', () => {
    for (const colour of everyThemeColour) {
      const text = accessibleShades(colour)['--ph-primary-text'];
      expect(contrastRatio(text, tint(colour)), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, '#FFFFFF'), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('white text reads at 4.5:1 on the fill shade, in every theme', () => {
    for (const colour of everyThemeColour) {
      const fill = accessibleShades(colour)['--ph-primary-fill'];
      expect(contrastRatio('#FFFFFF', fill), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('a colour that already passes is kept; others are only darkened as far as needed', () => {
    expect(accessibleShades('#2B4C8C')).toEqual({
      '--ph-primary-text': '#2B4C8C',
      '--ph-primary-fill': '#2B4C8C',
    });
    expect(accessibleShades('#457CD6')).toEqual({
      '--ph-primary-text': '#3B69B6',
      '--ph-primary-fill': '#3E70C1',
    });
    expect(accessibleShades('not a colour')).toEqual(accessibleShades(DEFAULT_THEME_COLOR));
  });

  it('contrastRatio follows WCAG 2.1', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#457CD6', '#FFFFFF')).toBeCloseTo(4.11, 2);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});
