/**
 * The theme vocabulary (spec §2 Theme dialog, §3 theme colours and currentLayout, §4 Layout, §9
 * theme colour default): which themes exist, the colour and layout each gets, the swatches of
 * the dialog's colour section. The server saves by these rules and the pages apply them, so what
 * one stores the other understands.
 *
 * - a *named* theme has its own stylesheet and fixed colour: ink, lotus (classic) and cartoon
 *   (stage);
 * - every other theme is a *plain colour* theme: no theme (null), one of the dialog's colour
 *   swatches, a custom colour from the picker, or a name this code does not know. It gets the
 *   user's colour, no stylesheet, and the top/left layout choice.
 */

/** Spec §3, §9: the theme colour when the user has chosen none. */
export const DEFAULT_THEME_COLOR = '#457CD6';

/** The named themes of spec §3/§9, each with its own stylesheet and fixed colour. */
export const NAMED_THEMES = ['ink', 'lotus', 'cartoon'] as const;
export type NamedTheme = (typeof NAMED_THEMES)[number];

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
