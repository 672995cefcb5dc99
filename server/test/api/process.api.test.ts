/**
 * The server and the admin CLI as processes, the way `npm start` and `npm run admin` run
 * them: the CLI changes the database a running server then serves, and SIGTERM shuts
 * the server down cleanly (DESIGN.md §1: in-flight requests finish, exit code 0).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  processEnv,
  runCli as runCliOn,
  startServerProcess,
  type ServerProcess,
} from './helpers/server-process.ts';
import { TestClient } from './helpers/test-server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-proc-'));
const env = processEnv(dataDir);
const runCli = (args: string[], input?: string) => runCliOn(env, args, input);
const LOGIN = uaaEndpoints.login.path;
const ME = uaaEndpoints.me.path;

let proc: ServerProcess;
let baseUrl = '';

beforeAll(async () => {
  proc = await startServerProcess(env);
  baseUrl = proc.baseUrl;
}, 60_000);

afterAll(() => {
  if (proc.server.exitCode === null) proc.server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('processes', () => {
  it('prints the address and the demo accounts, never a password hash', () => {
    expect(proc.output()).toMatch(/teacher\s+Teacher@2026/);
    expect(proc.output()).not.toMatch(/\$argon2id\$/);
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
    const login = await client.postForm<{ unitId: string }>(LOGIN, {
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
    await client.postForm(LOGIN, { username: 'staff', password: 'Staff@2026' });
    expect((await client.get(ME)).body.status).toBe(200);
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
    expect((await client.get(ME)).body.status).toBe(401);
    const fresh = new TestClient(baseUrl);
    expect(
      (
        await fresh.postForm(LOGIN, {
          username: 'staff',
          password: 'Newstaff@2026',
        })
      ).body.status,
    ).toBe(200);
  });

  it('shuts down gracefully on SIGTERM: an in-flight request finishes and the exit code is 0', async () => {
    const inFlight = new TestClient(baseUrl).postForm(LOGIN, {
      username: 'teacher',
      password: 'Teacher@2026',
    });
    await new Promise((r) => setTimeout(r, 5));
    const exited = new Promise<number | null>((resolve) =>
      proc.server.on('exit', (code) => resolve(code)),
    );
    proc.server.kill('SIGTERM');
    expect((await inFlight).body.status).toBe(200);
    expect(await exited).toBe(0);
    expect(proc.output()).toContain('shutting down');
  });
});
