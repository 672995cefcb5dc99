/**
 * A store the portal depends on is down (PostgreSQL or Redis restarting, unreachable): the
 * request cannot be served now but can be in a moment, so it answers HTTP 503 with the envelope
 * and a clear message, not the 500 of an unexpected error (issue 15 §3, bench/faults.ts).
 * Recognised by what the drivers throw, without importing them:
 *
 * - a socket that could not connect or was cut (ECONNREFUSED, ECONNRESET, …);
 * - pg's own messages for a connection that ended or a pool that could not connect in time;
 * - PostgreSQL's SQLSTATE class 08 (connection exception) and 57P01–57P03 (shutting down,
 *   crashed, starting up), and 53300 (too many connections);
 * - ioredis's MaxRetriesPerRequestError and "Connection is closed."
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  /^Connection terminated/,
  /not queryable/,
  /timeout exceeded when trying to connect/,
  /^Connection is closed/,
  /^Stream isn't writeable/,
];

/** The envelope code of such an answer (beside the contracts' ErrorCode values). */
export const UNAVAILABLE_CODE = 'service_unavailable';

export function isUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code))) return true;
  if (typeof code === 'string' && /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  if (MESSAGES.some((m) => m.test(error.message))) return true;
  // AggregateError (a connection tried on several addresses) and wrapped causes.
  const { errors } = error as { errors?: unknown };
  if (Array.isArray(errors) && errors.some((e) => isUnavailable(e, depth + 1))) return true;
  return isUnavailable(error.cause, depth + 1);
}
