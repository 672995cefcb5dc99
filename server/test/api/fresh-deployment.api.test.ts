/**
 * The fresh-deployment path of issue 13 §5, as processes, the way `PORTAL_DEMO=0 npm start` and
 * `npm run admin` run them: the server started on an empty database says how to create the first
 * administrator; the CLI's `create-admin` makes the school and the administrator, who then signs
 * in to the running server and reaches the console.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminScope } from '@campus/contracts/admin';
import { TestClient } from './helpers/test-server.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-fresh-'));
// The embedded database whatever API_DB says, as in process.api.test.ts: the process contract
// does not depend on the database (admin-directory.api.test.ts runs create-admin on both).
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  PORTAL_DEMO: '0',
};

function runCli(args: string[], input?: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, ['server/src/cli/main.ts', ...args], { cwd: repoRoot, env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    if (input !== undefined) child.stdin.end(input);
    child.on('close', (code) => resolve({ code, out }));
  });
}

let server: ChildProcess;
let baseUrl = '';
let output = '';

beforeAll(async () => {
  // One process (node with tsx's loader), so killing it stops the server itself: killing the
  // tsx wrapper would leave its child serving after the tests.
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...env, PORT: '0' },
  });
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const started = Date.now();
  // The hint is printed after the address.
  while (!/running at (http:\/\/\S+)[\s\S]*administration console/.test(output)) {
    if (Date.now() - started > 45_000) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  baseUrl = /running at (http:\/\/\S+)/.exec(output)![1]!;
}, 60_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a fresh deployment (PORTAL_DEMO=0, empty database)', () => {
  it('prints how to create the first administrator, and no demo accounts', () => {
    expect(output).toContain('No administrator yet');
    expect(output).toMatch(
      /npm run admin -- create-admin --unit-name "<school name>".*--login <login name>.*--password -/,
    );
    expect(output).toContain(`${baseUrl}/admin`);
    expect(output).not.toMatch(/Teacher@2026/);
  });

  it('create-admin makes the school and its administrator, who signs in and reaches the console', async () => {
    const made = await runCli(
      [
        'create-admin',
        '--unit-name',
        '新建实验小学',
        '--en-name',
        'New Experimental School',
        '--login',
        'principal',
        '--name',
        '张校长',
        '--password',
        '-',
      ],
      'Principal@2026\n',
    );
    expect(made.code, made.out).toBe(0);
    expect(made.out).toMatch(/Created administrator "principal".*the new school "新建实验小学"/);
    expect(made.out).not.toContain('Principal@2026');

    const client = new TestClient(baseUrl);
    const login = await client.postForm<{ unitId: string }>('/api/uaa/oauth/login', {
      username: 'principal',
      password: 'Principal@2026',
    });
    expect(login.body.status).toBe(200);
    const scope = await client.get<AdminScope>('/api/admin/scope');
    expect(scope.body.status).toBe(200);
    expect(scope.body.data?.units).toEqual([
      expect.objectContaining({
        unitId: login.body.data?.unitId,
        name: '新建实验小学',
        unitType: 2,
      }),
    ]);
    // The second run, the refusals and --unit are in admin-directory.api.test.ts, on both databases.
  }, 60_000);
});
