/**
 * The caller, when a request that needs no session carries a valid one (a page answer that
 * reads the user type, say). Reuses the session guard, so a token is checked one way only.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../modules/uaa/session.service.ts';
import { checkSession, readAccessToken } from './auth.ts';

/** The signed-in user, or null when the request carries no valid session. */
export async function sessionUserIfAny(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  if (request.sessionUser) return request.sessionUser;
  if (!readAccessToken(request)) return null;
  try {
    await checkSession(request, reply);
    return request.sessionUser;
  } catch {
    return null;
  }
}
