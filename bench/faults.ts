/**
 * Faults survived (issue 15 §3): two portal instances behind nginx, on a PostgreSQL and a Redis
 * of the run's own (bench/lib/fault-cluster.ts), under FAULTS_USERS virtual users (100) for
 * FAULTS_PHASE_S seconds (24) per fault. Each virtual user signs in, calls the desktop's
 * first-load calls (bell-time's) with no pause, and signs in again every few rounds; a request
 * that fails is retried once, as the desktop's client does. The faults, FAULTS_AT_S (6) seconds
 * into their phase:
 *
 * 1. kill -9 of one instance; it is started again FAULTS_DOWN_S (6) seconds later;
 * 2. PostgreSQL stopped (pg_ctl -m fast) for FAULTS_DOWN_S seconds, then started again;
 *    then Redis stopped (SIGTERM) and started again the same way;
 * 3. SIGTERM to one instance (a graceful stop), which is started again once it has exited.
 *
 * Printed per fault: requests sent (retries included), requests that failed at the first try and
 * after the retry, what the failures answered, the longest request, HTTP 500s, recovery (from the
 * fault's end to the first good answer through the proxy, and to /readyz ready on both instances)
 * and what /readyz said during the fault. At the end, "nothing lost": every sign-in a user was
 * told succeeded must be a session row in the database (a write per sign-in), and the instances'
 * logs must hold no error.
 *
 *   npm run faults -w @campus/bench      or      npx tsx bench/faults.ts
 *   FAULTS_USERS=100 FAULTS_PHASE_S=24 FAULTS_AT_S=6 FAULTS_DOWN_S=6 FAULTS_TIMEOUT_MS=10000
 *   FAULTS_PORT=19710 (nginx; the instances, PostgreSQL and Redis take the next four ports)
 *   FAULTS_ONLY=kill,postgres,redis,sigterm (a subset of the faults)
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { FaultCluster, type Instance } from './lib/fault-cluster.ts';
import { describeMachine, loginBody, printTable } from './lib/harness.ts';
import { BENCH_ACCOUNTS, desktopCalls } from './lib/desktop-first-load.ts';
import { request, type Answer } from './lib/envelope-request.ts';

const USERS = Number(process.env.FAULTS_USERS ?? 100);
const PHASE_MS = Number(process.env.FAULTS_PHASE_S ?? 24) * 1000;
const FAULT_AT_MS = Number(process.env.FAULTS_AT_S ?? 6) * 1000;
const DOWN_MS = Number(process.env.FAULTS_DOWN_S ?? 6) * 1000;
const TIMEOUT_MS = Number(process.env.FAULTS_TIMEOUT_MS ?? 10_000);
const PORT = Number(process.env.FAULTS_PORT ?? 19710);
const ONLY = (process.env.FAULTS_ONLY ?? 'kill,postgres,redis,sigterm').split(',');
/** A user signs in again every this many rounds of desktop calls: a write to check afterwards. */
const SIGN_IN_EVERY = 3;
const RETRY_DELAY_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Phase {
  name: string;
  answers: Answer[];
  /** Requests that failed at the first try and again at the retry. */
  failedTwice: number;
  failedOnce: number;
  /** Sign-ins the user was told succeeded: the token, to look for in the database. */
  tokens: string[];
  faultStart: number;
  faultEnd: number;
  /** /readyz of each instance during the phase: [time, http status, body]. */
  readyz: { instance: string; at: number; status: number; body: string }[];
  note: string;
}

/** Polls /readyz of both instances every 200 ms until `stop` is set. */
async function pollReadyz(cluster: FaultCluster, phase: Phase, stop: { done: boolean }) {
  while (!stop.done) {
    await Promise.all(
      cluster.instances.map(async (instance) => {
        const at = performance.now();
        try {
          const response = await fetch(`${instance.url}/readyz`, {
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          phase.readyz.push({
            instance: instance.name,
            at,
            status: response.status,
            body: await response.text(),
          });
        } catch (error) {
          phase.readyz.push({ instance: instance.name, at, status: 0, body: String(error) });
        }
      }),
    );
    await sleep(200);
  }
}

/** USERS virtual users through the proxy for PHASE_MS, with `fault` run FAULT_AT_MS in. */
async function runPhase(
  cluster: FaultCluster,
  name: string,
  fault: (phase: Phase) => Promise<void>,
): Promise<Phase> {
  const base = new URL(cluster.proxyUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: USERS });
  const phase: Phase = {
    name,
    answers: [],
    failedTwice: 0,
    failedOnce: 0,
    tokens: [],
    faultStart: 0,
    faultEnd: 0,
    readyz: [],
    note: '',
  };
  const started = performance.now();
  const deadline = started + PHASE_MS;
  const send = async (
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> => {
    let answer = await request(agent, base, method, path, headers, body, TIMEOUT_MS);
    phase.answers.push(answer);
    if (!answer.ok) {
      phase.failedOnce += 1;
      await sleep(RETRY_DELAY_MS);
      answer = await request(agent, base, method, path, headers, body, TIMEOUT_MS);
      phase.answers.push(answer);
      if (!answer.ok) phase.failedTwice += 1;
    }
    return answer;
  };
  const user = async (n: number): Promise<void> => {
    const account = BENCH_ACCOUNTS[n % BENCH_ACCOUNTS.length]!;
    let cookie = '';
    for (let round = 0; performance.now() < deadline; round += 1) {
      if (!cookie || round % SIGN_IN_EVERY === 0) {
        const login = await send(
          'POST',
          uaaEndpoints.login.path,
          { 'content-type': 'application/x-www-form-urlencoded', device: 'pc:portal' },
          loginBody(account.username, account.password),
        );
        if (login.ok && login.token) {
          cookie = `ph_at=${login.token}`;
          phase.tokens.push(login.token);
        } else if (!cookie) {
          await sleep(RETRY_DELAY_MS);
          continue;
        }
      }
      for (const path of desktopCalls(account.userId)) {
        if (performance.now() >= deadline) return;
        await send('GET', path, { cookie, device: 'pc:portal' });
      }
    }
  };
  const stop = { done: false };
  const polling = pollReadyz(cluster, phase, stop);
  const faulting = (async () => {
    await sleep(FAULT_AT_MS);
    await fault(phase);
  })();
  await Promise.all([...Array.from({ length: USERS }, (_, n) => user(n)), faulting]);
  stop.done = true;
  await polling;
  agent.destroy();
  return phase;
}

function firstOkAfter(phase: Phase, at: number): number | undefined {
  const firsts = phase.answers.filter((a) => a.ok && a.started >= at).map((a) => a.ended);
  return firsts.length ? Math.min(...firsts) : undefined;
}

/** When both instances' /readyz answered 200 again, at or after `at`. */
function readyAfter(phase: Phase, at: number): number | undefined {
  let latest = 0;
  for (const instance of ['instance 1', 'instance 2']) {
    const ready = phase.readyz.find(
      (r) => r.instance === instance && r.at >= at && r.status === 200,
    );
    if (!ready) return undefined;
    latest = Math.max(latest, ready.at);
  }
  return latest;
}

/** What /readyz answered between the fault's start and end, distinct answers per instance. */
function readyzDuring(phase: Phase): string {
  const seen = new Set<string>();
  for (const r of phase.readyz)
    if (r.at >= phase.faultStart && r.at <= phase.faultEnd && r.status !== 200)
      seen.add(`${r.instance}: ${r.status} ${r.status ? r.body : 'no answer'}`);
  return [...seen].join('; ') || 'ready throughout';
}

async function restartLater(
  cluster: FaultCluster,
  instance: Instance,
  phase: Phase,
): Promise<void> {
  await sleep(DOWN_MS);
  phase.faultEnd = performance.now();
  await cluster.startInstance(instance);
}

const faults: Record<string, (cluster: FaultCluster) => [string, (phase: Phase) => Promise<void>]> =
  {
    kill: (cluster) => [
      'kill -9 one instance',
      async (phase) => {
        const victim = cluster.instances[1]!;
        phase.faultStart = performance.now();
        await cluster.killInstance(victim);
        await restartLater(cluster, victim, phase);
      },
    ],
    postgres: (cluster) => [
      'PostgreSQL restart',
      async (phase) => {
        phase.faultStart = performance.now();
        cluster.stopPostgres();
        await sleep(DOWN_MS);
        phase.faultEnd = performance.now();
        await cluster.startPostgres();
      },
    ],
    redis: (cluster) => [
      'Redis restart',
      async (phase) => {
        phase.faultStart = performance.now();
        await cluster.stopRedis();
        await sleep(DOWN_MS);
        phase.faultEnd = performance.now();
        await cluster.startRedis();
      },
    ],
    sigterm: (cluster) => [
      'SIGTERM one instance',
      async (phase) => {
        const victim = cluster.instances[1]!;
        phase.faultStart = performance.now();
        const code = await cluster.terminateInstance(victim);
        phase.faultEnd = performance.now();
        phase.note = `exited with code ${code} after ${(phase.faultEnd - phase.faultStart).toFixed(0)} ms`;
        await cluster.startInstance(victim);
      },
    ],
  };

function tokenHash(token: string): string {
  return createHash('sha256').update(decodeURIComponent(token)).digest('hex');
}

const cluster = new FaultCluster({ proxy: PORT });
const stopOnSignal = () => {
  void cluster.close().finally(() => process.exit(130));
};
process.once('SIGINT', stopOnSignal);
process.once('SIGTERM', stopOnSignal);
let failed: boolean;
try {
  console.log(`faults: ${describeMachine()}`);
  console.log(
    `  ${USERS} virtual users through nginx to two instances, ${PHASE_MS / 1000} s per fault, ` +
      `fault at ${FAULT_AT_MS / 1000} s, down ${DOWN_MS / 1000} s, client timeout ${TIMEOUT_MS} ms`,
  );
  await cluster.start();
  const phases: Phase[] = [];
  for (const key of ONLY) {
    const make = faults[key];
    if (!make) throw new Error(`no fault "${key}" (kill, postgres, redis, sigterm)`);
    const [name, fault] = make(cluster);
    console.log(`  running: ${name}`);
    phases.push(await runPhase(cluster, name, fault));
  }

  const rows = phases.map((p) => {
    const longest = Math.max(...p.answers.map((a) => a.ended - a.started));
    const firstOk = firstOkAfter(p, p.faultEnd);
    const ready = readyAfter(p, p.faultEnd);
    return [
      p.name,
      p.answers.length,
      p.failedOnce,
      p.failedTwice,
      p.answers.filter((a) => a.httpStatus === 500).length,
      longest.toFixed(0),
      firstOk === undefined ? 'never' : (firstOk - p.faultEnd).toFixed(0),
      ready === undefined ? 'never' : (ready - p.faultEnd).toFixed(0),
    ];
  });
  console.log('');
  printTable(
    [
      'fault',
      'sent',
      'failed',
      'failed after retry',
      'HTTP 500',
      'longest ms',
      'first good answer ms',
      '/readyz ready ms',
    ],
    rows,
  );
  console.log('');
  for (const p of phases) {
    const kinds = new Map<string, number>();
    for (const a of p.answers) if (!a.ok) kinds.set(a.kind, (kinds.get(a.kind) ?? 0) + 1);
    const during = p.answers.filter((a) => a.started >= p.faultStart && a.started <= p.faultEnd);
    console.log(`${p.name}${p.note ? ` (${p.note})` : ''}:`);
    console.log(
      `  fault lasted ${(p.faultEnd - p.faultStart).toFixed(0)} ms; requests sent during it ${during.length}, good ${during.filter((a) => a.ok).length}`,
    );
    console.log(`  failures: ${[...kinds].map(([k, n]) => `${n} × ${k}`).join(', ') || 'none'}`);
    console.log(`  /readyz during the fault: ${readyzDuring(p)}`);
  }

  // Nothing lost: every sign-in acknowledged to a user is a session row in the database.
  const tokens = phases.flatMap((p) => p.tokens);
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  const found = new Set(
    (
      await client.query<{ access_token_hash: string }>(
        'SELECT access_token_hash FROM sessions WHERE access_token_hash = ANY($1)',
        [tokens.map(tokenHash)],
      )
    ).rows.map((r) => r.access_token_hash),
  );
  await client.end();
  const lost = tokens.filter((t) => !found.has(tokenHash(t))).length;
  const errors = cluster.errorLines();
  console.log('');
  console.log(
    `nothing lost: ${tokens.length - lost} of ${tokens.length} acknowledged sign-ins are sessions in the database` +
      (lost ? ` (${lost} LOST)` : ''),
  );
  console.log(`instances' logs: ${errors.length} error lines`);
  for (const line of errors.slice(0, 5)) console.log(`  ${line.slice(0, 400)}`);

  const killPhase = phases.find((p) => p.name.startsWith('kill'));
  const termPhase = phases.find((p) => p.name.startsWith('SIGTERM'));
  const checks: [string, boolean][] = [
    ['no data lost', lost === 0],
    ['no HTTP 500', phases.every((p) => p.answers.every((a) => a.httpStatus !== 500))],
    [
      'no request past the client timeout',
      phases.every((p) => p.answers.every((a) => !a.kind.startsWith('timeout'))),
    ],
    ['kill -9: no request failed after one retry', !killPhase || killPhase.failedTwice === 0],
    ['SIGTERM: no request failed', !termPhase || termPhase.failedOnce === 0],
    [
      // A killed instance cuts what it was answering: nginx's 502 there is the retried request.
      'PostgreSQL and Redis down: every failure is an envelope',
      phases
        .filter((p) => /PostgreSQL|Redis/.test(p.name))
        .every((p) => p.answers.every((a) => a.ok || / envelope \d/.test(a.kind))),
    ],
    [
      'recovered by itself',
      phases.every((p) => firstOkAfter(p, p.faultEnd) !== undefined && readyAfter(p, p.faultEnd)),
    ],
  ];
  for (const [label, met] of checks) console.log(`${label}: ${met ? 'met' : 'NOT met'}`);
  failed = checks.some(([, met]) => !met);
} finally {
  await cluster.close();
}
process.exitCode = failed ? 1 : 0;
