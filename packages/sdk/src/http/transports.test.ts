// @vitest-environment jsdom
/**
 * Both clients against one real HTTP server, through jsdom's XMLHttpRequest: the axios
 * client (axios's own XHR adapter) and the light client (ours) must send the same request
 * and report failures in the same words (spec §7, §8).
 */
import {
  closedPortBase,
  startCorsTestServer,
  type CorsTestServer,
} from './test-support/cors-test-server.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from './client.ts';
import type { HttpClient, HttpClientOptions, Notice } from './http-core.ts';
import { HttpError } from './http-core.ts';
import { createLightHttpClient } from './light-client.ts';

interface Seen {
  method: string;
  url: string;
  device: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: CorsTestServer;
let base = '';
let closedBase = '';
const seen: Seen[] = [];

beforeAll(async () => {
  server = await startCorsTestServer((req, res) => {
    seen.push({
      method: req.method,
      url: req.url,
      device: req.headers.device as string | undefined,
      contentType: req.headers['content-type'],
      body: req.body,
    });
    if (req.path === '/missing') {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: 404, code: 'not_found', message: '未找到|||Not found' }));
    } else if (req.path === '/slow') {
      setTimeout(() => res.writeHead(200).end('{}'), 400);
    } else if (req.path === '/html') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html></html>');
    } else {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: 200, data: { echo: req.body } }));
    }
  });
  base = server.base;
  closedBase = await closedPortBase();
});

afterAll(async () => {
  await server.close();
});

const clients: [string, (o: HttpClientOptions) => HttpClient][] = [
  ['axios client', createHttpClient],
  ['light client', createLightHttpClient],
];

describe.each(clients)('%s over a real connection', (_name, create) => {
  const make = (extra: Partial<HttpClientOptions> = {}) => {
    const notices: Notice[] = [];
    const client = create({
      baseURL: base,
      device: 'pc',
      appCode: 'portal',
      onNotify: (n) => notices.push(n),
      language: () => 'en',
      ...extra,
    });
    return { client, notices };
  };

  it('posts a form body with the device header and reads the envelope', async () => {
    seen.length = 0;
    const { client } = make();
    const res = await client.post<{ echo: string }>('/echo', {
      username: 'teacher',
      unit: { id: 'u 1' },
    });
    expect(res).toEqual({ status: 200, data: { echo: 'username=teacher&unit.id=u%201' } });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/echo',
      device: 'pc:portal',
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
    });
  });

  it('gets with a query string and a cache-busting _t', async () => {
    seen.length = 0;
    const { client } = make();
    await client.get('/echo', { unitId: 'u1' }, { cacheBust: true });
    expect(seen.at(-1)?.url).toMatch(/^\/echo\?unitId=u1&_t=\d+$/);
  });

  it("words an HTTP error as axios does: '404 Not Found' / 'Request failed with status code 404'", async () => {
    const { client, notices } = make();
    const error: unknown = await client.get('/missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).envelope?.code).toBe('not_found');
    expect(notices).toEqual([
      { type: 'error', title: '404 Not Found', message: 'Request failed with status code 404' },
    ]);
  });

  it("words a refused connection 'Network Error'", async () => {
    const { client, notices } = make({ baseURL: closedBase });
    await client.get('/x').catch(() => undefined);
    expect(notices).toEqual([{ type: 'error', message: 'Network Error' }]);
  });

  it("words a timeout 'timeout of Nms exceeded'", async () => {
    const { client, notices } = make({ timeoutMs: 100 });
    await client.get('/slow').catch(() => undefined);
    expect(notices).toEqual([{ type: 'error', message: 'timeout of 100ms exceeded' }]);
  });

  it('treats a non-envelope answer as a server failure', async () => {
    const { client, notices } = make();
    await expect(client.get('/html')).resolves.toEqual({ status: 500 });
    expect(notices).toEqual([{ type: 'error', message: 'Server internal error!' }]);
  });

  it('cancels quietly on the caller’s signal', async () => {
    const { client, notices } = make();
    const controller = new AbortController();
    const pending = client.get('/slow', undefined, { signal: controller.signal });
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect((error as HttpError).canceled).toBe(true);
    expect(notices).toEqual([]);
  });
});
