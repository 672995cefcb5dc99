/**
 * GET /api/{code}/nl/{code}_package_versions (spec §7): the server version each app's
 * front end compares with its own (spec §5, §8). An app without a record answers status
 * 200 without data, which the client reports as a missing version endpoint (spec §8).
 */
import type { FastifyPluginAsync } from 'fastify';
import { baseEndpoints } from '@campus/contracts/base';
import { notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import { route } from '../../core/route.ts';
import type { VersionsRepository } from './versions.repository.ts';

export function versionsRoutes(deps: { versions: VersionsRepository }): FastifyPluginAsync {
  return async (app) => {
    route(app, baseEndpoints.packageVersions, async ({ params }) => {
      const { code, file } = params;
      if (file !== `${code}_package_versions`)
        throw notFound(bilingual('请求的地址不存在', 'No such address'));
      const record = await deps.versions.serverVersion(code);
      return record ? { status: 200, data: record } : { status: 200 };
    });
  };
}
