/**
 * The real portal as `npm start` runs it (server/src/main.ts through tsx), on a fresh data folder
 * with the demo school and the sub-apps deployed, on a free loopback port. For the benchmarks
 * that drive Chromium against it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deploySubApps } from '../../scripts/deploy-subapps.mjs';
import { spawnServer } from '../../scripts/start.mjs';
import { freePort } from './production-portal.mjs';

/** @returns {Promise<{ base: string, stop: () => Promise<void> }>} */
export async function startPortalProcess() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-portal-'));
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
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'FILE_STORE', 'PUBLIC_URL', 'PAGES_DIR']) {
    delete env[name];
  }
  const child = spawnServer(env);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(base, child, 60);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/**
 * Polls `/readyz` every 250 ms until the child portal answers, failing when it exits first or
 * is not ready within `seconds`.
 * @param {string} base
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} seconds
 */
export async function waitUntilReady(base, child, seconds) {
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error('the portal server exited during start-up');
    if (i > seconds * 4) throw new Error(`the portal server did not become ready in ${seconds} s`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
