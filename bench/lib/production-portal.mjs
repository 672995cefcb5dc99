/**
 * The portal as a school runs it in production (`npm run start:prod`, issue 15 §4): the server
 * bundled ahead of time by scripts/build-server.mjs and run by one plain `node` process, no
 * transpiler. For the benchmarks whose goal is the server's own memory (bench/export,
 * bench/upload-memory) and for the upload throughput beside tus: a server run through tsx also
 * carries the transpiler and its caches, about 55 MB of resident memory that no deployment has.
 *
 * Each start bundles into a folder of its own inside the repository (where the bundle's package
 * imports resolve to node_modules), removed at stop, so a run never touches server/dist.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.mjs';
import { repoRoot } from '../../scripts/ensure.mjs';

/** A free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Bundles the server and starts it on a free port with `env` on top of this process's
 * environment (DATA_DIR and the rest are the caller's), `nodeArgs` before the bundle (a CPU
 * profile, say), stdout ignored; resolves once `/readyz` answers 200.
 *
 * @param {{ env: Record<string, string | undefined>, nodeArgs?: string[] }} options
 * @returns {Promise<{ base: string, url: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startProductionPortal({ env, nodeArgs = [] }) {
  const outDir = path.join(repoRoot, 'server', `.bench-build-${process.pid}-${Date.now()}`);
  const bundle = await buildServer(path.join(outDir, 'main.mjs'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const childEnv = { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) };
  for (const [key, value] of Object.entries(childEnv))
    if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(outDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the portal exited with code ${child.exitCode} before it was ready`);
    }
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 120_000) {
      await stop();
      throw new Error('the portal was not ready within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, url: base, pid: /** @type {number} */ (child.pid), stop };
}
