/**
 * The cms sample sub-app (school notices). Each endpoint: no session, wrong user type,
 * bad input, success; then the rules that tie them together: permission codes from the
 * resource menu (spec §6), audiences by unit, grade and class, and a parent reading only
 * what is addressed to their current child.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CmsStats,
  MyNotices,
  NoticeList,
  NoticeReadTable,
  NoticeSummary,
  ReadNoticeResult,
} from '@campus/contracts/cms';
import { DEMO_AREA_ID, DEMO_SCHOOL_ID } from '../../src/db/seed/demo-school.ts';
import { createAdminService } from '../../src/cli/admin-service.ts';
import {
  DEMO,
  signIn,
  signedInClients,
  startTestServer,
  type TestClient,
  type TestServer,
  userIdOf,
} from './helpers/test-server.ts';

/** The seeded notices (server/src/db/seed/demo-data.ts). */
const WHOLE_SCHOOL = 'demo-notice-sports-day';
const GRADE3_CLASS2 = 'demo-notice-class-meeting';
/** Students in the demo school: Li Ming (G3 C2), Li Hua (G5 C1), Chen Yue (G1 C3). */
const SCHOOL_STUDENTS = 3;

let now = Date.now();
let server: TestServer;
let teacher: TestClient;
let staff: TestClient;
let parent: TestClient;
let parent1: TestClient;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  ({ teacher, staff, parent, parent1, admin } = await signedInClients(
    server,
    'teacher',
    'staff',
    'parent',
    'parent1',
    'admin',
  ));
});
afterAll(async () => server.close());

const db = () => server.app.services.database.db;

/** Publishes as the teacher a second after the previous notice, so "newest first" is exact. */
async function publish(
  body: Record<string, string>,
  client: TestClient = teacher,
): Promise<NoticeSummary> {
  now += 1000;
  const reply = await client.postForm<NoticeSummary>('/api/cms/notice/publish', body);
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!;
}

async function list(client: TestClient, query = '') {
  return client.get<NoticeList>(`/api/cms/notice/list${query}`);
}

async function summaryOf(id: string): Promise<NoticeSummary> {
  const found = (await list(teacher, '?size=100')).body.data?.list.find((n) => n.id === id);
  if (!found) throw new Error(`notice ${id} not in the teacher's list`);
  return found;
}

async function mine(client: TestClient, query = '') {
  return client.get<MyNotices>(`/api/cms/notice/mine${query}`);
}

describe(`GET /api/cms/notice/list on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers 401 without a session', async () => {
    expect((await list(server.client())).body.status).toBe(401);
  });

  it('refuses user types 1 and 3 (spec §6: the staff side is types 2 and 4)', async () => {
    for (const client of [parent, admin]) {
      const reply = await list(client);
      expect(reply.body).toMatchObject({ status: 403, code: 'forbidden' });
      expect(reply.body.message).toMatch(/\|\|\|/);
    }
  });

  it('validates start and size (spec §9 default 30, at most 100)', async () => {
    const cases: [string, string, string][] = [
      ['?size=0', 'size', '每页条数不能小于1|||Page size must be at least 1'],
      ['?size=101', 'size', '每页条数不能大于100|||Page size must be at most 100'],
      ['?start=-1', 'start', '起始位置不能小于0|||Start must be at least 0'],
      ['?size=abc', 'size', '每页条数类型不正确|||Page size has the wrong type'],
    ];
    for (const [query, field, message] of cases) {
      const reply = await list(teacher, query);
      expect(reply.http, query).toBe(200);
      expect(reply.body, query).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message,
        fieldErrors: [{ field, message }],
      });
    }
  });

  it("lists the unit's notices newest first with author, audience and read counts", async () => {
    const reply = await list(teacher);
    expect(reply.body.status).toBe(200);
    const { list: notices, total } = reply.body.data!;
    expect(total).toBeGreaterThanOrEqual(2);
    const times = notices.map((n) => Date.parse(n.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const whole = notices.find((n) => n.id === WHOLE_SCHOOL);
    const classNotice = notices.find((n) => n.id === GRADE3_CLASS2);
    expect(Object.keys(whole!).sort()).toEqual(
      [
        'attachments',
        'audienceCount',
        'authorName',
        'className',
        'content',
        'gradeName',
        'id',
        'publishedAt',
        'readCount',
        'title',
      ].sort(),
    );
    expect(whole).toMatchObject({
      gradeName: null,
      className: null,
      authorName: '李伟',
      audienceCount: SCHOOL_STUDENTS,
      readCount: 1,
    });
    expect(classNotice).toMatchObject({
      gradeName: 'Grade 3',
      className: 'Class 2',
      audienceCount: 1,
    });
    expect(new Date(whole!.publishedAt).toISOString()).toBe(whole!.publishedAt);
    // Staff (type 4) hold the code too.
    expect((await list(staff)).body.data?.total).toBe(total);
  });

  it('pages with start and size', async () => {
    const all = (await list(teacher, '?size=100')).body.data!;
    const second = (await list(teacher, '?start=1&size=1')).body.data!;
    expect(second.total).toBe(all.total);
    expect(second.list.map((n) => n.id)).toEqual([all.list[1]?.id]);
  });

  it("shows no other unit's notices", async () => {
    await db()
      .insertInto('cms_notices')
      .values({
        id: 'test-notice-area',
        unit_id: DEMO_AREA_ID,
        author_id: await userIdOf(server, 'area'),
        title: 'Area notice',
        content: 'For the area',
        audience_grade: null,
        audience_class: null,
        published_at: now,
        created_at: now,
      })
      .execute();
    const ids = (await list(teacher, '?size=100')).body.data!.list.map((n) => n.id);
    expect(ids).not.toContain('test-notice-area');
  });

  it('refuses a teacher whose type no longer holds cms:notice:list in the resource menu', async () => {
    const restrict = (userTypes: string) =>
      db()
        .updateTable('resources')
        .set({ user_types: userTypes })
        .where('code', '=', 'cms:notice:list')
        .execute();
    await restrict('4');
    try {
      expect((await list(teacher)).body).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await list(staff)).body.status).toBe(200);
    } finally {
      await restrict('2,4');
    }
  });
});

describe('POST /api/cms/notice/publish', () => {
  const valid = { title: 'Library week', content: 'Bring a book to share.' };

  it('answers 401 without a session', async () => {
    expect((await server.client().postForm('/api/cms/notice/publish', valid)).body.status).toBe(
      401,
    );
  });

  it('refuses parents and user type 1', async () => {
    for (const client of [parent, admin]) {
      expect((await client.postForm('/api/cms/notice/publish', valid)).body).toMatchObject({
        status: 403,
        code: 'forbidden',
      });
    }
    const titles = (await list(teacher, '?size=100')).body.data!.list.map((n) => n.title);
    expect(titles).not.toContain(valid.title);
  });

  it('refuses a whitespace-only title with a clear bilingual message', async () => {
    const reply = await teacher.postForm('/api/cms/notice/publish', { ...valid, title: '   \t ' });
    expect(reply.http).toBe(200);
    expect(reply.body).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fieldErrors: [{ field: 'title', message: '标题不能为空！|||Title cannot be empty!' }],
    });
  });

  it('validates lengths, a missing content and a class without a grade', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { ...valid, title: 'x'.repeat(101) },
        'title',
        '标题不能超过100个字符|||Title must be at most 100 characters',
      ],
      [
        { ...valid, content: 'x'.repeat(5001) },
        'content',
        '内容不能超过5000个字符|||Content must be at most 5000 characters',
      ],
      [{ title: 'No content' }, 'content', '内容不能为空！|||Content cannot be empty!'],
      [
        { ...valid, gradeName: 'g'.repeat(51) },
        'gradeName',
        '年级不能超过50个字符|||Grade must be at most 50 characters',
      ],
      [
        { ...valid, className: 'Class 2' },
        'gradeName',
        '指定班级时年级不能为空！|||Grade cannot be empty when a class is given!',
      ],
      [
        { ...valid, gradeName: '  ', className: 'Class 2' },
        'gradeName',
        '指定班级时年级不能为空！|||Grade cannot be empty when a class is given!',
      ],
    ];
    for (const [body, field, message] of cases) {
      const reply = await teacher.postForm('/api/cms/notice/publish', body);
      expect(reply.body, field).toMatchObject({
        status: 400,
        code: 'validation_failed',
        fieldErrors: [{ field, message }],
      });
    }
    const malformed = await teacher.postRaw('/api/cms/notice/publish', '{', 'application/json');
    expect(malformed.http).toBe(400);
    expect(malformed.body.code).toBe('validation_failed');
  });

  it('publishes a trimmed form-encoded notice to a grade, audited, newest first', async () => {
    const notice = await publish({
      title: `  ${'T'.repeat(100)}  `,
      content: '\n Grade 5 trip on Monday. \n',
      gradeName: ' Grade 5 ',
      className: '',
    });
    expect(notice).toMatchObject({
      title: 'T'.repeat(100),
      content: 'Grade 5 trip on Monday.',
      gradeName: 'Grade 5',
      className: null,
      authorName: '李伟',
      readCount: 0,
      audienceCount: 1,
      publishedAt: new Date(now).toISOString(),
    });
    expect((await list(teacher)).body.data?.list[0]?.id).toBe(notice.id);
    const entries = await server.app.services.audit.listForUser(await userIdOf(server, 'teacher'));
    const entry = entries.find((e) => e.action === 'cms.notice.publish');
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({
      noticeId: notice.id,
      gradeName: 'Grade 5',
      className: null,
    });
  });

  it('publishes JSON too, to the whole unit, and staff may publish', async () => {
    now += 1000;
    const reply = await staff.postJson<NoticeSummary>('/api/cms/notice/publish', {
      title: 'Fire drill',
      content: 'Wednesday 10:00.',
    });
    expect(reply.body.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      gradeName: null,
      className: null,
      authorName: '赵敏',
      audienceCount: SCHOOL_STUDENTS,
    });
  });

  it('refuses a teacher once cms:notice:publish is taken from teachers', async () => {
    const restrict = (userTypes: string) =>
      db()
        .updateTable('resources')
        .set({ user_types: userTypes })
        .where('code', '=', 'cms:notice:publish')
        .execute();
    await restrict('4');
    try {
      expect((await teacher.postForm('/api/cms/notice/publish', valid)).body.status).toBe(403);
    } finally {
      await restrict('2,4');
    }
  });
});

describe('GET /api/cms/notice/reads', () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/cms/notice/reads')).body.status).toBe(401);
  });

  it('refuses parents and user type 1', async () => {
    expect((await parent.get('/api/cms/notice/reads')).body.status).toBe(403);
    expect((await admin.get('/api/cms/notice/reads')).body.status).toBe(403);
  });

  it('validates start and size', async () => {
    const reply = await teacher.get('/api/cms/notice/reads?size=500');
    expect(reply.body).toMatchObject({ status: 400, fieldErrors: [{ field: 'size' }] });
  });

  it('answers the read-count rows', async () => {
    const reply = await teacher.get<NoticeReadTable>('/api/cms/notice/reads?size=100');
    expect(reply.body.status).toBe(200);
    const table = reply.body.data!;
    expect(table.total).toBe(table.list.length);
    const row = table.list.find((r) => r.id === WHOLE_SCHOOL);
    expect(row).toEqual({
      id: WHOLE_SCHOOL,
      title: expect.any(String) as string,
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      gradeName: null,
      className: null,
      readCount: 1,
      audienceCount: SCHOOL_STUDENTS,
    });
  });
});

describe('GET /api/cms/stats', () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/cms/stats')).body.status).toBe(401);
  });

  it('refuses a teacher (no cms:stats in the demo menu), a parent and user type 1', async () => {
    for (const client of [teacher, parent, admin]) {
      expect((await client.get('/api/cms/stats')).body).toMatchObject({
        status: 403,
        code: 'forbidden',
      });
    }
  });

  it('ignores query parameters it does not know (it takes none)', async () => {
    expect((await staff.get('/api/cms/stats?x=1')).body.status).toBe(200);
  });

  it("answers the unit's totals for staff (type 4)", async () => {
    const reply = await staff.get<CmsStats>('/api/cms/stats');
    expect(reply.body.status).toBe(200);
    const stats = reply.body.data!;
    const notices = (await list(teacher, '?size=100')).body.data!;
    expect(stats.noticeCount).toBe(notices.total);
    expect(stats.readCount).toBe(notices.list.reduce((sum, n) => sum + n.readCount, 0));
    expect(stats.audienceCount).toBe(notices.list.reduce((sum, n) => sum + n.audienceCount, 0));
    expect(stats.byAuthor.reduce((sum, a) => sum + a.count, 0)).toBe(stats.noticeCount);
    expect(stats.byAuthor[0]?.authorName).toBe('李伟');
    expect(stats.byAuthor.map((a) => a.authorName)).toContain('赵敏');
  });
});

describe('GET /api/cms/notice/mine', () => {
  it('answers 401 without a session', async () => {
    expect((await mine(server.client())).body.status).toBe(401);
  });

  it('refuses teachers, staff and user type 1', async () => {
    for (const client of [teacher, staff, admin]) {
      expect((await mine(client)).body).toMatchObject({ status: 403, code: 'forbidden' });
    }
  });

  it('validates start and size', async () => {
    expect((await mine(parent, '?start=x')).body).toMatchObject({
      status: 400,
      fieldErrors: [{ field: 'start' }],
    });
  });

  it("shows Li Ming's notices: the whole school (read) and his class (unread), not other grades", async () => {
    const reply = await mine(parent);
    expect(reply.body.status).toBe(200);
    const data = reply.body.data!;
    expect(data.child).toEqual({
      id: 'demo-student-li-ming',
      realName: 'Li Ming',
      gradeName: 'Grade 3',
      className: 'Class 2',
    });
    const byId = new Map(data.list.map((n) => [n.id, n]));
    expect(byId.get(WHOLE_SCHOOL)).toMatchObject({ read: true, authorName: '李伟' });
    expect(byId.get(GRADE3_CLASS2)).toMatchObject({ read: false });
    expect(data.list.every((n) => !n.title.startsWith('T'.repeat(10)))).toBe(true);
    expect(data.total).toBe(data.list.length);
    expect(Object.keys(byId.get(WHOLE_SCHOOL)!).sort()).toEqual(
      ['attachments', 'authorName', 'content', 'id', 'publishedAt', 'read', 'title'].sort(),
    );
  });

  it("shows parent1's child the whole-school notice but not Grade 3 Class 2's", async () => {
    const data = (await mine(parent1)).body.data!;
    expect(data.child?.realName).toBe('Chen Yue');
    const ids = data.list.map((n) => n.id);
    expect(ids).toContain(WHOLE_SCHOOL);
    expect(ids).not.toContain(GRADE3_CLASS2);
    expect(data.list.find((n) => n.id === WHOLE_SCHOOL)?.read).toBe(false);
  });

  it('follows the current child: after picking Li Hua the Grade 3 Class 2 notice is gone', async () => {
    const parentId = await userIdOf(server, 'parent');
    const pick = (childId: string) =>
      db()
        .updateTable('users')
        .set({ current_child_id: childId })
        .where('id', '=', parentId)
        .execute();
    await pick('demo-student-li-hua');
    try {
      // A fresh sign-in reads the changed user, as there is no set-child endpoint yet.
      const again = server.client();
      await signIn(again, DEMO.parent);
      const data = (await mine(again)).body.data!;
      expect(data.child?.realName).toBe('Li Hua');
      expect(data.list.map((n) => n.id)).not.toContain(GRADE3_CLASS2);
      expect(data.list.map((n) => n.id)).toContain(WHOLE_SCHOOL);
    } finally {
      await pick('demo-student-li-ming');
    }
  });

  it('answers child null and an empty list to a parent without children', async () => {
    const parentless = await childlessParent();
    expect((await mine(parentless)).body).toEqual({
      status: 200,
      data: { child: null, list: [], total: 0 },
    });
  });
});

describe('POST /api/cms/notice/read', () => {
  it('answers 401 without a session', async () => {
    expect(
      (await server.client().postForm('/api/cms/notice/read', { noticeId: GRADE3_CLASS2 })).body
        .status,
    ).toBe(401);
  });

  it('refuses teachers and staff', async () => {
    for (const client of [teacher, staff]) {
      expect(
        (await client.postForm('/api/cms/notice/read', { noticeId: GRADE3_CLASS2 })).body.status,
      ).toBe(403);
    }
  });

  it('validates noticeId', async () => {
    expect((await parent.postForm('/api/cms/notice/read', {})).body).toMatchObject({
      status: 400,
      fieldErrors: [{ field: 'noticeId', message: '通知不能为空！|||Notice cannot be empty!' }],
    });
    expect(
      (await parent.postJson('/api/cms/notice/read', { noticeId: 'x'.repeat(65) })).body.status,
    ).toBe(400);
  });

  it('marks the class notice read once, and the teacher sees the read count go up', async () => {
    const before = await summaryOf(GRADE3_CLASS2);
    now += 1000;
    const first = await parent.postForm<ReadNoticeResult>('/api/cms/notice/read', {
      noticeId: GRADE3_CLASS2,
    });
    expect(first.body).toEqual({
      status: 200,
      data: { id: GRADE3_CLASS2, read: true, readAt: new Date(now).toISOString() },
    });
    now += 60_000;
    const again = await parent.postJson<ReadNoticeResult>('/api/cms/notice/read', {
      noticeId: GRADE3_CLASS2,
    });
    expect(again.body.data?.readAt).toBe(first.body.data?.readAt);

    expect((await summaryOf(GRADE3_CLASS2)).readCount).toBe(before.readCount + 1);
    const row = (await mine(parent)).body.data?.list.find((n) => n.id === GRADE3_CLASS2);
    expect(row?.read).toBe(true);
  });

  it("refuses another class's notice, another unit's and an unknown id alike (not found)", async () => {
    const otherClass = await publish({
      title: 'Grade 3 Class 1 only',
      content: 'Class 1 outing.',
      gradeName: 'Grade 3',
      className: 'Class 1',
    });
    const otherGrade = await publish({
      title: 'Grade 5 only',
      content: 'Grade 5 outing.',
      gradeName: 'Grade 5',
    });
    expect((await mine(parent)).body.data?.list.map((n) => n.id)).not.toContain(otherClass.id);
    for (const noticeId of [otherClass.id, otherGrade.id, 'test-notice-area', 'no-such-notice']) {
      const reply = await parent.postForm('/api/cms/notice/read', { noticeId });
      expect(reply.body, noticeId).toMatchObject({ status: 404, code: 'not_found' });
    }
    // parent1's child is in Grade 1: Li Ming's class notice is not theirs to read.
    expect(
      (await parent1.postForm('/api/cms/notice/read', { noticeId: GRADE3_CLASS2 })).body.status,
    ).toBe(404);
    expect((await summaryOf(otherClass.id)).readCount).toBe(0);
  });

  it('refuses a parent without children', async () => {
    const parentless = await childlessParent();
    expect(
      (await parentless.postForm('/api/cms/notice/read', { noticeId: WHOLE_SCHOOL })).body.status,
    ).toBe(404);
  });
});

let childless: TestClient | undefined;
/** A parent account with no child, made once through the admin service (as the CLI would). */
async function childlessParent(): Promise<TestClient> {
  if (childless) return childless;
  const account = { username: 'parent-nochild', password: 'NoChild@2026' };
  await createAdminService(db()).createUser({
    unitId: DEMO_SCHOOL_ID,
    loginName: account.username,
    realName: '王芳',
    userType: 3,
    password: account.password,
  });
  childless = server.client();
  await signIn(childless, account);
  return childless;
}
