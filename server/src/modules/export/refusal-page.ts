/**
 * What a person's browser shows when the export is refused. The export is a form post that the
 * browser itself navigates with (spec §7: `POST form to /api/base/common/table2xls`), so the
 * answer replaces the page unless it is a download: the envelope's JSON would be a page of raw
 * JSON. A navigation gets the refusal's message as a page in the dead-end pages' look instead
 * (the pages module's stylesheet and dictionary, no script); a script's call (fetch, XHR) still
 * gets the envelope (DESIGN.md §4).
 */
import escapeHtml from 'escape-html';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DESKTOP_PATH } from '@campus/contracts/pages';
import { MESSAGE_LANGUAGE_SEPARATOR } from '@campus/contracts/envelope';
import { DEAD_END_STYLESHEET_PATH, pageLanguage } from '../pages/dead-end-page.ts';
import { DEAD_END_TEXT } from '../pages/dead-end-text.ts';

/** The page's own stylesheet is all it loads; it runs no script and may not be framed. */
const PAGE_CSP =
  "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * Whether the browser is navigating (a form post or a typed address) rather than a script
 * calling: Fetch Metadata's `Sec-Fetch-Mode`, or, from a browser too old to send it, an
 * `Accept` that asks for HTML.
 */
export function isPageNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  return (request.headers.accept ?? '').includes('text/html');
}

/** The page for a refusal whose bilingual message is `message` (spec §8: `中文|||English`). */
export function renderRefusalPage(request: FastifyRequest, message: string): string {
  const { language } = pageLanguage(request.url, request.headers['accept-language']);
  const text = DEAD_END_TEXT[language];
  const [zh, en] = message.split(MESSAGE_LANGUAGE_SEPARATOR);
  const shown = (language === 'en' ? en : zh) ?? zh ?? message;
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(shown)} · ${e(text.product)}</title>
<link rel="stylesheet" href="${DEAD_END_STYLESHEET_PATH}">
</head>
<body>
<div class="de de--badAddress">
<header class="de-top">
<span class="de-top__product">${e(text.product)}</span>
</header>
<main class="de-main">
<section class="de-card" aria-labelledby="de-title" data-testid="exportRefusal.card">
<h1 id="de-title" class="de-title" data-testid="exportRefusal.message">${e(shown)}</h1>
<a class="de-button" href="${DESKTOP_PATH}" data-testid="exportRefusal.desktop">${e(text.backToDesktop)}</a>
</section>
</main>
</div>
</body>
</html>
`;
}

/** Answers the refusal as that page, with the status the envelope would have had. */
export function sendRefusalPage(
  request: FastifyRequest,
  reply: FastifyReply,
  httpStatus: number,
  message: string,
): FastifyReply {
  return reply
    .code(httpStatus)
    .header('Content-Security-Policy', PAGE_CSP)
    .header('Cache-Control', 'no-store')
    .header('Vary', 'Accept-Language, Sec-Fetch-Mode, Accept')
    .type('text/html; charset=utf-8')
    .send(renderRefusalPage(request, message));
}
