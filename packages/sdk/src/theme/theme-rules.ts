/**
 * The portal's theme rules, pure (spec §2 Theme dialog, §3 theme colours and currentLayout,
 * §4 Layout, §7 theme stylesheets, §9 theme colour default): which themes exist, which colour
 * and layout a theme gets, which class marks the layout, and where a theme's stylesheet lives.
 * `theme-loader.ts` applies them to a document.
 *
 * Vocabulary:
 * - a *named* theme is one with its own stylesheet and fixed colour: ink, lotus (classic)
 *   and cartoon (stage);
 * - every other theme is a *plain colour* theme: no theme (null), one of the dialog's colour
 *   swatches, a custom colour from the picker, or a name this code does not know. It gets the
 *   user's colour, no stylesheet, and the top/left layout choice.
 */
import { DEFAULT_THEME_COLOR } from '@campus/contracts/base';

/** The named themes of spec §3/§9, each with its own stylesheet and fixed colour. */
export const NAMED_THEMES = ['ink', 'lotus', 'cartoon'] as const;
export type NamedTheme = (typeof NAMED_THEMES)[number];

/** The default theme colour (spec §3, §9: #457cd6), one definition with the server's. */
export { DEFAULT_THEME_COLOR };

/** The fixed colour of each named theme (spec §3). */
export const NAMED_THEME_COLORS: Readonly<Record<NamedTheme, string>> = {
  ink: '#A9947F',
  lotus: '#68A265',
  cartoon: '#3ABAE8',
};

/**
 * The swatches of the dialog's colour section (spec §2: red, blue, siro blue, green). The
 * spec names them without values: blue is the default colour of spec §3; red, siro blue (a
 * deep navy) and green are this project's picks, chosen to keep white text readable.
 */
export const COLOUR_SWATCHES = {
  red: '#D9534F',
  blue: DEFAULT_THEME_COLOR,
  siroBlue: '#2B4C8C',
  green: '#3D9A6B',
} as const satisfies Record<string, string>;
export type ColourSwatch = keyof typeof COLOUR_SWATCHES;

/** The layouts of spec §3 `currentLayout`. */
export type Layout = 'top' | 'left';
/** The layout when none (or nothing valid) was asked for (spec §4: top). */
export const DEFAULT_LAYOUT: Layout = 'top';

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

/** True for ink, lotus and cartoon. */
export function isNamedTheme(theme: string | null | undefined): theme is NamedTheme {
  return (NAMED_THEMES as readonly (string | null | undefined)[]).includes(theme);
}

/**
 * True when the theme is a plain colour (spec §2, §4): anything but ink, lotus or cartoon,
 * including no theme at all.
 *
 * @example isPlainColourTheme(null) // true
 * @example isPlainColourTheme('ink') // false
 */
export function isPlainColourTheme(theme: string | null | undefined): boolean {
  return !isNamedTheme(theme);
}

/**
 * The layout a theme actually gets (spec §4): ink, lotus and cartoon force top; a plain colour
 * keeps the requested layout; anything else than 'top' or 'left' means top.
 *
 * @example layoutFor('ink', 'left') // 'top'
 * @example layoutFor(null, 'left') // 'left'
 */
export function layoutFor(theme: string | null | undefined, requested: unknown): Layout {
  if (isNamedTheme(theme)) return 'top';
  return requested === 'top' || requested === 'left' ? requested : DEFAULT_LAYOUT;
}

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

/**
 * A colour as CSS may receive it: '#RGB' or '#RRGGBB' (any case), answered as upper-case
 * '#RRGGBB'; anything else (names, rgb(), spaces, other lengths, non-strings) is null.
 * Colours come from the server and the user, so only what passes here reaches CSS.
 *
 * @example validateColor('#457cd6') // '#457CD6'
 * @example validateColor('#fa0') // '#FFAA00'
 * @example validateColor('red; background:url(x)') // null
 */
export function validateColor(hex: unknown): string | null {
  if (typeof hex !== 'string') return null;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  if (short)
    return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toUpperCase();
  return /^#[0-9a-f]{6}$/i.test(hex) ? hex.toUpperCase() : null;
}

/**
 * The colour a theme shows (spec §3): a named theme's fixed colour; for a plain colour, the
 * given colour when valid, else the swatch's own colour when the theme names one, else the
 * default #457CD6.
 *
 * @example themeColorOf('lotus', '#FF0000') // '#68A265'
 * @example themeColorOf(null, '#c00') // '#CC0000'
 * @example themeColorOf(null, 'not a colour') // '#457CD6'
 */
export function themeColorOf(theme: string | null | undefined, customColor: unknown): string {
  if (isNamedTheme(theme)) return NAMED_THEME_COLORS[theme];
  const custom = validateColor(customColor);
  if (custom) return custom;
  if (theme && Object.hasOwn(COLOUR_SWATCHES, theme)) {
    return COLOUR_SWATCHES[theme as ColourSwatch];
  }
  return DEFAULT_THEME_COLOR;
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
