/**
 * The parent side of the HTTP benchmarks: servers in child processes (so the load generator in
 * this process does not share their event loop), autocannon runs that count only answers whose
 * envelope says status 200, and plain-text tables.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { ListeningMessage } from './child-server.ts';
import { startProductionPortal } from './production-portal.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * Seconds of each measured run, rounds (a subject and its peer alternate, so load from outside
 * the benchmark hits both alike), warm-up seconds and the portal's logging.
 */
export const settings = {
  duration: Number(process.env.BENCH_DURATION ?? 5),
  // Five: on a shared 2-core machine one round's ratio moved by ±0.04 from the next (2026-12-07),
  // and a median of three still followed one bad round.
  rounds: Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5)),
  warmup: Number(process.env.BENCH_WARMUP ?? 2),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
  /** The portal's ACCESS_LOG (server/src/core/request-log.ts): its default, or `all`. */
  accessLog: process.env.BENCH_ACCESS_LOG ?? 'notable',
};

/** How the portal logs during a run, for the benches' headers. */
export const portalLogging = `portal LOG_LEVEL=${settings.logLevel} ACCESS_LOG=${settings.accessLog}`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export interface ChildServer {
  url: string;
  /** The child's process id (for its CPU times). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The portal as a school runs it (`npm run start:prod`, issue 15 §4): the server bundled ahead of
 * time and one plain `node` process, on a fresh data folder given in `env`. Through tsx the
 * portal carried the transpiler's run-time helpers that no deployment has (esbuild's keepNames
 * wrappers around the closures made per request), so the benches measured a portal no district
 * runs. BENCH_PROFILE_DIR: it writes a V8 CPU profile there (--cpu-prof). BENCH_NODE_ARGS: more
 * of node's options, space-separated (--perf-basic-prof for Linux perf's view of its threads, say).
 */
export function startPortal(env: Record<string, string | undefined>): Promise<ChildServer> {
  return startProductionPortal({
    env,
    nodeArgs: [
      ...(process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : []),
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
}

/** Starts a TypeScript server script (bench/lib/*.ts) in a child process running through tsx. */
export function startChildServer(
  script: string,
  env: Record<string, string | undefined> = {},
): Promise<ChildServer> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  const child = fork(path.join(repoRoot, 'bench', 'lib', script), [], {
    cwd: repoRoot,
    env: childEnv,
    // BENCH_PROFILE_DIR: each child server writes a V8 CPU profile there (--cpu-prof), to see
    // where a benchmark's server time goes.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : []),
    ],
    // The server's own logs go nowhere: they cost what they cost, but do not flood the figures.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start listening within 120 s`));
    }, 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before listening`));
    });
    child.on('message', (message: ListeningMessage) => {
      if (message.type !== 'listening') return;
      clearTimeout(timer);
      resolve({ url: `http://127.0.0.1:${message.port}`, pid: child.pid ?? 0, stop });
    });
  });
}

/** A fresh data folder for one portal server; removed by the returned function. */
export function tempDataDir(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Environment for a portal child: demo school on SQLite in `dataDir`, nothing shared. */
export function portalEnv(dataDir: string): Record<string, string | undefined> {
  return {
    DATA_DIR: dataDir,
    PORTAL_DEMO: '1',
    LOG_LEVEL: settings.logLevel,
    ACCESS_LOG: settings.accessLog,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    FILE_STORE: undefined,
    PUBLIC_URL: undefined,
  };
}

/** True when a response body is an envelope with status 200. */
export function envelopeOk(body: string): boolean {
  try {
    return (JSON.parse(body) as { status?: unknown }).status === 200;
  } catch {
    return false;
  }
}

export interface LoadResult {
  label: string;
  /** Answers per second whose envelope said status 200. */
  okPerSecond: number;
  ok: number;
  total: number;
  /** Non-200 envelopes, non-2xx answers, errors and timeouts. */
  bad: number;
  p50: number;
  p99: number;
  seconds: number;
}

export interface LoadOptions {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
}

/** One autocannon run; only answers with an envelope status of 200 count as done. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  let ok = 0;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body !== undefined ? { body: options.body } : {}),
    connections: options.connections,
    duration: options.duration,
    verifyBody: (body) => {
      const good = envelopeOk(String(body));
      if (good) ok += 1;
      return good;
    },
  });
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  return {
    label: options.label,
    okPerSecond: ok / seconds,
    ok,
    total: result.requests.total,
    bad: result.mismatches + result.non2xx + result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    seconds,
  };
}

/** Signs in through the real endpoint and returns the access-token cookie (`ph_at=…`). */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/uaa/oauth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', device: 'pc:desktop' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const body = await response.text();
  if (!envelopeOk(body)) throw new Error(`sign-in as ${username} failed: ${body.slice(0, 300)}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('ph_at='));
  if (!cookie) throw new Error(`sign-in as ${username} set no ph_at cookie`);
  return cookie;
}

export function loginBody(username: string, password: string): string {
  return new URLSearchParams({ username, password }).toString();
}

/** Prints rows as an aligned table (numbers right-aligned). */
export function printTable(headers: string[], rows: (string | number)[][]): void {
  const cells = rows.map((row) => row.map((c) => (typeof c === 'number' ? formatNumber(c) : c)));
  const widths = headers.map((h, i) =>
    Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)),
  );
  const line = (r: string[], numeric: boolean[]): string =>
    r
      .map((c, i) => (numeric[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const numeric = headers.map((_, i) => rows.some((r) => typeof r[i] === 'number'));
  console.log(`  ${line(headers, numeric)}`);
  for (const r of cells) console.log(`  ${line(r, numeric)}`);
}

export function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return n >= 100 ? n.toFixed(0) : n.toFixed(2);
}

export function describeMachine(): string {
  return `Node ${process.versions.node}, ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? 'cpu'})`;
}
