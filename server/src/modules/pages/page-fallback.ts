/**
 * What a person's browser gets at an address with nothing behind it (issue 10 §4 "no dead
 * ends"), handed to the one error handler (core/error-handler.ts) as its page fallback:
 * - a redirect path naming a deployed app goes to that app's page (spec §2);
 * - a `/pages/{app}/…` page that is not deployed gets "this application is not installed yet";
 * - any other address gets "page not found", or "address cannot be read" when malformed.
 * Always an HTML page with the transport status (404, or 400/414), never cached.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeadEndStatus, PageFallback } from '../../core/error-handler.ts';
import { sessionUserIfAny } from '../../core/optional-session.ts';
import { redirectPathTarget } from '../subapps/redirect-path.ts';
import { pageLanguage, renderDeadEndPage, type DeadEndKind } from './dead-end-page.ts';

export interface PageFallbackDeps {
  /** The deployed sub-apps (PAGES_DIR). */
  pagesDir: string;
}

/** The app of a `/pages/{app}/{page}…` address, or undefined for any other address. */
function pagesAddressApp(pathname: string): string | undefined {
  const match = /^\/pages\/([A-Za-z0-9_-]{1,64})\/[^/]/.exec(pathname);
  return match && match[1] !== 'desktop' ? match[1] : undefined;
}

export function pageFallback(deps: PageFallbackDeps): PageFallback {
  return async (request: FastifyRequest, reply: FastifyReply, httpStatus: DeadEndStatus) => {
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '';
    if (httpStatus === 404) {
      const user = await sessionUserIfAny(request, reply);
      const target = redirectPathTarget({
        url: request.url,
        pagesDir: deps.pagesDir,
        userType: user?.userType ?? null,
        userAgent: request.headers['user-agent'],
      });
      if (target) return reply.header('Cache-Control', 'no-store').redirect(target, 302);
    }
    const appCode = httpStatus === 404 ? pagesAddressApp(pathname) : undefined;
    const kind: DeadEndKind =
      httpStatus !== 404 ? 'badAddress' : appCode ? 'notInstalled' : 'notFound';
    const html = renderDeadEndPage({
      kind,
      language: pageLanguage(request.url, request.headers['accept-language']),
      url: request.url,
      ...(appCode ? { appCode } : {}),
    });
    return reply
      .code(httpStatus)
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  };
}
