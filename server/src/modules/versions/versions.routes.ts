/**
 * GET /api/{code}/nl/{code}_package_versions (spec §7): the server version each app's
 * front end compares with its own (spec §5, §8). An app without a record answers status
 * 200 without data, which the client reports as a missing version endpoint (spec §8).
 */
import type { FastifyPluginAsync } from 'fastify';
import { baseEndpoints } from '@campus/contracts/base';
import { route } from '../../core/route.ts';
import type { VersionsService } from './versions.service.ts';

export function versionsRoutes(deps: { versions: VersionsService }): FastifyPluginAsync {
  return async (app) => {
    route(app, baseEndpoints.packageVersions, async ({ params }) => {
      const record = await deps.versions.packageVersions(params.code, params.file);
      return record ? { status: 200, data: record } : { status: 200 };
    });
  };
}
