/**
 * CSRF defence (DESIGN.md §4): a state-changing request authenticated by cookie must
 * carry the `device` header, which a cross-site form or image cannot set, or come from
 * this origin. Bearer-token calls carry no ambient credential and pass. The GET calls
 * that change state (token refresh, account switch) are held to the same rule.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALL_ENDPOINTS } from '@campus/contracts/endpoints';
import { BodyStatus, ErrorCode, type Envelope } from '@campus/contracts/envelope';
import { DEVICE_HEADER } from '@campus/contracts/uaa';
import { bilingual } from './messages.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Both read from the contracts (`changesState`, `csrfExempt`): the rule follows the endpoint.
const STATE_CHANGING_GETS = new Set(
  ALL_ENDPOINTS.filter((e) => e.method === 'GET' && e.changesState).map((e) => e.path),
);
/** Form posts that change nothing (DESIGN.md §4: the table export). */
const EXEMPT_PATHS = new Set(ALL_ENDPOINTS.filter((e) => e.csrfExempt).map((e) => e.path));

function sameOrigin(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (publicOrigin && origin === publicOrigin) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

export function needsCsrfCheck(method: string, path: string): boolean {
  // `/zuul/…` is the API too, behind its old gateway prefix (spec §7's uploads, DESIGN.md §7).
  if (!path.startsWith('/api/') && !path.startsWith('/zuul/')) return false;
  if (EXEMPT_PATHS.has(path)) return false;
  return !SAFE_METHODS.has(method) || STATE_CHANGING_GETS.has(path);
}

/** The path of a request URL, without its query string. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

const REJECTION: Envelope<never> = {
  status: BodyStatus.forbidden,
  code: ErrorCode.csrf,
  message: bilingual(
    '请求来源校验失败，请刷新页面后重试',
    'The request origin could not be verified; reload the page and try again',
  ),
};

export function registerCsrfCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  const rejected = (request: FastifyRequest): boolean => {
    if (!needsCsrfCheck(request.method, pathOf(request.url))) return false;
    if (request.headers.authorization?.startsWith('Bearer ')) return false;
    const device = request.headers[DEVICE_HEADER];
    if (typeof device === 'string' && device.trim() !== '') return false;
    return !sameOrigin(request, publicOrigin);
  };
  // A callback hook, not an async one: every request passes here, and most pass on at once
  // without a promise (issue 15 §1). A rejection answers here and goes no further.
  app.addHook('onRequest', (request, reply, done) => {
    if (!rejected(request)) {
      done();
      return;
    }
    void reply.code(200).send(REJECTION);
  });
}
