/**
 * Where the server's logs go: stdout, written in batches. pino's default destination hands each
 * line to libuv's thread pool on its own, one `fs.write` and one thread wake-up per line, so per
 * request (one line, request-log.ts); that cost GET /me about 20 µs of CPU per request, more than
 * everything the portal's own code does for it (issue 15 §1, bench/me-throughput). Lines gather
 * up to LOG_BATCH_BYTES and go out at the latest every LOG_FLUSH_MS; pino writes whatever is left
 * when the process exits (its exit handler flushes synchronously), so a shutdown or a crash that
 * reaches `exit` loses nothing; only a SIGKILL can lose the last second.
 */
import pino from 'pino';

export const LOG_BATCH_BYTES = 8192;
export const LOG_FLUSH_MS = 1000;

let stdout: pino.DestinationStream | undefined;

/** One batched stdout destination per process, shared by every app it builds (tests build many). */
export function batchedStdout(): pino.DestinationStream {
  stdout ??= pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BATCH_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  return stdout;
}
