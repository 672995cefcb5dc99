/**
 * One feed of messages, to-dos and badges from every app (issue 13 §4, DESIGN.md §10): what
 * lands in the desktop's bell, to-do popup, messages dialog and app badges (spec §2, §3
 * Message, unReadCodeCount) from every source.
 *
 * - The feed API (`/api/feed/…`, tag `feed`), called by a sub-app's server with its client
 *   credential: `Authorization: Bearer <secret>` (RFC 6750), the secret the console or the CLI
 *   showed once (it begins with the client id). Refusals travel in the envelope like every other
 *   answer (DESIGN.md §4): 401 for a missing, wrong or rotated credential, 403 for an audience
 *   the app may not address, 429 past the rate limit, 400 for bad input.
 * - The console's side (`/api/admin/…`, tag `admin`): an app's credential per unit (shown once,
 *   rotatable) and composing a message or to-do to a unit, a grade, a class or a list of users,
 *   with the sent ones and their read counts.
 *
 * Audience: a unit, always; with a grade (and a class) the parents of that grade's (class's)
 * students, the only accounts the data ties to a class; with `userIds` exactly those users of
 * the unit; else the unit's active accounts, of `userTypes` when given.
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint } from './endpoint.ts';
import { AppCodeSchema, IdSchema, Line } from './primitives.ts';

const EpochMs = Type.Number({ description: 'Epoch milliseconds' });
const NullableText = Type.Union([Type.String(), Type.Null()]);

/** Spec §3: importance 1 to 5 (the desktop's MESSAGE_IMPORTANCE_MIN/MAX). */
export const FEED_IMPORTANCE_MIN = 1;
export const FEED_IMPORTANCE_MAX = 5;
/** The longest message text and to-do title (ours; the spec is silent). */
export const FEED_TEXT_MAX = 500;
/** A link a message or to-do opens: a same-origin path or an http(s) URL. */
export const FEED_URL_MAX = 2000;
/** The most users one call may list (an audience or the users whose to-do is done). */
export const FEED_USER_IDS_MAX = 1000;
/** The most badges one call may set. */
export const FEED_BADGES_MAX = 1000;
/** The largest badge count (the bell shows 99+ anyway, spec §9). */
export const FEED_BADGE_MAX = 999_999;
/** Grade and class names, as cms's audiences (NOTICE_AUDIENCE_MAX). */
export const FEED_AUDIENCE_NAME_MAX = 50;

/** The envelope's `code` when an app is past its rate limit (status 429). */
export const FEED_RATE_LIMITED_CODE = 'rate_limited';
/** The envelope's `code` when the app credential is missing, wrong or rotated (status 401). */
export const FEED_BAD_CREDENTIAL_CODE = 'invalid_client';

// ---------------------------------------------------------------------------------------------
// Audience

/** Who a message or to-do goes to (see the file comment); the service checks the combinations. */
export const FeedAudienceSchema = Type.Object({
  unitId: IdSchema,
  gradeName: Type.Optional(Line({ minLength: 1, maxLength: FEED_AUDIENCE_NAME_MAX })),
  /** Needs `gradeName`. */
  className: Type.Optional(Line({ minLength: 1, maxLength: FEED_AUDIENCE_NAME_MAX })),
  /** The unit's accounts of these types only (spec §1 user types); not with a grade or users. */
  userTypes: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: 4 }), {
      minItems: 1,
      maxItems: 4,
      uniqueItems: true,
    }),
  ),
  /** Exactly these users, each of the unit; not with a grade or user types. */
  userIds: Type.Optional(
    Type.Array(IdSchema, { minItems: 1, maxItems: FEED_USER_IDS_MAX, uniqueItems: true }),
  ),
});
export type FeedAudience = Static<typeof FeedAudienceSchema>;

const Importance = Type.Integer({ minimum: FEED_IMPORTANCE_MIN, maximum: FEED_IMPORTANCE_MAX });
const FeedText = Line({ minLength: 1, maxLength: FEED_TEXT_MAX });
const FeedUrl = Line({ minLength: 1, maxLength: FEED_URL_MAX });

// ---------------------------------------------------------------------------------------------
// The feed API (an app's server)

/** POST /api/feed/messages: a message (spec §3) in the bell of every user of the audience. */
export const FeedMessageBodySchema = Type.Object({
  audience: FeedAudienceSchema,
  /** The message's text (spec §3 messageMeno). */
  messageMeno: FeedText,
  importance: Importance,
  url: Type.Optional(FeedUrl),
});
export type FeedMessageBody = Static<typeof FeedMessageBodySchema>;

/** POST /api/feed/todos: a to-do in the popup of every user of the audience. */
export const FeedTodoBodySchema = Type.Object({
  audience: FeedAudienceSchema,
  title: FeedText,
  url: Type.Optional(FeedUrl),
});
export type FeedTodoBody = Static<typeof FeedTodoBodySchema>;

/** What a send reached: its id (to complete a to-do) and how many users got it. */
export const FeedSendResultSchema = Type.Object({
  id: Type.String(),
  recipients: Type.Integer({ minimum: 0 }),
});
export type FeedSendResult = Static<typeof FeedSendResultSchema>;

/** POST /api/feed/todos/done: the to-do (its send's id) is done for these users, or everyone. */
export const FeedTodoDoneBodySchema = Type.Object({
  id: IdSchema,
  userIds: Type.Optional(
    Type.Array(IdSchema, { minItems: 1, maxItems: FEED_USER_IDS_MAX, uniqueItems: true }),
  ),
});
export type FeedTodoDoneBody = Static<typeof FeedTodoDoneBodySchema>;

export const FeedTodoDoneSchema = Type.Object({
  /** To-dos newly marked done (0 when they already were). */
  completed: Type.Integer({ minimum: 0 }),
});
export type FeedTodoDone = Static<typeof FeedTodoDoneSchema>;

/**
 * One user's badge on the app's icon (spec §3 unReadCodeCount): the app's count replaces the
 * count of its unread messages for that user; no count removes it (back to the messages' count).
 * Not `null`: the validator coerces types, and null and 0 would read alike.
 */
export const FeedBadgeSchema = Type.Object({
  userId: IdSchema,
  count: Type.Optional(Type.Integer({ minimum: 0, maximum: FEED_BADGE_MAX })),
});
export type FeedBadge = Static<typeof FeedBadgeSchema>;

/** POST /api/feed/badges (JSON). */
export const FeedBadgesBodySchema = Type.Object({
  badges: Type.Array(FeedBadgeSchema, { minItems: 1, maxItems: FEED_BADGES_MAX }),
});
export type FeedBadgesBody = Static<typeof FeedBadgesBodySchema>;

export const FeedBadgesResultSchema = Type.Object({ updated: Type.Integer({ minimum: 0 }) });
export type FeedBadgesResult = Static<typeof FeedBadgesResultSchema>;

// ---------------------------------------------------------------------------------------------
// The console: app credentials

export const AppCredentialParamsSchema = Type.Object({ appCode: AppCodeSchema });
export type AppCredentialParams = Static<typeof AppCredentialParamsSchema>;

/** The unit the credential is for: it reaches that unit and, for an area, the schools under it. */
export const AppCredentialUnitSchema = Type.Object({ unitId: IdSchema });
export type AppCredentialUnit = Static<typeof AppCredentialUnitSchema>;

/** GET …/credential: whether the app has a credential for the unit (never its secret). */
export const AppCredentialStatusSchema = Type.Object({
  appCode: Type.String(),
  unitId: Type.String(),
  clientId: NullableText,
  createdAt: Type.Union([EpochMs, Type.Null()]),
});
export type AppCredentialStatus = Static<typeof AppCredentialStatusSchema>;

/**
 * POST …/credential: a new secret, shown this once (only its hash is kept); the previous one,
 * if any, stops working at once. The app's server sends `Authorization: Bearer <secret>`.
 */
export const AppCredentialSecretSchema = Type.Object({
  appCode: Type.String(),
  unitId: Type.String(),
  clientId: Type.String(),
  secret: Type.String(),
  createdAt: EpochMs,
});
export type AppCredentialSecret = Static<typeof AppCredentialSecretSchema>;

// ---------------------------------------------------------------------------------------------
// The console: messages and to-dos

export const FEED_SEND_KINDS = ['message', 'todo'] as const;
export type FeedSendKind = (typeof FEED_SEND_KINDS)[number];

/** POST /api/admin/messages (JSON): a message or a to-do from the base platform. */
export const ComposeBodySchema = Type.Object({
  kind: Type.Union([Type.Literal('message'), Type.Literal('todo')]),
  audience: FeedAudienceSchema,
  /** The message's text or the to-do's title. */
  title: FeedText,
  /** Required for a message; a to-do has none. */
  importance: Type.Optional(Importance),
  url: Type.Optional(FeedUrl),
});
export type ComposeBody = Static<typeof ComposeBodySchema>;
export const COMPOSE_TRIMMED_FIELDS = ['title', 'url'] as const;

/** Spec §9: pages of 30 by default. */
export const SENT_PAGE_SIZE = 30;
export const SENT_PAGE_SIZE_MAX = 100;

/** GET /api/admin/messages: one unit's sends, or (no unitId) every unit the caller administers. */
export const SentQuerySchema = Type.Object({
  unitId: Type.Optional(IdSchema),
  start: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: SENT_PAGE_SIZE_MAX, default: SENT_PAGE_SIZE }),
});
export type SentQuery = Static<typeof SentQuerySchema>;

/** A send's audience as it was addressed. */
export const SentAudienceSchema = Type.Object({
  gradeName: NullableText,
  className: NullableText,
  userTypes: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
  userIds: Type.Union([Type.Array(Type.String()), Type.Null()]),
});
export type SentAudience = Static<typeof SentAudienceSchema>;

/** One message or to-do sent, by the console, cms or an app's server, with its progress. */
export const SentItemSchema = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('message'), Type.Literal('todo')]),
  /** The app it came from (`base` for the console). */
  appCode: Type.String(),
  unitId: Type.String(),
  /** The administrator who composed it; null when an app sent it. */
  senderName: NullableText,
  title: Type.String(),
  importance: Type.Union([Type.Integer(), Type.Null()]),
  url: NullableText,
  audience: SentAudienceSchema,
  createdAt: EpochMs,
  recipients: Type.Integer({ minimum: 0 }),
  /** Recipients who have read the message, or done the to-do. */
  readCount: Type.Integer({ minimum: 0 }),
});
export type SentItem = Static<typeof SentItemSchema>;

export const SentListSchema = Type.Object({
  list: Type.Array(SentItemSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type SentList = Static<typeof SentListSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints

const feed = 'feed';
const CREDENTIAL = ' (app credential: Authorization: Bearer <secret>)';

/**
 * The feed API of sub-app servers. `access: 'public'` to the session guard: the feed's own
 * guard checks the app credential (server/src/modules/feed/feed.routes.ts). `csrfExempt`: the
 * feed reads no cookie, its one credential is the bearer header, which a cross-site form cannot
 * send (DESIGN.md §4's rule guards cookie sessions); so a call without it hears that its
 * credential is missing, not that its origin is unverified. The paths have no parameters, as
 * the exemption matches whole paths.
 */
export const appFeedEndpoints = {
  publishMessage: defineEndpoint({
    method: 'POST',
    path: '/api/feed/messages',
    tag: feed,
    access: 'public',
    summary: `Publish a message to users, a class, a grade or a unit, importance 1–5${CREDENTIAL}`,
    body: FeedMessageBodySchema,
    data: FeedSendResultSchema,
    json: true,
    csrfExempt: true,
  }),
  addTodo: defineEndpoint({
    method: 'POST',
    path: '/api/feed/todos',
    tag: feed,
    access: 'public',
    summary: `Add a to-do for users, a class, a grade or a unit${CREDENTIAL}`,
    body: FeedTodoBodySchema,
    data: FeedSendResultSchema,
    json: true,
    csrfExempt: true,
  }),
  completeTodo: defineEndpoint({
    method: 'POST',
    path: '/api/feed/todos/done',
    tag: feed,
    access: 'public',
    summary: `Mark one of the app's to-dos done, for some users or all${CREDENTIAL}`,
    body: FeedTodoDoneBodySchema,
    data: FeedTodoDoneSchema,
    json: true,
    csrfExempt: true,
  }),
  setBadges: defineEndpoint({
    method: 'POST',
    path: '/api/feed/badges',
    tag: feed,
    access: 'public',
    summary: `Set users' unread badges on the app's icon (spec §3 unReadCodeCount)${CREDENTIAL}`,
    body: FeedBadgesBodySchema,
    data: FeedBadgesResultSchema,
    json: true,
    csrfExempt: true,
  }),
} as const;

/** The console's calls for the feed: app credentials, composing, the sent list. */
export const adminFeedEndpoints = {
  appCredential: defineEndpoint({
    method: 'GET',
    path: '/api/admin/apps/:appCode/credential',
    tag: 'admin',
    access: 'session',
    summary: 'Whether the app has a feed credential for a unit the caller administers (no secret)',
    params: AppCredentialParamsSchema,
    query: AppCredentialUnitSchema,
    data: AppCredentialStatusSchema,
  }),
  rotateAppCredential: defineEndpoint({
    method: 'POST',
    path: '/api/admin/apps/:appCode/credential',
    tag: 'admin',
    access: 'session',
    summary: "Make or rotate the app's feed credential for a unit; the secret is shown this once",
    params: AppCredentialParamsSchema,
    body: AppCredentialUnitSchema,
    data: AppCredentialSecretSchema,
  }),
  sent: defineEndpoint({
    method: 'GET',
    path: '/api/admin/messages',
    tag: 'admin',
    access: 'session',
    summary: 'Messages and to-dos sent to the units the caller administers, with read counts',
    query: SentQuerySchema,
    data: SentListSchema,
  }),
  compose: defineEndpoint({
    method: 'POST',
    path: '/api/admin/messages',
    tag: 'admin',
    access: 'session',
    summary: 'Send a message or to-do to a unit, a grade, a class or a list of users (audited)',
    body: ComposeBodySchema,
    data: FeedSendResultSchema,
    json: true,
    trimmed: COMPOSE_TRIMMED_FIELDS,
  }),
} as const;
