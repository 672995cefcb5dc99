/**
 * The first bell (issue 15 §1): BENCH_USERS virtual users (500) each sign in, then call the
 * desktop's first-load API calls one after another with no pause, for BENCH_DURATION seconds
 * (60). The same load runs against the portal on SQLite and on PostgreSQL with Redis, one after
 * the other in the same run, on the same machine, with the load generator (this process) on the
 * same cores. The calls are the ones the desktop page makes after a sign-in, as Chromium records
 * them (the images it loads, the unit logo and app icons, are left out: a browser caches them).
 *
 * Printed per database: requests per second answered with envelope status 200, p50, p90 and
 * p99 of the desktop calls, errors (any answer that is not envelope 200, or no answer), and the
 * sign-ins apart (Argon2id is their cost, not the desktop's), and the p99 of the calls answered
 * once every user had signed in (the steady state, without the burst of sign-ins at the start).
 * Then PostgreSQL's throughput as a ratio of SQLite's. Goals: 0 errors, p99 under 250 ms on both, PostgreSQL ≥ 0.8 × SQLite.
 *
 *   npm run bell-time -w @campus/bench      or      npx tsx bench/bell-time.ts
 *   BENCH_USERS=500 BENCH_DURATION=60 BENCH_PG_URL (default TEST_DATABASE_URL or the local
 *   postgres://postgres@127.0.0.1:5432/test) BENCH_REDIS_URL (default redis://127.0.0.1:6379)
 *   BENCH_POOL_MAX (DATABASE_POOL_MAX of the PostgreSQL portal, default the server's own)
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ACCESS_COOKIE, uaaEndpoints } from '@campus/contracts/uaa';
import {
  describeMachine,
  loginBody,
  portalEnv,
  printTable,
  startPortal,
  tempDataDir,
  type ChildServer,
} from './lib/harness.ts';
import { BENCH_ACCOUNTS, desktopCalls } from './lib/desktop-first-load.ts';
import { request } from './lib/envelope-request.ts';
import { cpuSecondsOfCommands, cpuTimesOf } from './lib/proc-cpu.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 500);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 60);
const PG_URL =
  process.env.BENCH_PG_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const GOALS = { p99Ms: 250, pgRatio: 0.8 };

/** The database's own processes, whose CPU a desktop call costs beside the portal's. */
const STORE_COMMANDS = ['postgres', 'redis-server'] as const;

/** A request of the run: an answer within 30 s, as the envelope says (bench/lib). */
const REQUEST_TIMEOUT_MS = 30_000;

/** CPU seconds, user and kernel, a process has used so far. */
function cpuSeconds(pid: number): number {
  const { user, system } = cpuTimesOf(pid);
  return user + system;
}

interface RunResult {
  label: string;
  desktop: number[];
  desktopErrors: number;
  signIns: number[];
  signInErrors: number;
  seconds: number;
  /**
   * CPU milliseconds per desktop call once every user has signed in (Argon2id left out): the
   * portal's process, and the database's processes (PostgreSQL's backends and Redis; SQLite
   * runs inside the portal). Less sensitive to other load on the machine than req/s.
   */
  cpuPerCall?: { portal: number; store: number };
  /** Index in `desktop` of the first call answered once every user had signed in. */
  steadyFrom?: number;
}

/** BENCH_USERS virtual users against `baseUrl` for BENCH_DURATION seconds. */
async function bellTime(label: string, server: ChildServer): Promise<RunResult> {
  const baseUrl = server.url;
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: USERS });
  const result: RunResult = {
    label,
    desktop: [],
    desktopErrors: 0,
    signIns: [],
    signInErrors: 0,
    seconds: DURATION_S,
  };
  const started = performance.now();
  const deadline = started + DURATION_S * 1000;
  const cpuNow = () => ({
    portal: cpuSeconds(server.pid),
    store: cpuSecondsOfCommands(STORE_COMMANDS),
    calls: result.desktop.length,
  });
  let signedIn = 0;
  let cpuFrom: ReturnType<typeof cpuNow> | undefined;
  const user = async (n: number): Promise<void> => {
    const account = BENCH_ACCOUNTS[n % BENCH_ACCOUNTS.length]!;
    let cookie = '';
    while (performance.now() < deadline && !cookie) {
      const login = await request(
        agent,
        base,
        'POST',
        uaaEndpoints.login.path,
        { 'content-type': 'application/x-www-form-urlencoded', device: 'pc:portal' },
        loginBody(account.username, account.password),
        REQUEST_TIMEOUT_MS,
      );
      result.signIns.push(login.ended - login.started);
      if (login.ok && login.token) cookie = `${ACCESS_COOKIE}=${login.token}`;
      else result.signInErrors += 1;
    }
    if (cookie && ++signedIn === USERS) {
      cpuFrom = cpuNow();
      result.steadyFrom = result.desktop.length;
    }
    while (performance.now() < deadline) {
      for (const path of desktopCalls(account.userId)) {
        if (performance.now() >= deadline) return;
        const answer = await request(
          agent,
          base,
          'GET',
          path,
          { cookie, device: 'pc:portal' },
          undefined,
          REQUEST_TIMEOUT_MS,
        );
        if (answer.ok) result.desktop.push(answer.ended - answer.started);
        else result.desktopErrors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: USERS }, (_, n) => user(n)));
  result.seconds = (performance.now() - started) / 1000;
  const cpuTo = cpuNow();
  if (cpuFrom && cpuTo.calls > cpuFrom.calls) {
    const calls = cpuTo.calls - cpuFrom.calls;
    result.cpuPerCall = {
      portal: ((cpuTo.portal - cpuFrom.portal) * 1000) / calls,
      store: ((cpuTo.store - cpuFrom.store) * 1000) / calls,
    };
  }
  agent.destroy();
  return result;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A fresh PostgreSQL database for the run, dropped afterwards. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_bell_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const servers: ChildServer[] = [];
const folders: { remove(): void }[] = [];
let database: { drop(): Promise<void> } | undefined;
try {
  console.log(`bell-time: ${describeMachine()}`);
  console.log(`  ${USERS} virtual users for ${DURATION_S} s per database, no pause between calls`);
  const results: RunResult[] = [];

  const sqliteData = tempDataDir();
  folders.push(sqliteData);
  const sqlite = await startPortal(portalEnv(sqliteData.dir));
  servers.push(sqlite);
  results.push(await bellTime('SQLite', sqlite));
  await sqlite.stop();

  const pgData = tempDataDir();
  folders.push(pgData);
  const fresh = await freshPostgres();
  database = fresh;
  const postgres = await startPortal({
    ...portalEnv(pgData.dir),
    DATABASE_URL: fresh.url,
    REDIS_URL,
    DATABASE_POOL_MAX: process.env.BENCH_POOL_MAX,
  });
  servers.push(postgres);
  results.push(await bellTime('PostgreSQL + Redis', postgres));
  await postgres.stop();

  const rows = results.map((r) => {
    const sorted = [...r.desktop].sort((a, b) => a - b);
    const signIns = [...r.signIns].sort((a, b) => a - b);
    return [
      r.label,
      Math.round(r.desktop.length / r.seconds),
      percentile(sorted, 50).toFixed(0),
      percentile(sorted, 90).toFixed(0),
      percentile(sorted, 99).toFixed(0),
      r.steadyFrom === undefined
        ? '-'
        : percentile(
            r.desktop.slice(r.steadyFrom).sort((a, b) => a - b),
            99,
          ).toFixed(0),
      r.desktopErrors,
      `${signIns.length - r.signInErrors}/${signIns.length}`,
      percentile(signIns, 50).toFixed(0),
      percentile(signIns, 99).toFixed(0),
      r.cpuPerCall ? r.cpuPerCall.portal.toFixed(3) : '-',
      r.cpuPerCall ? r.cpuPerCall.store.toFixed(3) : '-',
    ];
  });
  console.log('');
  printTable(
    [
      'database',
      'req/s',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'p99 once all in',
      'errors',
      'sign-ins ok',
      'sign-in p50',
      'sign-in p99',
      'portal CPU ms/call',
      'store CPU ms/call',
    ],
    rows,
  );
  const [lite, post] = results as [RunResult, RunResult];
  const ratio = post.desktop.length / post.seconds / (lite.desktop.length / lite.seconds);
  const p99 = (r: RunResult) =>
    percentile(
      [...r.desktop].sort((a, b) => a - b),
      99,
    );
  const errors = results.reduce((n, r) => n + r.desktopErrors + r.signInErrors, 0);
  console.log('');
  console.log(
    `PostgreSQL/SQLite = ${ratio.toFixed(2)} (goal >= ${GOALS.pgRatio}): ${ratio >= GOALS.pgRatio ? 'met' : 'NOT met'}`,
  );
  for (const r of results) {
    const met = p99(r) < GOALS.p99Ms;
    console.log(
      `${r.label} p99 ${p99(r).toFixed(0)} ms (goal < ${GOALS.p99Ms}): ${met ? 'met' : 'NOT met'}`,
    );
  }
  console.log(`errors ${errors} (goal 0): ${errors === 0 ? 'met' : 'NOT met'}`);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.drop();
  for (const f of folders) f.remove();
}
