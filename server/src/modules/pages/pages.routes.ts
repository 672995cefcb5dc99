/**
 * Serves the built front ends at the spec's page paths (spec §2; the map lives in
 * @campus/contracts/pages). Hashed assets are cached for good; HTML never is, so a
 * new build is picked up at the next visit. Both are compressed (brotli or gzip).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { ADMIN_PAGE } from '@campus/contracts/admin-page';
import { DESKTOP_PATH, DESKTOP_VERSION_FILES, PORTAL_PAGES } from '@campus/contracts/pages';
import { DEAD_END_STYLESHEET_PATH } from './dead-end-page.ts';
import { runtimeRoutes } from './runtime.routes.ts';

export interface PagesRouteDeps {
  webRoot: string;
  /** The shared runtime's build (apps/runtime/dist), served inside this scope so it is compressed too. */
  runtimeRoot: string;
  /** The deployed pages folder (PAGES_DIR): a version file deployed there wins over the build's. */
  pagesDir: string;
}

const NOT_BUILT_HTML =
  '<!doctype html><meta charset="utf-8"><title>Campus Portal</title>' +
  '<p>前端尚未构建，请运行 npm start。</p><p>The front end is not built yet: run npm start.</p>';

export function pagesRoutes(deps: PagesRouteDeps): FastifyPluginAsync {
  return async (app) => {
    const built = fs.existsSync(path.join(deps.webRoot, PORTAL_PAGES.login.file));
    // Pages and assets only (this plugin's scope): JS and CSS shrink to about a third, while
    // the small JSON answers of the API are left alone. Files the build precompressed
    // (scripts/precompress.mjs) go out as those copies; this compresses only the others.
    await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
    await app.register(runtimeRoutes({ runtimeRoot: deps.runtimeRoot }));
    if (built) {
      await app.register(fastifyStatic, {
        root: path.join(deps.webRoot, 'assets'),
        prefix: '/assets/',
        decorateReply: true,
        index: false,
        // One route per file, listed at start (as the runtime's: no readdir per request).
        wildcard: false,
        // The build's .br and .gz copies (scripts/precompress.mjs), sent as they are; what has
        // none is compressed per request by the plugin above.
        preCompressed: true,
        immutable: true,
        maxAge: '365d',
      });
    }

    // The admin console (issue 13 §1): `/admin/*` answers its page, whose router shows the rest.
    for (const page of [...Object.values(PORTAL_PAGES), ADMIN_PAGE]) {
      for (const url of page.paths) {
        app.get(url, { schema: { hide: true } }, async (_request, reply) => {
          if (!built) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_HTML);
          return reply
            .header('Cache-Control', 'no-cache')
            .sendFile(page.file, deps.webRoot, { cacheControl: false });
        });
      }
    }

    // Read fresh on every visit (spec §7 "no interception", the version checks compare them).
    // An operator's copy in the pages folder (as any sub-app's) wins over the build's.
    for (const { url, file } of DESKTOP_VERSION_FILES) {
      const deployed = path.relative('/pages', url);
      app.get(url, { schema: { hide: true } }, async (_request, reply) => {
        const root = fs.existsSync(path.join(deps.pagesDir, deployed))
          ? { dir: deps.pagesDir, file: deployed }
          : { dir: deps.webRoot, file };
        // As for any missing file: the About dialog then shows its built-in list.
        if (!fs.existsSync(path.join(root.dir, root.file))) return reply.callNotFound();
        return reply
          .header('Cache-Control', 'no-cache')
          .sendFile(root.file, root.dir, { cacheControl: false });
      });
    }

    // The query goes along (`/?language=en`, spec §4): the desktop, and the login page it may
    // send the visitor on to, read it there. The path is fixed, so this is no open redirect.
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      const query = request.url.indexOf('?');
      return reply.redirect(query === -1 ? DESKTOP_PATH : DESKTOP_PATH + request.url.slice(query));
    });

    // The dead-end pages' stylesheet (page-fallback.ts), with the server: it needs no build.
    const deadEndCss = await fs.promises.readFile(
      path.join(import.meta.dirname, 'dead-end.css'),
      'utf8',
    );
    app.get(DEAD_END_STYLESHEET_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(deadEndCss),
    );
  };
}
