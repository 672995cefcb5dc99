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

/** A checked value, or the field error that refuses it. */
export type Checked<T> = { value: T } | { error: FieldError };

/**
 * An account's email as an administrator typed it (the CLI and the console): lower-cased; empty
 * or `none` removes it (null); anything not an address (spec §5 simple pattern) is refused.
 *
 * @example checkedEmail(' Li.Ming@School.example ') // { value: 'li.ming@school.example' }
 */
export function checkedEmail(email: string | null): Checked<string | null> {
  const text = (email ?? '').trim();
  if (text === '' || isNone(text)) return { value: null };
  const value = text.toLowerCase();
  if (isEmailAddress(value)) return { value };
  return {
    error: {
      field: 'email',
      message: bilingual(
        '邮箱格式不正确（例如 name@school.cn），留空表示不设置',
        `The email address is not valid (like name@school.cn); leave it empty (or "none") for none; got "${text}"`,
      ),
    },
  };
}

/**
 * A unit's ticket issuer as an administrator typed it: empty or `none` removes it (null), else
 * {@link ticketIssuerUrl}'s rule; `field` names the field a refusal is reported on.
 */
export function checkedTicketIssuer(url: string | null, field: string): Checked<string | null> {
  const text = (url ?? '').trim();
  if (text === '' || isNone(text)) return { value: null };
  const value = ticketIssuerUrl(text);
  if (value !== null) return { value };
  return {
    error: {
      field,
      message: bilingual(
        '票据签发地址须为不含查询参数的 http(s) 网址，留空表示不设置',
        `The ticket issuer must be an http(s) URL without query or credentials; leave it empty (or "none") for none; got "${text}"`,
      ),
    },
  };
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
    const checked = checkedEmail(email);
    if ('error' in checked) throw badRequest([checked.error]);
    const value = checked.value;
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
    const checked = checkedTicketIssuer(url, 'url');
    if ('error' in checked) errors.push(checked.error);
    if (errors.length > 0 || !unit || 'error' in checked) throw badRequest(errors);
    const value = checked.value;
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
