/**
 * The console's units, users and audit log (issue 13 §2): /api/admin/units/…,
 * /api/admin/users/… and /api/admin/audit, each registered from its contract
 * (`@campus/contracts/admin-directory`). The services check the caller's scope on every call.
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminDirectoryEndpoints as E } from '@campus/contracts/admin-directory';
import { ok } from '../../core/envelope.ts';
import { route } from '../../core/route.ts';
import type { AdminAuditService } from './admin-audit.service.ts';
import type { AdminUnitsService } from './admin-units.service.ts';
import type { AdminUsersService } from './admin-users.service.ts';

export function adminDirectoryRoutes(deps: {
  units: AdminUnitsService;
  users: AdminUsersService;
  audit: AdminAuditService;
}): FastifyPluginAsync {
  const { units, users, audit } = deps;
  return async (app) => {
    route(app, E.unit, async ({ user, params }) => ok(await units.detail(user, params.unitId)));
    route(app, E.updateUnit, async ({ user, params, body, request }) =>
      ok(await units.updateBasics(user, params.unitId, body, request.ip)),
    );
    route(app, E.createSchool, async ({ user, body, request }) =>
      ok(await units.createSchool(user, body, request.ip)),
    );
    route(app, E.setUnitLogo, async ({ user, params, body, request }) =>
      ok(await units.setLogo(user, params.unitId, body, request.ip)),
    );
    route(app, E.setLoginPage, async ({ user, params, body, request }) =>
      ok(await units.setLoginPage(user, params.unitId, body, request.ip)),
    );
    route(app, E.setSignIn, async ({ user, params, body, request }) =>
      ok(await units.setSignIn(user, params.unitId, body, request.ip)),
    );
    route(app, E.setSocialProvider, async ({ user, params, body, request }) =>
      ok(await units.setSocialProvider(user, params.unitId, params.type, body, request.ip)),
    );
    route(app, E.removeSocialProvider, async ({ user, params, request }) =>
      ok(await units.removeSocialProvider(user, params.unitId, params.type, request.ip)),
    );

    route(app, E.users, async ({ user, query }) => ok(await users.search(user, query)));
    // The answers with a password are, as every API answer, `no-store` (security-headers.ts).
    route(app, E.createUser, async ({ user, query, body, request }) =>
      ok(await users.create(user, query.unitId, body, request.ip)),
    );
    route(app, E.user, async ({ user, params, query }) =>
      ok(await users.detail(user, query.unitId, params.userId)),
    );
    route(app, E.updateUser, async ({ user, params, query, body, request }) =>
      ok(await users.update(user, query.unitId, params.userId, body, request.ip)),
    );
    route(app, E.disableUser, async ({ user, params, query, request }) =>
      ok(await users.disable(user, query.unitId, params.userId, request.ip)),
    );
    route(app, E.enableUser, async ({ user, params, query, request }) =>
      ok(await users.enable(user, query.unitId, params.userId, request.ip)),
    );
    route(app, E.resetPassword, async ({ user, params, query, body, request }) =>
      ok(await users.resetPassword(user, query.unitId, params.userId, body.password, request.ip)),
    );
    route(app, E.unlockUser, async ({ user, params, query, request }) =>
      ok(await users.unlock(user, query.unitId, params.userId, request.ip)),
    );
    route(app, E.signOutUser, async ({ user, params, query, request }) =>
      ok(await users.signOut(user, query.unitId, params.userId, request.ip)),
    );
    route(app, E.linkAccount, async ({ user, params, query, body, request }) =>
      ok(await users.link(user, query.unitId, params.userId, body.loginName, request.ip)),
    );
    route(app, E.unlinkAccount, async ({ user, params, query, request }) =>
      ok(await users.unlink(user, query.unitId, params.userId, request.ip)),
    );
    route(app, E.linkChild, async ({ user, params, query, body, request }) =>
      ok(await users.linkChild(user, query.unitId, params.userId, body, request.ip)),
    );
    route(app, E.updateChild, async ({ user, params, query, body, request }) =>
      ok(
        await users.updateChild(
          user,
          query.unitId,
          params.userId,
          params.studentId,
          body,
          request.ip,
        ),
      ),
    );
    route(app, E.unlinkChild, async ({ user, params, query, request }) =>
      ok(await users.unlinkChild(user, query.unitId, params.userId, params.studentId, request.ip)),
    );

    route(app, E.audit, async ({ user, query }) => ok(await audit.search(user, query)));
  };
}
