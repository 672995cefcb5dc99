/**
 * The page side of the theme rules, pure (spec §2 Theme dialog, §4 Layout, §7 theme
 * stylesheets): the dialog's sections, which class marks the layout, where a theme's stylesheet
 * lives and the colour shades a theme sets. The vocabulary itself (named themes, swatches,
 * colours, layouts) is the contracts' (`@campus/contracts/theme`), shared with the server.
 * `theme-loader.ts` applies them to a document.
 */
import {
  COLOUR_SWATCHES,
  DEFAULT_THEME_COLOR,
  NAMED_THEME_COLORS,
  isNamedTheme,
  isPlainColourTheme,
  layoutFor,
  validateColor,
  type ColourSwatch,
} from '@campus/contracts/theme';

/** One entry of the theme dialog. */
export interface ThemeChoice {
  /** The theme name sent to the server and kept in the session (`theme`). */
  id: string;
  /** Its colour (`themeColor`). */
  color: string;
}

/** One section of the theme dialog (spec §2), in display order; the custom section is UI-only. */
export interface ThemeSection {
  id: 'classic' | 'stage' | 'colour';
  themes: readonly ThemeChoice[];
}

/** The fixed sections of the theme dialog (spec §2): classic, stage, colour. */
export const THEME_SECTIONS: readonly ThemeSection[] = [
  {
    id: 'classic',
    themes: [
      { id: 'ink', color: NAMED_THEME_COLORS.ink },
      { id: 'lotus', color: NAMED_THEME_COLORS.lotus },
    ],
  },
  { id: 'stage', themes: [{ id: 'cartoon', color: NAMED_THEME_COLORS.cartoon }] },
  {
    id: 'colour',
    themes: (Object.keys(COLOUR_SWATCHES) as ColourSwatch[]).map((id) => ({
      id,
      color: COLOUR_SWATCHES[id],
    })),
  },
];

/** Every class `layoutClassFor` can answer, so a caller can clear them all. */
export const LAYOUT_CLASSES = ['layout-top', 'layout-left'] as const;
export type LayoutClass = (typeof LAYOUT_CLASSES)[number];

/**
 * The class that marks the layout on `<body>` (spec §4): none for a named theme ("non-colour
 * themes clear the layout class"), `layout-top` or `layout-left` for a plain colour.
 *
 * @example layoutClassFor('cartoon', 'top') // null
 * @example layoutClassFor('red', 'left') // 'layout-left'
 */
export function layoutClassFor(
  theme: string | null | undefined,
  layout: unknown,
): LayoutClass | null {
  if (isNamedTheme(theme)) return null;
  return `layout-${layoutFor(theme, layout)}`;
}

/** Whether the dialog shows the top/left choice (spec §2: only for a plain colour theme). */
export function layoutChoiceVisible(theme: string | null | undefined): boolean {
  return isPlainColourTheme(theme);
}

const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * The stylesheet of a theme (spec §7 GET /common/plugins/common-ph/{version}/css/{name}.css).
 * Throws a TypeError when the version or name is not a plain path segment (letters, digits,
 * '.', '_', '-', not starting with '.'), so no caller builds a URL outside that folder.
 *
 * @example stylesheetUrl('1.6.0', 'ink') // '/common/plugins/common-ph/1.6.0/css/ink.css'
 */
export function stylesheetUrl(version: string, name: string): string {
  for (const [label, segment] of [
    ['version', version],
    ['name', name],
  ] as const) {
    if (!SAFE_SEGMENT.test(segment)) {
      throw new TypeError(`stylesheetUrl: invalid ${label} ${JSON.stringify(segment)}`);
    }
  }
  return `/common/plugins/common-ph/${version}/css/${name}.css`;
}

/** Mixes a '#RRGGBB' colour with another; weight 0 keeps the first, 1 gives the second. */
function mix(color: string, other: string, weight: number): string {
  const channel = (hex: string, i: number): number => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  let out = '#';
  for (let i = 0; i < 3; i += 1) {
    const value = Math.round(channel(color, i) * (1 - weight) + channel(other, i) * weight);
    out += value.toString(16).padStart(2, '0');
  }
  return out.toUpperCase();
}

/** The CSS variables a theme colour sets on `<html>`. */
export const THEME_VARIABLES = [
  '--ph-primary',
  '--ph-primary-light-3',
  '--ph-primary-light-5',
  '--ph-primary-light-7',
  '--ph-primary-light-9',
  '--ph-primary-dark-2',
] as const;
export type ThemeVariable = (typeof THEME_VARIABLES)[number];

/**
 * The primary colour and its derived shades as CSS variables: `light-N` mixes N×10 % white
 * in, `dark-2` mixes 20 % black in. An invalid colour gives the default's shades.
 *
 * @example colorShades('#457CD6')['--ph-primary-light-9'] // '#ECF2FB'
 */
export function colorShades(color: string): Record<ThemeVariable, string> {
  const base = validateColor(color) ?? DEFAULT_THEME_COLOR;
  return {
    '--ph-primary': base,
    '--ph-primary-light-3': mix(base, '#FFFFFF', 0.3),
    '--ph-primary-light-5': mix(base, '#FFFFFF', 0.5),
    '--ph-primary-light-7': mix(base, '#FFFFFF', 0.7),
    '--ph-primary-light-9': mix(base, '#FFFFFF', 0.9),
    '--ph-primary-dark-2': mix(base, '#000000', 0.2),
  };
}

/** WCAG 2.1 relative luminance of a '#RRGGBB' colour. */
function luminance(color: string): number {
  const linear = [0, 1, 2].map((i) => {
    const value = parseInt(color.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (linear[0] ?? 0) + 0.7152 * (linear[1] ?? 0) + 0.0722 * (linear[2] ?? 0);
}

/**
 * The WCAG 2.1 contrast ratio of two '#RRGGBB' colours, from 1 to 21.
 *
 * @example contrastRatio('#FFFFFF', '#000000') // 21
 */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** WCAG 2.1 AA (1.4.3): the contrast normal-size text needs. */
export const TEXT_CONTRAST = 4.5;

/** The colour mixed with black in 5 % steps until it reaches `ratio` against `against`. */
function darkenUntil(color: string, against: string, ratio: number): string {
  for (let step = 0; step <= 20; step += 1) {
    const shade = mix(color, '#000000', step / 20);
    if (contrastRatio(shade, against) >= ratio) return shade;
  }
  return '#000000';
}

/** The accessible shades a theme colour also sets on `<html>` (issue 10 §5). */
export const ACCESSIBLE_THEME_VARIABLES = ['--ph-primary-text', '--ph-primary-fill'] as const;
export type AccessibleThemeVariable = (typeof ACCESSIBLE_THEME_VARIABLES)[number];

/**
 * The shades of a theme colour that text can rely on (issue 10 §5, WCAG 2.1 AA 1.4.3), so
 * every theme keeps its own colour where it is decoration and stays readable where it is text:
 * - `--ph-primary-text`: the colour, darkened just enough to read at 4.5:1 on its own light-9
 *   tint (and so on white): text, links and outlined controls in the theme colour;
 * - `--ph-primary-fill`: the colour, darkened just enough for white text on it to read at
 *   4.5:1: filled buttons, badges and bars that carry white text.
 * A colour that already passes is kept as it is. An invalid colour gives the default's shades.
 *
 * @example accessibleShades('#2B4C8C')['--ph-primary-text'] // '#2B4C8C' (passes already)
 */
export function accessibleShades(color: string): Record<AccessibleThemeVariable, string> {
  const base = validateColor(color) ?? DEFAULT_THEME_COLOR;
  const tint = mix(base, '#FFFFFF', 0.9);
  return {
    '--ph-primary-text': darkenUntil(base, tint, TEXT_CONTRAST),
    '--ph-primary-fill': darkenUntil(base, '#FFFFFF', TEXT_CONTRAST),
  };
}
