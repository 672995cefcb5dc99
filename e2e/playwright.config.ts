/**
 * Playwright in Debian's Chromium (`playwright install` cannot download a browser on these
 * machines): its headless shell (/usr/bin/chromium-headless-shell) when installed, else
 * /usr/bin/chromium (fixtures/chromium-flags.mjs). Every worker starts its own real server
 * (fixtures/test.ts, through fixtures/start-server.mjs) on a fresh temporary data folder with
 * the demo school, so every worker begins from the same state and none sees another's writes.
 * Specs import `test` and `expect` from fixtures/test.ts, not from @playwright/test.
 *
 * Env: E2E_WORKERS (default: one per core, at most 4; each worker runs a server and a browser),
 * E2E_PORT (the first worker's port, default 18080; worker n uses E2E_PORT + n).
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
const workers = Number(process.env.E2E_WORKERS ?? Math.min(4, os.availableParallelism()));

const PC = {
  name: 'pc',
  use: { viewport: { width: 1366, height: 768 } },
};
const MOBILE = {
  name: 'mobile',
  grep: /@mobile\b/,
  use: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: false },
};

export default defineConfig({
  testDir: './specs',
  // The two-instance checks need the nginx cluster of `npm run test:scale` (E2E_SCALE=1).
  testIgnore: process.env.E2E_SCALE === '1' ? [] : ['**/scale.spec.ts'],
  outputDir: path.join(repoRoot, 'test-results'),
  // One server per worker (fixtures/test.ts): sign-in state such as lockouts stays in it.
  workers,
  fullyParallel: false,
  // `npm test` retries nothing. The two-instance run retries a failed case once: it runs the
  // whole suite again through nginx to show the instances behave as one, and its rare failures
  // have been cross-instance races (docs/decisions.md); a case that passes only on the retry is
  // listed as flaky in the run's output and counted in its summary, to be fixed, not forgotten.
  retries: process.env.E2E_SCALE === '1' ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Room for a busy 2-core CI machine, where a cold page has passed 5 s (see the global stop).
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // A stop for a hung run, not the budget: the stage took 21 min on the last fresh clone (issue
  // notes: e2e per-test time rose from 5.9 s to 10.2 s, cause under investigation).
  globalTimeout: 45 * 60_000,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile: path.join(
          repoRoot,
          '.reports',
          process.env.E2E_SCALE === '1' ? 'e2e-scale.json' : 'e2e.json',
        ),
      },
    ],
  ],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: actions, DOM snapshots, network and console. Not its
    // screencast: the film strip's frames cost about a fifth of the suite's CPU (header and
    // app-menu specs, one worker: 41.5 CPU s with it, 33 s without), for pictures the DOM
    // snapshots and the failure's own screenshot already show (docs/decisions.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  // The two-instance run (E2E_SCALE=1) is about the server side: sessions, uploads and caches
  // across instances. It runs the pc project only, as the phone width calls the same endpoints
  // and would add a third of the time (docs/decisions.md).
  projects: process.env.E2E_SCALE === '1' ? [PC] : [PC, MOBILE],
});
