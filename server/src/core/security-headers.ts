/**
 * Security headers (DESIGN.md §5: CSP with frame-ancestors, nosniff, …).
 * - Pages, assets and the API docs get helmet's full set for documents. The middleware
 *   is built once: @fastify/helmet rebuilds it, re-parsing the CSP, on every request,
 *   which cost 5.7% of the CPU of GET /me under load.
 * - JSON API answers get the set OWASP's REST Security Cheat Sheet gives for APIs: the
 *   document headers mean nothing to JSON and only add bytes to every answer. `no-store`
 *   matters here: /me carries the access token and must not sit in a cache.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    https: boolean;
    /** Origins the pages may frame besides their own: the providers' scan-code pages (§8). */
    frameSources?: readonly string[];
  },
): void {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly only (not eval): the uploader's md5 (hash-wasm) compiles in its Worker.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // The UI kit writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        frameSrc: ["'self'", ...(options.frameSources ?? [])],
      },
    },
    strictTransportSecurity: options.https,
    crossOriginEmbedderPolicy: false,
  });
  const apiHeaders: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(options.https
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
  const applyFor = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ) => {
    if (isApiAnswer(request.url)) {
      void reply.headers(apiHeaders);
      done();
      return;
    }
    apply(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  };
  app.addHook('onRequest', applyFor);
  // Answers made before any hook runs (Fastify's framework errors: a malformed URL) set them here.
  app.decorate(
    'applySecurityHeaders',
    (request: FastifyRequest, reply: FastifyReply) =>
      new Promise<void>((resolve, reject) =>
        applyFor(request, reply, (error) => (error ? reject(error) : resolve())),
      ),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets this module's headers on an answer that no onRequest hook has seen. */
    applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** JSON API paths; the OpenAPI UI under /api/docs is a document and gets the page set. */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}
