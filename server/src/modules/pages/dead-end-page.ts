/**
 * The server-rendered pages for an address with nothing behind it (issue 10 §4 "no dead ends"):
 * "this application is not installed yet" for a sub-app page that is not deployed, and "page
 * not found" (or "address cannot be read") for any other address. Static HTML in the portal's
 * look, no script at all (the CSP allows none inline), its stylesheet served beside it
 * (DEAD_END_STYLESHEET_PATH), in zh-CN or en (spec §1) with a link to the other language and
 * one back to the desktop.
 */
import escapeHtml from 'escape-html';
import Negotiator from 'negotiator';
import { DESKTOP_PATH } from '@campus/contracts/pages';
import { DEAD_END_TEXT } from './dead-end-text.ts';

/** The languages of the portal (spec §1): zh-CN, the default, and en. */
export type DeadEndLanguage = 'zh-CN' | 'en';

/** What the page says: a sub-app page not deployed, no page at all, or an unreadable address. */
export type DeadEndKind = 'notInstalled' | 'notFound' | 'badAddress';

/** Served by the pages module; the pages link it, as the CSP allows no inline script. */
export const DEAD_END_STYLESHEET_PATH = '/static/portal/dead-end.css';

/** The query parameter the portal reads its language from (spec §2 login parameters). */
const LANGUAGE_QUERY = 'language';

export interface PageLanguage {
  language: DeadEndLanguage;
  /** The address asked for it (`?language=`): the links then carry it on. */
  fromQuery: boolean;
}

/**
 * The page language as the portal picks it (spec §1, §4): `?language=` first, any value but
 * `en` and `zh-CN` falling back to zh-CN. The portal's next source, the choice kept in the
 * browser's local storage, never reaches a server; the browser's Accept-Language stands in
 * for it (docs/decisions.md), and without either the page is zh-CN.
 *
 * @example
 * pageLanguage('/x?language=en', undefined); // { language: 'en', fromQuery: true }
 * pageLanguage('/x', 'en-GB,en;q=0.9'); // { language: 'en', fromQuery: false }
 */
export function pageLanguage(url: string, acceptLanguage: string | undefined): PageLanguage {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1).split('#', 1)[0] : '';
  const asked = new URLSearchParams(query).get(LANGUAGE_QUERY);
  if (asked !== null) return { language: asked === 'en' ? 'en' : 'zh-CN', fromQuery: true };
  // Offered as `zh` so that any Chinese (zh-TW, zh-HK) reads the zh-CN page rather than English.
  const negotiated = new Negotiator({
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  }).language(['zh', 'en']);
  return { language: negotiated === 'en' ? 'en' : 'zh-CN', fromQuery: false };
}

/** The address as shown on the page: the path only, cut to a readable length. */
function shownAddress(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path.length > 160 ? `${path.slice(0, 157)}…` : path;
}

// Decorative (aria-hidden): a package for an app not installed, a signpost for the others.
const ART: Record<DeadEndKind, string> = {
  notInstalled:
    '<path d="M60 14 22 32v44l38 18 38-18V32z" class="de-art__fill"/>' +
    '<path d="M22 32l38 18 38-18M60 50v44" class="de-art__line"/>' +
    '<path d="M41 23l38 18v14" class="de-art__line"/>',
  notFound:
    '<circle cx="52" cy="52" r="28" class="de-art__fill"/>' +
    '<circle cx="52" cy="52" r="28" class="de-art__line"/>' +
    '<path d="M73 73l22 22M44 44l16 16M60 44 44 60" class="de-art__line"/>',
  badAddress:
    '<rect x="18" y="30" width="84" height="60" rx="10" class="de-art__fill"/>' +
    '<rect x="18" y="30" width="84" height="60" rx="10" class="de-art__line"/>' +
    '<path d="M60 44v20M60 76v1" class="de-art__line"/>',
};

export interface DeadEndPageInput {
  kind: DeadEndKind;
  language: PageLanguage;
  /** The address asked for (path and query), shown on the page without its query. */
  url: string;
  /** The app code of a `/pages/{app}/…` address, when it is one. */
  appCode?: string;
}

/** The whole HTML page. Every piece of the address is escaped. */
export function renderDeadEndPage(input: DeadEndPageInput): string {
  const { language, fromQuery } = input.language;
  const text = DEAD_END_TEXT[language];
  const other: DeadEndLanguage = language === 'en' ? 'zh-CN' : 'en';
  const title = {
    notInstalled: text.notInstalledTitle,
    notFound: text.notFoundTitle,
    badAddress: text.badAddressTitle,
  }[input.kind];
  const body =
    input.kind === 'notInstalled'
      ? input.appCode
        ? text.notInstalledNamedBody.replace('{app}', input.appCode)
        : text.notInstalledBody
      : input.kind === 'notFound'
        ? text.notFoundBody
        : text.badAddressBody;
  const desktop = fromQuery ? `${DESKTOP_PATH}?${LANGUAGE_QUERY}=${language}` : DESKTOP_PATH;
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#457CD6">
<title>${e(title)} · ${e(text.product)}</title>
<link rel="stylesheet" href="${DEAD_END_STYLESHEET_PATH}">
</head>
<body>
<div class="de de--${input.kind}">
<header class="de-top">
<span class="de-top__product">${e(text.product)}</span>
<a class="de-lang" href="?${LANGUAGE_QUERY}=${other}" lang="${other}" hreflang="${other}" title="${e(text.otherLanguageLabel)}" data-testid="deadEnd.language">${e(text.otherLanguage)}</a>
</header>
<main class="de-main">
<section class="de-card" aria-labelledby="de-title" data-testid="deadEnd.card" data-kind="${input.kind}">
<svg class="de-art" viewBox="0 0 120 108" width="120" height="108" aria-hidden="true" focusable="false">${ART[input.kind]}</svg>
<h1 id="de-title" class="de-title" data-testid="deadEnd.title">${e(title)}</h1>
<p class="de-text">${e(body)}</p>
<p class="de-address"><span class="de-address__label">${e(text.addressLabel)}</span> <code class="de-address__value">${e(shownAddress(input.url))}</code></p>
<a class="de-button" href="${e(desktop)}" data-testid="deadEnd.desktop">${e(text.backToDesktop)}</a>
</section>
</main>
</div>
</body>
</html>
`;
}
