/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: the database, and
 * Redis when configured, answer). Load balancers read the HTTP status.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthSchema } from '@campus/contracts/system';

export interface SystemRouteDeps {
  pingDatabase: () => Promise<boolean>;
  pingRedis?: () => Promise<boolean>;
}

export function systemRoutes(deps: SystemRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/healthz',
      { schema: { tags: ['system'], response: { 200: HealthSchema } } },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/readyz',
      { schema: { tags: ['system'], response: { 200: HealthSchema, 503: HealthSchema } } },
      async (_request, reply) => {
        const database = await deps.pingDatabase();
        const redis = deps.pingRedis ? await deps.pingRedis() : undefined;
        const ready = database && redis !== false;
        return reply.code(ready ? 200 : 503).send({
          status: ready ? 'ok' : 'unavailable',
          database: database ? 'ok' : 'unavailable',
          redis: redis === undefined ? 'off' : redis ? 'ok' : 'unavailable',
        });
      },
    );
  };
}
