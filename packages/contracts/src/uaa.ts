/**
 * Sign-in domain contracts (spec §3, §4, §7; DESIGN.md §4–5).
 * The same schemas validate on the server and type the SDK's calls.
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint } from './endpoint.ts';
import { ChildSchema } from './family.ts';
import { IdSchema, Line } from './primitives.ts';

/** The cookies and header the session uses (DESIGN.md §4). */
export const ACCESS_COOKIE = 'ph_at';
export const REFRESH_COOKIE = 'ph_rt';
export const REFRESH_PATH = '/api/uaa/oauth/refresh';
/** Header that carries `device:appCode` (spec §7) and marks a request as made by our client. */
export const DEVICE_HEADER = 'device';

const Username = Line({ minLength: 1, maxLength: 64 });
const Secret = Line({ maxLength: 256 });

/**
 * Login form (spec §3: username, password, noIntercept). A remembered sign-in sends
 * `rememberToken` and `deviceId` instead of a password (DESIGN.md §5).
 */
export const LoginBodySchema = Type.Object({
  username: Username,
  password: Type.Optional(Secret),
  rememberMe: Type.Optional(Type.Boolean()),
  rememberToken: Type.Optional(Secret),
  deviceId: Type.Optional(Line({ minLength: 8, maxLength: 64 })),
  noIntercept: Type.Optional(Type.Union([Type.Boolean(), Line({ maxLength: 8 })])),
});
export type LoginBody = Static<typeof LoginBodySchema>;

/** Login response data (spec §3), plus the credentials a client keeps. */
export const LoginDataSchema = Type.Object({
  unitType: Type.Integer(),
  unitId: Type.String(),
  userType: Type.Integer(),
  openid: Type.Union([Type.String(), Type.Null()]),
  unionid: Type.Union([Type.String(), Type.Null()]),
  accessToken: Type.String(),
  /** Kept under the per-app client id key; used by login_user_client (spec §4). */
  userClientId: Type.String(),
  /** Present when rememberMe was asked for: goes into the saved-login record. */
  rememberToken: Type.Optional(Type.String()),
});
export type LoginData = Static<typeof LoginDataSchema>;

export const CampusUnitSchema = Type.Object({
  campusId: Type.String(),
  name: Type.String(),
  enName: Type.Union([Type.String(), Type.Null()]),
});

/** The session/user state of spec §3, as far as the server knows it. */
export const MeDataSchema = Type.Object({
  userId: Type.String(),
  userType: Type.Integer(),
  unitId: Type.String(),
  unitType: Type.Integer(),
  realName: Type.String(),
  loginName: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  unitName: Type.String(),
  unitEnName: Type.Union([Type.String(), Type.Null()]),
  sex: Type.Integer(),
  superman: Type.Integer(),
  accessToken: Type.String(),
  /** JSON text of an array of units, each with campusId (spec §3). */
  campusUnits: Type.String(),
  chirdenId: Type.Union([Type.String(), Type.Null()]),
  chirdenName: Type.Union([Type.String(), Type.Null()]),
  chirdenList: Type.Array(ChildSchema),
  currentChirden: Type.Union([ChildSchema, Type.Null()]),
  unitStatus: Type.Integer(),
  userStatus: Type.Integer(),
  theme: Type.Union([Type.String(), Type.Null()]),
  themeColor: Type.String(),
  currentLayout: Type.Union([Type.Literal('top'), Type.Literal('left')]),
  langType: Type.Union([Type.Literal('zh-CN'), Type.Literal('en')]),
  /** The teacher or parent account linked to this one, if any (spec §6). */
  linkedUserId: Type.Union([Type.String(), Type.Null()]),
  linkedUserType: Type.Union([Type.Integer(), Type.Null()]),
});
export type MeData = Static<typeof MeDataSchema>;

export const LoginUserClientBodySchema = Type.Object({
  userClientId: Line({ minLength: 1, maxLength: 256 }),
});
export type LoginUserClientBody = Static<typeof LoginUserClientBodySchema>;

export const ReloginBodySchema = Type.Object({
  accessToken: Line({ minLength: 1, maxLength: 256 }),
});
export type ReloginBody = Static<typeof ReloginBodySchema>;

/** Answer of refresh, relogin, login_user_client and switch: a fresh session. */
export const SessionDataSchema = Type.Object({
  accessToken: Type.String(),
  userClientId: Type.Optional(Type.String()),
  userId: Type.String(),
  userType: Type.Integer(),
  unitId: Type.String(),
  unitType: Type.Integer(),
});
export type SessionData = Static<typeof SessionDataSchema>;

export const UnitConfigQuerySchema = Type.Object({
  unitId: Type.Optional(IdSchema),
});
export type UnitConfigQuery = Static<typeof UnitConfigQuerySchema>;

export const FilingEntrySchema = Type.Object({
  baUrl: Type.Optional(Type.String()),
  baImg: Type.Optional(Type.String()),
  baContent: Type.Optional(Type.String()),
  showImg: Type.Optional(Type.Boolean()),
});
export type FilingEntry = Static<typeof FilingEntrySchema>;

/** The decorationSet JSON text, parsed (spec §3). */
export interface DecorationSet {
  themeList?: { name: string; enName?: string; color: string }[];
  footerMsg?: {
    show?: boolean;
    helpCenter?: boolean;
    showBaMsg?: boolean;
    baList?: FilingEntry[];
    copyright?: string;
  };
}

/** Unit login page config (spec §3). */
export const UnitConfigDataSchema = Type.Object({
  unitId: Type.String(),
  unitName: Type.String(),
  unitEnName: Type.Union([Type.String(), Type.Null()]),
  unitType: Type.Integer(),
  logoUrl: Type.Union([Type.String(), Type.Null()]),
  footer: Type.Union([Type.String(), Type.Null()]),
  link: Type.Union([Type.String(), Type.Null()]),
  helpCenter: Type.Boolean(),
  autoLogin: Type.Boolean(),
  /** JSON text: { themeList, footerMsg } */
  decorationSet: Type.String(),
});
export type UnitConfigData = Static<typeof UnitConfigDataSchema>;

/** Social provider (spec §3). */
export const SocialProviderSchema = Type.Object({
  providerId: Type.String(),
  providerAppId: Type.String(),
  providerApplicationId: Type.String(),
  providerAppLoginUrl: Type.String(),
});
export type SocialProvider = Static<typeof SocialProviderSchema>;

export const SwitchLoginQuerySchema = Type.Object({ userId: IdSchema });
export type SwitchLoginQuery = Static<typeof SwitchLoginQuerySchema>;

/** Bilingual field names, used to word validation messages (spec §8 wording for the login box). */
export const fieldLabels: Record<string, readonly [zh: string, en: string]> = {
  username: ['用户名', 'User name'],
  password: ['密码', 'Password'],
  userClientId: ['客户端标识', 'Client id'],
  accessToken: ['访问令牌', 'Access token'],
  unitId: ['单位', 'Unit'],
  userId: ['用户', 'User'],
  rememberToken: ['记住密码凭据', 'Remember token'],
  deviceId: ['设备标识', 'Device id'],
  serverId: ['应用', 'App'],
  userType: ['用户类型', 'User type'],
  resId: ['资源', 'Resource'],
  resName: ['资源名称', 'Resource name'],
  type: ['类型', 'Type'],
  code: ['应用编码', 'App code'],
  file: ['文件', 'File'],
  // cms (contracts/cms.ts) and paging
  title: ['标题', 'Title'],
  content: ['内容', 'Content'],
  gradeName: ['年级', 'Grade'],
  className: ['班级', 'Class'],
  noticeId: ['通知', 'Notice'],
  start: ['起始位置', 'Start'],
  size: ['每页条数', 'Page size'],
  // desktop shell (contracts/desktop.ts)
  desktopMessageId: ['消息', 'Message'],
  appType: ['应用类型', 'App type'],
  theme: ['主题', 'Theme'],
  layout: ['布局', 'Layout'],
  parentId: ['家长', 'Parent'],
  teacherId: ['教师', 'Teacher'],
  id: ['编号', 'Id'],
  codes: ['应用顺序', 'Icon order'],
  locked: ['锁定状态', 'Lock state'],
};

// ---------------------------------------------------------------------------------------------
// Endpoints (spec §7)

const tag = 'uaa';

/** The sign-in endpoints of spec §7, one definition for the server and the SDK. */
export const uaaEndpoints = {
  me: defineEndpoint({
    method: 'GET',
    path: '/api/uaa/oauth/me',
    tag,
    access: 'session',
    summary: 'Login check: the session state of spec §3',
    data: MeDataSchema,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/uaa/oauth/login',
    tag,
    access: 'public',
    summary: 'Sign in with a password or a remember token',
    body: LoginBodySchema,
    data: LoginDataSchema,
  }),
  loginUserClient: defineEndpoint({
    method: 'POST',
    path: '/api/uaa/oauth/login_user_client',
    tag,
    access: 'public',
    summary: 'App-client sign-in with the stored client id (spec §4 session expiry)',
    body: LoginUserClientBodySchema,
    data: SessionDataSchema,
  }),
  relogin: defineEndpoint({
    method: 'POST',
    path: '/api/uaa/oauth/relogin',
    tag,
    access: 'public',
    summary: 'Exchange a valid access token for a browser session',
    body: ReloginBodySchema,
    data: SessionDataSchema,
  }),
  refresh: defineEndpoint({
    method: 'GET',
    path: REFRESH_PATH,
    tag,
    access: 'public',
    summary: 'Rotate the refresh cookie into a new session',
    data: SessionDataSchema,
    changesState: true,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/uaa/oauth/logout',
    tag,
    access: 'session',
    summary: 'Sign out: revokes this sign-in everywhere it was refreshed',
    data: Type.Boolean(),
  }),
  unitConfig: defineEndpoint({
    method: 'GET',
    path: '/api/uaa/oauth/login/unit_config',
    tag,
    access: 'public',
    summary: "The unit's login page configuration",
    query: UnitConfigQuerySchema,
    data: UnitConfigDataSchema,
  }),
  socialInfo: defineEndpoint({
    method: 'GET',
    path: '/api/uaa/social/info',
    tag,
    access: 'public',
    summary:
      "The unit's third-party login providers (DESIGN.md §8; the unit by unitId, else by host)",
    query: UnitConfigQuerySchema,
    data: Type.Array(SocialProviderSchema),
  }),
  switchLogin: defineEndpoint({
    method: 'GET',
    path: '/api/uaa/switch/login',
    tag,
    access: 'session',
    summary: 'Switch to the linked teacher or parent account (spec §6)',
    query: SwitchLoginQuerySchema,
    data: SessionDataSchema,
    changesState: true,
  }),
} as const;
