/**
 * Loads the user's theme at start-up and applies it to a document (spec §3 theme colours and
 * currentLayout, §4 Layout, §7 GET /api/base/my_desktop/color and theme stylesheets). The
 * rules live in `theme-rules.ts`; this file only reads the server's answer and touches the DOM.
 */
import { baseEndpoints, type ThemeColorData } from '@campus/contracts/base';
import { callEndpoint } from '../http/endpoint-call.ts';
import type { HttpClient } from '../http/http-core.ts';
import { isNamedTheme, layoutFor, themeColorOf, type Layout } from '@campus/contracts/theme';
import {
  accessibleShades,
  colorShades,
  LAYOUT_CLASSES,
  layoutClassFor,
  stylesheetUrl,
  type LayoutClass,
} from './theme-rules.ts';

/** Marks the theme stylesheet `<link>` this module owns, so it is swapped and never doubled. */
export const THEME_LINK_ATTRIBUTE = 'data-ph-theme';

/** What a theme looks like once applied. */
export interface AppliedTheme {
  /** The theme name; null for no theme (a plain colour). */
  theme: string | null;
  /** The validated primary colour, '#RRGGBB'. */
  themeColor: string;
  layout: Layout;
  /** The class set on `<body>`; null when a named theme cleared it. */
  layoutClass: LayoutClass | null;
  /** The theme stylesheet's URL; null for a plain colour theme. */
  stylesheet: string | null;
  /** Whether the server answered, or the default was used. */
  source: 'server' | 'default';
}

/** What `applyTheme` needs. */
export interface ApplyThemeInput {
  doc: Document;
  /** The shared plugin version of the stylesheet path, e.g. '1.6.0'. */
  version: string;
  theme: string | null | undefined;
  themeColor?: unknown;
  layout?: unknown;
}

/**
 * Applies a theme to `doc` (spec §3, §4): the colour and its shades (and the readable text and
 * fill shades of issue 10 §5) as CSS variables on `<html>`, the layout class on `<body>`
 * (cleared for ink, lotus and cartoon), and for those named themes the stylesheet `<link>` in `<head>`, replacing any earlier one. Invalid input
 * falls back per `theme-rules.ts`. The theme dialog can call it after a change.
 * Throws a TypeError, before touching the document, when `version` is not a path segment.
 */
export function applyTheme(input: ApplyThemeInput): Omit<AppliedTheme, 'source'> {
  const { doc, version } = input;
  const theme = typeof input.theme === 'string' && input.theme !== '' ? input.theme : null;
  const themeColor = themeColorOf(theme, input.themeColor);
  const layout = layoutFor(theme, input.layout);
  const layoutClass = layoutClassFor(theme, layout);
  const stylesheet = isNamedTheme(theme) ? stylesheetUrl(version, theme) : null;

  const root = doc.documentElement;
  const shades = { ...colorShades(themeColor), ...accessibleShades(themeColor) };
  for (const [name, value] of Object.entries(shades)) {
    root.style.setProperty(name, value);
  }

  doc.body.classList.remove(...LAYOUT_CLASSES);
  if (layoutClass) doc.body.classList.add(layoutClass);

  const owned = Array.from(doc.querySelectorAll<HTMLLinkElement>(`link[${THEME_LINK_ATTRIBUTE}]`));
  // Keep a link that already points at the wanted sheet: no reload, no flash.
  const kept = owned.find(
    (link) => stylesheet !== null && link.getAttribute('href') === stylesheet,
  );
  for (const link of owned) if (link !== kept) link.remove();
  if (stylesheet && !kept) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.setAttribute('href', stylesheet);
    link.setAttribute(THEME_LINK_ATTRIBUTE, theme ?? '');
    doc.head.appendChild(link);
  }

  return { theme, themeColor, layout, layoutClass, stylesheet };
}

/** What `loadTheme` needs. */
export interface LoadThemeInput {
  http: HttpClient;
  doc: Document;
  /** The shared plugin version of the stylesheet path, e.g. '1.6.0'. */
  version: string;
}

/**
 * Asks the server for the user's theme (spec §7, silently: `noIntercept`) and applies it.
 * No answer, a body status other than 200 or an unusable body keeps the default theme
 * (#457CD6, top layout, no stylesheet); an invalid colour or layout is replaced by the
 * default one. Resolves with what was applied; never rejects because of the call.
 *
 * @example
 * const applied = await loadTheme({ http, doc: document, version: '1.6.0' });
 * session.set({ theme: applied.theme, themeColor: applied.themeColor, currentLayout: applied.layout });
 */
export async function loadTheme(input: LoadThemeInput): Promise<AppliedTheme> {
  const { http, doc, version } = input;
  let data: Partial<ThemeColorData> | undefined;
  try {
    const answer = await callEndpoint(
      http,
      baseEndpoints.themeColor,
      {},
      { noIntercept: true, cacheBust: true },
    );
    if (answer.status === 200 && typeof answer.data === 'object' && answer.data !== null) {
      data = answer.data;
    }
  } catch {
    // Spec §7 theme colour is cosmetic: a failed call keeps the default theme.
  }
  if (!data) {
    return { ...applyTheme({ doc, version, theme: null }), source: 'default' };
  }
  const applied = applyTheme({
    doc,
    version,
    theme: data.theme,
    themeColor: data.themeColor,
    layout: data.currentLayout,
  });
  return { ...applied, source: 'server' };
}
