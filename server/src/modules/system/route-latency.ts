/**
 * `http_request_duration_seconds{method,route,status_code}`: the per-route latency histogram,
 * observed once per request. prom-client's `observe(labels, value)` checks every label name and
 * builds a key string from the labels on each call (about 3 µs of the ~100 µs a cached GET /me
 * costs, issue 15 §1). Here a request finds its series through three map lookups (route
 * pattern → method → status) built once per series, and adds to plain numbers; the exposition
 * is built at scrape time in prom-client's own format (same names, labels, bucket order,
 * cumulative `le` buckets (`le` first) ending in `+Inf`, then `_sum` and `_count`), so a reader of `/metrics`
 * sees no difference. It extends prom-client's Histogram only to be a registry's metric; none
 * of the parent's per-call methods is used.
 */
import {
  Histogram,
  type MetricObjectWithValues,
  type MetricType,
  type MetricValueWithName,
  type Registry,
} from 'prom-client';

type Label = 'method' | 'route' | 'status_code';
/** The exposition's labels: the bucket lines add `le` (never a label of an observation). */
type ExportLabel = Label | 'le';

interface Series {
  labels: Record<Label, string>;
  /** Observations per bucket (not cumulative); the last slot counts those above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

export class RouteLatencyHistogram extends Histogram<ExportLabel> {
  /** Set by reset(), which prom-client's constructor calls before this class's fields exist. */
  declare private byRoute: Map<string, Map<string, Map<number, Series>>>;
  private readonly bounds: readonly number[];

  constructor(options: { name: string; help: string; buckets: number[]; registry: Registry }) {
    super({
      name: options.name,
      help: options.help,
      labelNames: ['method', 'route', 'status_code'],
      buckets: options.buckets,
      registers: [options.registry],
    });
    this.bounds = [...options.buckets].sort((a, b) => a - b);
  }

  /** One request: its method, route pattern, status code and duration in seconds. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(status) },
        counts: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
    }
    let slot = 0;
    while (slot < this.bounds.length && seconds > this.bounds[slot]!) slot += 1;
    series.counts[slot]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  override async get(): Promise<MetricObjectWithValues<MetricValueWithName<ExportLabel>>> {
    // Every metric has these at run time; prom-client's typings leave them out (and type
    // `type` as a numeric enum where the run time has the string 'histogram').
    const { name, help, type } = this as unknown as {
      name: string;
      help: string;
      type: MetricType;
    };
    const bucket = `${name}_bucket`;
    const values: MetricValueWithName<ExportLabel>[] = [];
    for (const byMethod of this.byRoute.values()) {
      for (const byStatus of byMethod.values()) {
        for (const { labels, counts, sum, count } of byStatus.values()) {
          let cumulative = 0;
          this.bounds.forEach((le, i) => {
            cumulative += counts[i]!;
            values.push({ labels: { le, ...labels }, value: cumulative, metricName: bucket });
          });
          values.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: bucket });
          values.push({ labels, value: sum, metricName: `${name}_sum` });
          values.push({ labels, value: count, metricName: `${name}_count` });
        }
      }
    }
    return { name, help, type, values, aggregator: 'sum', collect: () => undefined };
  }

  /** The registry's text exposition asks this first; the values are already flat. */
  getForPromString(): Promise<MetricObjectWithValues<MetricValueWithName<ExportLabel>>> {
    return this.get();
  }

  override reset(): void {
    this.byRoute = new Map();
  }
}
