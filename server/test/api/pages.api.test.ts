/**
 * The built front ends at the spec's page paths (spec §2): HTML never cached, hashed
 * assets cached for good, both compressed, document security headers on pages. A small
 * stand-in build keeps this test independent of the real one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_VERSION_FILES, PORTAL_PAGES } from '@campus/contracts/pages';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-web-'));
const pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-pages-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let server: TestServer;
let unbuilt: TestServer;

beforeAll(async () => {
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'login.html'), '<!doctype html><title>login page</title>');
  fs.writeFileSync(
    path.join(webRoot, 'desktop.html'),
    '<!doctype html><title>desktop page</title>',
  );
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), script);
  const packageFile = DESKTOP_VERSION_FILES[0].file;
  fs.mkdirSync(path.join(webRoot, path.dirname(packageFile)), { recursive: true });
  fs.writeFileSync(path.join(webRoot, packageFile), '{"name":"desktop","appVersion":"9.9.9"}');
  server = await startTestServer({ demo: false, webRoot, pagesDir });
  unbuilt = await startTestServer({ demo: false, webRoot: path.join(webRoot, 'missing') });
});
afterAll(async () => {
  await server.close();
  await unbuilt.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
  fs.rmSync(pagesDir, { recursive: true, force: true });
});

describe('page serving', () => {
  it('serves the login entry at every login path and the desktop entry at every desktop path', async () => {
    for (const url of PORTAL_PAGES.login.paths) {
      const res = await fetch(`${server.baseUrl}${url}`);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain('login page');
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
    }
    for (const url of PORTAL_PAGES.desktop.paths) {
      const res = await fetch(`${server.baseUrl}${url}`);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain('desktop page');
    }
  });

  it('serves the desktop’s version files from the build, uncached; a missing one is a 404 (spec §7)', async () => {
    const [pkg, releases] = DESKTOP_VERSION_FILES;
    const res = await fetch(`${server.baseUrl}${pkg.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(((await res.json()) as { appVersion: string }).appVersion).toBe('9.9.9');
    expect((await fetch(`${server.baseUrl}${releases.url}`)).status).toBe(404);
    expect((await fetch(`${unbuilt.baseUrl}${pkg.url}`)).status).toBe(404);
  });

  it('serves an operator’s version file deployed in the pages folder before the build’s', async () => {
    const [, releases] = DESKTOP_VERSION_FILES;
    const deployed = path.join(pagesDir, 'desktop-version', 'version.json');
    fs.mkdirSync(path.dirname(deployed), { recursive: true });
    fs.writeFileSync(deployed, '[]');
    try {
      const res = await fetch(`${server.baseUrl}${releases.url}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    } finally {
      fs.rmSync(deployed);
    }
  });

  it('sends pages with the document security headers (CSP with frame-ancestors)', async () => {
    const res = await fetch(`${server.baseUrl}/login`);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('serves hashed assets compressed and cached for good', async () => {
    const res = await fetch(`${server.baseUrl}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toMatch(/immutable/);
    expect(await res.text()).toBe(script);
  });

  it('answers a missing asset with HTTP 404 and a root visit with a redirect to the desktop', async () => {
    expect((await fetch(`${server.baseUrl}/assets/nope.js`)).status).toBe(404);
    const root = await fetch(`${server.baseUrl}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/desktop/home');
    // Spec §4's `?language=` survives the hop; the path stays the desktop's whatever is asked.
    const english = await fetch(`${server.baseUrl}/?language=en`, { redirect: 'manual' });
    expect(english.headers.get('location')).toBe('/desktop/home?language=en');
    const sneaky = await fetch(`${server.baseUrl}/?//evil.example`, { redirect: 'manual' });
    expect(sneaky.headers.get('location')).toBe('/desktop/home?//evil.example');
  });

  it('says in both languages that the front end is not built, rather than failing', async () => {
    const res = await fetch(`${unbuilt.baseUrl}/login`);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(text).toContain('npm start');
    expect(text).toMatch(/前端尚未构建/);
  });
});
