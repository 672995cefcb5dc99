/**
 * The feed's endpoints (issue 13 §4, §2 Messages and to-dos): the feed API of sub-app servers,
 * guarded by the app credential and its rate limit, and the console's calls (credentials,
 * compose, the sent list), each checked by `AdminAccess` in the services.
 */
import type { FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  FEED_BAD_CREDENTIAL_CODE,
  adminFeedEndpoints as A,
  appFeedEndpoints as F,
} from '@campus/contracts/app-feed';
import { BodyStatus } from '@campus/contracts/envelope';
import { ok } from '../../core/envelope.ts';
import { AppError } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import { route } from '../../core/route.ts';
import type { AppCredentialService, FeedRateLimit } from './app-credential.service.ts';
import type { FeedApp, FeedService } from './feed.service.ts';

const badCredential = () =>
  new AppError(
    BodyStatus.unauthorized,
    FEED_BAD_CREDENTIAL_CODE,
    bilingual(
      '应用凭据缺失、错误或已更换（Authorization: Bearer <secret>）',
      'The app credential is missing, wrong or was rotated (Authorization: Bearer <secret>)',
    ),
  );

export function feedRoutes(deps: {
  feed: FeedService;
  credentials: AppCredentialService;
  rateLimit: FeedRateLimit;
}): FastifyPluginAsync {
  const { feed, credentials, rateLimit } = deps;
  const apps = new WeakMap<FastifyRequest, FeedApp>();
  // The app credential, then its rate limit: only a known app's calls are counted.
  const appGuard: preHandlerAsyncHookHandler = async (request) => {
    const app = await credentials.authenticate(request.headers.authorization);
    if (!app) throw badCredential();
    if (app.clientId) await rateLimit.hit(app.clientId);
    apps.set(request, app);
  };
  const caller = (request: FastifyRequest): FeedApp => {
    const app = apps.get(request);
    if (!app) throw badCredential();
    return app;
  };
  const guarded = { preHandler: [appGuard] };

  return async (app) => {
    route(
      app,
      F.publishMessage,
      async ({ body, request }) => ok(await feed.publishMessage(caller(request), body)),
      guarded,
    );
    route(
      app,
      F.addTodo,
      async ({ body, request }) => ok(await feed.addTodo(caller(request), body)),
      guarded,
    );
    route(
      app,
      F.completeTodo,
      async ({ body, request }) =>
        ok(await feed.completeTodo(caller(request), body.id, body.userIds)),
      guarded,
    );
    route(
      app,
      F.setBadges,
      async ({ body, request }) => ok(await feed.setBadges(caller(request), body.badges)),
      guarded,
    );

    route(app, A.appCredential, async ({ user, params, query }) =>
      ok(await credentials.status(user, params.appCode, query.unitId)),
    );
    route(app, A.rotateAppCredential, async ({ user, params, body, request }) =>
      ok(await credentials.rotateFor(user, params.appCode, body.unitId, request.ip)),
    );
    route(app, A.sent, async ({ user, query }) => ok(await feed.sent(user, query)));
    route(app, A.compose, async ({ user, body, request }) =>
      ok(await feed.compose(user, body, request.ip)),
    );
  };
}
