/**
 * Sign-in endpoints of spec §7. Each route is a straight pipeline: schema → session →
 * service → presenter; the rules live in the services.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { EnvelopeSchema } from '@campus/contracts/envelope';
import {
  DEVICE_HEADER,
  LoginBodySchema,
  LoginDataSchema,
  LoginUserClientBodySchema,
  MeDataSchema,
  REFRESH_COOKIE,
  ReloginBodySchema,
  SessionDataSchema,
  SocialProviderSchema,
  SwitchLoginQuerySchema,
  UnitConfigDataSchema,
  UnitConfigQuerySchema,
  type SessionData,
} from '@campus/contracts/uaa';
import { currentUser } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { unauthorized } from '../../core/errors.ts';
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

const tags = ['uaa'];

export function uaaRoutes(deps: UaaRouteDeps): FastifyPluginAsyncTypebox {
  const { login, sessions, accounts, secureCookies } = deps;
  return async (app) => {
    app.get(
      '/api/uaa/oauth/me',
      {
        schema: {
          tags,
          summary: 'Login check: the session state of spec §3',
          response: { 200: EnvelopeSchema(MeDataSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request, reply) => {
        const answer = await accounts.meAnswer(
          currentUser(request),
          request.accessToken ?? '',
          request.accessTokenHash ?? '',
        );
        // Already-serialised JSON of the schema's shape, cached per session (account.service.ts):
        // Fastify sends a string as it is, so the type provider's object type does not apply.
        return reply.type('application/json; charset=utf-8').send(answer as never);
      },
    );

    app.post(
      '/api/uaa/oauth/login',
      {
        schema: {
          tags,
          summary: 'Sign in with a password or a remember token',
          body: LoginBodySchema,
          response: { 200: EnvelopeSchema(LoginDataSchema) },
        },
      },
      async (request, reply) => {
        const result = await login.login(request.body, metaOf(request));
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
      },
    );

    app.post(
      '/api/uaa/oauth/login_user_client',
      {
        schema: {
          tags,
          summary: 'App-client sign-in with the stored client id (spec §4 session expiry)',
          body: LoginUserClientBodySchema,
          response: { 200: EnvelopeSchema(SessionDataSchema) },
        },
      },
      async (request, reply) => {
        const issued = await sessions.loginWithClientId(request.body.userClientId, metaOf(request));
        setSessionCookies(reply, issued, secureCookies);
        return ok(toSessionData(issued, issued.user));
      },
    );

    app.post(
      '/api/uaa/oauth/relogin',
      {
        schema: {
          tags,
          summary: 'Exchange a valid access token for a browser session',
          body: ReloginBodySchema,
          response: { 200: EnvelopeSchema(SessionDataSchema) },
        },
      },
      async (request, reply) => {
        const issued = await sessions.relogin(request.body.accessToken, metaOf(request));
        setSessionCookies(reply, issued, secureCookies);
        return ok(toSessionData(issued, { id: issued.user.userId, ...issued.user }));
      },
    );

    app.get(
      '/api/uaa/oauth/refresh',
      {
        schema: {
          tags,
          summary: 'Rotate the refresh cookie into a new session',
          response: { 200: EnvelopeSchema(SessionDataSchema) },
        },
      },
      async (request, reply) => {
        const token = request.cookies[REFRESH_COOKIE];
        if (!token) throw unauthorized();
        const issued = await sessions.refresh(token, metaOf(request));
        setSessionCookies(reply, issued, secureCookies);
        const user = await sessions.resolve(issued.accessToken);
        if (!user) throw unauthorized();
        return ok(toSessionData(issued, { id: user.userId, ...user }));
      },
    );

    app.post(
      '/api/uaa/oauth/logout',
      {
        schema: {
          tags,
          summary: 'Sign out: revokes this sign-in everywhere it was refreshed',
          response: { 200: EnvelopeSchema(Type.Boolean()) },
        },
        preHandler: app.requireSession,
      },
      async (request, reply) => {
        await sessions.logout(currentUser(request), metaOf(request));
        clearSessionCookies(reply, secureCookies);
        return ok(true);
      },
    );

    app.get(
      '/api/uaa/oauth/login/unit_config',
      {
        schema: {
          tags,
          summary: "The unit's login page configuration",
          querystring: UnitConfigQuerySchema,
          response: { 200: EnvelopeSchema(UnitConfigDataSchema) },
        },
      },
      async (request) => ok(await accounts.unitConfig(request.query.unitId, request.headers.host)),
    );

    app.get(
      '/api/uaa/social/info',
      {
        schema: {
          tags,
          summary: 'Third-party login providers',
          response: { 200: EnvelopeSchema(Type.Array(SocialProviderSchema)) },
        },
      },
      async () => ok(accounts.socialProviders()),
    );

    app.get(
      '/api/uaa/switch/login',
      {
        schema: {
          tags,
          summary: 'Switch to the linked teacher or parent account (spec §6)',
          querystring: SwitchLoginQuerySchema,
          response: { 200: EnvelopeSchema(SessionDataSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request, reply) => {
        const issued = await sessions.switchTo(
          currentUser(request),
          request.query.userId,
          metaOf(request),
        );
        setSessionCookies(reply, issued, secureCookies);
        return ok(toSessionData(issued, issued.target));
      },
    );
  };
}
