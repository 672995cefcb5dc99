/**
 * The accessibility audit of issue 10 §5 (not part of `npm test`): axe-core's WCAG 2.1 A and AA
 * rules on every screen, at both widths, in both languages and in every theme. It records every
 * violation and writes a Markdown report (audit/write-report.ts) to `A11Y_REPORT`, by default
 * `.reports/a11y-report.md`; a run fails while any violation is left.
 *
 *   cd e2e && E2E_PORT=18300 A11Y_REPORT=/work/a11y-report.md \
 *     npx playwright test -c playwright.audit.config.ts
 *
 * Browser and server as in playwright.config.ts (Debian's Chromium, a fresh demo school).
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './fixtures/chromium.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `campus-e2e-${port}`);
// Where each test leaves its findings for the report; emptied by audit/global-setup.ts.
process.env.A11Y_FINDINGS_DIR ??= path.join(repoRoot, 'test-results', 'a11y-findings');
process.env.A11Y_REPORT ??= path.join(repoRoot, '.reports', 'a11y-report.md');

export default defineConfig({
  testDir: './audit',
  outputDir: path.join(repoRoot, 'test-results', 'a11y'),
  // One worker: the tests share one server and change the demo accounts' themes.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 10 * 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './audit/global-setup.ts',
  globalTeardown: './audit/write-report.ts',
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A control that does not show fails the test in seconds, not at the 10-minute limit.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'pc', use: { viewport: { width: 1366, height: 768 } } },
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: false },
    },
  ],
  webServer: {
    command: 'node e2e/fixtures/start-server.mjs',
    cwd: repoRoot,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port), E2E_DATA_DIR: process.env.E2E_DATA_DIR },
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
