/**
 * The server and the admin CLI as processes of their own, for the API tests of the process
 * contract (DESIGN.md §1): started the way `npm start` and `npm run admin` start them, on the
 * embedded database in a data folder of the test's own, whatever API_DB says (the contract does
 * not depend on the database; the admin-directory tests run the CLI's rules on both).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const START_TIMEOUT_MS = 45_000;

/** The environment of a server and CLI on `dataDir`: SQLite, no Redis, `info` logs. */
export function processEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    ...extra,
  };
}

/** `npm run admin -- …args` on `env`'s data folder, with `input` on its stdin. */
export function runCli(
  env: NodeJS.ProcessEnv,
  args: string[],
  input?: string,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, ['server/src/cli/main.ts', ...args], { cwd: repoRoot, env });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    if (input !== undefined) child.stdin.end(input);
    child.on('close', (code) => resolve({ code, out }));
  });
}

export interface ServerProcess {
  server: ChildProcess;
  baseUrl: string;
  /** Everything the process has printed so far, stdout and stderr together. */
  output(): string;
}

/**
 * Starts server/src/main.ts on a free port as one process (node with tsx's loader, so a signal
 * reaches the server itself, not a wrapper) and resolves once it has printed its address and
 * whatever `ready` also waits for (the start-up hint printed after the address, say).
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  ready: RegExp = /running at http:\/\/\S+/,
): Promise<ServerProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...env, PORT: '0' },
  });
  let output = '';
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const started = Date.now();
  const address = /running at (http:\/\/\S+)/;
  while (!address.test(output) || !ready.test(output)) {
    if (server.exitCode !== null || Date.now() - started > START_TIMEOUT_MS) {
      server.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    // Waiting on a process's output as it starts: there is no event for "printed enough".
    await new Promise((r) => setTimeout(r, 100));
  }
  return { server, baseUrl: address.exec(output)![1]!, output: () => output };
}
