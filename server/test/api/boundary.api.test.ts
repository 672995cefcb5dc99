/**
 * Every answer under /api (and /zuul) is the envelope with a bilingual message, never Fastify's
 * own JSON (issue 10 §4; DESIGN.md §4): business outcomes with HTTP 200 and the status in the
 * body; transport failures (unknown route 404, 413, 415, malformed 400, 414, 431) with their
 * HTTP status and the same status in the body. Never a 5xx for bad input.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signIn, startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Fetch keeps bad percent-encoding as it is, so these reach the router unchanged. */
async function raw(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init });
  const text = await res.text();
  return { res, text };
}

function expectEnvelope(text: string, status: number, code: string) {
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(
    Object.keys(body).every((k) => ['status', 'code', 'message', 'fieldErrors'].includes(k)),
  ).toBe(true);
  expect(body).toMatchObject({ status, code });
  expect(body.message).toMatch(/^[^|]+\|\|\|[^|]+$/);
  return body;
}

describe('framework errors answer the envelope (Fastify frameworkErrors)', () => {
  it('a malformed percent-encoding in the path (FST_ERR_BAD_URL) is HTTP 400 with the envelope', async () => {
    for (const path of [
      '/api/storage/show/unit/%E0%A4%A',
      '/api/base/role/user/%ZZ/XX_SYS_/base',
      '/api/storage/app-icon/%C0%AF/gray',
      '/zuul/api/storage/upload/%',
    ]) {
      const { res, text } = await raw(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-type'), path).toContain('application/json');
      expect(text, path).not.toContain('FST_ERR');
      expectEnvelope(text, 400, 'validation_failed');
    }
  });

  it('an over-long path parameter (FST_ERR_MAX_PARAM_LENGTH) is HTTP 414 with the envelope and the API headers', async () => {
    const { res, text } = await raw(`/api/storage/show/unit/${'a'.repeat(101)}`);
    expect(res.status).toBe(414);
    expect(text).not.toContain('FST_ERR');
    expectEnvelope(text, 414, 'validation_failed');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a request the HTTP parser cannot read (headers over the limit) is HTTP 431 with the envelope', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const url = new URL(server.baseUrl);
      const socket = net.connect(Number(url.port), url.hostname, () => {
        socket.write(
          `GET /api/uaa/oauth/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        );
      });
      let data = '';
      socket.on('data', (c: Buffer) => (data += c.toString('utf8')));
      socket.on('close', () => resolve(data));
      socket.on('error', (error) => (data ? resolve(data) : reject(error)));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expectEnvelope(answer.slice(answer.indexOf('\r\n\r\n') + 4), 431, 'validation_failed');
  });
});

describe('transport failures keep their HTTP status and the envelope (DESIGN.md §4)', () => {
  it('an unknown API route, whatever the method, is HTTP 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE', 'PUT']) {
      const { res, text } = await raw('/api/no/such/route', {
        method,
        headers: { device: 'pc:desktop' },
      });
      expect(res.status, method).toBe(404);
      expectEnvelope(text, 404, 'not_found');
    }
    const zuul = await raw('/zuul/api/no/such/route');
    expect(zuul.res.status).toBe(404);
    expectEnvelope(zuul.text, 404, 'not_found');
  });

  it('an unsupported content type is HTTP 415, malformed JSON 400, too large a body 413', async () => {
    const client = server.client();
    const plain = await client.postRaw('/api/uaa/oauth/login', 'username=a', 'text/plain');
    expect(plain.http).toBe(415);
    expect(plain.body).toMatchObject({ status: 415, code: 'unsupported_media_type' });
    const broken = await client.postRaw('/api/uaa/oauth/login', '{"username":', 'application/json');
    expect(broken.http).toBe(400);
    expect(broken.body).toMatchObject({ status: 400, code: 'validation_failed' });
    const large = await client.postRaw(
      '/api/uaa/oauth/login',
      `username=${'x'.repeat(1024 * 1024 + 1)}`,
      'application/x-www-form-urlencoded',
    );
    expect(large.http).toBe(413);
    expect(large.body).toMatchObject({ status: 413, code: 'payload_too_large' });
  });
});

describe('bad input never reaches the database (issue 10 §4)', () => {
  it('a NUL byte or control character in a path parameter is a 400 envelope, never a 500', async () => {
    const client = server.client();
    for (const id of ['%00', 'a%00b', '%01', '%7F', '%0A']) {
      const reply = await client.get(`/api/storage/show/unit/${id}`);
      expect(reply.http, id).toBe(200);
      expect(reply.body, id).toMatchObject({ status: 400, code: 'validation_failed' });
    }
  });

  it('a number too large for any type (1e400, Infinity) is a 400 envelope naming the field, never a 500', async () => {
    const client = server.client();
    await signIn(client, DEMO.parent);
    for (const query of ['start=1e400&size=3', 'start=0&size=Infinity', 'start=-1e400&size=3']) {
      const reply = await client.get(`/api/cms/notice/mine?${query}`);
      expect(reply.http, query).toBe(200);
      expect(reply.body.status, query).toBe(400);
      expect(reply.body.fieldErrors?.[0]?.field, query).toMatch(/^(start|size)$/);
    }
    const form = await client.postForm('/api/base/desktop/recent_app', { code: 'cms', x: '1e400' });
    expect(form.http).toBeLessThan(500);
  });

  it('a body nested thousands deep is answered, not a stack overflow', async () => {
    const client = server.client();
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    for (const path of ['/api/uaa/oauth/logout', '/api/uaa/oauth/login']) {
      const reply = await client.postRaw(path, deep, 'application/json');
      expect(reply.http, path).toBeLessThan(500);
      expect(reply.body.status, path).toBeLessThan(500);
    }
  });
});
