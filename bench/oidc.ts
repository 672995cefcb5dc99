/**
 * Full OpenID Connect code flows per second (issue 12, Benchmarks): with a signed-in teacher's
 * session, each flow is the authorize page's Allow (`POST /api/uaa/shiyue_webauth` with a fresh
 * PKCE S256 challenge, state and nonce: the code), the token endpoint (the code and its
 * verifier: access, refresh and RS256-signed ID token) and userinfo (the bearer token); the three
 * calls of a flow are sequential, BENCH_CONNECTIONS flows run at once. A bare Fastify route is
 * measured in the same run (autocannon), rounds alternating, and the ratio printed is the median
 * of the rounds' flows/s ÷ bare req/s. Goal: at least 240 full flows per second on 2 cores
 * (Keycloak's sizing guide: about 120 token refreshes per second per vCPU).
 *
 *   npm run oidc -w @campus/bench      or      npx tsx bench/oidc.ts
 *   BENCH_DURATION=5 BENCH_ROUNDS=3 BENCH_CONNECTIONS=16 BENCH_LOG_LEVEL=info BENCH_ACCESS_LOG=notable
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import {
  describeMachine,
  envelopeOk,
  load,
  median,
  portalEnv,
  printTable,
  portalLogging,
  settings,
  signIn,
  startChildServer,
  startPortal,
  tempDataDir,
  type ChildServer,
  type LoadResult,
} from './lib/harness.ts';

const GOAL_FLOWS_PER_SECOND = 240;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const CLIENT_ID = 'demo-client';
const REDIRECT_URI = 'http://127.0.0.1:8090/callback';
const agent = new http.Agent({ keepAlive: true, maxSockets: connections * 2 });

interface Answer {
  status: number;
  body: string;
}

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** One whole flow; throws when any step does not answer as a client needs. */
async function flow(base: string, cookie: string): Promise<void> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const form = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile',
    state,
    nonce: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  const auth = await send(
    new URL('/api/uaa/shiyue_webauth', base),
    'POST',
    { 'content-type': 'application/x-www-form-urlencoded', device: 'pc:desktop', cookie },
    form,
  );
  const redirect = (JSON.parse(auth.body) as { data?: { redirect?: string } }).data?.redirect;
  const back = redirect ? new URL(redirect) : undefined;
  const code = back?.searchParams.get('code');
  if (!code || back?.searchParams.get('state') !== state)
    throw new Error(`authorize: ${auth.body.slice(0, 200)}`);

  const token = await send(
    new URL('/oidc/token', base),
    'POST',
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    }).toString(),
  );
  const tokens = JSON.parse(token.body) as { access_token?: string; id_token?: string };
  if (token.status !== 200 || !tokens.access_token || tokens.id_token?.split('.').length !== 3)
    throw new Error(`token: ${token.body.slice(0, 200)}`);

  const info = await send(new URL('/oidc/me', base), 'GET', {
    authorization: `Bearer ${tokens.access_token}`,
  });
  if (info.status !== 200 || !info.body.includes('"sub"'))
    throw new Error(`userinfo: ${info.body.slice(0, 200)}`);
}

interface FlowResult {
  label: string;
  flowsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  bad: number;
}

async function runFlows(base: string, cookie: string, seconds: number): Promise<FlowResult> {
  const end = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let bad = 0;
  let firstError: Error | undefined;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        await flow(base, cookie);
        latencies.push(performance.now() - start);
      } catch (error) {
        bad += 1;
        firstError ??= error instanceof Error ? error : new Error('a flow failed');
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  if (firstError && latencies.length === 0) throw firstError;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))] ?? 0);
  return {
    label: 'portal full code flow (authorize + token + userinfo)',
    flowsPerSecond: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p99: at(0.99),
    ok: latencies.length,
    bad,
  };
}

const data = tempDataDir();
const servers: ChildServer[] = [];
try {
  console.log(`oidc: ${describeMachine()}`);
  console.log(
    `  ${settings.rounds} rounds of ${settings.duration} s each after ${settings.warmup} s warm-up, ${connections} concurrent flows / connections, ${portalLogging}`,
  );
  const portal = await startPortal(portalEnv(data.dir));
  servers.push(portal);
  const bare = await startChildServer('bare-server.ts');
  servers.push(bare);
  const cookie = await signIn(portal.url, 'teacher', 'Teacher@2026');
  await flow(portal.url, cookie);
  const bareUrl = `${bare.url}/bare`;
  if (!envelopeOk(await (await fetch(bareUrl)).text()))
    throw new Error('GET /bare does not answer status 200');

  const bareTarget = { label: 'bare Fastify GET /bare', url: bareUrl, headers: {} };
  await load({ ...bareTarget, connections, duration: settings.warmup });
  await runFlows(portal.url, cookie, settings.warmup);

  const rows: (string | number)[][] = [];
  const ratios: number[] = [];
  const flowRates: number[] = [];
  for (let round = 1; round <= settings.rounds; round += 1) {
    const bareResult: LoadResult = await load({
      ...bareTarget,
      connections,
      duration: settings.duration,
    });
    const flows = await runFlows(portal.url, cookie, settings.duration);
    ratios.push(flows.flowsPerSecond / bareResult.okPerSecond);
    flowRates.push(flows.flowsPerSecond);
    rows.push([
      round,
      bareResult.label,
      bareResult.okPerSecond,
      bareResult.p50,
      bareResult.p99,
      bareResult.ok,
      bareResult.bad,
    ]);
    rows.push([
      round,
      flows.label,
      flows.flowsPerSecond,
      flows.p50,
      flows.p99,
      flows.ok,
      flows.bad,
    ]);
  }

  console.log('');
  printTable(['round', 'what', 'per s', 'p50 ms', 'p99 ms', 'ok', 'bad'], rows);
  const rate = median(flowRates);
  console.log('');
  console.log(`flows/bare req per round: ${ratios.map((r) => r.toFixed(3)).join(', ')}`);
  console.log(`flows/bare = ${median(ratios).toFixed(3)} (median)`);
  console.log(
    `full code flows = ${rate}/s (median; goal >= ${GOAL_FLOWS_PER_SECOND}/s on 2 cores): ${rate >= GOAL_FLOWS_PER_SECOND ? 'met' : 'NOT met'}`,
  );
  if (rows.some((r) => r[6] !== 0)) console.log('warning: some flows or requests failed');
} finally {
  agent.destroy();
  await Promise.all(servers.map((s) => s.stop()));
  data.remove();
}
