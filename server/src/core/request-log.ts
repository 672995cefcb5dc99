/**
 * Structured request logs: one line per request, written when it completes, instead of
 * Fastify's two (incoming and completed). The query string is left out: it may carry ids a log
 * reader has no need for.
 *
 * Which requests get an `info` line is `ACCESS_LOG` (config.ts):
 * - `notable` (the default): every request that may change something (not GET, HEAD or
 *   OPTIONS), every answer of 400 or more, and every request slower than `slowMs`; a quick,
 *   successful read is logged at `debug`. The reads are most of the traffic (GET /me is called
 *   by every page) and the proxy's access log has them; their line cost GET /me about a quarter
 *   of its throughput (issue 15 §1, bench/me-throughput: 0.55 of a bare route with it, 0.78
 *   without). Keycloak, too, leaves the HTTP access log off by default.
 * - `all`: an `info` line for every request, as before.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export type AccessLogMode = 'all' | 'notable';

export const ACCESS_LOG_MODES: readonly AccessLogMode[] = ['all', 'notable'];

/** A read slower than this is notable (ms). */
export const SLOW_REQUEST_MS = 500;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The logger levels at which a quiet read's `debug` line is written. */
const LINE_LEVELS = new Set(['debug', 'trace']);

export class OneLineRequestLog extends LogController {
  constructor(
    private readonly mode: AccessLogMode = 'notable',
    private readonly slowMs = SLOW_REQUEST_MS,
  ) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const quietRead =
      this.mode === 'notable' && READS.has(request.method) && status < 400 && ms < this.slowMs;
    if (quietRead && !LINE_LEVELS.has(reply.log.level)) return;
    const line = {
      method: request.method,
      path: request.url.split('?', 1)[0],
      status,
      ms: Math.round(ms * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else if (quietRead) reply.log.debug(line, 'request');
    else reply.log.info(line, 'request');
  }
}
