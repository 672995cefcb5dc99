/** Health, readiness, OpenAPI, unknown routes, oversize bodies and security headers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: false });
});
afterAll(async () => server.close());

describe(`system on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers /healthz and /readyz', async () => {
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      database: 'ok',
      redis: process.env.TEST_REDIS_URL ? 'ok' : 'off',
    });
  });

  it('serves the OpenAPI UI at /api/docs and a document listing the sign-in endpoints', async () => {
    const ui = await fetch(`${server.baseUrl}/api/docs`);
    expect(ui.status).toBe(200);
    const doc = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    for (const p of [
      '/api/uaa/oauth/me',
      '/api/uaa/oauth/login',
      '/api/uaa/oauth/login_user_client',
      '/api/uaa/oauth/relogin',
      '/api/uaa/oauth/refresh',
      '/api/uaa/oauth/logout',
      '/api/uaa/oauth/login/unit_config',
      '/api/uaa/social/info',
      '/api/uaa/switch/login',
    ]) {
      expect(doc.paths).toHaveProperty([p]);
    }
  });

  it('answers an unknown route with HTTP 404 and the envelope', async () => {
    const reply = await server.client().get('/api/no/such/thing');
    expect(reply.http).toBe(404);
    expect(reply.body).toMatchObject({ status: 404, code: 'not_found' });
    expect(reply.body.message).toContain('|||');
  });

  it('answers an oversize body with HTTP 413 and the envelope', async () => {
    const reply = await server
      .client()
      .postRaw(
        '/api/uaa/oauth/login',
        JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
        'application/json',
      );
    expect(reply.http).toBe(413);
    expect(reply.body).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('sets security headers (CSP with frame-ancestors, nosniff)', async () => {
    const reply = await fetch(`${server.baseUrl}/healthz`);
    expect(reply.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
