/**
 * Who is calling: the access token comes from `Authorization: Bearer` (app clients) or
 * the HttpOnly access cookie (browsers) (DESIGN.md §4). Routes that need a session add
 * `preHandler: app.requireSession` and read `currentUser(request)`.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
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
    /** The session guard, a callback preHandler (route.ts); checkSession() is its promise form. */
    requireSession: (
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
    ) => void;
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

/** A valid session: its user and the token's hash (the key of what is cached for it). */
export interface Authenticated {
  user: SessionUser;
  tokenHash: string;
}

/**
 * Registers the session guard. `authenticate` answers at once when the session is cached and
 * with a promise when the database must be asked: the guard is a callback hook, so a cached
 * session (nearly every request) costs no promise and no extra turn (issue 15 §1). Either way
 * the token is checked on every request.
 */
export function registerAuth(
  app: FastifyInstance,
  authenticate: (
    token: string,
    fresh: boolean,
  ) => Authenticated | undefined | Promise<Authenticated | undefined>,
): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('accessToken', null);
  app.decorateRequest('accessTokenHash', null);
  const accept = (
    request: FastifyRequest,
    token: string,
    session: Authenticated | undefined,
  ): Error | undefined => {
    if (!session) return unauthorized();
    request.sessionUser = session.user;
    request.accessToken = token;
    request.accessTokenHash = session.tokenHash;
    return undefined;
  };
  const requireSession = (
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void => {
    const found = readAccessToken(request);
    if (!found) {
      done(unauthorized());
      return;
    }
    let session: ReturnType<typeof authenticate>;
    try {
      session = authenticate(found.token, asksFresh(request));
    } catch (error) {
      done(error as Error);
      return;
    }
    if (session instanceof Promise) {
      session.then((s) => done(accept(request, found.token, s)), done);
    } else {
      done(accept(request, found.token, session));
    }
  };
  app.decorate('requireSession', requireSession);
}

/**
 * True when the request says `Cache-Control: no-cache` (RFC 9111 §5.2.1.4): the SDK asks so
 * right after it changed the session (a child chosen, an account switched), and the answer must
 * then come from the database, not from a cache that another instance's change notice has not
 * reached yet.
 */
export function asksFresh(request: FastifyRequest): boolean {
  const header = request.headers['cache-control'];
  return typeof header === 'string' && /(^|,)\s*no-cache\s*(,|$)/i.test(header);
}

/** The session guard as a promise (for a request that needs no session but may carry one). */
export function checkSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  return new Promise((resolve, reject) =>
    request.server.requireSession(request, reply, (error) => (error ? reject(error) : resolve())),
  );
}

/** The session user of a route guarded by `requireSession`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
