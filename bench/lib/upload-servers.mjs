/**
 * The servers of the upload benchmarks (bench/upload.mjs, bench/upload-memory.mjs), each in a
 * child process of its own so its memory and CPU are its own:
 * - the real portal as production runs it (bench/lib/production-portal.mjs: the server's
 *   bundle in one plain node process, so the pid watched is the server's) on a fresh data
 *   folder, SQLite, the demo school, on a free loopback port;
 * - the peer, @tus/server with @tus/file-store (bench/lib/tus-server.mjs);
 * - the pages both are driven from: bench/fixtures/upload-page built with Vite.
 * Both stores live under the system's temporary folder: the same disk.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../scripts/ensure.mjs';
import { startProductionPortal } from './production-portal.mjs';

/** A folder of its own under the temporary folder; removed by `remove()`. */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Starts the portal on a fresh data folder (SQLite, demo school, no Redis) as production runs
 * it (bench/lib/production-portal.mjs: the bundle, one plain node process); `pages` maps a
 * folder name under /pages/ to a built folder copied there (deployed as any sub-app is).
 * `nodeArgs` go to the server's Node (e.g. `--cpu-prof` to see where its time goes).
 * @param {{ pages?: Record<string, string>, env?: Record<string, string>, nodeArgs?: string[] }} [options]
 * @returns {Promise<{ base: string, pid: number, dataDir: string, stop: () => Promise<void> }>}
 */
export async function startPortal(options = {}) {
  const data = tempDir('campus-bench-upload-');
  for (const [name, from] of Object.entries(options.pages ?? {})) {
    fs.cpSync(from, path.join(data.dir, 'pages', name), { recursive: true });
  }
  try {
    const portal = await startProductionPortal({
      env: {
        DATA_DIR: data.dir,
        PORTAL_DEMO: '1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: undefined,
        REDIS_URL: undefined,
        FILE_STORE: undefined,
        PUBLIC_URL: undefined,
        PAGES_DIR: undefined,
        ...options.env,
      },
      nodeArgs: options.nodeArgs,
    });
    const stop = async () => {
      await portal.stop();
      data.remove();
    };
    return { base: portal.base, pid: portal.pid, dataDir: data.dir, stop };
  } catch (error) {
    data.remove();
    throw error;
  }
}

/**
 * Starts @tus/server with its FileStore in a child process; `pageDir` is served at /page/.
 * @param {{ pageDir?: string }} [options]
 * @returns {Promise<{ base: string, endpoint: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startTus(options = {}) {
  const store = tempDir('campus-bench-tus-');
  const child = fork(path.join(repoRoot, 'bench', 'lib', 'tus-server.mjs'), [], {
    cwd: repoRoot,
    env: { ...process.env, TUS_DIR: store.dir, PAGE_DIR: options.pageDir ?? '' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    store.remove();
  };
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`tus-server exited with code ${code}`)));
    child.on('message', (message) => {
      if (message?.type === 'listening') resolve(message.port);
    });
  });
  const base = `http://127.0.0.1:${port}`;
  return { base, endpoint: `${base}/files/`, pid: /** @type {number} */ (child.pid), stop };
}

/**
 * Builds a benchmark page, bench/fixtures/<name>, with Vite into a temporary folder (the upload
 * and face benchmarks' pages).
 * @param {string} name
 * @param {{ worker?: object, chunkSizeWarningLimit?: number }} [options]
 */
export async function buildFixturePage(name, options = {}) {
  const { build } = await import('vite');
  const out = tempDir(`campus-bench-${name}-`);
  await build({
    configFile: false,
    root: path.join(repoRoot, 'bench', 'fixtures', name),
    base: './',
    logLevel: 'warn',
    ...(options.worker ? { worker: options.worker } : {}),
    build: {
      outDir: out.dir,
      emptyOutDir: true,
      target: 'es2022',
      ...(options.chunkSizeWarningLimit
        ? { chunkSizeWarningLimit: options.chunkSizeWarningLimit }
        : {}),
    },
  });
  return out;
}

/** The upload benchmark's page (bench/fixtures/upload-page), its hashing worker an ES module. */
export function buildUploadPage() {
  return buildFixturePage('upload-page', { worker: { format: 'es' } });
}

/**
 * Resets a process's VmHWM to its current RSS (Linux: 5 written to /proc/<pid>/clear_refs), so
 * the peak read afterwards is the peak of what follows, not of the start-up; false where the
 * kernel or the permissions do not allow it (the peak is then the process's lifetime peak).
 * @param {number} pid
 */
export function resetPeakMemory(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * VmRSS and VmHWM of a process, in bytes (Linux /proc/<pid>/status), or null once it is gone.
 * @param {number} pid
 */
export function memoryOf(pid) {
  let text;
  try {
    text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const kB = (name) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return { rss: kB('VmRSS'), hwm: kB('VmHWM') };
}
