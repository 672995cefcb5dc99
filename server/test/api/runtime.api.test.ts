/**
 * The shared runtime's files (DESIGN.md §2) at /common/plugins/common-ph/{version}/… (spec §7)
 * and the viewport page (spec §2), from a runtime folder laid out as apps/runtime builds it;
 * and the old-browser page of spec §1/§8 in place of every page for IE 6 to 8.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.mjs';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const BASE = 'common/plugins/common-ph/1.6.0';
const runtimeRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-runtime-'));
const IE8 = 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)';
const IE9_COMPAT = 'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.1; Trident/5.0)';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

let server: TestServer;
let bare: TestServer;

function write(rel: string, content: string) {
  const file = path.join(runtimeRoot, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeAll(async () => {
  write(`${BASE}/js/react.js`, 'export { a } from "./chunks/react-AbCdEf12.js";\n');
  write(`${BASE}/js/chunks/react-AbCdEf12.js`, `export const a = "${'x'.repeat(4000)}";\n`);
  write(`${BASE}/lang/en-ph.json`, '{"ph":{"ok":"OK"}}');
  write(`${BASE}/css/ink.css`, 'body{background:#f6f2ec}');
  write('viewport.html', '<!doctype html><title>viewport</title><div id="app"></div>');
  write(`${BASE}/js/ui/Header.js`, `export const header = "${'header '.repeat(600)}";\n`);
  // As the build leaves them (scripts/ensure.mjs): .br and .gz copies beside what is worth it.
  await precompressDir(runtimeRoot);
  server = await startTestServer({ demo: false, runtimeRoot });
  bare = await startTestServer({
    demo: false,
    runtimeRoot: fs.mkdtempSync(path.join(os.tmpdir(), 'campus-no-runtime-')),
  });
});
afterAll(async () => {
  await server.close();
  await bare.close();
  fs.rmSync(runtimeRoot, { recursive: true, force: true });
});

describe('shared runtime files (DESIGN.md §2, spec §7 paths)', () => {
  it('serves hashed chunks for good and stable entries revalidated, compressed', async () => {
    const chunk = await fetch(`${server.baseUrl}/${BASE}/js/chunks/react-AbCdEf12.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-encoding')).toBe('gzip');
    expect(chunk.headers.get('content-type')).toMatch(/javascript/);

    const entry = await fetch(`${server.baseUrl}/${BASE}/js/react.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('etag')).toBeTruthy();
  });

  it("sends the build's precompressed copies as they are, and the file itself to who takes none", async () => {
    const file = path.join(runtimeRoot, BASE, 'js/ui/Header.js');
    const original = fs.readFileSync(file, 'utf8');
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const res = await fetch(`${server.baseUrl}/${BASE}/js/ui/Header.js`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      // The copy's own bytes (not compressed again per request), and the file once decoded.
      expect(Number(res.headers.get('content-length'))).toBe(fs.statSync(file + suffix).size);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(original);
    }
    const plain = await fetch(`${server.baseUrl}/${BASE}/js/ui/Header.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(original);
    // A hashed chunk's copy is cached for good like the chunk.
    const chunk = await fetch(`${server.baseUrl}/${BASE}/js/chunks/react-AbCdEf12.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(chunk.headers.get('content-encoding')).toBe('br');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Under 1 KB nothing is written: the file goes out as it is.
    expect(fs.existsSync(path.join(runtimeRoot, BASE, 'lang/en-ph.json.br'))).toBe(false);
  });

  it('serves the shared language file and theme stylesheets at the spec §7 paths', async () => {
    const lang = await fetch(`${server.baseUrl}/${BASE}/lang/en-ph.json`);
    expect(lang.status).toBe(200);
    expect(await lang.json()).toEqual({ ph: { ok: 'OK' } });
    const css = await fetch(`${server.baseUrl}/${BASE}/css/ink.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('answers 404 for missing files and paths that try to leave the folder', async () => {
    expect((await fetch(`${server.baseUrl}/${BASE}/js/nope.js`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/common/..%2F..%2Fviewport.html`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/common/%2e%2e/viewport.html`)).status).toBe(404);
  });

  it('serves the viewport page, and says clearly when the runtime is not built', async () => {
    const page = await fetch(`${server.baseUrl}/viewport?app=cms&fileId=pc_cms_tm`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<div id="app">');

    const missing = await fetch(`${bare.baseUrl}/viewport`);
    expect(missing.status).toBe(503);
    expect(await missing.text()).toContain('npm start');
    expect((await fetch(`${bare.baseUrl}/${BASE}/js/react.js`)).status).toBe(404);
  });
});

describe('old browsers (spec §1, §8: IE 6 to 8 get the upgrade message)', () => {
  it('replaces every page for IE 8 and IE in compatibility view of IE 7 engines', async () => {
    for (const url of ['/viewport', '/login', '/desktop/home', '/pages/cms/pc_cms_tm/index.html']) {
      const res = await fetch(`${server.baseUrl}${url}`, { headers: { 'user-agent': IE8 } });
      expect(res.status, url).toBe(200);
      const html = await res.text();
      expect(html, url).toContain('您的浏览器版本过低');
      expect(html, url).toContain('Your browser is too old');
    }
  });

  it('leaves modern browsers, IE 9+ in compatibility view, API calls and assets alone', async () => {
    for (const ua of [CHROME, IE9_COMPAT]) {
      const res = await fetch(`${server.baseUrl}/viewport`, { headers: { 'user-agent': ua } });
      expect(await res.text()).not.toContain('Your browser is too old');
    }
    const api = await fetch(`${server.baseUrl}/api/uaa/oauth/me`, {
      headers: { 'user-agent': IE8 },
    });
    expect(((await api.json()) as { status: number }).status).toBe(401);
    const asset = await fetch(`${server.baseUrl}/${BASE}/js/react.js`, {
      headers: { 'user-agent': IE8 },
    });
    expect(await asset.text()).toContain('export');
  });
});
