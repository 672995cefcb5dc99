/**
 * Kysely table types: the only description of the stored shape. Rows never leave the
 * server as they are; each domain maps them to its DTO (STYLE.md anti-pattern 2).
 *
 * Portable choices, so that one code path serves SQLite and PostgreSQL:
 * - ids are text (UUIDs or stable seed ids);
 * - times are epoch milliseconds in `bigint` columns (the pg driver is told to parse int8);
 * - booleans are integers 0/1.
 */

export interface UnitTable {
  id: string;
  name: string;
  en_name: string | null;
  /** 1 area, 2 school (spec §1). */
  unit_type: number;
  parent_id: string | null;
  /** Host names that open this unit's login page (DESIGN.md: unitHost). Comma separated. */
  hosts: string | null;
  /** 1 active; other values disable sign-in for the unit. */
  status: number;
  logo_file_id: string | null;
  footer: string | null;
  footer_link: string | null;
  help_center: number;
  autologin: number;
  /** JSON text: { themeList, footerMsg { show, helpCenter, showBaMsg, baList, copyright } } (spec §3). */
  decoration_set: string | null;
  /** The trusted CAS-style ticket issuer's URL prefix (0009); null: no ticket sign-in. */
  ticket_issuer_url: string | null;
  created_at: number;
  /** 1: the login page offers face sign-in when a face is enrolled (0016); 0: never. */
  face_sign_in: number;
}

export interface UserTable {
  id: string;
  unit_id: string;
  login_name: string;
  real_name: string;
  /** 1, 2 teacher, 3 parent, 4 (spec §1). */
  user_type: number;
  password_hash: string;
  sex: number;
  avatar: string | null;
  superman: number;
  /** 1 active, 0 disabled. */
  status: number;
  theme: string | null;
  theme_color: string | null;
  current_layout: string | null;
  lang_type: string | null;
  current_child_id: string | null;
  failed_count: number;
  first_failed_at: number | null;
  locked_until: number | null;
  /** Optional; where a forgotten-password link goes (0009). */
  email: string | null;
  created_at: number;
  /** Optional spec §5 mobile phone, 11 digits (0013). */
  phone: string | null;
  /** Optional spec §5 identity card, 15 or 18 characters (0013). */
  id_card: string | null;
}

/** A teacher account and a parent account that belong to one person (spec §6). */
export interface UserLinkTable {
  teacher_id: string;
  parent_id: string;
  created_at: number;
}

export interface StudentTable {
  id: string;
  unit_id: string;
  real_name: string;
  grade_name: string;
  class_name: string;
  created_at: number;
}

export interface ParentChildTable {
  parent_id: string;
  student_id: string;
  created_at: number;
}

/** One signed-in browser or app client. The token itself is never stored, only its SHA-256. */
export interface SessionTable {
  id: string;
  user_id: string;
  family_id: string;
  access_token_hash: string;
  access_expires_at: number;
  revoked_at: number | null;
  device: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
}

/** Refresh tokens rotate on every use; a used token presented again revokes its family. */
export interface RefreshTokenTable {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

/**
 * Long-lived, revocable credentials kept on a device: the remember-password token
 * (kind 'remember', bound to a device id, DESIGN.md §5) and the app client id
 * (kind 'client', spec §4 session expiry). Both rotate on use.
 */
export interface DeviceCredentialTable {
  id: string;
  kind: string;
  user_id: string;
  token_hash: string;
  device_id: string | null;
  family_id: string | null;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

export interface AuditLogTable {
  id: string;
  at: number;
  user_id: string | null;
  unit_id: string | null;
  action: string;
  ip: string | null;
  /** JSON text with action-specific details; never a password or token. */
  detail: string | null;
}

/** Failed sign-ins counted per client address, when no Redis is configured. */
export interface IpFailureTable {
  ip: string;
  window_start: number;
  count: number;
}

export interface UserRoleTable {
  user_id: string;
  app_code: string;
  role: string;
}

export interface AppGroupTable {
  code: string;
  name: string;
  en_name: string;
  sort: number;
}

export interface AppTable {
  code: string;
  group_code: string;
  name: string;
  short_name: string;
  english_name: string;
  english_short_name: string;
  server_id: string;
  deploy_path: string | null;
  /** 0 hides the app (spec §3). */
  update_status: number;
  menu_route: string | null;
  /** Comma-separated user types. */
  front_user_type: string;
  limit_user_type: string;
  /** Icon colour, used to draw the gray, colour and cartoon icons. */
  icon_color: string;
  sort: number;
}

export interface MessageTable {
  id: string;
  user_id: string;
  message_meno: string;
  module: string;
  message_date: number;
  importance: number;
  open_way: number;
  url: string | null;
  /** JSON text: [{ code, endTime }] for openWay 1. */
  content: string | null;
  read_at: number | null;
  /** The feed send it came from (0011); null for older rows and the seed's. */
  send_id: string | null;
}

export interface TodoTable {
  id: string;
  user_id: string;
  title: string;
  module: string;
  url: string | null;
  created_at: number;
  done_at: number | null;
  /** The feed send it came from (0011); null for older rows and the seed's. */
  send_id: string | null;
}

export interface LicenceTable {
  unit_id: string;
  app_code: string;
  end_time: number;
}

export interface AppVersionTable {
  id: string;
  app_code: string;
  version: string;
  date: string;
  /** JSON text: [{ cn, en }] (spec §3 metto). */
  metto: string;
}

export interface OAuthClientTable {
  client_id: string;
  name: string;
  /** JSON text: exact redirect URIs. */
  redirect_uris: string;
  created_at: number;
  /** Migration 0008: null for a public client (PKCE), set for a confidential one. */
  client_secret: string | null;
}

/** Migration 0008: ID-token signing keys (DESIGN.md §8: in the database, rotatable). */
export interface OidcSigningKeyTable {
  kid: string;
  alg: string;
  /** JSON text: the private JWK. */
  private_jwk: string;
  created_at: number;
  /** When a newer key took over; the key still verifies until its tokens have expired. */
  retired_at: number | null;
}

/** Migration 0008: oidc-provider's stored artifacts (codes, tokens, grants). */
export interface OidcPayloadTable {
  model: string;
  id: string;
  /** JSON text: the provider's payload. */
  payload: string;
  grant_id: string | null;
  /** Epoch ms; null when the artifact does not expire. */
  expires_at: number | null;
  /** Epoch ms of the first use of a single-use artifact (an authorization code). */
  consumed_at: number | null;
}

export interface FileTable {
  id: string;
  name: string;
  mime: string;
  size: number;
  /** Hex SHA-256 of the content; the blob lives in the file store under this name. */
  sha256: string;
  created_at: number;
  /** Lower-case hex MD5 of the content (migration 0006); null on rows from before. */
  md5: string | null;
  /** The uploader's unit (instant upload looks only there, DESIGN.md §7); null when seeded. */
  unit_id: string | null;
  /** The uploader, who may read the file; null for files no one uploaded (unit logos). */
  uploaded_by: string | null;
}

/** Spec §7 `{code}_package_versions`: this server's version per app and the front end it needs. */
export interface AppServerVersionTable {
  app_code: string;
  server_version: string;
  web_code_version: string;
  date: string;
}

/** A menu resource with its permission code (spec §3 menu entry, §6). */
export interface ResourceTable {
  id: string;
  app_code: string;
  parent_id: string | null;
  code: string;
  name: string;
  en_name: string;
  /** 1 module or folder, 2 page, 3 button. */
  resource_type: number;
  menu_route: string | null;
  user_types: string;
  sort: number;
  /** Migration 0011: comma-separated roles of the app whose holders hold it too; null none. */
  roles: string | null;
}

/** Migration 0011: an uploaded image replacing one theme variant's drawn app icon (spec §3). */
export interface AppIconTable {
  app_code: string;
  /** gray, color or cartoon. */
  variant: string;
  file_id: string;
  updated_at: number;
}

/**
 * A school notice of the sample sub-app cms. Audience: no grade means the whole unit, a
 * grade alone that grade, a grade and a class that class (a class needs its grade).
 */
export interface CmsNoticeTable {
  id: string;
  unit_id: string;
  author_id: string;
  title: string;
  content: string;
  audience_grade: string | null;
  audience_class: string | null;
  published_at: number;
  created_at: number;
}

/** A student's first read of a notice, recorded by a parent; one row per notice and student. */
export interface CmsNoticeReadTable {
  notice_id: string;
  student_id: string;
  parent_id: string;
  read_at: number;
}

/** A file attached to a notice (issue 11 §4), in the publisher's order. */
export interface CmsNoticeAttachmentTable {
  notice_id: string;
  file_id: string;
  position: number;
}

/** Per-unit desktop settings (issue 4); a unit without a row has the defaults. */
export interface UnitDesktopSettingsTable {
  unit_id: string;
  /** Spec §2: 1 shows a plain dot on the message bell instead of the count. */
  message_pc_open: number;
  /** Spec §7 single-sign-on URL; http(s) only. */
  sso_login_url: string | null;
  /** Spec §2 download-client dialog: the installer's address, over CLIENT_DOWNLOADS_DIR's file. */
  client_installer_url: string | null;
  /** Spec §2 download-client dialog: the portable package's address, likewise. */
  client_portable_url: string | null;
  updated_at: number;
}

/** Per-user desktop preferences (issue 4); a user without a row has the defaults. */
export interface UserDesktopPrefsTable {
  user_id: string;
  /** Spec §2 Left layout lock, 1 locked. */
  left_locked: number;
  updated_at: number;
}

/** A user's recently used apps (spec §9: 10 per user), most recent = highest used_at. */
export interface UserRecentAppTable {
  user_id: string;
  app_code: string;
  used_at: number;
}

/** A user's icon drag order (spec §6: teachers and type 4); lower position first. */
export interface UserIconOrderTable {
  user_id: string;
  app_code: string;
  position: number;
}

export interface Database {
  units: UnitTable;
  users: UserTable;
  user_links: UserLinkTable;
  students: StudentTable;
  parent_children: ParentChildTable;
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
  device_credentials: DeviceCredentialTable;
  audit_log: AuditLogTable;
  ip_failures: IpFailureTable;
  user_roles: UserRoleTable;
  app_groups: AppGroupTable;
  apps: AppTable;
  messages: MessageTable;
  todos: TodoTable;
  licences: LicenceTable;
  app_versions: AppVersionTable;
  oauth_clients: OAuthClientTable;
  oidc_signing_keys: OidcSigningKeyTable;
  oidc_payloads: OidcPayloadTable;
  files: FileTable;
  app_server_versions: AppServerVersionTable;
  resources: ResourceTable;
  app_icons: AppIconTable;
  cms_notices: CmsNoticeTable;
  cms_notice_reads: CmsNoticeReadTable;
  cms_notice_attachments: CmsNoticeAttachmentTable;
  unit_desktop_settings: UnitDesktopSettingsTable;
  user_desktop_prefs: UserDesktopPrefsTable;
  user_recent_apps: UserRecentAppTable;
  user_icon_orders: UserIconOrderTable;
  password_reset_tokens: PasswordResetTokenTable;
  used_tickets: UsedTicketTable;
  social_providers: SocialProviderTable;
  social_identities: SocialIdentityTable;
  social_states: SocialStateTable;
  social_pending: SocialPendingTable;
  app_credentials: AppCredentialTable;
  feed_sends: FeedSendTable;
  app_badges: AppBadgeTable;
  admin_import_results: AdminImportResultTable;
  face_records: FaceRecordTable;
  face_attendance: FaceAttendanceTable;
}

/** A one-time forgotten-password link (0009): only the token's SHA-256 is kept. */
export interface PasswordResetTokenTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A ticket presented for sign-in (0009), by its SHA-256: each is accepted once. */
export interface UsedTicketTable {
  ticket_hash: string;
  unit_id: string;
  used_at: number;
}

/** A unit's WeCom (`qy`) or WeChat public account (`mp`) provider (0010); the secret stays here. */
export interface SocialProviderTable {
  id: string;
  unit_id: string;
  provider_type: string;
  /** WeCom corp id, or the public account's app id. */
  app_id: string;
  /** WeCom agent id; null for `mp`. */
  agent_id: string | null;
  secret: string;
  created_at: number;
  updated_at: number;
}

/** A bound third-party identity (0010). */
export interface SocialIdentityTable {
  id: string;
  user_id: string;
  provider_type: string;
  app_id: string;
  /** WeCom userid (or openid for non-members), or the public account's openid. */
  openid: string;
  unionid: string | null;
  created_at: number;
}

/** A state handed to a provider (0010), by SHA-256, bound to the browser's nonce cookie. */
export interface SocialStateTable {
  state_hash: string;
  unit_id: string;
  provider_type: string;
  browser_hash: string;
  return_to: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** An unbound identity the bind page may bind once (0010), by the SHA-256 of its id. */
export interface SocialPendingTable {
  id_hash: string;
  unit_id: string;
  provider_type: string;
  app_id: string;
  openid: string;
  unionid: string | null;
  device_id: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** An app's client credential for one unit (0011): only the secret's SHA-256 is kept. */
export interface AppCredentialTable {
  client_id: string;
  app_code: string;
  unit_id: string;
  secret_hash: string;
  created_at: number;
  created_by: string | null;
}

/** A message or to-do sent to an audience (0011), by an app, cms or the console. */
export interface FeedSendTable {
  id: string;
  /** 'message' or 'todo'. */
  kind: string;
  app_code: string;
  unit_id: string;
  sender_user_id: string | null;
  client_id: string | null;
  title: string;
  importance: number | null;
  url: string | null;
  /** JSON text: { gradeName, className, userTypes, userIds }. */
  audience: string;
  recipient_count: number;
  created_at: number;
}

/** The unread count an app sets on its icon for one user (0011; spec §3 unReadCodeCount). */
export interface AppBadgeTable {
  user_id: string;
  app_code: string;
  count: number;
  updated_at: number;
}
/**
 * A committed bulk import's new accounts and initial passwords (0013), waiting to be downloaded
 * once: AES-256-GCM under the administrator's key, found by that key's SHA-256.
 */
export interface AdminImportResultTable {
  key_hash: string;
  unit_id: string;
  created_by: string;
  /** base64 of iv (12 bytes) ‖ tag (16 bytes) ‖ ciphertext. */
  sealed: string;
  expires_at: number;
  created_at: number;
}
/** A user's enrolled face (0015): the photo in the file store, the descriptor here. */
export interface FaceRecordTable {
  user_id: string;
  unit_id: string;
  file_id: string;
  /** base64 of the 128 little-endian float32 values of face-api's descriptor. */
  descriptor: string;
  /** Who enrolled it: the user, or the unit admin acting for them. */
  enrolled_by: string;
  created_at: number;
}

/** One face clock-in (0015): who, when, at which kiosk. */
export interface FaceAttendanceTable {
  id: string;
  user_id: string;
  unit_id: string;
  clocked_at: number;
  device: string | null;
}
