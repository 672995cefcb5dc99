/**
 * Sessions (DESIGN.md §4): an access token (2 h) and a refresh token (30 days) per
 * sign-in, grouped in a family. Refresh rotates the refresh token; presenting a used
 * one again means it was stolen or replayed, so the whole family is revoked. The app
 * client id of spec §4 is a third, single-use credential of the same family.
 */
import { randomUUID } from 'node:crypto';
import { BodyStatus, ErrorCode } from '@campus/contracts/envelope';
import { AppError, unauthorized } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AuditService, PendingAuditEntry } from '../audit/audit.service.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionEvents } from './session-events.ts';
import { hashToken, newToken } from './tokens.ts';
import type { SessionUserRecord, UaaRepository, UserRecord } from './uaa.repository.ts';

export const ACCESS_TTL_MS = 2 * 60 * 60 * 1000;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const CLIENT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Two tabs may refresh with the same cookie at the same moment. A second use this soon
 * after the first is treated as that race, not as theft: it fails without revoking.
 */
export const REFRESH_RACE_GRACE_MS = 10_000;

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  device: string | undefined;
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  userClientId: string;
  sessionId: string;
  familyId: string;
}

export type SessionUser = SessionUserRecord;

export class SessionService {
  constructor(
    private readonly repository: UaaRepository,
    private readonly audit: AuditService,
    private readonly clock: () => number,
    private readonly cache: SessionCache,
    private readonly events: SessionEvents,
    /** The family module answers whether two accounts are a linked teacher and parent. */
    private readonly links: { areLinked(userA: string, userB: string): Promise<boolean> },
  ) {}

  /** Revokes a family in the database and evicts it from every instance's cache. */
  private async revokeFamily(familyId: string, at: number): Promise<void> {
    await this.repository.revokeFamily(familyId, at);
    await this.events.publish({ kind: 'family', id: familyId });
  }

  /**
   * Starts a new sign-in: a new family (or `familyId`'s, on a refresh) with its access, refresh
   * and app-client tokens; `audit` is the sign-in's entry, committed with them.
   */
  async issue(
    user: Pick<UserRecord, 'id'>,
    meta: RequestMeta,
    { familyId = randomUUID(), audit }: { familyId?: string; audit?: PendingAuditEntry } = {},
  ): Promise<IssuedSession> {
    const now = this.clock();
    const accessToken = newToken();
    const refreshToken = newToken();
    const userClientId = newToken();
    const sessionId = randomUUID();
    // One transaction: a session is never stored without its refresh token and client id, and
    // SQLite commits once instead of three times (issue 15 §1, bench/login-throughput).
    await this.repository.insertSignIn(
      {
        id: sessionId,
        userId: user.id,
        familyId,
        accessTokenHash: hashToken(accessToken),
        accessExpiresAt: now + ACCESS_TTL_MS,
        device: meta.device?.slice(0, 64) ?? null,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 256) ?? null,
        createdAt: now,
      },
      {
        id: randomUUID(),
        familyId,
        userId: user.id,
        tokenHash: hashToken(refreshToken),
        expiresAt: now + REFRESH_TTL_MS,
        usedAt: null,
        revokedAt: null,
        createdAt: now,
      },
      {
        id: randomUUID(),
        kind: 'client',
        userId: user.id,
        tokenHash: hashToken(userClientId),
        deviceId: null,
        familyId,
        expiresAt: now + CLIENT_TTL_MS,
        usedAt: null,
        revokedAt: null,
        createdAt: now,
      },
      audit ? [audit.statement] : [],
    );
    return { accessToken, refreshToken, userClientId, sessionId, familyId };
  }

  /** The signed-in user for an access token, or undefined when it is unknown, expired or revoked. */
  async resolve(accessToken: string): Promise<SessionUser | undefined> {
    return (await this.authenticate(accessToken))?.user;
  }

  /** The signed-in user and the token's hash (the cache key of what hangs off the session). */
  async authenticate(
    accessToken: string,
  ): Promise<{ user: SessionUser; tokenHash: string } | undefined> {
    return this.authenticateNow(accessToken);
  }

  /**
   * authenticate(), answered without a promise when the session cache holds the token: the
   * per-request guard's fast path (core/auth.ts). The cache is the same one revocation evicts.
   * `fresh` (the request asked `Cache-Control: no-cache`) reads the database and caches anew.
   */
  authenticateNow(
    accessToken: string,
    fresh = false,
  ):
    | { user: SessionUser; tokenHash: string }
    | undefined
    | Promise<{ user: SessionUser; tokenHash: string } | undefined> {
    const tokenHash = hashToken(accessToken);
    const cached = fresh ? undefined : this.cache.get(tokenHash);
    if (cached) return { user: cached, tokenHash };
    return this.authenticateStored(tokenHash);
  }

  /** The session as the database has it, cached when valid. */
  private async authenticateStored(
    tokenHash: string,
  ): Promise<{ user: SessionUser; tokenHash: string } | undefined> {
    const loadedAt = this.cache.version;
    const row = await this.repository.findSessionUser(tokenHash);
    if (!row || row.revokedAt !== null || row.accessExpiresAt <= this.clock()) return undefined;
    if (row.userStatus !== 1 || row.unitStatus !== 1) return undefined;
    const { revokedAt: _revoked, ...user } = row;
    this.cache.set(tokenHash, user, loadedAt);
    return { user, tokenHash };
  }

  /** Rotates a refresh token into a fresh session of the same family. */
  async refresh(
    refreshToken: string,
    meta: RequestMeta,
  ): Promise<IssuedSession & { userId: string }> {
    const now = this.clock();
    const row = await this.repository.findRefreshToken(hashToken(refreshToken));
    if (!row || row.revokedAt !== null || row.expiresAt <= now) throw unauthorized();
    if (row.usedAt !== null || !(await this.repository.markRefreshUsed(row.id, now))) {
      const usedAt = row.usedAt ?? now;
      if (now - usedAt > REFRESH_RACE_GRACE_MS) {
        await this.revokeFamily(row.familyId, now);
        await this.audit.record('session.refresh_reuse', {
          userId: row.userId,
          ip: meta.ip,
          detail: { familyId: row.familyId },
        });
      }
      throw unauthorized();
    }
    const user = await this.repository.findUserById(row.userId);
    if (!user || user.status !== 1 || user.unitStatus !== 1) throw unauthorized();
    const issued = await this.issue(user, meta, { familyId: row.familyId });
    await this.repository.revokeOtherSessions(row.familyId, issued.sessionId, now);
    await this.events.publish({ kind: 'family', id: row.familyId });
    return { ...issued, userId: user.id };
  }

  /** Spec §4: after a failed refresh, the app client signs in again with its client id. */
  async loginWithClientId(
    userClientId: string,
    meta: RequestMeta,
  ): Promise<IssuedSession & { user: UserRecord }> {
    const now = this.clock();
    const row = await this.repository.findDeviceCredential('client', hashToken(userClientId));
    if (!row || row.revokedAt !== null || row.expiresAt <= now) throw unauthorized();
    if (row.usedAt !== null || !(await this.repository.markCredentialUsed(row.id, now))) {
      if (row.familyId) await this.revokeFamily(row.familyId, now);
      await this.audit.record('session.client_reuse', { userId: row.userId, ip: meta.ip });
      throw unauthorized();
    }
    const user = await this.repository.findUserById(row.userId);
    if (!user || user.status !== 1 || user.unitStatus !== 1) throw unauthorized();
    if (row.familyId) await this.revokeFamily(row.familyId, now);
    const issued = await this.issue(user, meta);
    return { ...issued, user };
  }

  /**
   * Re-login (spec §7): a still-valid access token, typically held by the desktop
   * client, is exchanged for a browser session of its own. An expired token is refused.
   */
  async relogin(
    accessToken: string,
    meta: RequestMeta,
  ): Promise<IssuedSession & { user: SessionUser }> {
    const user = await this.resolve(accessToken);
    if (!user) throw unauthorized();
    const issued = await this.issue({ id: user.userId }, meta, {
      audit: this.audit.pending('session.relogin', {
        userId: user.userId,
        unitId: user.unitId,
        ip: meta.ip,
      }),
    });
    return { ...issued, user };
  }

  async logout(user: SessionUser, meta: RequestMeta): Promise<void> {
    await this.revokeFamily(user.familyId, this.clock());
    await this.audit.record('logout', { userId: user.userId, unitId: user.unitId, ip: meta.ip });
  }

  /** Spec §6: linked teacher and parent accounts switch without a password. */
  async switchTo(
    user: SessionUser,
    targetUserId: string,
    meta: RequestMeta,
  ): Promise<IssuedSession & { target: UserRecord }> {
    if (targetUserId === user.userId) {
      throw new AppError(
        BodyStatus.badRequest,
        ErrorCode.validation,
        bilingual('已经是当前账号', 'This is already the current account'),
        {
          fieldErrors: [
            {
              field: 'userId',
              message: bilingual('已经是当前账号', 'This is already the current account'),
            },
          ],
        },
      );
    }
    const target = (await this.links.areLinked(user.userId, targetUserId))
      ? await this.repository.findUserById(targetUserId)
      : undefined;
    if (!target || target.status !== 1 || target.unitStatus !== 1) {
      throw new AppError(
        BodyStatus.forbidden,
        ErrorCode.notLinked,
        bilingual(
          '只能切换到已关联的教师或家长账号',
          'You can only switch to your linked teacher or parent account',
        ),
      );
    }
    await this.revokeFamily(user.familyId, this.clock());
    const issued = await this.issue(target, meta, {
      audit: this.audit.pending('account.switch', {
        userId: user.userId,
        unitId: user.unitId,
        ip: meta.ip,
        detail: { fromUserId: user.userId, toUserId: target.id },
      }),
    });
    return { ...issued, target };
  }
}
