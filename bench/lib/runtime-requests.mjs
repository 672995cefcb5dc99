/**
 * Counts, in Chromium, how often each shared-runtime file is fetched while one page switches
 * between sub-apps in the viewport (spec §2, DESIGN.md §2 "loads the shared runtime once").
 * Starts the real portal on a fresh data folder with the sub-apps deployed, signs in as the
 * demo parent, opens /viewport with pc_cms_tm, switches to pc_cms_spm and back.
 */
import fs from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/fixtures/chromium-flags.mjs';
import { startPortalProcess } from './portal-process.mjs';

/**
 * @param {string} runtimePrefix URL prefix of the shared runtime, e.g. '/common/plugins/common-ph/1.6.0/'
 * @returns {Promise<{ files: number, requests: number, switches: number, perFile: Map<string, number> } | { skipped: string }>}
 */
export async function countRuntimeRequests(runtimePrefix) {
  if (!fs.existsSync(CHROMIUM_PATH)) return { skipped: `${CHROMIUM_PATH} is not installed` };
  const { chromium } = await import('@playwright/test');
  const portal = await startPortalProcess();
  const base = portal.base;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
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
    await portal.stop();
  }
}
