/**
 * GET /api/{code}/nl/{code}_package_versions (spec §7): the server version each app's
 * front end compares with its own (spec §5, §8). An app without a record answers status
 * 200 without data, which the client reports as a missing version endpoint (spec §8).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PackageVersionsDataSchema, PackageVersionsParamsSchema } from '@campus/contracts/base';
import { EnvelopeSchema } from '@campus/contracts/envelope';
import { notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { VersionsRepository } from './versions.repository.ts';

export function versionsRoutes(deps: { versions: VersionsRepository }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/:code/nl/:file',
      {
        schema: {
          tags: ['versions'],
          summary: "An app's server version and the front-end version it needs",
          params: PackageVersionsParamsSchema,
          response: { 200: EnvelopeSchema(PackageVersionsDataSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => {
        const { code, file } = request.params;
        if (file !== `${code}_package_versions`)
          throw notFound(bilingual('请求的地址不存在', 'No such address'));
        const record = await deps.versions.serverVersion(code);
        return record ? { status: 200, data: record } : { status: 200 };
      },
    );
  };
}
