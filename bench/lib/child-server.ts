/**
 * The child side of a benchmark server: listen on a free loopback port, tell the parent which
 * one over IPC, and close cleanly when the parent asks or goes away.
 */
import type { FastifyInstance } from 'fastify';

export interface ListeningMessage {
  type: 'listening';
  port: number;
}

export async function serveToParent(app: FastifyInstance): Promise<void> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const message: ListeningMessage = { type: 'listening', port };
  process.send?.(message);

  let closing = false;
  const close = (): void => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  process.on('disconnect', close);
}
