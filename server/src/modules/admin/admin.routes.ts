/**
 * The administration console's API (issue 13, DESIGN.md §10): /api/admin/…, every call checked
 * by {@link AdminAccess} on the server.
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminEndpoints as E } from '@campus/contracts/admin';
import { ok } from '../../core/envelope.ts';
import { route } from '../../core/route.ts';
import type { AdminAccess } from './admin-access.ts';

export function adminRoutes(deps: { access: AdminAccess }): FastifyPluginAsync {
  const { access } = deps;
  return async (app) => {
    route(app, E.scope, async ({ user }) => ok(await access.scope(user)));
  };
}
