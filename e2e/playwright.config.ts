/**
 * Playwright in Debian's Chromium (`playwright install` cannot download a browser on these
 * machines): its headless shell (/usr/bin/chromium-headless-shell) when installed, else
 * /usr/bin/chromium (fixtures/chromium-flags.mjs). The web server is the real one, started by
 * fixtures/start-server.mjs on a fresh temporary data folder with the demo school, so every run
 * begins from the same state.
 *
 * Projects:
 * - `pc` (1366×768, the screenshot width of issue 4) runs every spec;
 * - `mobile` (375×812, touch: the narrowest phone of issue 4) runs only tests tagged `@mobile`
 *   (`test('…', { tag: '@mobile' }, …)`), so a test meant for both widths is tagged and a
 *   pc-only test costs nothing twice. A test for one width only can check
 *   `test.info().project.name`.
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './fixtures/chromium.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
// The server's data folder, known to the specs too: some tests deploy files into its pages/
// folder or run the admin CLI on its database, as an operator would. Fixed per port, so the
// runner and its workers agree; start-server.mjs empties it first and removes it afterwards.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `campus-e2e-${port}`);

export default defineConfig({
  testDir: './specs',
  outputDir: path.join(repoRoot, 'test-results'),
  // One worker: the specs share one server, and sign-in state such as lockouts lives in it.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  globalTimeout: 21 * 60_000,
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, '.reports', 'e2e.json') }]],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'pc',
      use: { viewport: { width: 1366, height: 768 } },
    },
    {
      name: 'mobile',
      grep: /@mobile\b/,
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
    // The wrapper stops the server and removes its temporary data folder; give it the time.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
