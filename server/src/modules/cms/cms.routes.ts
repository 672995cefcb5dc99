/**
 * Endpoints of the sample sub-app cms (school notices). The spec lists no cms calls
 * (spec §7 is silent); the paths follow the `/api/{app}/…` pattern of the others. Each
 * route: contract (contracts/cms.ts) → session → the service's policy and work → envelope.
 */
import type { FastifyPluginAsync } from 'fastify';
import { cmsEndpoints as E } from '@campus/contracts/cms';
import { ok } from '../../core/envelope.ts';
import { route } from '../../core/route.ts';
import type { CmsService } from './cms.service.ts';

export function cmsRoutes(deps: { cms: CmsService }): FastifyPluginAsync {
  const { cms } = deps;
  return async (app) => {
    route(app, E.list, async ({ user, query }) => ok(await cms.list(user, query)));
    route(app, E.publish, async ({ user, body, request }) =>
      ok(await cms.publish(user, body, request.ip)),
    );
    route(app, E.reads, async ({ user, query }) => ok(await cms.reads(user, query)));
    route(app, E.stats, async ({ user }) => ok(await cms.stats(user)));
    route(app, E.mine, async ({ user, query }) => ok(await cms.mine(user, query)));
    route(app, E.read, async ({ user, body }) => ok(await cms.markRead(user, body.noticeId)));
  };
}
