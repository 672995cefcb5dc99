/**
 * Who is calling: the access token comes from `Authorization: Bearer` (app clients) or
 * the HttpOnly access cookie (browsers) (DESIGN.md §4). Routes that need a session add
 * `preHandler: app.requireSession` and read `currentUser(request)`.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ACCESS_COOKIE } from '@campus/contracts/uaa';
import type { SessionUser } from '../modules/uaa/session.service.ts';
import { unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    accessToken: string | null;
    /** SHA-256 of the access token: the key of what is cached for this session. */
    accessTokenHash: string | null;
  }
  interface FastifyInstance {
    requireSession: preHandlerAsyncHookHandler;
  }
}

export function readAccessToken(
  request: FastifyRequest,
): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return { token, via: 'bearer' };
  }
  const cookie = request.cookies[ACCESS_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

export function registerAuth(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<{ user: SessionUser; tokenHash: string } | undefined>,
): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('accessToken', null);
  app.decorateRequest('accessTokenHash', null);
  const requireSession: preHandlerAsyncHookHandler = async (request) => {
    const found = readAccessToken(request);
    const session = found ? await authenticate(found.token) : undefined;
    if (!session || !found) throw unauthorized();
    request.sessionUser = session.user;
    request.accessToken = found.token;
    request.accessTokenHash = session.tokenHash;
  };
  app.decorate('requireSession', requireSession);
}

/** The session user of a route guarded by `requireSession`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
