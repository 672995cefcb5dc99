/**
 * Desktop-shell contracts (issue 4): the header's counts and messages, the to-do popup, the
 * message configuration, the app-icon menu, the theme dialog's save, the parent's children and
 * the linked-account check, the single-sign-on URL (spec §2, §3, §6, §7, §9), and the per-user
 * state the shell keeps (recent apps, left-layout lock, icon drag order). Paths and payloads of
 * spec §7 are used as they are; the per-user state endpoints are ours (docs/decisions.md).
 *
 * Times are epoch milliseconds, as `endTime` in a message's module list (spec §3) and the
 * module list of `/api/base/resource/inside/module`.
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint } from './endpoint.ts';
import { AppCodeSchema, IdSchema, Line } from './primitives.ts';

const Id = IdSchema;
const AppCode = AppCodeSchema;
const NullableText = Type.Union([Type.String(), Type.Null()]);
const EpochMs = Type.Number({ description: 'Epoch milliseconds' });

// ---------------------------------------------------------------------------------------------
// Counts, messages, to-dos (spec §2 Header bell, Other dialogs; §3 Message; §9)

/** GET unhandlecount: the caller's open to-dos and unread messages. */
export const UnhandleCountSchema = Type.Object({
  todoCount: Type.Integer({ minimum: 0 }),
  messageCount: Type.Integer({ minimum: 0 }),
});
export type UnhandleCount = Static<typeof UnhandleCountSchema>;

/** One module of an openWay-1 message (spec §3 content; §4 module status by end time). */
export const MessageModuleSchema = Type.Object({
  code: Type.String(),
  endTime: EpochMs,
  /** The app's names when the code is a known app, for the module-expiry table. */
  name: NullableText,
  englishName: NullableText,
});
export type MessageModule = Static<typeof MessageModuleSchema>;

/** Spec §3: importance 1 to 5, each with its own colour. */
export const MESSAGE_IMPORTANCE_MIN = 1;
export const MESSAGE_IMPORTANCE_MAX = 5;
/** Spec §3: openWay 1 opens the module-expiry list. */
export const OPEN_WAY_EXPIRY_LIST = 1;

/** A message (spec §3). `content` is the parsed module list, null when the message has none. */
export const MessageSchema = Type.Object({
  id: Type.String(),
  messageMeno: Type.String(),
  /** The app code the message comes from. */
  module: Type.String(),
  messageDate: EpochMs,
  importance: Type.Integer({ minimum: MESSAGE_IMPORTANCE_MIN, maximum: MESSAGE_IMPORTANCE_MAX }),
  openWay: Type.Integer(),
  /** A same-origin path or an http(s) URL; anything else is dropped to null. */
  url: NullableText,
  content: Type.Union([Type.Array(MessageModuleSchema), Type.Null()]),
});
export type Message = Static<typeof MessageSchema>;

/** The most unread messages one answer carries, newest first; the bell's count is exact. */
export const UNREAD_MESSAGE_LIST_MAX = 500;

/** POST message_update_statusby_id ('ignore one'). */
export const IgnoreMessageBodySchema = Type.Object({ desktopMessageId: Id });
export type IgnoreMessageBody = Static<typeof IgnoreMessageBodySchema>;
export const IGNORE_MESSAGE_TRIMMED_FIELDS = ['desktopMessageId'] as const;

/** Spec §9: the to-do popup shows 3 per page. */
export const TODO_PAGE_SIZE = 3;
export const TODO_PAGE_SIZE_MAX = 100;

/**
 * GET popUpBox_select: `start` is a row offset (0, 3, 6, …), as `start` in the other paged
 * calls; `size` defaults to 3 (spec §9).
 */
export const TodoPageQuerySchema = Type.Object({
  start: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: TODO_PAGE_SIZE_MAX, default: TODO_PAGE_SIZE }),
});
export type TodoPageQuery = Static<typeof TodoPageQuerySchema>;

/** One open to-do of the reminder popup. */
export const TodoSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** The app code the to-do belongs to. */
  module: Type.String(),
  url: NullableText,
  createdAt: EpochMs,
});
export type Todo = Static<typeof TodoSchema>;

/** Spec §7 "reply list, pages, total". */
export const TodoPageSchema = Type.Object({
  list: Type.Array(TodoSchema),
  pages: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});
export type TodoPage = Static<typeof TodoPageSchema>;

/** GET getMessageConfig (spec §2: pcOpen 1 shows a plain dot instead of the count). */
export const MessageConfigSchema = Type.Object({
  pcOpen: Type.Union([Type.Literal(0), Type.Literal(1)]),
});
export type MessageConfig = Static<typeof MessageConfigSchema>;

// ---------------------------------------------------------------------------------------------
// App-icon menu (spec §2 Top app-icon menu; §3 App icon, App group; §6; §9)

/** Spec §7 `appType=1`: the PC desktop's apps, the only kind the spec shows. */
export const APP_TYPE_PC = 1;

/** GET my_app_icon query: userId and unitId must be the caller's own. */
export const AppIconQuerySchema = Type.Object({
  userId: Id,
  unitId: Id,
  appType: Type.Literal(APP_TYPE_PC, { default: APP_TYPE_PC }),
});
export type AppIconQuery = Static<typeof AppIconQuerySchema>;

/** An app icon (spec §3). Only apps the caller may open are listed (docs/decisions.md). */
export const AppIconSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  shortName: Type.String(),
  englishName: Type.String(),
  englishShortName: Type.String(),
  serverId: Type.String(),
  deployPath: NullableText,
  /** The icon for the caller's saved theme; other themes' icons by `appIconUrl` (storage). */
  iconImg: Type.String(),
  /** Always 1 here: hidden apps (0) are left out on the server. */
  updateStatus: Type.Integer(),
  menuRoute: NullableText,
  /** Comma-separated user types, e.g. '1,2,3,4'. */
  frontUserType: Type.String(),
  limitUserType: Type.String(),
  /** The caller's unread messages from this app. */
  unReadCodeCount: Type.Integer({ minimum: 0 }),
});
export type AppIcon = Static<typeof AppIconSchema>;

/** An app group (spec §3): groups in their order, icons in the caller's drag order or the default. */
export const AppGroupSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  englishName: Type.String(),
  iconVMs: Type.Array(AppIconSchema),
});
export type AppGroup = Static<typeof AppGroupSchema>;

/** GET unReadCodeCount: app code → the caller's unread messages from it (only codes above 0). */
export const UnreadCodeCountSchema = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));
export type UnreadCodeCount = Static<typeof UnreadCodeCountSchema>;

/** Spec §9: recently used apps, 10 per user. */
export const RECENT_APPS_MAX = 10;

/** POST recent_app: the caller opened an app. */
export const RecentAppBodySchema = Type.Object({ code: AppCode });
export type RecentAppBody = Static<typeof RecentAppBodySchema>;
export const RECENT_APP_TRIMMED_FIELDS = ['code'] as const;

/** The most codes an icon order may hold (far above any unit's app count). */
export const ICON_ORDER_MAX = 200;

/**
 * POST icon_order (JSON): the caller's icon order, first to last. Codes not listed keep the
 * default order after the listed ones; an empty list goes back to the default.
 */
export const IconOrderBodySchema = Type.Object({
  codes: Type.Array(AppCode, { maxItems: ICON_ORDER_MAX, uniqueItems: true }),
});
export type IconOrderBody = Static<typeof IconOrderBodySchema>;

/** The saved icon order (the codes kept, first to last). */
export const IconOrderSchema = Type.Object({ codes: Type.Array(Type.String()) });
export type IconOrder = Static<typeof IconOrderSchema>;

/** GET/POST left_lock: the left layout's lock toggle, kept per user (spec §2 Left layout). */
export const LeftLockSchema = Type.Object({ locked: Type.Boolean() });
export type LeftLock = Static<typeof LeftLockSchema>;

// ---------------------------------------------------------------------------------------------
// Theme (spec §2 Theme dialog, §3 theme colours, §4 Layout, §6, §7)

/** Spec §7 settheme `type`: the caller's own theme, or (base admins) every user of the unit. */
export const SET_THEME_TYPES = ['color', 'default_color'] as const;
export type SetThemeType = (typeof SET_THEME_TYPES)[number];

/**
 * POST settheme. `theme`: ink, lotus, cartoon, a colour swatch (red, blue, siroBlue, green) or
 * a `#RGB`/`#RRGGBB` colour; `layout`: top or left, for plain colours only (spec §4: the named
 * themes force top). Without a layout a plain colour keeps each user's current one.
 */
export const SetThemeBodySchema = Type.Object({
  // Spelled out: a mapped array loses the literal types (Static would be `never`).
  type: Type.Union([Type.Literal('color'), Type.Literal('default_color')]),
  theme: Line({ minLength: 1, maxLength: 32 }),
  layout: Type.Optional(Type.Union([Type.Literal('top'), Type.Literal('left')])),
});
export type SetThemeBody = Static<typeof SetThemeBodySchema>;
export const SET_THEME_TRIMMED_FIELDS = ['theme', 'layout'] as const;

/** Spec §7: settheme's success data is the string 'success'. */
export const SET_THEME_SUCCESS = 'success';

// ---------------------------------------------------------------------------------------------
// Single sign-on (spec §7)

/** GET /api/sso/select/login/url: the unit's SSO login URL (http(s) only), or null. */
export const SsoLoginUrlSchema = Type.Union([Type.String(), Type.Null()]);
export type SsoLoginUrl = Static<typeof SsoLoginUrlSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints (spec §7, and the shell's own per-user state: docs/decisions.md)

const tag = 'desktop';

/** The desktop shell's endpoints, one definition for the server and the SDK. */
export const desktopEndpoints = {
  // Spec §2 Header bell, §7.
  unhandleCount: defineEndpoint({
    method: 'GET',
    path: '/api/base/desktop/unhandlecount',
    tag,
    access: 'session',
    summary: "The caller's open to-dos and unread messages (spec §2 header, §7)",
    data: UnhandleCountSchema,
  }),
  unreadMessages: defineEndpoint({
    method: 'GET',
    path: '/api/base/desktop/message_select_not_read',
    tag,
    access: 'session',
    summary: "The caller's unread messages, newest first (spec §3 Message, §7)",
    data: Type.Array(MessageSchema),
  }),
  ignoreAllMessages: defineEndpoint({
    method: 'POST',
    path: '/api/base/desktop/message_update_status_by_me',
    tag,
    access: 'session',
    summary: "'Ignore all': marks the caller's unread messages read; data is how many",
    data: Type.Integer({ minimum: 0 }),
  }),
  ignoreMessage: defineEndpoint({
    method: 'POST',
    path: '/api/base/desktop/message_update_statusby_id',
    tag,
    access: 'session',
    summary: "'Ignore one': marks one of the caller's messages read; data is 1, or 0 if read",
    body: IgnoreMessageBodySchema,
    data: Type.Integer({ minimum: 0 }),
    trimmed: IGNORE_MESSAGE_TRIMMED_FIELDS,
  }),
  // Spec §2 to-do reminder popup, §9 3 per page.
  todoPage: defineEndpoint({
    method: 'GET',
    path: '/api/base/desktop/popUpBox_select',
    tag,
    access: 'session',
    summary: "A page of the caller's open to-dos (start = row offset, size 3; spec §7, §9)",
    query: TodoPageQuerySchema,
    data: TodoPageSchema,
  }),
  messageConfig: defineEndpoint({
    method: 'GET',
    path: '/api/base/desktop/getMessageConfig',
    tag,
    access: 'session',
    summary: "The unit's message configuration: pcOpen 1 shows a dot (spec §2, §7)",
    data: MessageConfigSchema,
  }),
  // Spec §2 Top app-icon menu, §3 App icon / App group, §6.
  appIcons: defineEndpoint({
    method: 'GET',
    path: '/api/base/desktop/my_app_icon',
    tag,
    access: 'session',
    summary: "The caller's app groups and icons (spec §3, §6, §7); own userId and unitId",
    query: AppIconQuerySchema,
    data: Type.Array(AppGroupSchema),
  }),
  unreadCodeCount: defineEndpoint({
    method: 'GET',
    path: '/api/base/desktop/unReadCodeCount',
    tag,
    access: 'session',
    summary: "App code → the caller's unread messages from that app (spec §7)",
    data: UnreadCodeCountSchema,
  }),
  // Spec §2 Theme dialog, §4 Layout, §6 theme sync for admins.
  setTheme: defineEndpoint({
    method: 'POST',
    path: '/api/base/desktop/settheme',
    tag,
    access: 'session',
    summary: "Save the caller's theme (color) or every unit user's (default_color, base admins)",
    body: SetThemeBodySchema,
    data: Type.String(),
    trimmed: SET_THEME_TRIMMED_FIELDS,
  }),
  // Per-user state of the shell (our design; docs/decisions.md).
  recentApps: defineEndpoint({
    method: 'GET',
    path: '/api/base/desktop/recent_apps',
    tag,
    access: 'session',
    summary: "The caller's recently used apps, most recent first (spec §9: 10)",
    data: Type.Array(AppIconSchema),
  }),
  recentApp: defineEndpoint({
    method: 'POST',
    path: '/api/base/desktop/recent_app',
    tag,
    access: 'session',
    summary: 'The caller opened an app: it moves to the front of the recent apps',
    body: RecentAppBodySchema,
    data: Type.Array(AppIconSchema),
    trimmed: RECENT_APP_TRIMMED_FIELDS,
  }),
  leftLock: defineEndpoint({
    method: 'GET',
    path: '/api/base/desktop/left_lock',
    tag,
    access: 'session',
    summary: "The caller's left-layout lock (spec §2 Left layout)",
    data: LeftLockSchema,
  }),
  setLeftLock: defineEndpoint({
    method: 'POST',
    path: '/api/base/desktop/left_lock',
    tag,
    access: 'session',
    summary: "Set the caller's left-layout lock (spec §2 Left layout)",
    body: LeftLockSchema,
    data: LeftLockSchema,
  }),
  iconOrder: defineEndpoint({
    method: 'POST',
    path: '/api/base/desktop/icon_order',
    tag,
    access: 'session',
    summary: "Save the caller's icon drag order (JSON; teachers and type 4, spec §6)",
    body: IconOrderBodySchema,
    data: IconOrderSchema,
    json: true,
  }),
  // Spec §7 single sign-on.
  ssoLoginUrl: defineEndpoint({
    method: 'GET',
    path: '/api/sso/select/login/url',
    tag: 'sso',
    access: 'session',
    summary: "The caller's unit's single-sign-on login URL (http(s)), or null (spec §7)",
    data: SsoLoginUrlSchema,
  }),
} as const;
