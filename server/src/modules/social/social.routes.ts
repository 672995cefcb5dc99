/**
 * The endpoints of WeCom and WeChat sign-in (contracts' social.ts, and uaa's `social/info`).
 * Straight pipelines: schema → session → service → presenter. The browser's nonce cookie
 * (HttpOnly, scoped to the social paths) is what a state is bound to.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { BodyStatus } from '@campus/contracts/envelope';
import {
  SOCIAL_NONCE_COOKIE,
  SOCIAL_NONCE_PATH,
  SOCIAL_UNBOUND_CODE,
  socialEndpoints,
  type SocialProviderType,
} from '@campus/contracts/social';
import { DEVICE_HEADER, uaaEndpoints, type LoginData } from '@campus/contracts/uaa';
import { ok } from '../../core/envelope.ts';
import { bilingual } from '../../core/messages.ts';
import { route } from '../../core/route.ts';
import { setSessionCookies } from '../uaa/session-cookies.ts';
import type { RequestMeta } from '../uaa/session.service.ts';
import { newToken } from '../uaa/tokens.ts';
import type { SocialService, SocialSignIn } from './social.service.ts';

const NONCE_MAX_AGE_S = 24 * 60 * 60;

export interface SocialRouteDeps {
  social: SocialService;
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

function toLoginData(result: SocialSignIn): LoginData {
  return {
    unitType: result.user.unitType,
    unitId: result.user.unitId,
    userType: result.user.userType,
    openid: result.openid,
    unionid: result.unionid,
    accessToken: result.session.accessToken,
    userClientId: result.session.userClientId,
  };
}

export function socialRoutes(deps: SocialRouteDeps): FastifyPluginAsync {
  const { social, secureCookies } = deps;
  const E = socialEndpoints;

  const browserNonce = (request: FastifyRequest, reply: FastifyReply): string => {
    const current = request.cookies[SOCIAL_NONCE_COOKIE];
    if (current && current.length >= 32 && current.length <= 64) return current;
    const nonce = newToken();
    reply.setCookie(SOCIAL_NONCE_COOKIE, nonce, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      path: SOCIAL_NONCE_PATH,
      maxAge: NONCE_MAX_AGE_S,
    });
    return nonce;
  };

  return async (app) => {
    route(app, uaaEndpoints.socialInfo, async ({ query, request }) =>
      ok(await social.providers(query.unitId, request.headers.host)),
    );

    for (const [endpoint, type] of [
      [E.qyInfo, 'qy'],
      [E.mpInfo, 'mp'],
    ] as const satisfies readonly (readonly [unknown, SocialProviderType])[]) {
      route(app, endpoint, async ({ query, request, reply }) =>
        ok(await social.authorize(type, query, request.headers.host, browserNonce(request, reply))),
      );
    }

    route(app, E.login, async ({ params, body, request, reply }) => {
      const result = await social.login(
        params.state,
        body,
        request.cookies[SOCIAL_NONCE_COOKIE],
        metaOf(request),
      );
      if (result.kind === 'unbound') {
        // Spec §4: 400 with a code other than invalid_grant sends the page to the bind page.
        return {
          status: BodyStatus.badRequest,
          code: SOCIAL_UNBOUND_CODE,
          message: bilingual(
            '该账号尚未绑定，请登录以完成绑定',
            'This identity is not bound to an account yet; sign in once to bind it',
          ),
          data: result.bind,
        };
      }
      setSessionCookies(reply, result.session, secureCookies);
      return ok(toLoginData(result));
    });

    route(app, E.bind, async ({ body, request, reply }) => {
      const result = await social.bind(body, metaOf(request));
      setSessionCookies(reply, result.session, secureCookies);
      return ok(toLoginData(result));
    });

    route(app, E.bindings, async ({ user }) => ok(await social.bindings(user)));

    route(app, E.unbind, async ({ user, body, request }) => {
      await social.unbind(user, body.id, metaOf(request));
      return ok(true);
    });
  };
}
