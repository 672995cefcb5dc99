/**
 * The theme in force on the page (spec §2 Theme dialog, §3 theme colours, §4 Layout), the
 * desktop's and every sub-app's alike: loaded once at start (`startPageTheme`, spec §7
 * my_desktop/color), replaced when the theme dialog saves, and read by whoever follows it (the
 * desktop's menus pick their icon set by it, antd's ConfigProvider takes its colour). A vanilla
 * store, so the dialog and its readers never import each other.
 */
import { useSyncExternalStore } from 'react';
import { COMMON_PH_VERSION } from '@campus/contracts/pages';
import type { HttpClient } from '@campus/sdk/http-core';
import { applyTheme, loadTheme, type AppliedTheme } from '@campus/sdk/theme-loader';
import { DEFAULT_LAYOUT, DEFAULT_THEME_COLOR } from '@campus/contracts/theme';
import type { PageTheme } from './theme-choice.ts';

/** Before the server answers: the default theme of spec §3, §4. */
export const INITIAL_THEME: PageTheme = {
  theme: null,
  themeColor: DEFAULT_THEME_COLOR,
  layout: DEFAULT_LAYOUT,
};

let state: PageTheme = INITIAL_THEME;
const listeners = new Set<() => void>();

function publish(applied: Omit<AppliedTheme, 'source'>): PageTheme {
  state = { theme: applied.theme, themeColor: applied.themeColor, layout: applied.layout };
  for (const listener of [...listeners]) listener();
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The theme in force now. */
export function currentPageTheme(): PageTheme {
  return state;
}

/** The theme in force; re-renders when it changes. */
export function usePageTheme(): PageTheme {
  return useSyncExternalStore(subscribe, currentPageTheme, currentPageTheme);
}

/**
 * Applies a theme to the page (CSS variables, layout class, named-theme stylesheet of the shared
 * plugin `/common/plugins/common-ph/{version}/css/{name}.css`; spec §4: ink, lotus and cartoon
 * force top and clear the layout class) and publishes it.
 */
export function applyPageTheme(next: PageTheme, doc: Document = document): PageTheme {
  return publish(
    applyTheme({
      doc,
      version: COMMON_PH_VERSION,
      theme: next.theme,
      themeColor: next.themeColor,
      layout: next.layout,
    }),
  );
}

/** Loads the user's theme (spec §7), applies and publishes it; never rejects. */
export async function startPageTheme(http: HttpClient, doc: Document = document): Promise<void> {
  publish(await loadTheme({ http, doc, version: COMMON_PH_VERSION }));
}
