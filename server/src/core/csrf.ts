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

export function registerCsrfCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (!needsCsrfCheck(request.method, path)) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    const device = request.headers[DEVICE_HEADER];
    if (typeof device === 'string' && device.trim() !== '') return;
    if (sameOrigin(request, publicOrigin)) return;
    const body: Envelope<never> = {
      status: BodyStatus.forbidden,
      code: ErrorCode.csrf,
      message: bilingual(
        '请求来源校验失败，请刷新页面后重试',
        'The request origin could not be verified; reload the page and try again',
      ),
    };
    await reply.code(200).send(body);
  });
}
