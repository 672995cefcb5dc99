/**
 * Session cookies (DESIGN.md §4): HttpOnly and SameSite=Lax; the refresh cookie is
 * scoped to the refresh path so no other request carries it; both Secure when the
 * public URL is https.
 */
import type { FastifyReply } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_PATH } from '@campus/contracts/uaa';
import { ACCESS_TTL_MS, REFRESH_TTL_MS } from './session.service.ts';

export function setSessionCookies(
  reply: FastifyReply,
  tokens: { accessToken: string; refreshToken: string },
  secure: boolean,
): void {
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: ACCESS_TTL_MS / 1000,
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: REFRESH_PATH,
    maxAge: REFRESH_TTL_MS / 1000,
  });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(ACCESS_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });
}
