import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { prepareGracefulShutdown } from './graceful-shutdown.ts';

function get(agent: http.Agent, port: number): Promise<{ status: number; connection?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ agent, host: '127.0.0.1', port, path: '/' }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

describe('graceful shutdown (DESIGN.md §1, issue 15 §3)', () => {
  it('refuses new connections at once but answers a request on a kept-alive one, then closes it', async () => {
    const app = Fastify({ forceCloseConnections: 'idle' });
    app.get('/', async () => ({ status: 200 }));
    const shutdown = prepareGracefulShutdown(app, { drainMs: 2000 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    // As a proxy holds it: one connection, idle between requests.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(agent, port)).status).toBe(200);

    const started = Date.now();
    const closed = shutdown('test');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A new connection is refused: a proxy tries another instance, nothing was sent.
    await expect(get(new http.Agent(), port)).rejects.toThrow(/ECONNREFUSED/);
    // The kept-alive connection still answers, and the answer closes it.
    expect(await get(agent, port)).toEqual({ status: 200, connection: 'close' });
    await closed;
    // Ended as soon as no connection was left, not at the end of the drain.
    expect(Date.now() - started).toBeLessThan(1500);
    agent.destroy();
  });
});
