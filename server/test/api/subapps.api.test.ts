/**
 * Sub-applications deployed on their own (DESIGN.md §2, issue 3): a new app's build
 * dropped under the pages folder is served at once, with no rebuild and no restart, and
 * its manifest answers at /{app}/manifest.json (spec §7).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-pages-'));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ demo: false, pagesDir });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(pagesDir, { recursive: true, force: true });
});

function deploy(app: string): void {
  const dir = path.join(pagesDir, app);
  fs.mkdirSync(path.join(dir, `pc_${app}_tm`), { recursive: true });
  fs.mkdirSync(path.join(dir, 'lang'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, `pc_${app}_tm`, 'index.html'),
    `<!doctype html><title>${app} teacher</title>`,
  );
  fs.writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({ [`${app}.js`]: `/pages/${app}/assets/${app}-1.js` }),
  );
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: app,
      appVersion: '1.2.0',
      serverVersion: '1.2.0',
      packageDate: '2026-03-01',
    }),
  );
  fs.writeFileSync(path.join(dir, 'lang', `en-${app}.json`), JSON.stringify({ title: 'Notices' }));
}

describe('sub-app deployment', () => {
  it('serves an app dropped into the pages folder while the server runs', async () => {
    const page = `${server.baseUrl}/pages/newapp/pc_newapp_tm/index.html`;
    expect((await fetch(page)).status).toBe(404);
    deploy('newapp');
    const res = await fetch(page);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('newapp teacher');
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
  });

  it('answers the manifest at /{app}/manifest.json, and the app files at the spec §7 paths', async () => {
    deploy('notes');
    const manifest = await fetch(`${server.baseUrl}/notes/manifest.json`);
    expect(manifest.status).toBe(200);
    expect(await manifest.json()).toEqual({ 'notes.js': '/pages/notes/assets/notes-1.js' });
    const pkg = (await (await fetch(`${server.baseUrl}/pages/notes/package.json`)).json()) as {
      appVersion: string;
    };
    expect(pkg.appVersion).toBe('1.2.0');
    expect(await (await fetch(`${server.baseUrl}/pages/notes/lang/en-notes.json`)).json()).toEqual({
      title: 'Notices',
    });
  });

  it('answers a missing manifest with HTTP 404 and the envelope, and refuses odd app codes', async () => {
    const missing = await fetch(`${server.baseUrl}/nosuchapp/manifest.json`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: 404, code: 'not_found' });
    const odd = await fetch(`${server.baseUrl}/..%2F..%2Fetc/manifest.json`);
    expect(await odd.json()).toMatchObject({ status: 400 });
  });

  it('never serves files outside the pages folder', async () => {
    fs.writeFileSync(path.join(path.dirname(pagesDir), 'campus-secret.txt'), 'secret');
    try {
      for (const probe of [
        '/pages/../campus-secret.txt',
        '/pages/%2e%2e/campus-secret.txt',
        '/pages/..%2fcampus-secret.txt',
      ]) {
        const res = await fetch(`${server.baseUrl}${probe}`);
        expect(await res.text(), probe).not.toContain('secret');
      }
    } finally {
      fs.rmSync(path.join(path.dirname(pagesDir), 'campus-secret.txt'), { force: true });
    }
  });

  it('serves a real sub-app build (apps/cms, built now by Vite) dropped in while the server runs', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-cms-build-'));
    try {
      const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
      await build({
        configFile: path.join(repoRoot, 'apps', 'cms', 'vite.config.ts'),
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true },
      });
      expect((await fetch(`${server.baseUrl}/cms/manifest.json`)).status).toBe(404);
      fs.cpSync(outDir, pagesDir, { recursive: true });

      const manifest = (await (
        await fetch(`${server.baseUrl}/cms/manifest.json`)
      ).json()) as Record<string, string>;
      expect(Object.keys(manifest).sort()).toEqual([
        'mobile_cms_spm.css',
        'mobile_cms_spm.js',
        'mobile_cms_tm.css',
        'mobile_cms_tm.js',
        'pc_cms_spm.css',
        'pc_cms_spm.js',
        'pc_cms_tm.css',
        'pc_cms_tm.js',
      ]);
      // The file and the app's own chunks it imports (relative imports); the runtime comes by URL.
      const entry = `${server.baseUrl}${manifest['pc_cms_tm.js']}`;
      const script = await fetch(entry);
      expect(script.status).toBe(200);
      let code = await script.text();
      for (const [, rel] of code.matchAll(/from\s*"(\.\/[^"]+)"/g)) {
        code += await (await fetch(new URL(rel ?? '', entry))).text();
      }
      // The shared runtime is imported by URL, never bundled (DESIGN.md §2).
      expect(code).toContain('/common/plugins/common-ph/1.6.0/js/ui/start-app.js');
      expect(code).toContain('/common/plugins/common-ph/1.6.0/js/react.js');
      expect(code).not.toContain('react.production');
      const page = await fetch(`${server.baseUrl}/pages/cms/pc_cms_tm/index.html`);
      expect(await page.text()).toContain('/common/plugins/common-ph/1.6.0/js/ui/boot.js');
      // The phone pages the mobile desktop opens (spec §2 "the mobile equivalent exists").
      for (const fileId of ['mobile_cms_tm', 'mobile_cms_spm']) {
        const phone = await fetch(`${server.baseUrl}/pages/cms/${fileId}/index.html`);
        expect(phone.status, fileId).toBe(200);
        expect(await phone.text()).toContain('/common/plugins/common-ph/1.6.0/js/ui/boot.js');
      }
      for (const file of [
        '/pages/cms/package.json',
        '/pages/cms/lang/en-cms.json',
        '/pages/cms-version/version.json',
      ]) {
        expect((await fetch(`${server.baseUrl}${file}`)).status, file).toBe(200);
      }
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });
});
