/** Base-platform endpoints of spec §7 that every sub-application calls at start-up. */
import type { FastifyPluginAsync } from 'fastify';
import { baseEndpoints as E } from '@campus/contracts/base';
import { ok } from '../../core/envelope.ts';
import { route } from '../../core/route.ts';
import type { BaseService } from './base.service.ts';

export function baseRoutes(deps: { base: BaseService }): FastifyPluginAsync {
  const { base } = deps;
  return async (app) => {
    route(app, E.themeColor, async ({ user }) => ok(base.themeColor(user)));
    for (const endpoint of [E.licence, E.licenceOam]) {
      route(app, endpoint, async ({ user, query }) =>
        ok(await base.licenceValid(user, query.unitId, query.serverId)),
      );
    }
    route(app, E.adminRole, async ({ user, params }) =>
      ok(await base.isBaseAdmin(user, params.userId)),
    );
    route(app, E.accessDetail, async ({ user, body, request }) => {
      await base.recordAccess(user, body, request.ip);
      return ok(true);
    });
    route(app, E.permissionTree, async ({ user, query }) =>
      ok(await base.permissionTree(user, query.code)),
    );
    route(app, E.modules, async ({ user }) => ok(await base.modules(user)));
  };
}
