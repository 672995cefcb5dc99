/**
 * The theme dialog's model, pure (spec §2 Theme dialog, §3 theme colours and Unit login page
 * config, §4 Layout, §7 settheme). The theme vocabulary is the contracts'
 * (`@campus/contracts/theme`), the page rules the SDK's; this file adds what the dialog chooses
 * and what it saves. The dialog is the chrome's, the same on the desktop and in every sub-app.
 */
import type { SetThemeBody, SetThemeType } from '@campus/contracts/desktop';
import type { DecorationSet } from '@campus/contracts/uaa';
import type { Language } from '@campus/sdk/language';
import {
  COLOUR_SWATCHES,
  layoutFor,
  themeColorOf,
  validateColor,
  type ColourSwatch,
  type Layout,
} from '@campus/contracts/theme';
import { layoutChoiceVisible } from '@campus/sdk/theme-rules';

/** The theme in force on the page: what `applyTheme` answered, or the dialog saved. */
export interface PageTheme {
  /** ink, lotus, cartoon or a swatch name; null for a custom colour or no theme. */
  theme: string | null;
  /** '#RRGGBB'. */
  themeColor: string;
  layout: Layout;
}

/** What the dialog has chosen: a named theme or swatch, or (theme null) a custom colour. */
export interface ThemeSelection {
  theme: string | null;
  color: string;
}

/**
 * The dialog's starting choice: the theme in force. A plain colour equal to one of the colour
 * swatches starts on that swatch (the default #457CD6 is the blue one), so the dialog shows
 * which choice the page looks like.
 */
export function selectionOf(current: PageTheme): ThemeSelection {
  const color = themeColorOf(current.theme, current.themeColor);
  if (current.theme === null) {
    const swatch = (Object.keys(COLOUR_SWATCHES) as ColourSwatch[]).find(
      (id) => COLOUR_SWATCHES[id] === color,
    );
    if (swatch) return { theme: swatch, color };
  }
  return { theme: current.theme, color };
}

/** A named theme or swatch, by id. */
export function pickTheme(id: string): ThemeSelection {
  return { theme: id, color: themeColorOf(id, null) };
}

/** A custom colour (picker or the unit's list); null when it is no '#RGB'/'#RRGGBB' colour. */
export function pickColour(color: string): ThemeSelection | null {
  const valid = validateColor(color);
  return valid ? { theme: null, color: valid } : null;
}

/** Whether `candidate` is the current choice. */
export function isSameChoice(a: ThemeSelection, b: ThemeSelection): boolean {
  if (a.theme !== null || b.theme !== null) return a.theme === b.theme;
  return validateColor(a.color) === validateColor(b.color);
}

/**
 * The settheme body (spec §7): the theme's name, or the colour itself for a custom colour; the
 * layout only for a plain colour (spec §4: ink, lotus and cartoon force top).
 *
 * @example setThemeBody({ theme: 'ink', color: '#A9947F' }, 'left', 'color') // { type: 'color', theme: 'ink' }
 * @example setThemeBody({ theme: null, color: '#C8161D' }, 'left', 'color') // { type: 'color', theme: '#C8161D', layout: 'left' }
 */
export function setThemeBody(
  selection: ThemeSelection,
  layout: Layout,
  type: SetThemeType,
): SetThemeBody {
  const theme = selection.theme ?? validateColor(selection.color) ?? selection.color;
  return layoutChoiceVisible(selection.theme) ? { type, theme, layout } : { type, theme };
}

/** The theme a saved choice puts in force (spec §4 layout rule). */
export function themeAfterSave(selection: ThemeSelection, layout: Layout): PageTheme {
  return {
    theme: selection.theme,
    themeColor: themeColorOf(selection.theme, selection.color),
    layout: layoutFor(selection.theme, layout),
  };
}

/** One theme of the unit's own list (spec §3 decorationSet.themeList). */
export interface UnitTheme {
  key: string;
  label: string;
  color: string;
}

/**
 * The unit's themes (spec §2 custom section), labelled in the page language; entries without a
 * valid colour are left out, so administrator input never reaches CSS unchecked.
 */
export function unitThemes(decoration: DecorationSet, lang: Language): UnitTheme[] {
  const list = Array.isArray(decoration.themeList) ? decoration.themeList : [];
  return list.flatMap((entry, index) => {
    const color = validateColor(entry.color);
    if (!color) return [];
    const label = (lang === 'en' && entry.enName ? entry.enName : entry.name) || color;
    return [{ key: `${index}-${color}`, label, color }];
  });
}
