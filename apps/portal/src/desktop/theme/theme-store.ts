/**
 * The theme in force on the desktop (spec §2 Theme dialog, §3 theme colours, §4 Layout): loaded
 * once at start (`loadTheme`, spec §7 my_desktop/color), replaced when the dialog saves, and
 * read by the header, the menus (icon sets follow the theme) and antd's ConfigProvider (the
 * colour reaches the whole UI kit). A vanilla store, as dialog-store.ts.
 */
import { useSyncExternalStore } from 'react';
import { COMMON_PH_VERSION } from '@campus/contracts/pages';
import type { HttpClient } from '@campus/sdk/http-core';
import { applyTheme, loadTheme } from '@campus/sdk/theme-loader';
import { DEFAULT_LAYOUT, DEFAULT_THEME_COLOR } from '@campus/contracts/theme';
import type { DesktopTheme } from './theme-choice.ts';

/**
 * The shared plugin version of the theme stylesheet path (spec §7
 * `/common/plugins/common-ph/{version}/css/{name}.css`), as the runtime serves it.
 */
export const THEME_KIT_VERSION = COMMON_PH_VERSION;

/** Before the server answers: the default theme of spec §3, §4. */
export const INITIAL_THEME: DesktopTheme = {
  theme: null,
  themeColor: DEFAULT_THEME_COLOR,
  layout: DEFAULT_LAYOUT,
};

let state: DesktopTheme = INITIAL_THEME;
const listeners = new Set<() => void>();

function set(next: DesktopTheme): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The theme in force now. */
export function currentTheme(): DesktopTheme {
  return state;
}

/** The theme in force; re-renders when it changes. */
export function useDesktopTheme(): DesktopTheme {
  return useSyncExternalStore(subscribe, currentTheme, currentTheme);
}

/**
 * Applies a theme to the page (CSS variables, layout class, named-theme stylesheet; spec §4:
 * ink, lotus and cartoon force top and clear the layout class) and publishes it.
 */
export function applyDesktopTheme(next: DesktopTheme, doc: Document = document): DesktopTheme {
  const applied = applyTheme({
    doc,
    version: THEME_KIT_VERSION,
    theme: next.theme,
    themeColor: next.themeColor,
    layout: next.layout,
  });
  const theme = { theme: applied.theme, themeColor: applied.themeColor, layout: applied.layout };
  set(theme);
  return theme;
}

/** Loads the user's theme (spec §7) and publishes it; never rejects. */
export async function startTheme(http: HttpClient, doc: Document = document): Promise<void> {
  const applied = await loadTheme({ http, doc, version: THEME_KIT_VERSION });
  set({ theme: applied.theme, themeColor: applied.themeColor, layout: applied.layout });
}
