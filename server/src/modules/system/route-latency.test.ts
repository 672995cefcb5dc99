import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteLatencyHistogram } from './route-latency.ts';

const NAME = 'http_request_duration_seconds';
const HELP = 'Request duration in seconds';
const BUCKETS = [0.001, 0.005, 0.01, 0.5];

const OBSERVATIONS: [string, string, number, number][] = [
  ['GET', '/api/uaa/oauth/me', 200, 0.0004],
  ['GET', '/api/uaa/oauth/me', 200, 0.001],
  ['GET', '/api/uaa/oauth/me', 200, 0.7],
  ['POST', '/api/uaa/oauth/login', 200, 0.2],
  ['GET', '/api/uaa/oauth/me', 404, 0.003],
  ['GET', 'unmatched', 404, 0.002],
];

describe('RouteLatencyHistogram', () => {
  it("exposes what prom-client's own Histogram exposes for the same requests", async () => {
    const ours = new Registry();
    const histogram = new RouteLatencyHistogram({
      name: NAME,
      help: HELP,
      buckets: BUCKETS,
      registry: ours,
    });
    const theirs = new Registry();
    const reference = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status_code'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of OBSERVATIONS) {
      histogram.observeRequest(method, route, status, seconds);
      reference.observe({ method, route, status_code: status }, seconds);
    }
    const lines = (text: string) => text.split('\n').sort();
    expect(lines(await ours.metrics())).toEqual(lines(await theirs.metrics()));
    expect(await ours.metrics()).toContain(
      `${NAME}_bucket{le="0.001",method="GET",route="/api/uaa/oauth/me",status_code="200"} 2`,
    );
    expect((await ours.getMetricsAsJSON())[0]?.values).toHaveLength(
      (await theirs.getMetricsAsJSON())[0]?.values.length ?? -1,
    );
  });

  it('starts empty again after a reset', async () => {
    const registry = new Registry();
    const histogram = new RouteLatencyHistogram({
      name: NAME,
      help: HELP,
      buckets: BUCKETS,
      registry,
    });
    histogram.observeRequest('GET', '/x', 200, 0.1);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('_count');
  });
});
