/**
 * The audit trail of DESIGN.md §5: sign-in, sign-out, lockout, account switch, access
 * log, admin actions, published notices and themes synced to a whole unit. Entries never
 * hold a password or a token. The audit module owns `audit_log`: every entry comes through
 * `record`, or `pending` for one that commits with the writes it records (a sign-in's), the
 * demo seed's one entry aside (docs/decisions.md).
 */
import type {
  AuditEntry,
  AuditInsert,
  AuditRecord,
  AuditRepository,
  AuditSearch,
} from './audit.repository.ts';

/**
 * An entry built but not yet written: its insert runs in the transaction of the writes it
 * records, so that the record and the entry commit together (one commit per sign-in).
 */
export interface PendingAuditEntry {
  readonly statement: AuditInsert;
}

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
  // Issue 14 §1: the unit's face sign-in switch.
  | 'admin.set_face_sign_in'
  | 'admin.set_email'
  // Issue 12 §2: WeCom and WeChat sign-in.
  | 'login.social_failure'
  | 'social.bind'
  | 'social.unbind'
  | 'admin.set_social_provider'
  // Issue 13 §4: the feed's credentials and the console's messages and to-dos.
  | 'admin.rotate_app_credential'
  | 'admin.compose_message'
  // Issue 13 §2: the console's apps, menus, roles, themes, OAuth clients and versions.
  | 'admin.create_app'
  | 'admin.update_app'
  | 'admin.set_app_status'
  | 'admin.arrange_apps'
  | 'admin.save_app_group'
  | 'admin.delete_app_group'
  | 'admin.set_app_icon'
  | 'admin.deploy_app'
  | 'admin.save_resource'
  | 'admin.delete_resource'
  | 'admin.grant_role'
  | 'admin.revoke_role'
  | 'admin.set_unit_themes'
  | 'admin.push_theme'
  | 'admin.create_oauth_client'
  | 'admin.update_oauth_client'
  | 'admin.rotate_oauth_secret'
  | 'admin.delete_oauth_client'
  | 'admin.set_server_version'
  | 'admin.save_release'
  | 'admin.delete_release'
  // Issue 13 §3: the bulk import of users, and the download of its initial passwords.
  | 'admin.import_users'
  | 'admin.import_result'
  // Issue 13 §2, §5: the administration console's units and users, and the first admin.
  | 'admin.create_admin'
  | 'admin.update_unit'
  | 'admin.set_unit_logo'
  | 'admin.set_login_page'
  | 'admin.remove_social_provider'
  | 'admin.update_user'
  | 'admin.disable_user'
  | 'admin.enable_user'
  | 'admin.unlock_user'
  | 'admin.sign_out_user'
  | 'admin.unlink_accounts'
  | 'admin.unlink_child'
  | 'admin.update_child'
  // Issue 14: face enrolment (one's own or a unit admin's) and clock-in.
  | 'face.enrol'
  | 'face.clock_in'
  // Issue 14 §2 Privacy, Clock-in: the console's deletion, bulk enrolment and attendance export.
  | 'face.delete'
  | 'face.bulk_enrol'
  | 'face.export_attendance';

export class AuditService {
  constructor(
    private readonly repository: AuditRepository,
    private readonly clock: () => number,
  ) {}

  record(action: AuditAction, entry: Omit<AuditEntry, 'action'>): Promise<void> {
    return this.repository.insert({ ...entry, action }, this.clock());
  }

  /** record(), for the caller's transaction: it runs the entry's statement with its writes. */
  pending(action: AuditAction, entry: Omit<AuditEntry, 'action'>): PendingAuditEntry {
    return { statement: this.repository.insertStatement({ ...entry, action }, this.clock()) };
  }

  listForUser(userId: string, limit?: number) {
    return this.repository.listForUser(userId, limit);
  }

  /** The administration console's search (issue 13 §2): newest first, a page at a time. */
  search(search: AuditSearch): Promise<{ total: number; rows: AuditRecord[] }> {
    return this.repository.search(search);
  }
}
