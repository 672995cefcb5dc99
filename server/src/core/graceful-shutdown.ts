/**
 * Graceful shutdown (DESIGN.md §1): stop accepting, let in-flight requests finish, close
 * the database, exit 0. Three details make it finish promptly and lose nothing:
 * - answers sent while closing carry `Connection: close`, so a keep-alive client does
 *   not hold its connection (and the process) open until the keep-alive timeout;
 * - first the listening socket closes (a proxy's new connections are refused, and it tries
 *   another instance) while the open connections drain (SHUTDOWN_DRAIN_MS, ended early once
 *   none is left): each still gets its answers, and each answer closes it. A proxy's kept-alive
 *   connections are idle between requests; closing them at once raced the proxy's next request
 *   on them, which met a reset and answered 502 (a sign-in cut mid-way, issue 15 §3,
 *   bench/faults.ts). Closed after an answer that says so, the proxy goes elsewhere;
 * - after a deadline, whatever is still open is cut, so a stuck client cannot keep an
 *   old instance alive during a deploy.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export const SHUTDOWN_DEADLINE_MS = 10_000;
export const SHUTDOWN_DRAIN_MS = 1000;
const DRAIN_POLL_MS = 50;

function openConnections(app: FastifyInstance): Promise<number> {
  return new Promise((resolve) => app.server.getConnections((error, n) => resolve(error ? 0 : n)));
}

export function prepareGracefulShutdown(
  app: FastifyInstance,
  options: { drainMs?: number } = {},
): (reason: string) => Promise<void> {
  const drainMs = options.drainMs ?? SHUTDOWN_DRAIN_MS;
  let closing = false;
  // A callback hook, not an async one: every answer passes here (issue 15 §1).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  return async (reason) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'shutting down');
    // net.Server's close, not http.Server's: that one would also cut the idle connections now.
    if (app.server.listening) net.Server.prototype.close.call(app.server);
    const drainEnd = Date.now() + drainMs;
    while (Date.now() < drainEnd && (await openConnections(app)) > 0)
      await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
    const deadline = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    // Connections idle right now can go at once; busy ones close after their answer.
    setImmediate(() => app.server.closeIdleConnections());
    await app.close();
    clearTimeout(deadline);
  };
}
