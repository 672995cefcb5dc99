/**
 * The endpoints of issue 12 §3 and §4 (contracts' account-recovery.ts): sign-in options of
 * the login page, ticket sign-in, the forgotten-password link, its reset and the password
 * change. Straight pipelines: schema → session → service → presenter.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { accountRecoveryEndpoints } from '@campus/contracts/account-recovery';
import { DEVICE_HEADER } from '@campus/contracts/uaa';
import { ok } from '../../core/envelope.ts';
import { route } from '../../core/route.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import { setSessionCookies } from './session-cookies.ts';
import type { RequestMeta } from './session.service.ts';
import type { TicketLoginService } from './ticket-login.service.ts';

export interface AccountRecoveryRouteDeps {
  passwords: PasswordResetService;
  tickets: TicketLoginService;
  secureCookies: boolean;
}

function metaOf(request: FastifyRequest): RequestMeta {
  const device = request.headers[DEVICE_HEADER];
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    device: typeof device === 'string' ? device : undefined,
  };
}

export function accountRecoveryRoutes(deps: AccountRecoveryRouteDeps): FastifyPluginAsync {
  const { passwords, tickets, secureCookies } = deps;
  const E = accountRecoveryEndpoints;
  return async (app) => {
    route(app, E.signInOptions, async ({ query, request }) =>
      ok(await tickets.signInOptions(query.unitId, request.headers.host)),
    );

    route(app, E.ticketLogin, async ({ query, request, reply }) => {
      const { user, session } = await tickets.login(query, request.headers.host, metaOf(request));
      setSessionCookies(reply, session, secureCookies);
      return ok({
        unitType: user.unitType,
        unitId: user.unitId,
        userType: user.userType,
        openid: null,
        unionid: null,
        accessToken: session.accessToken,
        userClientId: session.userClientId,
      });
    });

    route(app, E.forgotPassword, async ({ body, request }) => {
      await passwords.forgot(body.account, metaOf(request));
      return ok(true);
    });

    route(app, E.resetPassword, async ({ body, request }) => {
      await passwords.reset(body.token, body.password, metaOf(request));
      return ok(true);
    });

    route(app, E.changePassword, async ({ user, body, request }) => {
      await passwords.change(user, body.oldPassword, body.newPassword, metaOf(request));
      return ok(true);
    });
  };
}
