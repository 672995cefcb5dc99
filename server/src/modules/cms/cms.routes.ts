/**
 * Endpoints of the sample sub-app cms (school notices). The spec lists no cms calls
 * (spec §7 is silent); the paths follow the `/api/{app}/…` pattern of the others. Each
 * route: schema (contracts/cms.ts) → session → the service's policy and work → envelope.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CmsPageQuerySchema,
  CmsStatsSchema,
  MyNoticesSchema,
  NoticeListSchema,
  NoticeReadTableSchema,
  NoticeSummarySchema,
  PUBLISH_NOTICE_TRIMMED_FIELDS,
  PublishNoticeBodySchema,
  ReadNoticeBodySchema,
  ReadNoticeResultSchema,
} from '@campus/contracts/cms';
import { EnvelopeSchema } from '@campus/contracts/envelope';
import { currentUser } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { trimBodyFields } from '../../core/trim-body.ts';
import type { CmsService } from './cms.service.ts';

const tags = ['cms'];

export function cmsRoutes(deps: { cms: CmsService }): FastifyPluginAsyncTypebox {
  const { cms } = deps;
  return async (app) => {
    app.get(
      '/api/cms/notice/list',
      {
        schema: {
          tags,
          summary: "The unit's notices, newest first (types 2 and 4 with cms:notice:list)",
          querystring: CmsPageQuerySchema,
          response: { 200: EnvelopeSchema(NoticeListSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await cms.list(currentUser(request), request.query)),
    );

    app.post(
      '/api/cms/notice/publish',
      {
        schema: {
          tags,
          summary:
            'Publish a notice to the unit, a grade or a class (types 2 and 4 with cms:notice:publish)',
          body: PublishNoticeBodySchema,
          response: { 200: EnvelopeSchema(NoticeSummarySchema) },
        },
        preValidation: trimBodyFields(PUBLISH_NOTICE_TRIMMED_FIELDS),
        preHandler: app.requireSession,
      },
      async (request) => ok(await cms.publish(currentUser(request), request.body, request.ip)),
    );

    app.get(
      '/api/cms/notice/reads',
      {
        schema: {
          tags,
          summary: 'Read counts per notice (types 2 and 4 with cms:notice:reads)',
          querystring: CmsPageQuerySchema,
          response: { 200: EnvelopeSchema(NoticeReadTableSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await cms.reads(currentUser(request), request.query)),
    );

    app.get(
      '/api/cms/stats',
      {
        schema: {
          tags,
          summary: "The unit's publishing statistics (types 2 and 4 with cms:stats)",
          response: { 200: EnvelopeSchema(CmsStatsSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await cms.stats(currentUser(request))),
    );

    app.get(
      '/api/cms/notice/mine',
      {
        schema: {
          tags,
          summary: "Notices addressed to the parent's current child (type 3)",
          querystring: CmsPageQuerySchema,
          response: { 200: EnvelopeSchema(MyNoticesSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await cms.mine(currentUser(request), request.query)),
    );

    app.post(
      '/api/cms/notice/read',
      {
        schema: {
          tags,
          summary: 'Mark a notice read for the current child (type 3); keeps the first read',
          body: ReadNoticeBodySchema,
          response: { 200: EnvelopeSchema(ReadNoticeResultSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await cms.markRead(currentUser(request), request.body.noticeId)),
    );
  };
}
