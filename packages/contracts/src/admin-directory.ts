/**
 * The administration console's units, users and audit log (issue 13 §2, DESIGN.md §10): what a
 * school's or an area's administrator reads and changes under `/api/admin/units/…`,
 * `/api/admin/users/…` and `/api/admin/audit`. Every call names the unit it acts in (a path
 * parameter or the `unitId` query), and the server checks on each call that the caller
 * administers that unit (`server/src/modules/admin/admin-access.ts`) and that a user it names
 * belongs to it. Answers are these shapes, never stored rows: no password hash, no provider
 * secret (only whether one is set).
 */
import { Type, type Static, type TSchema } from 'typebox';
import { defineEndpoint } from './endpoint.ts';
import { ChildSchema } from './family.ts';
import { IdSchema, Line } from './primitives.ts';

const tag = 'admin';
const Id = IdSchema;

/** Null first, so a JSON null is taken as null and never coerced to an empty string. */
const OrNull = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

/** The two sign-in providers of issue 12 §2 (`SOCIAL_PROVIDER_TYPES` of `@campus/contracts/social`). */
const SocialType = Type.Union([Type.Literal('qy'), Type.Literal('mp')]);

/** Longest free text of the login page (a footer, a copyright line), bilingual `中文|||English`. */
export const LOGIN_PAGE_TEXT_MAX = 500;
/** Longest address the console takes (a link, an SSO URL, a ticket issuer). */
export const ADMIN_URL_MAX = 2048;
/** At most this many filing entries and unit themes (spec §3 baList, themeList). */
export const FILING_ENTRIES_MAX = 10;
export const UNIT_THEMES_MAX = 12;
/** A page of users or audit entries: at most this many rows. */
export const ADMIN_PAGE_SIZE_MAX = 100;
/** The largest image a unit logo may be (it is served on every login page). */
export const UNIT_LOGO_MAX_BYTES = 1024 * 1024;

/**
 * The mobile phone rule of spec §5: 11 digits starting with 1 (the same rule as the SDK's
 * `isValidPhone`, here for the server's checks).
 *
 * @example isPhoneNumber('13800138000') // true
 * @example isPhoneNumber('2380013800') // false
 */
export function isPhoneNumber(value: string): boolean {
  return /^1\d{10}$/.test(value);
}

/** Spec §1 sex as stored: 0 not given, 1 male, 2 female. */
export const SEXES = [0, 1, 2] as const;

// ---------------------------------------------------------------------------------------------
// Units

/** One filing entry (spec §3 Filing entry). */
export const AdminFilingEntrySchema = Type.Object({
  baContent: Line({ maxLength: 200 }),
  baUrl: OrNull(Line({ maxLength: ADMIN_URL_MAX })),
  baImg: OrNull(Line({ maxLength: ADMIN_URL_MAX })),
  showImg: Type.Boolean(),
});
export type AdminFilingEntry = Static<typeof AdminFilingEntrySchema>;

/** One of the unit's own themes (spec §3 themeList; the theme dialog's custom section). */
export const AdminUnitThemeSchema = Type.Object({
  name: Line({ maxLength: 64 }),
  enName: OrNull(Line({ maxLength: 64 })),
  /** `#RRGGBB` (or `#RGB`, stored as `#RRGGBB`). */
  color: Line({ maxLength: 64 }),
});
export type AdminUnitTheme = Static<typeof AdminUnitThemeSchema>;

/**
 * The login page configuration of spec §3 (Unit login page config) as the console edits it:
 * the unit's footer text and link, the help-centre and autologin flags, and the decorationSet's
 * footerMsg (show, copyright, filing entries) and themeList.
 */
export const AdminLoginPageSchema = Type.Object({
  /** The footer text (may be bilingual, `中文|||English`); null for none. */
  footer: OrNull(Line({ maxLength: LOGIN_PAGE_TEXT_MAX + 100 })),
  /** The footer text's link: an absolute http(s) address, or null for plain text. */
  footerLink: OrNull(Line({ maxLength: ADMIN_URL_MAX })),
  /** footerMsg.copyright; null shows the portal's own line. */
  copyright: OrNull(Line({ maxLength: LOGIN_PAGE_TEXT_MAX + 100 })),
  /** footerMsg.show: false hides the copyright and filing lines. */
  footerShow: Type.Boolean(),
  /** The help-centre entry (the unit's flag and footerMsg.helpCenter). */
  helpCenter: Type.Boolean(),
  /** footerMsg.showBaMsg: the filing entries are shown. */
  filingShow: Type.Boolean(),
  filings: Type.Array(AdminFilingEntrySchema, { maxItems: FILING_ENTRIES_MAX + 5 }),
  themeList: Type.Array(AdminUnitThemeSchema, { maxItems: UNIT_THEMES_MAX + 5 }),
  /** Spec §3 autoLogin: the login page signs a remembered user in by itself. */
  autologin: Type.Boolean(),
});
export type AdminLoginPage = Static<typeof AdminLoginPageSchema>;

/** A unit's WeCom or WeChat provider as the console sees it: the secret never leaves. */
export const AdminSocialProviderSchema = Type.Object({
  type: SocialType,
  appId: Type.String(),
  agentId: Type.Union([Type.String(), Type.Null()]),
  /** Whether a secret is stored (it always is for a saved provider); its value is never sent. */
  secretSet: Type.Boolean(),
});
export type AdminSocialProvider = Static<typeof AdminSocialProviderSchema>;

/** Everything the console shows and edits of one unit. */
export const AdminUnitDetailSchema = Type.Object({
  unitId: Type.String(),
  name: Type.String(),
  enName: Type.Union([Type.String(), Type.Null()]),
  /** Spec §1: 1 area, 2 school. */
  unitType: Type.Integer(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  /**
   * The parent area's names, answered with the unit, so a school's admin (who may not list the
   * area) sees its name rather than its id; null without a parent (or one no longer stored).
   */
  parent: Type.Union([
    Type.Object({
      unitId: Type.String(),
      name: Type.String(),
      enName: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  /** 1 active; anything else: no one of the unit may sign in. */
  status: Type.Integer(),
  logoFileId: Type.Union([Type.String(), Type.Null()]),
  /** The public logo address (`/api/storage/show/unit/…`), or null without a logo. */
  logoUrl: Type.Union([Type.String(), Type.Null()]),
  loginPage: AdminLoginPageSchema,
  /** Spec §7 single-sign-on URL, and the trusted CAS-style ticket issuer (issue 12 §3). */
  ssoUrl: Type.Union([Type.String(), Type.Null()]),
  ticketIssuerUrl: Type.Union([Type.String(), Type.Null()]),
  /**
   * Issue 14 §1: the login page offers face sign-in (when a face is enrolled in the unit);
   * off, face sign-in is refused. Clock-in and enrolment do not depend on it.
   */
  faceSignIn: Type.Boolean(),
  socialProviders: Type.Array(AdminSocialProviderSchema),
});
export type AdminUnitDetail = Static<typeof AdminUnitDetailSchema>;

export const AdminUnitParamsSchema = Type.Object({ unitId: Id });
export type AdminUnitParams = Static<typeof AdminUnitParamsSchema>;

/**
 * Names, type and parent area (`areaId`, the answer's `parentId`; null for none). Only an area's
 * administrator may set it: to their own area.
 */
export const AdminUnitBasicsBodySchema = Type.Object({
  name: Line({ maxLength: 200 }),
  enName: OrNull(Line({ maxLength: 300 })),
  unitType: Type.Integer(),
  areaId: OrNull(Id),
});
export type AdminUnitBasicsBody = Static<typeof AdminUnitBasicsBodySchema>;

/** A new school under the caller's area (area administrators only). */
export const AdminNewSchoolBodySchema = Type.Object({
  /** The caller's area, which the school goes under. */
  areaId: Id,
  name: Line({ maxLength: 200 }),
  enName: OrNull(Line({ maxLength: 300 })),
});
export type AdminNewSchoolBody = Static<typeof AdminNewSchoolBodySchema>;

/**
 * The unit's logo: a file the caller uploaded through the file service (spec §7 base64 image or
 * simple upload), an image of at most 1 MiB; null removes the logo.
 */
export const AdminUnitLogoBodySchema = Type.Object({ fileId: OrNull(Id) });
export type AdminUnitLogoBody = Static<typeof AdminUnitLogoBodySchema>;

/**
 * The single-sign-on URL and the ticket issuer; null (or empty) removes one. The face sign-in
 * switch, left out, stays as it is.
 */
export const AdminSignInBodySchema = Type.Object({
  ssoUrl: OrNull(Line({ maxLength: ADMIN_URL_MAX })),
  ticketIssuerUrl: OrNull(Line({ maxLength: ADMIN_URL_MAX })),
  faceSignIn: Type.Optional(Type.Boolean()),
});
export type AdminSignInBody = Static<typeof AdminSignInBodySchema>;

export const AdminSocialParamsSchema = Type.Object({
  unitId: Id,
  type: SocialType,
});
export type AdminSocialParams = Static<typeof AdminSocialParamsSchema>;

/**
 * A provider's settings. The secret is write-only: left out (or empty) it keeps the stored one,
 * which a new provider must have.
 */
export const AdminSocialBodySchema = Type.Object({
  appId: Line({ maxLength: 128 }),
  agentId: OrNull(Line({ maxLength: 64 })),
  secret: Type.Optional(Line({ maxLength: 256 })),
});
export type AdminSocialBody = Static<typeof AdminSocialBodySchema>;

// ---------------------------------------------------------------------------------------------
// Users

/** One account in the console's list. */
export const AdminUserSchema = Type.Object({
  userId: Type.String(),
  unitId: Type.String(),
  loginName: Type.String(),
  realName: Type.String(),
  /** Spec §1: 1 unit staff, 2 teacher, 3 parent, 4 other staff. */
  userType: Type.Integer(),
  /** 0 not given, 1 male, 2 female. */
  sex: Type.Integer(),
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  /** False once disabled: the account cannot sign in. */
  enabled: Type.Boolean(),
  /** Locked by failed sign-ins (DESIGN.md §5) until `lockedUntil`. */
  locked: Type.Boolean(),
  lockedUntil: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
});
export type AdminUser = Static<typeof AdminUserSchema>;

/** The other account of a linked teacher and parent (spec §6). */
export const AdminLinkedAccountSchema = Type.Object({
  userId: Type.String(),
  loginName: Type.String(),
  realName: Type.String(),
  userType: Type.Integer(),
});
export type AdminLinkedAccount = Static<typeof AdminLinkedAccountSchema>;

/** One account with its family: the linked account and, for a parent, the children. */
export const AdminUserDetailSchema = Type.Object({
  ...AdminUserSchema.properties,
  linked: Type.Union([AdminLinkedAccountSchema, Type.Null()]),
  /** A parent's children (spec §3 Child), with grade and class; none for other accounts. */
  children: Type.Array(ChildSchema),
});
export type AdminUserDetail = Static<typeof AdminUserDetailSchema>;

export const AdminUserPageSchema = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
  items: Type.Array(AdminUserSchema),
});
export type AdminUserPage = Static<typeof AdminUserPageSchema>;

/** The unit a user call acts in: every user call names it. */
export const AdminUnitQuerySchema = Type.Object({ unitId: Id });
export type AdminUnitQuery = Static<typeof AdminUnitQuerySchema>;

export const AdminUserSearchQuerySchema = Type.Object({
  unitId: Id,
  /** Part of a login name, a real name or a phone number. */
  q: Type.Optional(Line({ maxLength: 64 })),
  userType: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  /** `enabled`, `disabled` or `locked`. */
  state: Type.Optional(
    Type.Union([Type.Literal('enabled'), Type.Literal('disabled'), Type.Literal('locked')]),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_PAGE_SIZE_MAX })),
});
export type AdminUserSearchQuery = Static<typeof AdminUserSearchQuerySchema>;

export const AdminUserParamsSchema = Type.Object({ userId: Id });
export type AdminUserParams = Static<typeof AdminUserParamsSchema>;

export const AdminChildParamsSchema = Type.Object({ userId: Id, studentId: Id });
export type AdminChildParams = Static<typeof AdminChildParamsSchema>;

/** What an administrator edits of an account. Null (or empty) phone or email removes it. */
export const AdminUserProfileBodySchema = Type.Object({
  realName: Line({ maxLength: 100 }),
  phone: OrNull(Line({ maxLength: 32 })),
  email: OrNull(Line({ maxLength: 320 })),
  userType: Type.Integer(),
  sex: Type.Integer(),
});
export type AdminUserProfileBody = Static<typeof AdminUserProfileBodySchema>;

/** A new account; without a password the server makes one (answered once). */
export const AdminNewUserBodySchema = Type.Object({
  loginName: Line({ maxLength: 100 }),
  realName: Line({ maxLength: 100 }),
  phone: OrNull(Line({ maxLength: 32 })),
  email: OrNull(Line({ maxLength: 320 })),
  userType: Type.Integer(),
  sex: Type.Integer(),
  password: Type.Optional(Line({ maxLength: 64 })),
});
export type AdminNewUserBody = Static<typeof AdminNewUserBodySchema>;

/** A new password as typed; left out (or empty), the server makes one. */
export const AdminPasswordBodySchema = Type.Object({
  password: Type.Optional(Line({ maxLength: 64 })),
});
export type AdminPasswordBody = Static<typeof AdminPasswordBodySchema>;

/** What signing a user out revoked. */
export const AdminRevokedSchema = Type.Object({
  sessions: Type.Integer(),
  refreshTokens: Type.Integer(),
  deviceCredentials: Type.Integer(),
});
export type AdminRevoked = Static<typeof AdminRevokedSchema>;

/** A new account and its initial password, shown this once. */
export const AdminNewUserSchema = Type.Object({
  user: AdminUserDetailSchema,
  password: Type.String(),
  /** True when the server made the password. */
  generated: Type.Boolean(),
});
export type AdminNewUser = Static<typeof AdminNewUserSchema>;

/** A reset: the new password, shown this once, and the sign-outs it caused. */
export const AdminPasswordResetSchema = Type.Object({
  userId: Type.String(),
  loginName: Type.String(),
  password: Type.String(),
  generated: Type.Boolean(),
  revoked: AdminRevokedSchema,
});
export type AdminPasswordReset = Static<typeof AdminPasswordResetSchema>;

export const AdminSignOutSchema = Type.Object({
  userId: Type.String(),
  revoked: AdminRevokedSchema,
});
export type AdminSignOut = Static<typeof AdminSignOutSchema>;

/** The account to link with this one (spec §6: one teacher and one parent account). */
export const AdminLinkBodySchema = Type.Object({ loginName: Line({ maxLength: 100 }) });
export type AdminLinkBody = Static<typeof AdminLinkBodySchema>;

/** A child to link: an existing student of the unit by id, or a new one by names. */
export const AdminChildBodySchema = Type.Object({
  studentId: Type.Optional(Id),
  realName: Type.Optional(Line({ maxLength: 100 })),
  gradeName: Type.Optional(Line({ maxLength: 100 })),
  className: Type.Optional(Line({ maxLength: 100 })),
});
export type AdminChildBody = Static<typeof AdminChildBodySchema>;

/** A child's names, grade and class as corrected by an administrator. */
export const AdminChildNamesBodySchema = Type.Object({
  realName: Line({ maxLength: 100 }),
  gradeName: Line({ maxLength: 100 }),
  className: Line({ maxLength: 100 }),
});
export type AdminChildNamesBody = Static<typeof AdminChildNamesBodySchema>;

// ---------------------------------------------------------------------------------------------
// Audit log

export const AdminAuditQuerySchema = Type.Object({
  /** One unit of the caller's scope; left out, every unit of it. */
  unitId: Type.Optional(Id),
  /** Part of the actor's login name or real name. */
  actor: Type.Optional(Line({ maxLength: 64 })),
  /** An action (`admin.reset_password`) or the start of one (`admin.`, `login.`). */
  action: Type.Optional(Line({ maxLength: 64, pattern: '^[A-Za-z0-9_.]*$' })),
  /** Epoch ms, inclusive. */
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Epoch ms, exclusive. */
  to: Type.Optional(Type.Integer({ minimum: 0 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_PAGE_SIZE_MAX })),
});
export type AdminAuditQuery = Static<typeof AdminAuditQuerySchema>;

export const AdminAuditEntrySchema = Type.Object({
  id: Type.String(),
  at: Type.Integer(),
  action: Type.String(),
  unitId: Type.Union([Type.String(), Type.Null()]),
  /** Who did it; null for the CLI, the seed, or a sign-in attempt of no account. */
  actor: Type.Union([
    Type.Object({ userId: Type.String(), loginName: Type.String(), realName: Type.String() }),
    Type.Null(),
  ]),
  ip: Type.Union([Type.String(), Type.Null()]),
  /** The action's details (never a password or a token, DESIGN.md §5). */
  detail: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type AdminAuditEntry = Static<typeof AdminAuditEntrySchema>;

export const AdminAuditPageSchema = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
  items: Type.Array(AdminAuditEntrySchema),
});
export type AdminAuditPage = Static<typeof AdminAuditPageSchema>;

/** Field names in both languages, for the schema's own refusals (server validation wording). */
export const adminDirectoryFieldLabels: Record<string, readonly [zh: string, en: string]> = {
  name: ['名称', 'Name'],
  enName: ['英文名称', 'English name'],
  unitType: ['单位类型', 'Unit type'],
  areaId: ['上级区域', 'Parent area'],
  fileId: ['文件', 'File'],
  footer: ['页脚文字', 'Footer text'],
  footerLink: ['页脚链接', 'Footer link'],
  copyright: ['版权信息', 'Copyright line'],
  footerShow: ['显示页脚', 'Show the footer'],
  helpCenter: ['帮助中心', 'Help centre'],
  filingShow: ['显示备案信息', 'Show the filing entries'],
  filings: ['备案信息', 'Filing entries'],
  baContent: ['备案文字', 'Filing text'],
  baUrl: ['备案链接', 'Filing link'],
  baImg: ['备案图片', 'Filing image'],
  showImg: ['显示备案图片', 'Show the filing image'],
  themeList: ['主题列表', 'Theme list'],
  color: ['颜色', 'Colour'],
  autologin: ['自动登录', 'Automatic sign-in'],
  ssoUrl: ['单点登录地址', 'Single-sign-on URL'],
  ticketIssuerUrl: ['票据签发地址', 'Ticket issuer'],
  faceSignIn: ['人脸登录', 'Face sign-in'],
  appId: ['应用标识', 'App id'],
  agentId: ['企业微信应用标识', 'WeCom agent id'],
  secret: ['密钥', 'Secret'],
  q: ['搜索内容', 'Search text'],
  state: ['账号状态', 'Account state'],
  page: ['页码', 'Page'],
  size: ['每页条数', 'Page size'],
  loginName: ['登录名', 'Login name'],
  realName: ['姓名', 'Real name'],
  phone: ['手机号', 'Phone'],
  email: ['邮箱', 'Email'],
  sex: ['性别', 'Sex'],
  studentId: ['学生', 'Student'],
  actor: ['操作人', 'Actor'],
  action: ['操作', 'Action'],
  from: ['开始时间', 'From'],
  to: ['结束时间', 'To'],
};

// ---------------------------------------------------------------------------------------------
// Endpoints

const unitParams = AdminUnitParamsSchema;
const unitQuery = AdminUnitQuerySchema;

export const adminDirectoryEndpoints = {
  unit: defineEndpoint({
    method: 'GET',
    path: '/api/admin/units/:unitId',
    tag,
    access: 'session',
    summary:
      'A unit the caller administers: names, type, parent, logo, login page, SSO, ticket issuer, providers (issue 13 §2)',
    params: unitParams,
    data: AdminUnitDetailSchema,
  }),
  updateUnit: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/units/:unitId',
    tag,
    access: 'session',
    json: true,
    summary: "A unit's names, type and parent area (only an area admin sets a parent: the area)",
    params: unitParams,
    body: AdminUnitBasicsBodySchema,
    data: AdminUnitDetailSchema,
  }),
  createSchool: defineEndpoint({
    method: 'POST',
    path: '/api/admin/units',
    tag,
    access: 'session',
    json: true,
    summary: "A new school under the caller's area (area administrators only)",
    body: AdminNewSchoolBodySchema,
    data: AdminUnitDetailSchema,
  }),
  setUnitLogo: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/units/:unitId/logo',
    tag,
    access: 'session',
    json: true,
    summary: "The unit's logo: an image the caller uploaded through the file service, or none",
    params: unitParams,
    body: AdminUnitLogoBodySchema,
    data: AdminUnitDetailSchema,
  }),
  setLoginPage: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/units/:unitId/login-page',
    tag,
    access: 'session',
    json: true,
    summary:
      "The unit's login page (spec §3): footer text and link, filings, help centre, themes, autologin",
    params: unitParams,
    body: AdminLoginPageSchema,
    data: AdminUnitDetailSchema,
  }),
  setSignIn: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/units/:unitId/sign-in',
    tag,
    access: 'session',
    json: true,
    summary:
      "The unit's single-sign-on URL (spec §7), trusted ticket issuer (issue 12 §3) and face sign-in switch (issue 14 §1)",
    params: unitParams,
    body: AdminSignInBodySchema,
    data: AdminUnitDetailSchema,
  }),
  setSocialProvider: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/units/:unitId/social/:type',
    tag,
    access: 'session',
    json: true,
    summary: "The unit's WeCom (qy) or WeChat (mp) sign-in; the secret is write-only",
    params: AdminSocialParamsSchema,
    body: AdminSocialBodySchema,
    data: AdminUnitDetailSchema,
  }),
  removeSocialProvider: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/units/:unitId/social/:type',
    tag,
    access: 'session',
    summary: "Removes the unit's WeCom (qy) or WeChat (mp) sign-in",
    params: AdminSocialParamsSchema,
    data: AdminUnitDetailSchema,
  }),

  users: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users',
    tag,
    access: 'session',
    summary: "Search a unit's accounts by login name, real name or phone, by type and state, paged",
    query: AdminUserSearchQuerySchema,
    data: AdminUserPageSchema,
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users',
    tag,
    access: 'session',
    json: true,
    summary: 'A new account in the unit; the initial password (typed or made) is answered once',
    query: unitQuery,
    body: AdminNewUserBodySchema,
    data: AdminNewUserSchema,
  }),
  user: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:userId',
    tag,
    access: 'session',
    summary: "An account of the unit with its linked account and a parent's children",
    params: AdminUserParamsSchema,
    query: unitQuery,
    data: AdminUserDetailSchema,
  }),
  updateUser: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/users/:userId',
    tag,
    access: 'session',
    json: true,
    summary: "An account's real name, phone, email, user type and sex",
    params: AdminUserParamsSchema,
    query: unitQuery,
    body: AdminUserProfileBodySchema,
    data: AdminUserDetailSchema,
  }),
  disableUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/disable',
    tag,
    access: 'session',
    json: true,
    summary: 'Disables an account and signs it out everywhere',
    params: AdminUserParamsSchema,
    query: unitQuery,
    data: AdminUserDetailSchema,
  }),
  enableUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/enable',
    tag,
    access: 'session',
    json: true,
    summary: 'Enables a disabled account',
    params: AdminUserParamsSchema,
    query: unitQuery,
    data: AdminUserDetailSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/password',
    tag,
    access: 'session',
    json: true,
    summary:
      'A new password (typed, or made by the server), answered once; signs the account out everywhere',
    params: AdminUserParamsSchema,
    query: unitQuery,
    body: AdminPasswordBodySchema,
    data: AdminPasswordResetSchema,
  }),
  unlockUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/unlock',
    tag,
    access: 'session',
    json: true,
    summary: 'Lifts the lock of failed sign-ins (DESIGN.md §5)',
    params: AdminUserParamsSchema,
    query: unitQuery,
    data: AdminUserDetailSchema,
  }),
  signOutUser: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/sign-out',
    tag,
    access: 'session',
    json: true,
    summary: 'Signs an account out everywhere: its sessions, refresh and device tokens revoked',
    params: AdminUserParamsSchema,
    query: unitQuery,
    data: AdminSignOutSchema,
  }),
  linkAccount: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/users/:userId/link',
    tag,
    access: 'session',
    json: true,
    summary: 'Links a teacher account and a parent account of one person (spec §6)',
    params: AdminUserParamsSchema,
    query: unitQuery,
    body: AdminLinkBodySchema,
    data: AdminUserDetailSchema,
  }),
  unlinkAccount: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/users/:userId/link',
    tag,
    access: 'session',
    summary: "Removes an account's teacher–parent link",
    params: AdminUserParamsSchema,
    query: unitQuery,
    data: AdminUserDetailSchema,
  }),
  linkChild: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/children',
    tag,
    access: 'session',
    json: true,
    summary: 'Links a child to a parent account: a student of the unit, or a new one',
    params: AdminUserParamsSchema,
    query: unitQuery,
    body: AdminChildBodySchema,
    data: AdminUserDetailSchema,
  }),
  updateChild: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/users/:userId/children/:studentId',
    tag,
    access: 'session',
    json: true,
    summary: "Corrects a parent's child: name, grade and class",
    params: AdminChildParamsSchema,
    query: unitQuery,
    body: AdminChildNamesBodySchema,
    data: AdminUserDetailSchema,
  }),
  unlinkChild: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/users/:userId/children/:studentId',
    tag,
    access: 'session',
    summary: 'Removes a child from a parent account (the student stays)',
    params: AdminChildParamsSchema,
    query: unitQuery,
    data: AdminUserDetailSchema,
  }),

  audit: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit',
    tag,
    access: 'session',
    summary: "The audit log of the caller's units, by actor, action and time, newest first, paged",
    query: AdminAuditQuerySchema,
    data: AdminAuditPageSchema,
  }),
} as const;
