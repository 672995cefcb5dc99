#!/usr/bin/env node
/**
 * `npm start`: install and build what is missing or stale, then run the server
 * (server/src/main.ts with tsx's loader: TypeScript runs as it is, with no separate server build).
 * The server itself migrates the database, seeds the demo school the first time, prints its
 * URL and the demo accounts, and shuts down gracefully on SIGINT/SIGTERM.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { deploySubApps } from './deploy-subapps.mjs';
import { ensure, isMain, repoRoot } from './ensure.mjs';

const SERVER_ENTRY = 'server/src/main.ts';
/** A repeat of a signal within this window is the same Ctrl-C reaching us twice (npm relays too). */
const REPEAT_WINDOW_MS = 1000;

/**
 * Starts server/src/main.ts as a child with the given environment, in one `node` process with
 * tsx's loader (`--import tsx`). Not the `tsx` command: it runs the server in a process of its
 * own beneath it (one more process, about 50 MB), and passes a SIGTERM on as a kill when the
 * busy server does not answer within 30 ms, which cut in-flight requests (bench/faults,
 * docs/deploy.md "Faults survived").
 *
 * The child gets its own process group: a Ctrl-C in the terminal then reaches only us, and we
 * pass it on exactly once. Otherwise the server would see the terminal's SIGINT and a relayed
 * one, and could take the second as "stop now" in the middle of a graceful shutdown.
 * @param {NodeJS.ProcessEnv} env
 */
export function spawnServer(env = process.env) {
  return spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: process.platform !== 'win32',
  });
}

/**
 * Passes SIGINT/SIGTERM/SIGHUP on to the child and resolves with the exit code to use once it
 * has exited: its own code, or 128 + signal number when a signal ended it.
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ killAfterMs?: number }} [options] SIGKILL the child this long after the first signal
 * @returns {Promise<number>}
 */
export function superviseChild(child, { killAfterMs } = {}) {
  let exited = false;
  let lastForward = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let killTimer;
  const forward = (/** @type {NodeJS.Signals} */ signal) => {
    if (exited) return;
    const now = Date.now();
    if (now - lastForward < REPEAT_WINDOW_MS) return;
    lastForward = now;
    child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
    if (killAfterMs !== undefined && !killTimer) {
      killTimer = setTimeout(() => {
        if (!exited) {
          console.error(`[start] the server did not stop within ${killAfterMs} ms; killing it`);
          child.kill('SIGKILL');
        }
      }, killAfterMs);
      killTimer.unref();
    }
  };
  const signals = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);
  for (const signal of signals) process.on(signal, forward);
  // If we die without a signal (an exception), do not leave the server running on its own.
  const onExit = () => {
    if (!exited) child.kill('SIGTERM');
  };
  process.on('exit', onExit);

  return new Promise((resolve, reject) => {
    child.on('error', (error) => {
      exited = true;
      reject(error);
    });
    child.on('exit', (code, signal) => {
      exited = true;
      if (killTimer) clearTimeout(killTimer);
      for (const s of signals) process.off(s, forward);
      process.off('exit', onExit);
      resolve(code ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0));
    });
  });
}

if (isMain(import.meta.url)) {
  try {
    await ensure({ build: true });
    const codes = deploySubApps();
    console.log(`[start] sub-apps deployed under pages/: ${codes.join(', ') || 'none'}`);
  } catch (error) {
    console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(`[start] starting the server: node --import tsx ${SERVER_ENTRY}`);
  try {
    process.exitCode = await superviseChild(spawnServer(process.env));
  } catch (error) {
    console.error(`[start] could not start the server: ${String(error)}`);
    process.exitCode = 1;
  }
}
