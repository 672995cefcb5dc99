/**
 * No dead ends for a person (issue 10 §4): a sub-app page that is not deployed gets "this
 * application is not installed yet", any other unknown address "page not found", both as HTML
 * in the portal's look, in zh-CN or en, HTTP 404, with a way back to the desktop; the JSON
 * envelope stays for the API and for a missing manifest. Every landing page the redirect rules
 * of spec §2 and §4 produce answers the desktop; a redirect path naming a deployed app leads to
 * its page (spec §2).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appIndexPagePath, DESKTOP_INDEX_PAGES, PORTAL_PAGES } from '@campus/contracts/pages';
import { landingVariant, USER_TYPES } from '@campus/contracts/user-types';
import { DEMO, signIn, startTestServer, type TestServer } from './helpers/test-server.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-web-'));
const pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-pages-'));
let server: TestServer;

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

function deployPage(app: string, page: string): void {
  const dir = path.join(pagesDir, app, page);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${page}</title>`);
}

beforeAll(async () => {
  fs.writeFileSync(path.join(webRoot, 'login.html'), '<!doctype html><title>login page</title>');
  fs.writeFileSync(
    path.join(webRoot, 'desktop.html'),
    '<!doctype html><title>desktop page</title>',
  );
  deployPage('notes', 'pc_notes_tm');
  deployPage('notes', 'pc_notes_spm');
  deployPage('notes', 'mobile_notes_spm');
  server = await startTestServer({ webRoot, pagesDir });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
  fs.rmSync(pagesDir, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = HTML) {
  const res = await fetch(`${server.baseUrl}${url}`, { headers, redirect: 'manual' });
  return { res, html: await res.text() };
}

describe('an undeployed app page answers an HTML page, not JSON', () => {
  it('says in zh-CN, by default, that the application is not installed yet, with HTTP 404', async () => {
    const { res, html } = await page('/pages/edu/pc_edu_tm/index.html');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toMatch(/<h1[^>]*>此应用尚未安装<\/h1>/);
    expect(html).toContain('应用“edu”还没有部署到本平台');
    expect(html).toContain('href="/desktop/home"');
    expect(html).toContain('href="?language=en"');
  });

  it('speaks English for ?language=en (and keeps it on the way back) or for an English browser', async () => {
    const asked = await page('/pages/edu/pc_edu_tm/index.html?language=en');
    expect(asked.html).toContain('<html lang="en">');
    expect(asked.html).toMatch(/<h1[^>]*>This application is not installed yet<\/h1>/);
    expect(asked.html).toContain('href="/desktop/home?language=en"');
    expect(asked.html).toContain('href="?language=zh-CN"');
    const browser = await page('/pages/repair/pc_repair_spm/index.html', {
      ...HTML,
      'accept-language': 'en-GB,en;q=0.9',
    });
    expect(browser.html).toContain('<html lang="en">');
    expect(browser.html).toContain('href="/desktop/home"');
    // Spec §1: any other language falls back to zh-CN.
    for (const [url, language] of [
      ['/pages/edu/pc_edu_tm/index.html?language=fr', 'en'],
      ['/pages/edu/pc_edu_tm/index.html', 'fr-FR,de;q=0.8'],
    ] as const) {
      const other = await page(url, { ...HTML, 'accept-language': language });
      expect(other.html, url).toContain('<html lang="zh-CN">');
    }
  });

  it('is a page a browser shows safely: the document CSP, no script, its own stylesheet', async () => {
    const { res, html } = await page('/pages/edu/pc_edu_tm/index.html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).not.toMatch(/<script|\son\w+=/i);
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1] ?? '';
    const css = await fetch(`${server.baseUrl}${stylesheet}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('.de-card');
  });

  it('answers a page folder of a deployed app whose page is missing, and a bare page address', async () => {
    for (const url of ['/pages/notes/mobile_notes_tm/index.html', '/pages/edu/pc_edu_tm/']) {
      const { res, html } = await page(url, {});
      expect(res.status, url).toBe(404);
      expect(html, url).toContain('此应用尚未安装');
    }
  });
});

describe('an unknown address answers the not-found page; the API and files keep the envelope', () => {
  it('shows "page not found" for an unknown non-API address, escaping the address', async () => {
    const { res, html } = await page("/no/such/page&'x");
    expect(res.status).toBe(404);
    expect(html).toMatch(/<h1[^>]*>页面不存在<\/h1>/);
    expect(html).toContain('/no/such/page&amp;&#39;x');
    expect(html).toContain('href="/desktop/home"');
  });

  it('shows "address cannot be read" for a malformed address outside the API, HTTP 400', async () => {
    const { res, html } = await page('/no/such/%E0%A4%A?language=en');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toMatch(/<h1[^>]*>This address cannot be read<\/h1>/);
  });

  it('keeps the JSON envelope for /api, for a missing manifest and for a missing file a script fetches', async () => {
    for (const url of [
      '/api/no/such/thing',
      '/nosuchapp/manifest.json',
      '/pages/edu/lang/en-edu.json',
    ]) {
      // As a script fetches them: no text/html in Accept.
      const { res, html } = await page(url, { accept: '*/*' });
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toContain('application/json');
      expect(JSON.parse(html), url).toMatchObject({ status: 404, code: 'not_found' });
    }
    // The API answers JSON even to a browser that asks for HTML.
    const api = await page('/api/no/such/thing');
    expect(api.res.headers.get('content-type')).toContain('application/json');
    const script = await page('/pages/edu/assets/x.js', { accept: '*/*' });
    expect(script.res.headers.get('content-type')).toContain('application/json');
  });
});

describe('the landing pages of the redirect rules (spec §2, §4) answer the desktop', () => {
  it('serves every desktop page index folder: pc and mobile, all, tm and spm', async () => {
    expect(DESKTOP_INDEX_PAGES).toHaveLength(6);
    for (const url of DESKTOP_INDEX_PAGES) {
      expect(PORTAL_PAGES.desktop.paths, url).toContain(url);
      const { res, html } = await page(url);
      expect(res.status, url).toBe(200);
      expect(html, url).toContain('desktop page');
    }
  });

  it('serves the chat-client landing page of every user type (spec §4: types 2 and 4 tm, others spm)', async () => {
    for (const userType of USER_TYPES) {
      const url = `/pages/desktop/pc_desktop_${landingVariant(userType)}/index.html`;
      const { res, html } = await page(url);
      expect(res.status, url).toBe(200);
      expect(html, url).toContain('desktop page');
    }
  });
});

describe('a redirect path whose second segment names a deployed app (spec §2)', () => {
  it('sends a signed-out visitor to the login page first, returning to the same address', async () => {
    const { res } = await page('/notes/notice/list?id=3');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `/login?redirect_uri=${encodeURIComponent('/notes/notice/list?id=3')}`,
    );
  });

  it('leads a teacher to the tm page and a parent to the spm page, the phone page on a phone', async () => {
    const teacher = server.client();
    const parent = server.client();
    await signIn(teacher, DEMO.teacher);
    await signIn(parent, DEMO.parent);
    const location = async (client: typeof teacher, ua?: string) =>
      (
        await client.get('/notes/notice', { ...HTML, ...(ua ? { 'user-agent': ua } : {}) })
      ).headers.get('location');
    expect(await location(teacher)).toBe(appIndexPagePath('notes', 'tm'));
    expect(await location(parent)).toBe(appIndexPagePath('notes', 'spm'));
    expect(await location(parent, PHONE_UA)).toBe(appIndexPagePath('notes', 'spm', 'mobile'));
    // No phone page for teachers deployed: the PC page rather than a dead end.
    expect(await location(teacher, PHONE_UA)).toBe(appIndexPagePath('notes', 'tm'));
  });

  it('leaves an address naming no deployed app to the not-found page', async () => {
    for (const url of ['/edu/home', '/desktop/nowhere', '/api/notes']) {
      const { res } = await page(url);
      expect(res.status, url).toBe(404);
    }
  });
});
