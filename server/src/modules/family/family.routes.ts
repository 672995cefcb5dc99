/**
 * The family endpoints (spec §3 Child, §6, §7), which the desktop header calls: the
 * linked-account check, a parent's children (two paths, one answer) and the choice of the
 * current child. Each route: contract (contracts/family.ts) → session → service.
 */
import type { FastifyPluginAsync } from 'fastify';
import { familyEndpoints as E } from '@campus/contracts/family';
import { ok } from '../../core/envelope.ts';
import { route } from '../../core/route.ts';
import type { FamilyService } from './family.service.ts';

export function familyRoutes(deps: { family: FamilyService }): FastifyPluginAsync {
  const { family } = deps;
  return async (app) => {
    route(app, E.linkedCheck, async ({ user, query }) => ok(await family.linked(user, query)));
    // Spec §7 lists both paths; they answer alike (docs/decisions.md).
    for (const endpoint of [E.childrenByParent, E.childrenOfParent]) {
      route(app, endpoint, async ({ user, query }) =>
        ok(await family.children(user, query.parentId)),
      );
    }
    route(app, E.setCurrentChild, async ({ user, query, body }) =>
      ok(await family.setCurrentChild(user, query.parentId, body.id)),
    );
  };
}
