/**
 * The administrator's side of issue 12 §3 and §4, behind the admin CLI: a user's email (where
 * a forgotten-password link goes) and a unit's trusted ticket issuer (the CAS-style server
 * whose tickets sign its people in). Each change runs in one transaction with its audit entry,
 * as the admin module's actions do (the SSO URL is the admin module's `set-sso-url`).
 */
import { isEmailAddress } from '@campus/contracts/account-recovery';
import type { FieldError } from '@campus/contracts/envelope';
import { badRequest, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AccountRecoveryRepository } from './account-recovery.repository.ts';
import type { UaaRepository } from './uaa.repository.ts';

export interface RecoveryAdminDomains {
  recovery: AccountRecoveryRepository;
  uaa: UaaRepository;
  audit: AuditService;
}

/** `none` (any case) removes a setting. */
const isNone = (value: string) => value.trim().toLowerCase() === 'none';

/**
 * An issuer's URL prefix: http(s), a host, no credentials, no query or fragment (the
 * `/serviceValidate` path is appended to it), without a trailing slash. Null when refused.
 *
 * @example ticketIssuerUrl('https://cas.school.example/cas/') // 'https://cas.school.example/cas'
 * @example ticketIssuerUrl('javascript:alert(1)') // null
 */
export function ticketIssuerUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || !url.hostname) return null;
  const href = url.href.replace(/\/+$/, '');
  return href.length <= 2048 ? href : null;
}

export class RecoveryAdminService {
  constructor(
    private readonly domains: RecoveryAdminDomains,
    private readonly inTransaction: <T>(
      work: (d: RecoveryAdminDomains) => Promise<T>,
    ) => Promise<T>,
  ) {}

  /** Sets (or with `none` removes) an account's email, stored lower-cased. */
  async setEmail(
    loginName: string,
    email: string,
  ): Promise<{ loginName: string; email: string | null; previous: string | null }> {
    const user = await this.domains.recovery.findAccountByLogin(loginName.trim());
    if (!user) throw notFound(bilingual('账号不存在', 'No account has this login name'));
    const value = isNone(email) ? null : email.trim().toLowerCase();
    if (value !== null && !isEmailAddress(value)) {
      throw badRequest([
        {
          field: 'email',
          message: bilingual(
            '邮箱格式不正确，或输入 none 表示不设置',
            `The email address is not valid, or "none" to remove it; got "${email}"`,
          ),
        },
      ]);
    }
    const previous = await this.inTransaction(async ({ recovery, audit }) => {
      const before = await recovery.setEmail(user.id, value);
      await audit.record('admin.set_email', {
        userId: null,
        unitId: user.unitId,
        ip: null,
        detail: { loginName: user.loginName, set: value !== null },
      });
      return before;
    });
    return { loginName: user.loginName, email: value, previous };
  }

  /** Sets (or with `none` removes) a unit's trusted ticket issuer. */
  async setTicketIssuer(
    unitId: string,
    url: string,
  ): Promise<{ unitId: string; url: string | null; previous: string | null }> {
    const errors: FieldError[] = [];
    const unit = await this.domains.uaa.findUnit(unitId.trim());
    if (!unit) {
      errors.push({ field: 'unitId', message: bilingual('单位不存在', 'Unit not found') });
    }
    const value = isNone(url) ? null : ticketIssuerUrl(url);
    if (value === null && !isNone(url)) {
      errors.push({
        field: 'url',
        message: bilingual(
          '票据签发地址须为不含查询参数的 http(s) 网址，或 none 表示不设置',
          `The ticket issuer must be an http(s) URL without query or credentials, or "none"; got "${url}"`,
        ),
      });
    }
    if (errors.length > 0 || !unit) throw badRequest(errors);
    const previous = await this.inTransaction(async ({ recovery, audit }) => {
      const before = await recovery.setTicketIssuer(unit.id, value);
      await audit.record('admin.set_ticket_issuer', {
        userId: null,
        unitId: unit.id,
        ip: null,
        detail: { url: value, previous: before },
      });
      return before;
    });
    return { unitId: unit.id, url: value, previous };
  }
}
