/**
 * The production start (issue 15 §4): the server bundled ahead of time (scripts/build-server.mjs)
 * runs as one plain `node` process with no transpiler: it migrates and seeds an empty data
 * folder, serves the login page and the API, starts the face models' worker from beside the
 * bundle, and stops cleanly on SIGTERM; the admin CLI's bundle beside it runs the same way.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/build-server.mjs';
import { uaaEndpoints } from '@campus/contracts/uaa';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
// Inside the repository, so the bundle's package imports resolve; one folder per run, so the
// SQLite and PostgreSQL API runs never share it.
const outDir = path.join(repoRoot, 'server', `.build-test-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-prod-'));
let server: ChildProcess;
let output = '';
let baseUrl = '';

beforeAll(async () => {
  const bundle = await buildServer(path.join(outDir, 'main.mjs'));
  server = spawn(process.execPath, [bundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      // The face worker is a file of its own (new URL('./face-worker.mjs', import.meta.url)):
      // loaded at start here, so a bundle without it fails this test, not a kiosk.
      FACE_PRELOAD: '1',
    },
  });
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const started = Date.now();
  while (!/running at (http:\/\/\S+)/.test(output)) {
    if (server.exitCode !== null || Date.now() - started > 45_000) {
      throw new Error(`the bundled server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  baseUrl = /running at (http:\/\/\S+)/.exec(output)![1]!.replace(/\/$/, '');
}, 90_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the production start', () => {
  it('serves the login page and the API from one node process without a transpiler', async () => {
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
    const login = await fetch(`${baseUrl}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('<div id="root">');
    const config = (await (await fetch(`${baseUrl}${uaaEndpoints.me.path}`)).json()) as {
      status: number;
    };
    expect(config.status).toBe(401);
    // The unhappy-path page reads its stylesheet from beside the bundle.
    const deadEnd = await fetch(`${baseUrl}/no-such-page`, { headers: { accept: 'text/html' } });
    expect(deadEnd.status).toBe(404);
    expect(await deadEnd.text()).not.toContain('ENOENT');
    const args = fs.readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(args.join(' ')).not.toMatch(/tsx|--import|--loader/);
  });

  it('loads the face models in the worker copied beside the bundle (DESIGN.md §9)', async () => {
    const started = Date.now();
    while (!output.includes('face models loaded') && Date.now() - started < 45_000) {
      expect(output).not.toContain('face-worker.mjs');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(output).toContain('face models loaded');
  }, 60_000);

  it('runs the admin CLI from its bundle beside the server, with plain node', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      path.join(outDir, 'cli.mjs'),
      'help',
    ]);
    expect(stdout).toContain('Campus Portal admin CLI');
  });

  it('stops cleanly on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
