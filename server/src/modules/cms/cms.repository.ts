/**
 * All SQL of the cms sub-app (school notices): the cms module owns `cms_notices` and
 * `cms_notice_reads` (docs/ARCHITECTURE.md). It reads two tables of other modules, read-only
 * and only inside its list queries: the author's name from `users` and the students a notice
 * reaches from `students`. Takes and returns camelCase records; the service decides who may see
 * what and maps records to the contracts' answers.
 *
 * It also owns `cms_notice_attachments` (links to the storage's files; their descriptors come
 * from the storage service).
 *
 * Audience rule, in SQL here and nowhere else: a notice reaches a student of its unit when
 * it has no grade, or its grade is the student's and it has no class or the student's class.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { CmsNoticeTable, Database, StudentTable } from '../../db/schema.ts';

/** A notice to publish; it is created as published at `publishedAt`. */
export interface NewNotice {
  id: string;
  unitId: string;
  authorId: string;
  title: string;
  content: string;
  /** Null: the whole unit; a grade alone: that grade; with a class: that class. */
  gradeName: string | null;
  className: string | null;
  publishedAt: number;
}

export interface NoticeRecord {
  id: string;
  title: string;
  content: string;
  gradeName: string | null;
  className: string | null;
  authorName: string;
  publishedAt: number;
  readCount: number;
  audienceCount: number;
}

export interface StudentNoticeRecord {
  id: string;
  title: string;
  content: string;
  authorName: string;
  publishedAt: number;
  /** When the student's read was recorded, or null. */
  readAt: number | null;
}

/** The student a parent reads for: their unit, grade and class decide what reaches them. */
export interface AudienceMember {
  id: string;
  unitId: string;
  gradeName: string;
  className: string;
}

export interface Page {
  start: number;
  size: number;
}

export interface UnitNoticeTotals {
  noticeCount: number;
  readCount: number;
  audienceCount: number;
  byAuthor: { authorName: string; count: number }[];
}

type NoticeScope = ExpressionBuilder<Database & { n: CmsNoticeTable }, 'n'>;

/** The notices whose audience includes the student (see the file comment). */
function reaches(eb: NoticeScope, student: AudienceMember) {
  return eb.and([
    eb('n.unit_id', '=', student.unitId),
    eb.or([
      eb('n.audience_grade', 'is', null),
      eb.and([
        eb('n.audience_grade', '=', student.gradeName),
        eb.or([eb('n.audience_class', 'is', null), eb('n.audience_class', '=', student.className)]),
      ]),
    ]),
  ]);
}

type NoticeAndStudentScope = ExpressionBuilder<
  Database & { n: CmsNoticeTable; s: StudentTable },
  'n' | 's'
>;

/** Student `s` is in notice `n`'s audience: the rule of `reaches`, for counting students. */
function inAudience(eb: NoticeAndStudentScope) {
  return eb.and([
    eb('s.unit_id', '=', eb.ref('n.unit_id')),
    eb.or([
      eb('n.audience_grade', 'is', null),
      eb('s.grade_name', '=', eb.ref('n.audience_grade')),
    ]),
    eb.or([
      eb('n.audience_class', 'is', null),
      eb('s.class_name', '=', eb.ref('n.audience_class')),
    ]),
  ]);
}

export class CmsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertNotice(notice: NewNotice): Promise<void> {
    await this.db
      .insertInto('cms_notices')
      .values({
        id: notice.id,
        unit_id: notice.unitId,
        author_id: notice.authorId,
        title: notice.title,
        content: notice.content,
        audience_grade: notice.gradeName,
        audience_class: notice.className,
        published_at: notice.publishedAt,
        created_at: notice.publishedAt,
      })
      .execute();
  }

  async countUnitNotices(unitId: string): Promise<number> {
    const row = await this.db
      .selectFrom('cms_notices')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('unit_id', '=', unitId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One page of the unit's notices, newest first, with read and audience counts. */
  async listUnitNotices(unitId: string, page: Page): Promise<NoticeRecord[]> {
    const rows = await this.summaries()
      .where('n.unit_id', '=', unitId)
      .orderBy('n.published_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(page.size)
      .offset(page.start)
      .execute();
    return rows.map(toNoticeRecord);
  }

  async findNotice(id: string): Promise<NoticeRecord | undefined> {
    const row = await this.summaries().where('n.id', '=', id).executeTakeFirst();
    return row ? toNoticeRecord(row) : undefined;
  }

  /** Notices with their author, distinct readers and the size of their audience. */
  private summaries() {
    return this.db
      .selectFrom('cms_notices as n')
      .innerJoin('users as u', 'u.id', 'n.author_id')
      .select((eb) => [
        'n.id as id',
        'n.title as title',
        'n.content as content',
        'n.audience_grade as gradeName',
        'n.audience_class as className',
        'n.published_at as publishedAt',
        'u.real_name as authorName',
        eb
          .selectFrom('cms_notice_reads as r')
          .select((sub) => sub.fn.countAll<number | string>().as('c'))
          .whereRef('r.notice_id', '=', 'n.id')
          .as('readCount'),
        eb
          .selectFrom('students as s')
          .select((sub) => sub.fn.countAll<number | string>().as('c'))
          .where(inAudience)
          .as('audienceCount'),
      ]);
  }

  /** The unit's totals: notices, read records, audiences added up, notices per author. */
  async unitTotals(unitId: string): Promise<UnitNoticeTotals> {
    const noticeCount = await this.countUnitNotices(unitId);
    const reads = await this.db
      .selectFrom('cms_notice_reads as r')
      .innerJoin('cms_notices as n', 'n.id', 'r.notice_id')
      .select((eb) => eb.fn.countAll<number | string>().as('c'))
      .where('n.unit_id', '=', unitId)
      .executeTakeFirstOrThrow();
    // One row per (notice, student it reaches): the audiences added up.
    const audience = await this.db
      .selectFrom('cms_notices as n')
      .innerJoin('students as s', (join) => join.on(inAudience))
      .select((eb) => eb.fn.countAll<number | string>().as('c'))
      .where('n.unit_id', '=', unitId)
      .executeTakeFirstOrThrow();
    const byAuthor = await this.db
      .selectFrom('cms_notices as n')
      .innerJoin('users as u', 'u.id', 'n.author_id')
      .select((eb) => ['u.real_name as authorName', eb.fn.countAll<number | string>().as('count')])
      .where('n.unit_id', '=', unitId)
      .groupBy(['n.author_id', 'u.real_name'])
      .orderBy('count', 'desc')
      .orderBy('u.real_name')
      .execute();
    return {
      noticeCount,
      readCount: Number(reads.c),
      audienceCount: Number(audience.c),
      byAuthor: byAuthor.map((r) => ({ authorName: r.authorName, count: Number(r.count) })),
    };
  }

  async countNoticesFor(student: AudienceMember): Promise<number> {
    const row = await this.db
      .selectFrom('cms_notices as n')
      .select((eb) => eb.fn.countAll<number | string>().as('c'))
      .where((eb) => reaches(eb, student))
      .executeTakeFirstOrThrow();
    return Number(row.c);
  }

  /** One page of the notices that reach the student, newest first, with the student's read. */
  async listNoticesFor(student: AudienceMember, page: Page): Promise<StudentNoticeRecord[]> {
    return this.db
      .selectFrom('cms_notices as n')
      .innerJoin('users as u', 'u.id', 'n.author_id')
      .leftJoin('cms_notice_reads as r', (join) =>
        join.onRef('r.notice_id', '=', 'n.id').on('r.student_id', '=', student.id),
      )
      .select([
        'n.id as id',
        'n.title as title',
        'n.content as content',
        'u.real_name as authorName',
        'n.published_at as publishedAt',
        'r.read_at as readAt',
      ])
      .where((eb) => reaches(eb, student))
      .orderBy('n.published_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(page.size)
      .offset(page.start)
      .execute();
  }

  /** Whether the notice exists and reaches the student. */
  async noticeReaches(noticeId: string, student: AudienceMember): Promise<boolean> {
    const row = await this.db
      .selectFrom('cms_notices as n')
      .select('n.id')
      .where('n.id', '=', noticeId)
      .where((eb) => reaches(eb, student))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Links files to a new notice, in the given order. */
  async insertAttachments(noticeId: string, fileIds: readonly string[]): Promise<void> {
    if (fileIds.length === 0) return;
    await this.db
      .insertInto('cms_notice_attachments')
      .values(
        fileIds.map((fileId, position) => ({ notice_id: noticeId, file_id: fileId, position })),
      )
      .execute();
  }

  /** The attached file ids of each notice, in order (notices without any are absent). */
  async attachmentsOf(noticeIds: readonly string[]): Promise<Map<string, string[]>> {
    const byNotice = new Map<string, string[]>();
    if (noticeIds.length === 0) return byNotice;
    const rows = await this.db
      .selectFrom('cms_notice_attachments')
      .select(['notice_id', 'file_id'])
      .where('notice_id', 'in', [...noticeIds])
      .orderBy('notice_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      byNotice.set(row.notice_id, [...(byNotice.get(row.notice_id) ?? []), row.file_id]);
    }
    return byNotice;
  }

  /** The units of the notices a file is attached to (none: no notice holds it). */
  async unitsAttaching(fileId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('cms_notice_attachments as a')
      .innerJoin('cms_notices as n', 'n.id', 'a.notice_id')
      .select('n.unit_id')
      .distinct()
      .where('a.file_id', '=', fileId)
      .execute();
    return rows.map((row) => row.unit_id);
  }

  /** Whether a notice holding the file reaches one of the students (the audience rule). */
  async attachmentReaches(fileId: string, students: readonly AudienceMember[]): Promise<boolean> {
    if (students.length === 0) return false;
    const row = await this.db
      .selectFrom('cms_notice_attachments as a')
      .innerJoin('cms_notices as n', 'n.id', 'a.notice_id')
      .select('n.id')
      .where('a.file_id', '=', fileId)
      .where((eb) => eb.or(students.map((student) => reaches(eb, student))))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records the read unless the student has one; answers the first read's time. */
  async recordRead(
    noticeId: string,
    studentId: string,
    parentId: string,
    at: number,
  ): Promise<number> {
    await this.db
      .insertInto('cms_notice_reads')
      .values({ notice_id: noticeId, student_id: studentId, parent_id: parentId, read_at: at })
      .onConflict((oc) => oc.columns(['notice_id', 'student_id']).doNothing())
      .execute();
    const row = await this.db
      .selectFrom('cms_notice_reads')
      .select('read_at')
      .where('notice_id', '=', noticeId)
      .where('student_id', '=', studentId)
      .executeTakeFirstOrThrow();
    return row.read_at;
  }
}

/** A summary as the query answers it: the counts come back as numbers or numeric strings. */
type NoticeSummaryRow = Omit<NoticeRecord, 'readCount' | 'audienceCount'> & {
  readCount: number | string | null;
  audienceCount: number | string | null;
};

function toNoticeRecord(row: NoticeSummaryRow): NoticeRecord {
  return {
    ...row,
    publishedAt: Number(row.publishedAt),
    readCount: Number(row.readCount ?? 0),
    audienceCount: Number(row.audienceCount ?? 0),
  };
}
