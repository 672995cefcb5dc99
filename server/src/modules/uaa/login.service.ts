/**
 * Password and remembered sign-in (spec §4, §7; DESIGN.md §5). Wrong credentials
 * answer 400 `invalid_grant` with the same words whether or not the account exists.
 */
import { randomUUID } from 'node:crypto';
import { BodyStatus, ErrorCode } from '@campus/contracts/envelope';
import type { LoginBody } from '@campus/contracts/uaa';
import { AppError, badRequest } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { IpFailureCounter } from './ip-failure-counter.ts';
import { afterFailure, isLocked, type LoginLimits } from './login-limits.ts';
import { decoyHash, verifyPassword } from './password.ts';
import {
  REMEMBER_TTL_MS,
  type IssuedSession,
  type RequestMeta,
  type SessionService,
} from './session.service.ts';
import { hashToken, newToken } from './tokens.ts';
import type { UaaRepository, UserRecord } from './uaa.repository.ts';
import { accountDisabled, accountLocked, ipThrottled } from './sign-in-errors.ts';

const invalidGrant = () =>
  new AppError(
    BodyStatus.badRequest,
    ErrorCode.invalidGrant,
    bilingual('用户名或密码错误', 'Incorrect user name or password'),
  );

export interface LoginResult {
  user: UserRecord;
  session: IssuedSession;
  rememberToken?: string;
}

export class LoginService {
  constructor(
    private readonly repository: UaaRepository,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly ipFailures: IpFailureCounter,
    private readonly limits: LoginLimits,
    private readonly clock: () => number,
  ) {}

  async login(body: LoginBody, meta: RequestMeta): Promise<LoginResult> {
    const username = body.username.trim();
    const password = body.password ?? '';
    if (username === '') {
      throw badRequest([
        { field: 'username', message: bilingual('用户名不能为空！', 'User name cannot be empty!') },
      ]);
    }
    if (password === '' && !body.rememberToken) {
      throw badRequest([
        { field: 'password', message: bilingual('密码不能为空！', 'Password cannot be empty!') },
      ]);
    }
    const now = this.clock();
    if ((await this.ipFailures.current(meta.ip, now)) >= this.limits.ipFailures) {
      await this.audit.record('login.ip_throttled', { ip: meta.ip, detail: { username } });
      throw ipThrottled(Math.ceil(this.limits.ipWindowMs / 60000));
    }

    const user = await this.repository.findUserByLoginName(username);
    if (user && isLocked(user, now))
      throw accountLocked(Math.ceil(((user.lockedUntil ?? now) - now) / 60000));

    const verified =
      password !== ''
        ? await this.checkPassword(user, password)
        : await this.checkRememberToken(user, body);
    if (!user || !verified) {
      const justLocked = await this.recordFailure(user, username, meta, now);
      throw justLocked
        ? accountLocked(Math.ceil(this.limits.accountLockMs / 60000))
        : invalidGrant();
    }
    if (user.status !== 1 || user.unitStatus !== 1) throw accountDisabled();

    if (user.failedCount > 0 || user.lockedUntil !== null) {
      await this.repository.setFailureState(user.id, {
        failedCount: 0,
        firstFailedAt: null,
        lockedUntil: null,
      });
    }
    const session = await this.sessions.issue(user, meta, {
      audit: this.audit.pending('login.success', {
        userId: user.id,
        unitId: user.unitId,
        ip: meta.ip,
        detail: { method: password !== '' ? 'password' : 'remember', device: meta.device ?? null },
      }),
    });
    const rememberToken =
      body.rememberMe && body.deviceId
        ? await this.issueRememberToken(user, body.deviceId)
        : undefined;
    return rememberToken ? { user, session, rememberToken } : { user, session };
  }

  private async checkPassword(user: UserRecord | undefined, password: string): Promise<boolean> {
    // Verify against a decoy when the account is unknown so timing does not reveal it.
    const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
    return user !== undefined && ok;
  }

  /** A remember token is single-use and bound to the device that asked for it. */
  private async checkRememberToken(
    user: UserRecord | undefined,
    body: LoginBody,
  ): Promise<boolean> {
    if (!user || !body.rememberToken || !body.deviceId) return false;
    const now = this.clock();
    const row = await this.repository.findDeviceCredential(
      'remember',
      hashToken(body.rememberToken),
    );
    if (!row || row.userId !== user.id || row.deviceId !== body.deviceId) return false;
    if (row.revokedAt !== null || row.expiresAt <= now) return false;
    if (!(await this.repository.markCredentialUsed(row.id, now))) {
      // A used remember token presented again: revoke it for good.
      await this.repository.revokeCredential(row.id, now);
      return false;
    }
    return true;
  }

  private async issueRememberToken(user: UserRecord, deviceId: string): Promise<string> {
    const token = newToken();
    const now = this.clock();
    await this.repository.insertDeviceCredential({
      id: randomUUID(),
      kind: 'remember',
      userId: user.id,
      tokenHash: hashToken(token),
      deviceId,
      familyId: null,
      expiresAt: now + REMEMBER_TTL_MS,
      usedAt: null,
      revokedAt: null,
      createdAt: now,
    });
    return token;
  }

  /** Counts the failure for the address and the account; true when it just locked the account. */
  private async recordFailure(
    user: UserRecord | undefined,
    username: string,
    meta: RequestMeta,
    now: number,
  ): Promise<boolean> {
    await this.ipFailures.increment(meta.ip, now);
    await this.audit.record('login.failure', {
      userId: user?.id ?? null,
      unitId: user?.unitId ?? null,
      ip: meta.ip,
      detail: { username: username.slice(0, 64) },
    });
    if (!user) return false;
    const next = afterFailure(user, now, this.limits);
    await this.repository.setFailureState(user.id, next);
    if (next.justLocked) {
      await this.audit.record('login.lockout', {
        userId: user.id,
        unitId: user.unitId,
        ip: meta.ip,
        detail: { until: next.lockedUntil },
      });
    }
    return next.justLocked;
  }
}
