/**
 * The server and the admin CLI as processes, the way `npm start` and `npm run admin` run
 * them: the CLI changes the database a running server then serves, and SIGTERM shuts
 * the server down cleanly (DESIGN.md §1: in-flight requests finish, exit code 0).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './helpers/test-server.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-proc-'));
// These processes use the embedded database whatever API_DB says: they check the
// process contract, which does not depend on the database.
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
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
  server = spawn(tsx, ['server/src/main.ts'], { cwd: repoRoot, env: { ...env, PORT: '0' } });
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const started = Date.now();
  while (!/running at (http:\/\/\S+)/.test(output)) {
    if (Date.now() - started > 45_000) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  baseUrl = /running at (http:\/\/\S+)/.exec(output)![1]!;
}, 60_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('processes', () => {
  it('prints the address and the demo accounts, never a password hash', () => {
    expect(output).toMatch(/teacher\s+Teacher@2026/);
    expect(output).not.toMatch(/\$argon2id\$/);
  });

  it('the admin CLI creates a unit and a user who can then sign in to the running server', async () => {
    const unit = await runCli([
      'create-unit',
      '--name',
      '测试学校',
      '--en-name',
      'Test School',
      '--type',
      'school',
    ]);
    expect(unit.code).toBe(0);
    const unitId = /id ([^,)]+)/.exec(unit.out)?.[1];
    expect(unitId).toBeTruthy();
    const user = await runCli(
      [
        'create-user',
        '--unit',
        unitId!,
        '--login',
        'newteacher',
        '--name',
        '王老师',
        '--type',
        '2',
        '--password',
        '-',
      ],
      'Newteach@2026\n',
    );
    expect(user.code).toBe(0);
    expect(user.out).not.toContain('Newteach@2026');
    const client = new TestClient(baseUrl);
    const login = await client.postForm<{ unitId: string }>('/api/uaa/oauth/login', {
      username: 'newteacher',
      password: 'Newteach@2026',
    });
    expect(login.body.status).toBe(200);
    expect(login.body.data?.unitId).toBe(unitId);
  });

  it('the admin CLI refuses a weak password and an unknown command with exit code 1', async () => {
    const weak = await runCli(['reset-password', '--login', 'teacher', '--password', 'short']);
    expect(weak.code).toBe(1);
    expect(weak.out).toMatch(/^Error: /m);
    const unknown = await runCli(['no-such-command']);
    expect(unknown.code).toBe(1);
  });

  it('the admin CLI reset signs the user out of the running server', async () => {
    const client = new TestClient(baseUrl);
    await client.postForm('/api/uaa/oauth/login', { username: 'staff', password: 'Staff@2026' });
    expect((await client.get('/api/uaa/oauth/me')).body.status).toBe(200);
    const reset = await runCli([
      'reset-password',
      '--login',
      'staff',
      '--password',
      'Newstaff@2026',
    ]);
    expect(reset.code).toBe(0);
    // The server may serve a resolved session from its cache for a few seconds (decisions.md).
    await new Promise((r) => setTimeout(r, 5_100));
    expect((await client.get('/api/uaa/oauth/me')).body.status).toBe(401);
    const fresh = new TestClient(baseUrl);
    expect(
      (
        await fresh.postForm('/api/uaa/oauth/login', {
          username: 'staff',
          password: 'Newstaff@2026',
        })
      ).body.status,
    ).toBe(200);
  });

  it('shuts down gracefully on SIGTERM: an in-flight request finishes and the exit code is 0', async () => {
    const inFlight = new TestClient(baseUrl).postForm('/api/uaa/oauth/login', {
      username: 'teacher',
      password: 'Teacher@2026',
    });
    await new Promise((r) => setTimeout(r, 5));
    const exited = new Promise<number | null>((resolve) =>
      server.on('exit', (code) => resolve(code)),
    );
    server.kill('SIGTERM');
    expect((await inFlight).body.status).toBe(200);
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  });
});
