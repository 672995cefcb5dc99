/**
 * Password self-service (issue 12 §4, DESIGN.md §8): the forgotten-password link by email,
 * the reset it leads to, and a signed-in user's own password change.
 *
 * - The forgotten-password form answers the same whether or not the account exists, has an
 *   email, or has just been sent one; only the per-address limit answers 429, and it counts
 *   every request alike, so no answer tells which accounts exist. The mail goes out after the
 *   answer, so its time does not tell either.
 * - A link works once, for 30 minutes; its token is stored as a SHA-256 only. The reset signs
 *   the user out everywhere, like an administrator's (docs/decisions.md).
 * - A change needs the current password, ends every other sign-in of the user and revokes the
 *   remembered-password tokens, keeping the session that made the change.
 */
import { randomUUID } from 'node:crypto';
import { RESET_LINK_TTL_MS, RESET_TOKEN_PARAM } from '@campus/contracts/account-recovery';
import { BodyStatus, ErrorCode } from '@campus/contracts/envelope';
import { FORGET_PASSWORD_PATH } from '@campus/contracts/pages';
import { defaultPasswordProblem, type PasswordProblem } from '@campus/contracts/password-rules';
import { AppError, badRequest } from '../../core/errors.ts';
import { bilingual, type Bilingual } from '../../core/messages.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AccountRecoveryRepository, RecoveryAccount } from './account-recovery.repository.ts';
import type { DirectoryService } from './directory.service.ts';
import type { IpFailureCounter } from './ip-failure-counter.ts';
import type { Mailer } from './mailer.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { SessionEvents } from './session-events.ts';
import type { RequestMeta, SessionUser } from './session.service.ts';
import { hashToken, newToken } from './tokens.ts';
import type { UaaRepository } from './uaa.repository.ts';

/** How often each step may happen (DESIGN.md §8 "rate-limited"). */
export interface PasswordLimits {
  /** Forgotten-password requests per client address per window (then 429). */
  forgotPerIp: number;
  forgotIpWindowMs: number;
  /** Mails per account per window (more are silently not sent: the answer stays the same). */
  mailsPerAccount: number;
  mailAccountWindowMs: number;
  /** Wrong current passwords per user per window before a change is refused (429). */
  changeFailures: number;
  changeWindowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const DEFAULT_PASSWORD_LIMITS: PasswordLimits = {
  forgotPerIp: 10,
  forgotIpWindowMs: FIFTEEN_MINUTES,
  mailsPerAccount: 3,
  mailAccountWindowMs: 60 * 60 * 1000,
  changeFailures: 5,
  changeWindowMs: FIFTEEN_MINUTES,
};

/** The words for each way a password fails the default rule (spec §5). */
const PASSWORD_PROBLEM_MESSAGES: Readonly<Record<PasswordProblem, Bilingual>> = {
  length: bilingual('密码长度须为 8 到 20 个字符', 'The password must be 8 to 20 characters long'),
  whitespace: bilingual('密码不能包含空格', 'The password must not contain spaces'),
  chinese: bilingual('密码不能包含中文字符', 'The password must not contain Chinese characters'),
  kinds: bilingual(
    '密码须包含数字、字母、其他字符中的至少两种',
    'The password must mix at least two of: digits, letters, other characters',
  ),
};

const tooMany = () =>
  new AppError(
    BodyStatus.tooManyRequests,
    ErrorCode.ipThrottled,
    bilingual('操作过于频繁，请 15 分钟后再试', 'Too many attempts. Try again in 15 minutes.'),
  );

const linkInvalid = () =>
  new AppError(
    BodyStatus.badRequest,
    'reset_link_invalid',
    bilingual(
      '重置链接无效或已过期，请重新申请',
      'This reset link is invalid, used or expired; please ask for a new one',
    ),
  );

const mailNotConfigured = () =>
  new AppError(
    BodyStatus.badRequest,
    'mail_not_configured',
    bilingual(
      '系统未配置邮件，请联系单位管理员重置密码',
      'Mail is not set up; please ask your unit administrator to reset your password',
    ),
  );

export interface PasswordResetDeps {
  recovery: AccountRecoveryRepository;
  uaa: UaaRepository;
  directory: DirectoryService;
  events: Pick<SessionEvents, 'publish'>;
  audit: AuditService;
  /** Absent without SMTP_URL. */
  mailer: Mailer | undefined;
  /** Per-key counters in fixed windows (Redis when configured), one per limit. */
  counters: { forgotIp: IpFailureCounter; mailAccount: IpFailureCounter; change: IpFailureCounter };
  limits: PasswordLimits;
  clock: () => number;
  /** The portal's public origin for links in mail: PUBLIC_URL, else the listening address. */
  portalOrigin: () => string;
  /** Where a mail that could not be sent is reported (the server's log). */
  onMailError: (error: unknown) => void;
}

export class PasswordResetService {
  /** Mails on their way, so a test or a shutdown can wait for them. */
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly deps: PasswordResetDeps) {}

  /** `email` when mail can be sent, else the unit administrator resets passwords. */
  get resetKind(): 'email' | 'administrator' {
    return this.deps.mailer ? 'email' : 'administrator';
  }

  /** Waits for the mails already handed over (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.sending]);
  }

  async forgot(account: string, meta: RequestMeta): Promise<void> {
    const { mailer, counters, limits, clock, audit, recovery } = this.deps;
    if (!mailer) throw mailNotConfigured();
    const now = clock();
    const ipKey = `forgot:${meta.ip}`;
    if ((await counters.forgotIp.current(ipKey, now)) >= limits.forgotPerIp) throw tooMany();
    await counters.forgotIp.increment(ipKey, now);

    const found = await recovery.findAccount(account);
    if (!found || !found.email || found.status !== 1 || found.unitStatus !== 1) {
      await audit.record('password.forgot_unknown', {
        ip: meta.ip,
        detail: { account: account.slice(0, 64) },
      });
      return;
    }
    const accountKey = `mail:${found.id}`;
    if ((await counters.mailAccount.current(accountKey, now)) >= limits.mailsPerAccount) {
      await audit.record('password.forgot_throttled', { userId: found.id, ip: meta.ip });
      return;
    }
    await counters.mailAccount.increment(accountKey, now);

    const token = newToken();
    await recovery.insertResetToken({
      id: randomUUID(),
      userId: found.id,
      tokenHash: hashToken(token),
      expiresAt: now + RESET_LINK_TTL_MS,
      createdAt: now,
    });
    await audit.record('password.forgot_sent', {
      userId: found.id,
      unitId: found.unitId,
      ip: meta.ip,
    });
    const link = `${this.deps.portalOrigin()}${FORGET_PASSWORD_PATH}?${RESET_TOKEN_PARAM}=${token}`;
    const sent = mailer
      .send(resetMail(found, found.email, link))
      .catch((error: unknown) => this.deps.onMailError(error));
    this.sending.add(sent);
    void sent.finally(() => this.sending.delete(sent));
  }

  async reset(token: string, password: string, meta: RequestMeta): Promise<void> {
    const { recovery, directory, audit, clock } = this.deps;
    checkNewPassword('password', password);
    const now = clock();
    const row = await recovery.findResetToken(hashToken(token));
    if (!row || row.usedAt !== null || row.expiresAt <= now) throw linkInvalid();
    if (!(await recovery.useResetToken(row.id, now))) throw linkInvalid();
    // The administrator's reset: lifts a lockout and signs the user out everywhere.
    const revoked = await directory.resetPassword(row.userId, await hashPassword(password));
    await recovery.useAllResetTokens(row.userId, now);
    await audit.record('password.reset_by_link', {
      userId: row.userId,
      ip: meta.ip,
      detail: { ...revoked },
    });
  }

  async change(
    user: SessionUser,
    oldPassword: string,
    newPassword: string,
    meta: RequestMeta,
  ): Promise<void> {
    const { uaa, recovery, counters, limits, clock, audit, events } = this.deps;
    const now = clock();
    const key = `change:${user.userId}`;
    if ((await counters.change.current(key, now)) >= limits.changeFailures) throw tooMany();
    if (oldPassword === '') {
      throw badRequest([
        {
          field: 'oldPassword',
          message: bilingual('当前密码不能为空！', 'Current password cannot be empty!'),
        },
      ]);
    }
    checkNewPassword('newPassword', newPassword);
    const record = await uaa.findUserById(user.userId);
    if (!record || !(await verifyPassword(record.passwordHash, oldPassword))) {
      await counters.change.increment(key, now);
      await audit.record('password.change_failure', { userId: user.userId, ip: meta.ip });
      throw badRequest([
        {
          field: 'oldPassword',
          message: bilingual('当前密码不正确', 'The current password is incorrect'),
        },
      ]);
    }
    if (newPassword === oldPassword) {
      throw badRequest([
        {
          field: 'newPassword',
          message: bilingual(
            '新密码不能与当前密码相同',
            'The new password must differ from the current one',
          ),
        },
      ]);
    }
    await uaa.setPasswordHash(user.userId, await hashPassword(newPassword));
    await recovery.revokeAllButFamily(user.userId, user.familyId, now);
    await recovery.useAllResetTokens(user.userId, now);
    // Every instance forgets the user's cached sessions; the kept one is read again.
    await events.publish({ kind: 'user', id: user.userId });
    await audit.record('password.change', {
      userId: user.userId,
      unitId: user.unitId,
      ip: meta.ip,
    });
  }
}

function checkNewPassword(field: string, password: string): void {
  const problem = defaultPasswordProblem(password);
  if (problem !== null) throw badRequest([{ field, message: PASSWORD_PROBLEM_MESSAGES[problem] }]);
}

/** The mail, in the user's language, with the other language below (spec §8 bilingual). */
function resetMail(account: RecoveryAccount, to: string, link: string) {
  const zh = [
    `${account.realName}，您好：`,
    '',
    `我们收到了重置账号 ${account.loginName} 密码的申请。请在 30 分钟内打开下面的链接设置新密码（链接只能使用一次）：`,
    link,
    '',
    '如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
  ].join('\n');
  const en = [
    `Hello ${account.realName},`,
    '',
    `We received a request to reset the password of the account ${account.loginName}. Open this link within 30 minutes to choose a new password (it works once):`,
    link,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
  const english = account.langType === 'en';
  return {
    to,
    subject: english ? 'Reset your Campus Portal password' : '重置校园门户密码',
    text: english ? `${en}\n\n----\n\n${zh}` : `${zh}\n\n----\n\n${en}`,
  };
}
