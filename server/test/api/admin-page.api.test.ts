/**
 * The admin console's page (issue 13 §1): its own build answers `/admin` and every client
 * route under it, uncached like every page, while `/api/admin/…` stays the API. A small stand-in
 * build keeps this test independent of the real one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEndpoints } from '@campus/contracts/admin';
import { ADMIN_PAGE, ADMIN_PATH } from '@campus/contracts/admin-page';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-admin-web-'));
let server: TestServer;

beforeAll(async () => {
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'login.html'), '<!doctype html><title>login page</title>');
  fs.writeFileSync(path.join(webRoot, ADMIN_PAGE.file), '<!doctype html><title>admin page</title>');
  server = await startTestServer({ demo: false, webRoot });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe(`the admin console page on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers /admin and its client routes with the console, never cached', async () => {
    for (const url of [
      ADMIN_PATH,
      `${ADMIN_PATH}/`,
      `${ADMIN_PATH}/demo-unit-sunshine/overview`,
      `${ADMIN_PATH}/demo-unit-sunshine/users/42`,
    ]) {
      const res = await fetch(`${server.baseUrl}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/text\/html/);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
      expect(await res.text(), url).toContain('admin page');
    }
  });

  it('leaves the console API to the API: no session is a 401 envelope, not the page', async () => {
    const res = await fetch(`${server.baseUrl}${adminEndpoints.scope.path}`);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await res.json()) as { status: number }).status).toBe(401);
  });

  it('keeps other addresses that merely start with "admin" out of it', async () => {
    const res = await fetch(`${server.baseUrl}/administrator`, {
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('admin page');
  });
});
