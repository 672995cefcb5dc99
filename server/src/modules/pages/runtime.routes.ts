/**
 * The shared runtime (DESIGN.md §2) at /common/plugins/common-ph/{version}/… (spec §7 paths for
 * the shared language file and theme stylesheets), and the viewport page at /viewport (spec §2).
 * Content-hashed chunks are cached for good; the stable entry names the import map points at,
 * the language file and the stylesheets are revalidated (ETag), so a rebuilt runtime is seen at
 * the next visit while a page still fetches each module once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';

export interface RuntimeRouteDeps {
  /** The runtime build (apps/runtime/dist): `common/…` and `viewport.html`. */
  runtimeRoot: string;
}

/** The viewport page (spec §2 Page viewport): `?app=…&fileId=…`. */
export const VIEWPORT_PATH = '/viewport';

const HASHED_CHUNK = /\/js\/chunks\/[^/]+-[A-Za-z0-9_-]{8,}\.js$/;

/** The file a precompressed copy (`x.js.br`, `x.js.gz`) was made from. */
function withoutCompressedSuffix(filePath: string): string {
  return filePath.replace(/\.(?:br|gz)$/, '');
}

export function runtimeRoutes(deps: RuntimeRouteDeps): FastifyPluginAsync {
  return async (app) => {
    const commonDir = path.join(deps.runtimeRoot, 'common');
    const viewportFile = path.join(deps.runtimeRoot, 'viewport.html');
    if (fs.existsSync(commonDir)) {
      await app.register(fastifyStatic, {
        root: commonDir,
        prefix: '/common/',
        decorateReply: false,
        index: false,
        // One route per file of the build, listed at start: no directory is read per request
        // (the wildcard route checks each path segment's spelling with a readdir, several per
        // module, a hundred modules a sub-app page). A rebuilt runtime is served after a restart.
        wildcard: false,
        // The build's .br and .gz copies (scripts/precompress.mjs), sent as they are.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.header(
            'Cache-Control',
            HASHED_CHUNK.test(withoutCompressedSuffix(filePath).split(path.sep).join('/'))
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }
    app.get(VIEWPORT_PATH, { schema: { hide: true } }, async (_request, reply) => {
      if (!fs.existsSync(viewportFile)) {
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><meta charset="utf-8"><title>Campus Portal</title>' +
              '<p>共享运行时尚未构建，请运行 npm start。</p><p>The shared runtime is not built yet: run npm start.</p>',
          );
      }
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(await fs.promises.readFile(viewportFile));
    });
  };
}
