/**
 * Counts, in Chromium, how often each shared-runtime file is fetched while one page switches
 * between sub-apps in the viewport (spec §2, DESIGN.md §2 "loads the shared runtime once").
 * Starts the real portal on a fresh data folder with the sub-apps deployed, signs in as the
 * demo parent, opens /viewport with pc_cms_tm, switches to pc_cms_spm and back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { deploySubApps } from '../../scripts/deploy-subapps.mjs';
import { spawnServer } from '../../scripts/start.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '../../e2e/fixtures/chromium-flags.mjs';

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

async function waitReady(base, child) {
  for (let i = 0; i < 240; i += 1) {
    if (child.exitCode !== null) throw new Error('the portal server exited during start-up');
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the portal server did not become ready in 60 s');
}

/**
 * @param {string} runtimePrefix URL prefix of the shared runtime, e.g. '/common/plugins/common-ph/1.6.0/'
 * @returns {Promise<{ files: number, requests: number, switches: number, perFile: Map<string, number> } | { skipped: string }>}
 */
export async function countRuntimeRequests(runtimePrefix) {
  if (!fs.existsSync(CHROMIUM)) return { skipped: `${CHROMIUM} is not installed` };
  const { chromium } = await import('@playwright/test');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-runtime-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  deploySubApps(path.join(dataDir, 'pages'));
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PORTAL_DEMO: '1',
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'FILE_STORE', 'PUBLIC_URL', 'PAGES_DIR'])
    delete env[name];
  const child = spawnServer(env);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    await waitReady(base, child);
    const page = await browser.newPage();
    await page.goto(
      `${base}/login?redirect_uri=${encodeURIComponent('/viewport?app=cms&fileId=pc_cms_tm')}`,
    );
    await page.getByTestId('login.username').fill('parent');
    await page.getByTestId('login.password').fill('Parent@2026');
    /** @type {Map<string, number>} */
    const perFile = new Map();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith(runtimePrefix) || !url.pathname.endsWith('.js')) return;
      perFile.set(url.pathname, (perFile.get(url.pathname) ?? 0) + 1);
    });
    await page.getByTestId('login.submit').click();
    await page.waitForURL((u) => u.pathname === '/viewport');
    await page.locator('[data-viewport-file="pc_cms_tm"]').waitFor({ state: 'attached' });
    await page.getByTestId('notFound.root').first().waitFor(); // a parent is refused tm (spec §6)
    await page.evaluate(() => window.PH.viewport.open('cms', 'pc_cms_spm'));
    await page.getByTestId('cms.spm').waitFor();
    await page.goBack();
    await page.locator('[data-viewport-file="pc_cms_tm"]:not([hidden])').waitFor();
    await page.evaluate(() => window.PH.viewport.open('cms', 'pc_cms_spm'));
    await page.getByTestId('cms.spm').waitFor();
    const requests = [...perFile.values()].reduce((a, b) => a + b, 0);
    return { files: perFile.size, requests, switches: 3, perFile };
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
