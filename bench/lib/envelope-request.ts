/**
 * One HTTP request of a load benchmark (bench/bell-time, bench/faults) on a shared keep-alive
 * agent, read as the portal's envelope: `ok` only for HTTP 200 carrying envelope status 200, and
 * otherwise what the failure was, so a benchmark never counts a fast error page as served.
 */
import http from 'node:http';
import { ACCESS_COOKIE } from '@campus/contracts/uaa';

export interface Answer {
  ok: boolean;
  /** ok, or what the failure was: `http 503 envelope 503 service_unavailable`, `timeout`, … */
  kind: string;
  httpStatus: number;
  started: number;
  ended: number;
  /** The access token a sign-in set (the access cookie's value). */
  token?: string;
}

export function request(
  agent: http.Agent,
  base: URL,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Omit<Answer, 'started' | 'ended'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, started, ended: performance.now() });
    };
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method, path, headers, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const httpStatus = res.statusCode ?? 0;
          let envelope: { status?: number; code?: string } | undefined;
          try {
            envelope = JSON.parse(Buffer.concat(chunks).toString()) as typeof envelope;
          } catch {
            envelope = undefined;
          }
          const ok = httpStatus === 200 && envelope?.status === 200;
          const token = (res.headers['set-cookie'] ?? [])
            .map((c) => c.split(';')[0] ?? '')
            .find((c) => c.startsWith(`${ACCESS_COOKIE}=`))
            ?.slice(ACCESS_COOKIE.length + 1);
          done({
            ok,
            httpStatus,
            kind: ok
              ? 'ok'
              : envelope && typeof envelope.status === 'number'
                ? `http ${httpStatus} envelope ${envelope.status} ${envelope.code ?? ''}`.trim()
                : `http ${httpStatus} not an envelope (${method})`,
            ...(token ? { token } : {}),
          });
        });
        res.on('error', () =>
          done({ ok: false, httpStatus: 0, kind: `connection error (${method})` }),
        );
      },
    );
    req.on('timeout', () => {
      done({ ok: false, httpStatus: 0, kind: `timeout (${timeoutMs} ms)` });
      req.destroy();
    });
    req.on('error', () => done({ ok: false, httpStatus: 0, kind: `connection error (${method})` }));
    req.end(body);
  });
}
