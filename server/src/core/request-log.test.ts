import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { OneLineRequestLog, type AccessLogMode } from './request-log.ts';

interface Line {
  level: number;
  msg: string;
  method?: string;
  path?: string;
  status?: number;
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A server with the portal's request log, its lines gathered; a read slower than 40 ms is slow. */
async function serve(mode: AccessLogMode, level = 'info') {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(text) as Line);
      }
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    logController: new OneLineRequestLog(mode, 40),
  });
  apps.push(app);
  app.get('/quick', () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    return { ok: true };
  });
  app.post('/quick', () => ({ ok: true }));
  await app.ready();
  const requestLines = () => lines.filter((line) => line.msg === 'request');
  return { app, requestLines };
}

describe('the request log (ACCESS_LOG, issue 15 §1)', () => {
  it('notable: a change, a refusal and a slow read get an info line; a quick good read none', async () => {
    const { app, requestLines } = await serve('notable');
    await app.inject({ method: 'GET', url: '/quick?userId=1' });
    await app.inject({ method: 'POST', url: '/quick' });
    await app.inject({ method: 'GET', url: '/missing' });
    await app.inject({ method: 'GET', url: '/slow' });
    expect(requestLines().map((l) => [l.level, l.method, l.path, l.status])).toEqual([
      [30, 'POST', '/quick', 200],
      [30, 'GET', '/missing', 404],
      [30, 'GET', '/slow', 200],
    ]);
  });

  it('notable at LOG_LEVEL=debug: the quick read is a debug line', async () => {
    const { app, requestLines } = await serve('notable', 'debug');
    await app.inject({ method: 'GET', url: '/quick' });
    expect(requestLines().map((l) => [l.level, l.path])).toEqual([[20, '/quick']]);
  });

  it('all: every request gets an info line, without its query string', async () => {
    const { app, requestLines } = await serve('all');
    await app.inject({ method: 'GET', url: '/quick?userId=1' });
    await app.inject({ method: 'POST', url: '/quick' });
    expect(requestLines().map((l) => [l.level, l.method, l.path])).toEqual([
      [30, 'GET', '/quick'],
      [30, 'POST', '/quick'],
    ]);
  });
});
