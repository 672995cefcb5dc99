/**
 * The authorize page's two calls (contracts), and the protocol paths, handed to oidc-provider:
 * discovery at the root and everything under `/oidc/` (token, userinfo, JWKS, revocation).
 * The provider is a Koa application; it gets the raw Node request and response of its paths
 * only, with the body unread (its own parser reads it), and Fastify steps aside (`hijack`).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { OIDC_DISCOVERY_PATH, OIDC_PREFIX, oidcEndpoints } from '@campus/contracts/oidc';
import { ok } from '../../core/envelope.ts';
import { route } from '../../core/route.ts';
import type { OidcService } from './oidc.service.ts';

export function oidcRoutes(deps: { oidc: OidcService }): FastifyPluginAsync {
  const { oidc } = deps;
  const E = oidcEndpoints;
  return async (app) => {
    route(app, E.webauth, async ({ user, body }) =>
      ok({ redirect: await oidc.webauth(user, body) }),
    );
    route(app, E.authorizeClient, async ({ query }) => ok(await oidc.client(query.client_id)));

    await app.register(async (scope) => {
      // The provider reads its own bodies (form posts to the token endpoint).
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => {
        done(null);
      });
      const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        const callback = await oidc.handler();
        reply.hijack();
        // The provider answers on the raw response itself and handles its own errors.
        void callback(request.raw, reply.raw);
      };
      const methods = ['GET', 'POST', 'OPTIONS'] as const;
      // Outside the API's OpenAPI document: the provider's answers are OAuth's, not the envelope.
      const schema = { hide: true };
      scope.route({ method: [...methods], url: OIDC_DISCOVERY_PATH, schema, handler });
      scope.route({ method: [...methods], url: `${OIDC_PREFIX}/*`, schema, handler });
    });
  };
}
