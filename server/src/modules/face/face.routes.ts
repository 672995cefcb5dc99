/**
 * The face calls of spec §7. Face sign-in answers and sets cookies exactly as the password
 * sign-in does (uaa.routes.ts `login`), so the login page's reload finds the same session.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { faceEndpoints } from '@campus/contracts/face';
import { DEVICE_HEADER } from '@campus/contracts/uaa';
import { ok } from '../../core/envelope.ts';
import { route } from '../../core/route.ts';
import { setSessionCookies } from '../uaa/session-cookies.ts';
import type { RequestMeta } from '../uaa/session.service.ts';
import type { FaceService } from './face.service.ts';

export interface FaceRouteDeps {
  face: FaceService;
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

export function faceRoutes(deps: FaceRouteDeps): FastifyPluginAsync {
  const { face, secureCookies } = deps;
  const E = faceEndpoints;
  return async (app) => {
    route(app, E.login, async ({ body, request, reply }) => {
      const result = await face.login(body, metaOf(request), request.headers.host);
      setSessionCookies(reply, result.session, secureCookies);
      return ok({
        unitType: result.user.unitType,
        unitId: result.user.unitId,
        userType: result.user.userType,
        openid: null,
        unionid: null,
        accessToken: result.session.accessToken,
        userClientId: result.session.userClientId,
      });
    });

    route(app, E.clocking, async ({ body, request }) =>
      ok(await face.clockIn(body, metaOf(request), request.headers.host)),
    );

    route(app, E.check, async ({ user, body, request }) =>
      ok(await face.enrol(user, body, metaOf(request))),
    );

    route(app, E.user, async ({ user, query }) => ok(await face.record(user, query.userId)));
  };
}
