/**
 * Public image routes: the unit logo (shown on the login page before sign-in) and the
 * drawn app icons. Neither needs a session; both are cacheable.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { BodyStatus, EnvelopeSchema, ErrorCode } from '@campus/contracts/envelope';
import { bilingual } from '../../core/messages.ts';
import { AppIconParamsSchema, UnitLogoParamsSchema } from '@campus/contracts/storage';
import type { FileStore } from './file-store.ts';
import type { StorageService } from './storage.service.ts';

const NotFoundSchema = EnvelopeSchema(Type.Null());

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
}): FastifyPluginAsyncTypebox {
  return (app) => {
    app.get(
      '/api/storage/show/unit/:unitId',
      {
        schema: {
          tags: ['storage'],
          summary: 'Unit logo (spec §7), shown on the login page before sign-in',
          params: UnitLogoParamsSchema,
          response: { 404: NotFoundSchema },
        },
      },
      async (request, reply) => {
        const logo = await deps.storage.unitLogo(request.params.unitId);
        if (!logo) return reply.code(404).send(LOGO_NOT_FOUND);
        return sendImage(request, reply, logo.mime, logo.bytes, logo.sha256, 3600);
      },
    );

    app.get(
      '/api/storage/app-icon/:code/:variant',
      {
        schema: {
          tags: ['storage'],
          summary: 'App icon drawn for a theme variant (spec §3: gray, colour, cartoon)',
          params: AppIconParamsSchema,
          response: { 404: NotFoundSchema },
        },
      },
      async (request, reply) => {
        const icon = await deps.storage.appIcon(request.params.code, request.params.variant);
        if (!icon) return reply.code(404).send(ICON_NOT_FOUND);
        return sendImage(
          request,
          reply,
          'image/svg+xml',
          Buffer.from(icon.svg),
          icon.sha256,
          86400,
        );
      },
    );

    return Promise.resolve();
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
