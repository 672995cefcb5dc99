/**
 * `/metrics` (issue 15 §1): Prometheus text with the per-route latency histogram, the event-loop
 * lag, the session cache's hits and misses and, on PostgreSQL, the pool; readable from this
 * machine only, or with METRICS_TOKEN by its bearer only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signIn, startTestServer, type TestServer } from './helpers/test-server.ts';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { DEFAULT_POOL_MAX } from '../../src/config.ts';

const TOKEN = 'metrics-secret-0123456789';
let open: TestServer;
let guarded: TestServer;

beforeAll(async () => {
  open = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  guarded = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

async function scrape(server: TestServer, headers: Record<string, string> = {}) {
  const reply = await server.client().fetchBytes('/metrics', { headers });
  return {
    http: reply.http,
    type: reply.headers.get('content-type'),
    text: reply.bytes.toString(),
  };
}

/** The value of one sample line, e.g. `cache_lookups_total{cache="session",result="hit"}`. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : NaN;
}

describe(`GET /metrics on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers Prometheus text: per-route latency, event-loop lag, session cache, pool', async () => {
    const teacher = open.client();
    await signIn(teacher, DEMO.teacher);
    for (let i = 0; i < 3; i++)
      expect((await teacher.get(uaaEndpoints.me.path)).body.status).toBe(200);

    const { http, type, text } = await scrape(open);
    expect(http).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    // The route pattern, never the raw URL.
    expect(
      sample(
        text,
        `http_request_duration_seconds_count{method="GET",route="${uaaEndpoints.me.path}",status_code="200"}`,
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(
      sample(text, 'cache_lookups_total{cache="session",result="hit"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, 'cache_lookups_total{cache="session",result="miss"}'),
    ).toBeGreaterThanOrEqual(1);
    if (open.kind === 'postgres') {
      expect(sample(text, 'db_pool_max_connections')).toBe(DEFAULT_POOL_MAX);
      expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_acquire_seconds_count')).toBeGreaterThan(0);
      expect(text).toMatch(/^db_pool_waiting_requests \d/m);
    } else {
      expect(text).not.toContain('db_pool_connections');
    }
  });

  it('answers 404 to a client elsewhere (the address TRUST_PROXY resolves)', async () => {
    const elsewhere = await scrape(open, { 'x-forwarded-for': '203.0.113.9' });
    expect(elsewhere.http).toBe(404);
    expect(elsewhere.text).not.toContain('http_request_duration_seconds');
  });

  it('with METRICS_TOKEN, answers its bearer only', async () => {
    expect((await scrape(guarded)).http).toBe(404);
    expect((await scrape(guarded, { authorization: 'Bearer wrong-token-0123456789' })).http).toBe(
      404,
    );
    const allowed = await scrape(guarded, { authorization: `Bearer ${TOKEN}` });
    expect(allowed.http).toBe(200);
    expect(allowed.text).toContain('http_request_duration_seconds');
  });
});
