/**
 * Public image routes: the unit logo (shown on the login page before sign-in) and the
 * drawn app icons. Neither needs a session; both are cacheable.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { BodyStatus, ErrorCode } from '@campus/contracts/envelope';
import { storageEndpoints as E } from '@campus/contracts/storage';
import { bilingual } from '../../core/messages.ts';
import { route } from '../../core/route.ts';
import type { FileStore } from './file-store.ts';
import type { StorageService } from './storage.service.ts';

const LOGO_NOT_FOUND = {
  status: BodyStatus.notFound,
  code: ErrorCode.notFound,
  message: bilingual('单位标志不存在', 'Unit logo not found'),
};

const ICON_NOT_FOUND = {
  status: BodyStatus.notFound,
  code: ErrorCode.notFound,
  message: bilingual('应用图标不存在', 'App icon not found'),
};

// An image opened directly in a tab must not run script (an uploaded SVG logo could hold some).
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function storageRoutes(deps: {
  files: FileStore;
  storage: StorageService;
}): FastifyPluginAsync {
  return async (app) => {
    route(app, E.unitLogo, async ({ params, request, reply }) => {
      const logo = await deps.storage.unitLogo(params.unitId);
      if (!logo) return reply.code(404).send(LOGO_NOT_FOUND);
      return sendImage(request, reply, logo.mime, logo.bytes, logo.sha256, 3600);
    });

    route(app, E.appIcon, async ({ params, request, reply }) => {
      const icon = await deps.storage.appIcon(params.code, params.variant);
      if (!icon) return reply.code(404).send(ICON_NOT_FOUND);
      // An uploaded icon can be replaced under the same address: an hour, as for a logo.
      const maxAge = icon.uploaded ? 3600 : 86400;
      return sendImage(request, reply, icon.mime, icon.bytes, icon.sha256, maxAge);
    });
  };
}

function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  mime: string,
  bytes: Buffer,
  sha256: string,
  maxAge: number,
): FastifyReply {
  const etag = `"${sha256}"`;
  void reply
    .header('Cache-Control', `public, max-age=${maxAge}`)
    .header('ETag', etag)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', IMAGE_CSP);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(mime).send(bytes);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}
