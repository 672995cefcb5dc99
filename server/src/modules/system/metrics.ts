/**
 * Prometheus metrics at `/metrics` (issue 15 §1), with prom-client, named as Prometheus and
 * Fastify users expect (fastify-metrics' names):
 * - `http_request_duration_seconds{method,route,status_code}`: a histogram per route pattern
 *   (never the raw URL, which would make a series per id);
 * - prom-client's default process and Node metrics, `nodejs_eventloop_lag_seconds` among them;
 * - `db_pool_connections{state}`, `db_pool_max_connections`, `db_pool_waiting_requests` and
 *   `db_pool_acquire_seconds` (PostgreSQL; SQLite has no pool);
 * - `cache_lookups_total{cache,result}`: hits and misses of the in-process caches.
 * Who may read them: with METRICS_TOKEN set, a request bearing it; else only this machine
 * (the client address as TRUST_PROXY resolves it), so a public deployment leaks nothing.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { RouteLatencyHistogram } from './route-latency.ts';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** What the rest of the server reports into. */
export interface Metrics {
  registry: Registry;
  /** A cache lookup (e.g. the session cache): hit or miss. */
  cacheLookup(cache: string, hit: boolean): void;
  /** How long a request waited for a database connection. */
  poolAcquired(seconds: number): void;
}

/** Latency buckets in seconds: the desktop's calls are milliseconds, an upload seconds. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(options: { poolStats?: () => PoolStats } = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Every signed-in request looks up the session cache: it adds to a plain tally, which the
  // counter takes in when scraped (prom-client's inc() checks and keys its labels per call).
  const tallies = new Map<string, { hit: number; miss: number }>();
  new Counter({
    name: 'cache_lookups_total',
    help: 'Lookups of the in-process caches, by cache and result (hit or miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      for (const [name, tally] of tallies) {
        if (tally.hit > 0) this.inc({ cache: name, result: 'hit' }, tally.hit);
        if (tally.miss > 0) this.inc({ cache: name, result: 'miss' }, tally.miss);
        tally.hit = 0;
        tally.miss = 0;
      }
    },
  });
  const acquire = new Histogram({
    name: 'db_pool_acquire_seconds',
    help: 'Time a query waited for a database connection from the pool',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const { poolStats } = options;
  if (poolStats) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections of the pool, by state (total, idle)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'db_pool_max_connections',
      help: 'The most connections the pool opens (DATABASE_POOL_MAX)',
      registers: [registry],
      collect() {
        this.set(poolStats().max);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a database connection',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }
  return {
    registry,
    cacheLookup: (name, hit) => {
      let tally = tallies.get(name);
      if (!tally) tallies.set(name, (tally = { hit: 0, miss: 0 }));
      if (hit) tally.hit += 1;
      else tally.miss += 1;
    },
    poolAcquired: (seconds) => acquire.observe(seconds),
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length).trim());
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Times every request by its route pattern and serves `/metrics`. */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  options: { token: string | undefined },
): void {
  const duration = new RouteLatencyHistogram({
    name: 'http_request_duration_seconds',
    help: 'Request duration in seconds, by method, route pattern and status code',
    buckets: LATENCY_BUCKETS,
    registry: metrics.registry,
  });
  // A callback hook, not an async one: no promise and no extra turn per request.
  app.addHook('onResponse', (request, reply, done) => {
    duration.observeRequest(
      request.method,
      // The pattern (with `:name` parameters), or one label for whatever matched no route.
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const allowed = options.token
      ? bearerMatches(request.headers.authorization, options.token)
      : LOOPBACK.has(request.ip);
    if (!allowed) return reply.code(404).type('text/plain').send('Not Found');
    return reply
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
