/**
 * Contracts of the sample sub-app `cms` (school notices). The spec names cms as an app
 * (spec §6: `cms/home`; DESIGN.md §3) and its permission codes come from the resource
 * menu (spec §6), but the spec is silent about the app's own endpoints, audiences and
 * read records: those are decisions recorded in docs/decisions.md.
 *
 * Audience of a notice: no grade means the whole unit; a grade alone means that grade;
 * a grade and a class mean that class. A class always needs its grade.
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint } from './endpoint.ts';
import { ChildSchema } from './family.ts';
import { IdSchema, Line, Text } from './primitives.ts';
import { FileDescriptorSchema } from './storage.ts';

export const CMS_APP_CODE = 'cms';

/** The permission codes of the cms resource menu (spec §6; seeded in DESIGN.md §3's demo). */
export const CmsPermission = {
  list: 'cms:notice:list',
  publish: 'cms:notice:publish',
  reads: 'cms:notice:reads',
  stats: 'cms:stats',
} as const;
export type CmsPermission = (typeof CmsPermission)[keyof typeof CmsPermission];

/** Spec §9: the default page size is 30. The upper bound is ours (the spec is silent). */
export const CMS_DEFAULT_PAGE_SIZE = 30;
export const CMS_MAX_PAGE_SIZE = 100;

export const NOTICE_TITLE_MAX = 100;
export const NOTICE_CONTENT_MAX = 5000;
export const NOTICE_AUDIENCE_MAX = 50;
/** Files and images attached to one notice (issue 11 §4; the number is ours). */
export const NOTICE_ATTACHMENTS_MAX = 10;

/**
 * A notice's attachment: the file's descriptor (DESIGN.md §7); its `url` downloads it for anyone
 * the notice reaches (the parents of the addressed classes) and the unit's staff.
 */
export const NoticeAttachmentSchema = FileDescriptorSchema;

/** ISO 8601 instants (`2026-03-16T08:00:00.000Z`). */
const Instant = Type.String({ description: 'ISO 8601 instant' });
const NullableText = Type.Union([Type.String(), Type.Null()]);

/** `start` is a row offset, `size` the page size (spec §7 `start, size`; §9 default 30). */
export const CmsPageQuerySchema = Type.Object({
  start: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: CMS_MAX_PAGE_SIZE, default: CMS_DEFAULT_PAGE_SIZE }),
});
export type CmsPageQuery = Static<typeof CmsPageQuerySchema>;

/** A notice as staff see it, with how many of its audience have read it. */
export const NoticeSummarySchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String(),
  /** Null: the whole unit. */
  gradeName: NullableText,
  /** Null: the whole grade (or the whole unit when gradeName is null too). */
  className: NullableText,
  authorName: Type.String(),
  publishedAt: Instant,
  /** Distinct students with a read record. */
  readCount: Type.Integer({ minimum: 0 }),
  /** Students of the unit the notice is addressed to (all, a grade, or a class). */
  audienceCount: Type.Integer({ minimum: 0 }),
  attachments: Type.Array(NoticeAttachmentSchema),
});
export type NoticeSummary = Static<typeof NoticeSummarySchema>;

/** GET /api/cms/notice/list: the unit's notices, newest first. */
export const NoticeListSchema = Type.Object({
  list: Type.Array(NoticeSummarySchema),
  total: Type.Integer({ minimum: 0 }),
});
export type NoticeList = Static<typeof NoticeListSchema>;

/**
 * POST /api/cms/notice/publish. Strings arrive trimmed (the server trims before it
 * validates), so a whitespace-only title is an empty title; an empty gradeName or
 * className counts as absent.
 */
export const PublishNoticeBodySchema = Type.Object({
  title: Line({ minLength: 1, maxLength: NOTICE_TITLE_MAX }),
  content: Text({ minLength: 1, maxLength: NOTICE_CONTENT_MAX }),
  gradeName: Type.Optional(Line({ minLength: 1, maxLength: NOTICE_AUDIENCE_MAX })),
  className: Type.Optional(Line({ minLength: 1, maxLength: NOTICE_AUDIENCE_MAX })),
  /** Files the publisher uploaded (their descriptors' fileId), in the order shown. */
  fileIds: Type.Optional(
    Type.Array(IdSchema, { maxItems: NOTICE_ATTACHMENTS_MAX, uniqueItems: true }),
  ),
});
export type PublishNoticeBody = Static<typeof PublishNoticeBodySchema>;
/** The body fields the server trims before validation. */
export const PUBLISH_NOTICE_TRIMMED_FIELDS = [
  'title',
  'content',
  'gradeName',
  'className',
] as const;

/** One row of the read-count table (GET /api/cms/notice/reads). */
export const NoticeReadRowSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  publishedAt: Instant,
  gradeName: NullableText,
  className: NullableText,
  readCount: Type.Integer({ minimum: 0 }),
  audienceCount: Type.Integer({ minimum: 0 }),
});
export type NoticeReadRow = Static<typeof NoticeReadRowSchema>;

export const NoticeReadTableSchema = Type.Object({
  list: Type.Array(NoticeReadRowSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type NoticeReadTable = Static<typeof NoticeReadTableSchema>;

/** GET /api/cms/stats: the unit's publishing statistics. */
export const CmsStatsSchema = Type.Object({
  noticeCount: Type.Integer({ minimum: 0 }),
  /** Read records over all the unit's notices. */
  readCount: Type.Integer({ minimum: 0 }),
  /** The audiences of all the unit's notices added up (so readCount / audienceCount is the read rate). */
  audienceCount: Type.Integer({ minimum: 0 }),
  /** Notices per author, most first. */
  byAuthor: Type.Array(
    Type.Object({ authorName: Type.String(), count: Type.Integer({ minimum: 0 }) }),
  ),
});
export type CmsStats = Static<typeof CmsStatsSchema>;

/** A notice as a parent sees it for their current child. */
export const MyNoticeSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String(),
  authorName: Type.String(),
  publishedAt: Instant,
  /** Whether the current child has a read record. */
  read: Type.Boolean(),
  attachments: Type.Array(NoticeAttachmentSchema),
});
export type MyNotice = Static<typeof MyNoticeSchema>;

/** GET /api/cms/notice/mine: the current child (spec §3 Child) and the notices addressed to them. */
export const MyNoticesSchema = Type.Object({
  child: Type.Union([ChildSchema, Type.Null()]),
  list: Type.Array(MyNoticeSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type MyNotices = Static<typeof MyNoticesSchema>;

/** POST /api/cms/notice/read: marks a notice read for the parent's current child. */
export const ReadNoticeBodySchema = Type.Object({ noticeId: IdSchema });
export type ReadNoticeBody = Static<typeof ReadNoticeBodySchema>;

export const ReadNoticeResultSchema = Type.Object({
  id: Type.String(),
  read: Type.Literal(true),
  /** The first read; reading again keeps it. */
  readAt: Instant,
});
export type ReadNoticeResult = Static<typeof ReadNoticeResultSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints (ours: spec §7 lists no cms calls; docs/decisions.md)

const tag = 'cms';

/** The endpoints of the sample sub-app cms. */
export const cmsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/cms/notice/list',
    tag,
    access: 'session',
    summary: "The unit's notices, newest first (types 2 and 4 with cms:notice:list)",
    query: CmsPageQuerySchema,
    data: NoticeListSchema,
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/api/cms/notice/publish',
    tag,
    access: 'session',
    summary:
      'Publish a notice to the unit, a grade or a class (types 2 and 4 with cms:notice:publish)',
    body: PublishNoticeBodySchema,
    data: NoticeSummarySchema,
    trimmed: PUBLISH_NOTICE_TRIMMED_FIELDS,
  }),
  reads: defineEndpoint({
    method: 'GET',
    path: '/api/cms/notice/reads',
    tag,
    access: 'session',
    summary: 'Read counts per notice (types 2 and 4 with cms:notice:reads)',
    query: CmsPageQuerySchema,
    data: NoticeReadTableSchema,
  }),
  stats: defineEndpoint({
    method: 'GET',
    path: '/api/cms/stats',
    tag,
    access: 'session',
    summary: "The unit's publishing statistics (types 2 and 4 with cms:stats)",
    data: CmsStatsSchema,
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/cms/notice/mine',
    tag,
    access: 'session',
    summary: "Notices addressed to the parent's current child (type 3)",
    query: CmsPageQuerySchema,
    data: MyNoticesSchema,
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/api/cms/notice/read',
    tag,
    access: 'session',
    summary: 'Mark a notice read for the current child (type 3); keeps the first read',
    body: ReadNoticeBodySchema,
    data: ReadNoticeResultSchema,
  }),
} as const;
