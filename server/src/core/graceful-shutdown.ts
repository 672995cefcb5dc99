/**
 * Graceful shutdown (DESIGN.md §1): stop accepting, let in-flight requests finish, close
 * the database, exit 0. Two details make it finish promptly:
 * - answers sent while closing carry `Connection: close`, so a keep-alive client does
 *   not hold its connection (and the process) open until the keep-alive timeout;
 * - after a deadline, whatever is still open is cut, so a stuck client cannot keep an
 *   old instance alive during a deploy.
 */
import type { FastifyInstance } from 'fastify';

export const SHUTDOWN_DEADLINE_MS = 10_000;

export function prepareGracefulShutdown(app: FastifyInstance): (reason: string) => Promise<void> {
  let closing = false;
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
  return async (reason) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'shutting down');
    const deadline = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    // Connections idle right now can go at once; busy ones close after their answer.
    setImmediate(() => app.server.closeIdleConnections());
    await app.close();
    clearTimeout(deadline);
  };
}
