/**
 * The fresh-deployment path of issue 13 §5, as processes, the way `PORTAL_DEMO=0 npm start` and
 * `npm run admin` run them: the server started on an empty database says how to create the first
 * administrator; the CLI's `create-admin` makes the school and the administrator, who then signs
 * in to the running server and reaches the console.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEndpoints, type AdminScope } from '@campus/contracts/admin';
import { uaaEndpoints } from '@campus/contracts/uaa';
import {
  processEnv,
  runCli as runCliOn,
  startServerProcess,
  type ServerProcess,
} from './helpers/server-process.ts';
import { TestClient } from './helpers/test-server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-fresh-'));
const env = processEnv(dataDir, { PORTAL_DEMO: '0' });
const runCli = (args: string[], input?: string) => runCliOn(env, args, input);

let proc: ServerProcess;
let baseUrl = '';
let output = '';

beforeAll(async () => {
  // The start-up hint is printed after the address.
  proc = await startServerProcess(env, /administration console/);
  baseUrl = proc.baseUrl;
  output = proc.output();
}, 60_000);

afterAll(() => {
  if (proc.server.exitCode === null) proc.server.kill('SIGKILL');
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
    const login = await client.postForm<{ unitId: string }>(uaaEndpoints.login.path, {
      username: 'principal',
      password: 'Principal@2026',
    });
    expect(login.body.status).toBe(200);
    const scope = await client.get<AdminScope>(adminEndpoints.scope.path);
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
