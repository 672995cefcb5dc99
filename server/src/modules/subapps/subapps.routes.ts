/**
 * Sub-applications deployed on their own (DESIGN.md §2, spec §2): each app's build is a
 * folder under PAGES_DIR, served at /pages/{app}/… and looked up at request time, so a
 * new app appears the moment its folder does. The viewport finds an app's script and
 * stylesheet through `/{app}/manifest.json` (spec §7). Its package.json, version.json and
 * language files are plain files in the same folders (spec §7 paths under the root
 * `pages`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fastifyStatic from '@fastify/static';
import { Type } from 'typebox';
import { AppCodeSchema } from '@campus/contracts/base';
import { ErrorCode } from '@campus/contracts/envelope';
import { AppError } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';

export interface SubappRouteDeps {
  pagesDir: string;
}

export function subappRoutes(deps: SubappRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    fs.mkdirSync(deps.pagesDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: deps.pagesDir,
      prefix: '/pages/',
      decorateReply: false,
      // Looked up per request (no file list made at start), so new apps need no restart.
      wildcard: true,
      index: ['index.html'],
      dotfiles: 'deny',
      // A build's .br and .gz copies (scripts/precompress.mjs) where it has them.
      preCompressed: true,
      // A redeployed app must be seen at the next visit; ETags keep repeat visits cheap.
      cacheControl: true,
      maxAge: 0,
    });

    app.get(
      '/:app/manifest.json',
      {
        schema: {
          tags: ['pages'],
          summary: "A sub-app's manifest: '{fileId}.js' and '{fileId}.css' to asset URLs (spec §3)",
          params: Type.Object({ app: AppCodeSchema }),
        },
      },
      async (request, reply) => {
        // The code is checked by the schema (letters, digits, _ and -), so it cannot leave the folder.
        const file = path.join(deps.pagesDir, request.params.app, 'manifest.json');
        let text: string;
        try {
          text = await fs.promises.readFile(file, 'utf8');
        } catch {
          // A missing file answers HTTP 404: the viewport fetches it as a file, not as a call.
          throw new AppError(
            404,
            ErrorCode.notFound,
            bilingual('应用清单不存在', 'No manifest for this app'),
            {
              httpStatus: 404,
            },
          );
        }
        return reply
          .header('Cache-Control', 'no-cache')
          .type('application/json; charset=utf-8')
          .send(text);
      },
    );
  };
}
