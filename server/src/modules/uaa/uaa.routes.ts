/**
 * Sign-in endpoints of spec §7. Each route is a straight pipeline: schema → session →
 * service → presenter; the rules live in the services.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  DEVICE_HEADER,
  REFRESH_COOKIE,
  uaaEndpoints,
  type SessionData,
} from '@campus/contracts/uaa';
import { asksFresh } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { unauthorized } from '../../core/errors.ts';
import { route } from '../../core/route.ts';
import type { AccountService } from './account.service.ts';
import type { LoginService } from './login.service.ts';
import { clearSessionCookies, setSessionCookies } from './session-cookies.ts';
import type { IssuedSession, RequestMeta, SessionService } from './session.service.ts';

export interface UaaRouteDeps {
  login: LoginService;
  sessions: SessionService;
  accounts: AccountService;
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

function toSessionData(
  issued: IssuedSession,
  user: { id: string; userType: number; unitId: string; unitType: number },
): SessionData {
  return {
    accessToken: issued.accessToken,
    userClientId: issued.userClientId,
    userId: user.id,
    userType: user.userType,
    unitId: user.unitId,
    unitType: user.unitType,
  };
}

export function uaaRoutes(deps: UaaRouteDeps): FastifyPluginAsync {
  const { login, sessions, accounts, secureCookies } = deps;
  const E = uaaEndpoints;
  return async (app) => {
    route(app, E.me, ({ user, request, reply }) => {
      // Already-serialised JSON of the schema's shape, cached per session (account.service.ts):
      // Fastify sends bytes as they are, so the type provider's object type does not apply.
      const send = (answer: Buffer) => reply.type('application/json; charset=utf-8').send(answer);
      const tokenHash = request.accessTokenHash ?? '';
      // Every page asks /me: the cached answer goes out at once, without a promise. Not when
      // the caller asks for a fresh one (after a change: core/auth.ts `asksFresh`).
      const cached = asksFresh(request) ? undefined : accounts.cachedMeAnswer(tokenHash);
      if (cached !== undefined) return send(cached);
      return accounts.meAnswer(user, request.accessToken ?? '', tokenHash).then(send);
    });

    route(app, E.login, async ({ body, request, reply }) => {
      const result = await login.login(body, metaOf(request));
      setSessionCookies(reply, result.session, secureCookies);
      return ok({
        unitType: result.user.unitType,
        unitId: result.user.unitId,
        userType: result.user.userType,
        openid: null,
        unionid: null,
        accessToken: result.session.accessToken,
        userClientId: result.session.userClientId,
        ...(result.rememberToken ? { rememberToken: result.rememberToken } : {}),
      });
    });

    route(app, E.loginUserClient, async ({ body, request, reply }) => {
      const issued = await sessions.loginWithClientId(body.userClientId, metaOf(request));
      setSessionCookies(reply, issued, secureCookies);
      return ok(toSessionData(issued, issued.user));
    });

    route(app, E.relogin, async ({ body, request, reply }) => {
      const issued = await sessions.relogin(body.accessToken, metaOf(request));
      setSessionCookies(reply, issued, secureCookies);
      return ok(toSessionData(issued, { id: issued.user.userId, ...issued.user }));
    });

    route(app, E.refresh, async ({ request, reply }) => {
      const token = request.cookies[REFRESH_COOKIE];
      if (!token) throw unauthorized();
      const issued = await sessions.refresh(token, metaOf(request));
      setSessionCookies(reply, issued, secureCookies);
      const user = await sessions.resolve(issued.accessToken);
      if (!user) throw unauthorized();
      return ok(toSessionData(issued, { id: user.userId, ...user }));
    });

    route(app, E.logout, async ({ user, request, reply }) => {
      await sessions.logout(user, metaOf(request));
      clearSessionCookies(reply, secureCookies);
      return ok(true);
    });

    route(app, E.unitConfig, async ({ query, request }) =>
      ok(await accounts.unitConfig(query.unitId, request.headers.host)),
    );

    // `social/info` is served by the social module (modules/social/social.routes.ts).

    route(app, E.switchLogin, async ({ user, query, request, reply }) => {
      const issued = await sessions.switchTo(user, query.userId, metaOf(request));
      setSessionCookies(reply, issued, secureCookies);
      return ok(toSessionData(issued, issued.target));
    });
  };
}
