/**
 * The audit trail of DESIGN.md §5: sign-in, sign-out, lockout, account switch, access
 * log, admin actions, published notices and themes synced to a whole unit. Entries never
 * hold a password or a token. The audit module owns `audit_log`: every entry comes through
 * `record` (the demo seed's one entry aside, docs/decisions.md).
 */
import type { AuditEntry, AuditRepository } from './audit.repository.ts';

export type AuditAction =
  | 'login.success'
  | 'login.failure'
  | 'login.lockout'
  | 'login.ip_throttled'
  | 'logout'
  | 'account.switch'
  | 'session.refresh_reuse'
  | 'session.client_reuse'
  | 'session.relogin'
  | 'access.open_app'
  | 'cms.notice.publish'
  | 'desktop.theme_sync'
  | 'admin.create_unit'
  | 'admin.create_user'
  | 'admin.reset_password'
  | 'admin.link_child'
  | 'admin.link_accounts'
  | 'admin.set_licence'
  | 'admin.set_message_config'
  | 'admin.set_sso_url'
  | 'admin.set_client_url'
  // Issue 12 §3, §4: ticket sign-in and password self-service.
  | 'login.ticket_failure'
  | 'password.forgot_unknown'
  | 'password.forgot_throttled'
  | 'password.forgot_sent'
  | 'password.reset_by_link'
  | 'password.change'
  | 'password.change_failure'
  | 'admin.set_ticket_issuer'
  | 'admin.set_email'
  // Issue 12 §2: WeCom and WeChat sign-in.
  | 'login.social_failure'
  | 'social.bind'
  | 'social.unbind'
  | 'admin.set_social_provider'
  // Issue 14: face enrolment (one's own or a unit admin's) and clock-in.
  | 'face.enrol'
  | 'face.clock_in';

export class AuditService {
  constructor(
    private readonly repository: AuditRepository,
    private readonly clock: () => number,
  ) {}

  record(action: AuditAction, entry: Omit<AuditEntry, 'action'>): Promise<void> {
    return this.repository.insert({ ...entry, action }, this.clock());
  }

  listForUser(userId: string, limit?: number) {
    return this.repository.listForUser(userId, limit);
  }
}
