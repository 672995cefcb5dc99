/**
 * One feed of messages, to-dos and badges from every app (issue 13 §4, §2 Messages and to-dos;
 * DESIGN.md §10): app credentials (console and refusals), the feed API of a sub-app's server
 * (a wrong or rotated credential refused, a message reaching exactly its audience as the
 * desktop's own endpoints show it, to-dos added and done, badges in unReadCodeCount, forbidden
 * audiences, bad input, the rate limit), the console's compose and sent list with read counts,
 * and cms's notices in the addressed parents' bells.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AppCredentialSecret,
  AppCredentialStatus,
  FeedSendResult,
  SentList,
} from '@campus/contracts/app-feed';
import type { AppGroup, Message, TodoPage, UnhandleCount } from '@campus/contracts/desktop';
import { DEMO_AREA_ID, DEMO_SCHOOL_ID } from '../../src/db/seed/demo-school.ts';
import { createAppCredentials } from '../../src/cli/feed-admin.ts';
import {
  signedInClients,
  startTestServer,
  type Reply,
  type TestClient,
  type TestServer,
  userIdOf,
} from './helpers/test-server.ts';

let server: TestServer;
let admin: TestClient;
let area: TestClient;
let teacher: TestClient;
let staff: TestClient;
let parent: TestClient;
let parent1: TestClient;
const ids: Record<string, string> = {};
/** The cms credential of the demo school, made by the area's admin. */
let cmsSecret: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, area, teacher, staff, parent, parent1 } = await signedInClients(
    server,
    'admin',
    'area',
    'teacher',
    'staff',
    'parent',
    'parent1',
  ));
  for (const login of ['admin', 'area', 'teacher', 'staff', 'parent', 'parent1']) {
    ids[login] = await userIdOf(server, login);
  }
  cmsSecret = (await rotate(area, 'cms', DEMO_SCHOOL_ID)).body.data!.secret;
});
afterAll(async () => server.close());

const db = () => server.app.services.database.db;
const CREDENTIAL = (app: string) => `/api/admin/apps/${app}/credential`;

function rotate(client: TestClient, app: string, unitId: string) {
  return client.postForm<AppCredentialSecret>(CREDENTIAL(app), { unitId });
}

/** A call of an app's server: no cookie, no device header, only its bearer secret. */
function feed<T = FeedSendResult>(path: string, body: unknown, secret: string | null = cmsSecret) {
  return server
    .client({ device: null })
    .postJson<T>(path, body, secret === null ? {} : { authorization: `Bearer ${secret}` });
}

const unread = async (client: TestClient) =>
  (await client.get<Message[]>('/api/base/desktop/message_select_not_read')).body.data ?? [];
const texts = async (client: TestClient) => (await unread(client)).map((m) => m.messageMeno);
const todos = async (client: TestClient) =>
  (await client.get<TodoPage>('/api/base/desktop/popUpBox_select?start=0&size=100')).body.data;
const codeCounts = async (client: TestClient) =>
  (await client.get<Record<string, number>>('/api/base/desktop/unReadCodeCount')).body.data ?? {};

function expectRefused(reply: Reply, status: number, words: RegExp) {
  expect(reply.http).toBe(200);
  expect(reply.body.status).toBe(status);
  expect(reply.body.message).toContain('|||');
  expect(reply.body.message).toMatch(words);
}

async function auditRows(action: string) {
  return db()
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('at', 'desc')
    .execute();
}

describe(`app credentials, /api/admin/apps/:appCode/credential on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers 401 without a session', async () => {
    const anonymous = server.client();
    expect((await anonymous.get(`${CREDENTIAL('cms')}?unitId=${DEMO_SCHOOL_ID}`)).body.status).toBe(
      401,
    );
    expect((await rotate(anonymous, 'cms', DEMO_SCHOOL_ID)).body.status).toBe(401);
  });

  it('answers 403 to a teacher, and to a school admin for the area above the school', async () => {
    expectRefused(await rotate(teacher, 'cms', DEMO_SCHOOL_ID), 403, /administrator/);
    expectRefused(await rotate(admin, 'cms', DEMO_AREA_ID), 403, /outside your own/);
    const status = await admin.get(`${CREDENTIAL('cms')}?unitId=${DEMO_AREA_ID}`);
    expectRefused(status, 403, /outside your own/);
  });

  it('answers 400 without a unit or for a malformed app code, 404 for an unknown app', async () => {
    const noUnit = await admin.postForm(CREDENTIAL('cms'), {});
    expectRefused(noUnit, 400, /Unit/);
    expectRefused(await rotate(admin, 'bad.code', DEMO_SCHOOL_ID), 400, /appCode/);
    expectRefused(await rotate(admin, 'no-such-app', DEMO_SCHOOL_ID), 404, /does not exist/);
  });

  it('shows the secret once, keeps only its hash, audits the rotation without the secret', async () => {
    const made = await rotate(admin, 'homework', DEMO_SCHOOL_ID);
    expect(made.body.status).toBe(200);
    const credential = made.body.data!;
    expect(credential).toMatchObject({ appCode: 'homework', unitId: DEMO_SCHOOL_ID });
    expect(credential.secret.startsWith(`${credential.clientId}.`)).toBe(true);

    const status = await admin.get<AppCredentialStatus>(
      `${CREDENTIAL('homework')}?unitId=${DEMO_SCHOOL_ID}`,
    );
    expect(status.body.data).toEqual({
      appCode: 'homework',
      unitId: DEMO_SCHOOL_ID,
      clientId: credential.clientId,
      createdAt: credential.createdAt,
    });
    expect(JSON.stringify(status.body)).not.toContain(credential.secret.split('.')[1]);
    const stored = await db()
      .selectFrom('app_credentials')
      .selectAll()
      .where('client_id', '=', credential.clientId)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(credential.secret.split('.')[1]);

    const [entry] = await auditRows('admin.rotate_app_credential');
    expect(entry).toMatchObject({ user_id: ids.admin, unit_id: DEMO_SCHOOL_ID });
    expect(JSON.parse(entry!.detail!)).toEqual({
      appCode: 'homework',
      unitId: DEMO_SCHOOL_ID,
      clientId: credential.clientId,
      rotated: false,
    });
    expect(entry!.detail).not.toContain(credential.secret.split('.')[1]);

    const none = await admin.get<AppCredentialStatus>(
      `${CREDENTIAL('exam')}?unitId=${DEMO_SCHOOL_ID}`,
    );
    expect(none.body.data).toMatchObject({ clientId: null, createdAt: null });
  });
});

describe('the feed API: the credential', () => {
  const message = () => ({
    audience: { unitId: DEMO_SCHOOL_ID, userIds: [ids.teacher] },
    messageMeno: 'credential check',
    importance: 2,
  });

  it('refuses a call without a credential, with a wrong one or a malformed one (401)', async () => {
    const wrong = `${cmsSecret.slice(0, -4)}AAAA`;
    for (const secret of [null, wrong, 'cms-00000000.' + 'A'.repeat(43), 'not-a-secret']) {
      const reply = await feed('/api/feed/messages', message(), secret);
      expectRefused(reply, 401, /credential/);
      expect(reply.body.code).toBe('invalid_client');
    }
    // A signed-in user's cookie is no app credential.
    expectRefused(await teacher.postJson('/api/feed/messages', message()), 401, /credential/);
    expect(await texts(teacher)).not.toContain('credential check');
  });

  it('refuses the old secret once rotated, at once, and takes the new one', async () => {
    const first = (await rotate(area, 'leave', DEMO_SCHOOL_ID)).body.data!;
    const leave = (secret: string) =>
      feed('/api/feed/messages', { ...message(), messageMeno: 'leave rotated' }, secret);
    expect((await leave(first.secret)).body.status).toBe(200);
    const second = (await rotate(area, 'leave', DEMO_SCHOOL_ID)).body.data!;
    expect(second.clientId).toBe(first.clientId);
    expectRefused(await leave(first.secret), 401, /rotated/);
    expect((await leave(second.secret)).body.status).toBe(200);
    const [entry] = await auditRows('admin.rotate_app_credential');
    expect(JSON.parse(entry!.detail!)).toMatchObject({ appCode: 'leave', rotated: true });
  });

  it('is also made by the CLI (rotate-app-credential), audited without a user', async () => {
    const credential = await createAppCredentials(db()).rotate('canteen', DEMO_SCHOOL_ID, {
      userId: null,
      ip: null,
    });
    const reply = await feed(
      '/api/feed/messages',
      { ...message(), messageMeno: 'from the canteen' },
      credential.secret,
    );
    expect(reply.body).toMatchObject({ status: 200, data: { recipients: 1 } });
    const [entry] = await auditRows('admin.rotate_app_credential');
    expect(entry).toMatchObject({ user_id: null, unit_id: DEMO_SCHOOL_ID });
  });
});

describe('the feed API: messages reach exactly their audience', () => {
  it('a class: the parents of its students only, in the bell, the dialog and the counts', async () => {
    const before = (await parent.get<UnhandleCount>('/api/base/desktop/unhandlecount')).body.data!;
    const reply = await feed('/api/feed/messages', {
      audience: { unitId: DEMO_SCHOOL_ID, gradeName: 'Grade 3', className: 'Class 2' },
      messageMeno: 'Class 2 trip on Friday',
      importance: 4,
      url: '/cms/notice',
    });
    expect(reply.body).toMatchObject({ status: 200, data: { recipients: 1 } });
    const mine = (await unread(parent)).find((m) => m.messageMeno === 'Class 2 trip on Friday');
    expect(mine).toMatchObject({ module: 'cms', importance: 4, url: '/cms/notice', openWay: 0 });
    const after = (await parent.get<UnhandleCount>('/api/base/desktop/unhandlecount')).body.data!;
    expect(after.messageCount).toBe(before.messageCount + 1);
    for (const other of [parent1, teacher, staff, admin]) {
      expect(await texts(other)).not.toContain('Class 2 trip on Friday');
    }
  });

  it('a grade, a list of users, a unit of some user types', async () => {
    await feed('/api/feed/messages', {
      audience: { unitId: DEMO_SCHOOL_ID, gradeName: 'Grade 1' },
      messageMeno: 'Grade 1 sports',
      importance: 1,
    });
    expect(await texts(parent1)).toContain('Grade 1 sports');
    expect(await texts(parent)).not.toContain('Grade 1 sports');

    const listed = await feed('/api/feed/messages', {
      audience: { unitId: DEMO_SCHOOL_ID, userIds: [ids.teacher, ids.staff] },
      messageMeno: 'to two users',
      importance: 3,
    });
    expect(listed.body.data?.recipients).toBe(2);
    expect(await texts(teacher)).toContain('to two users');
    expect(await texts(staff)).toContain('to two users');
    expect(await texts(parent)).not.toContain('to two users');

    const teachers = await feed('/api/feed/messages', {
      audience: { unitId: DEMO_SCHOOL_ID, userTypes: [2] },
      messageMeno: 'teachers only',
      importance: 5,
    });
    expect(teachers.body.data?.recipients).toBe(1);
    expect(await texts(teacher)).toContain('teachers only');
    expect(await texts(staff)).not.toContain('teachers only');
  });

  it('a unit: every account of the types the app is for', async () => {
    const reply = await feed('/api/feed/messages', {
      audience: { unitId: DEMO_SCHOOL_ID },
      messageMeno: 'whole school',
      importance: 2,
    });
    // cms is for types 1 to 4: admin, teacher, parent, parent1, staff.
    expect(reply.body.data?.recipients).toBe(5);
    for (const client of [admin, teacher, parent, parent1, staff]) {
      expect(await texts(client)).toContain('whole school');
    }
    expect(await texts(area)).not.toContain('whole school');
  });
});

describe('the feed API: to-dos and badges', () => {
  it('adds a to-do to the popup and completes it, for one user or all', async () => {
    const added = await feed('/api/feed/todos', {
      audience: { unitId: DEMO_SCHOOL_ID, userIds: [ids.teacher, ids.staff] },
      title: 'Sign the trip form',
      url: 'https://cms.example/forms/1',
    });
    expect(added.body).toMatchObject({ status: 200, data: { recipients: 2 } });
    const todoId = added.body.data!.id;
    const teacherTodo = (await todos(teacher))?.list.find((t) => t.title === 'Sign the trip form');
    expect(teacherTodo).toMatchObject({ module: 'cms', url: 'https://cms.example/forms/1' });
    expect((await todos(staff))?.list.map((t) => t.title)).toContain('Sign the trip form');
    expect((await todos(parent))?.list.map((t) => t.title)).not.toContain('Sign the trip form');

    const forTeacher = await feed('/api/feed/todos/done', { id: todoId, userIds: [ids.teacher] });
    expect(forTeacher.body).toMatchObject({ status: 200, data: { completed: 1 } });
    expect((await todos(teacher))?.list.map((t) => t.title)).not.toContain('Sign the trip form');
    expect((await todos(staff))?.list.map((t) => t.title)).toContain('Sign the trip form');

    const rest = await feed('/api/feed/todos/done', { id: todoId });
    expect(rest.body.data).toEqual({ completed: 1 });
    expect((await todos(staff))?.list.map((t) => t.title)).not.toContain('Sign the trip form');
    expect((await feed('/api/feed/todos/done', { id: todoId })).body.data).toEqual({
      completed: 0,
    });
  });

  it('does not let another app complete the to-do, nor anyone complete a message (404)', async () => {
    const added = await feed('/api/feed/todos', {
      audience: { unitId: DEMO_SCHOOL_ID, userIds: [ids.teacher] },
      title: 'Only cms may close this',
    });
    const other = (await rotate(admin, 'exam', DEMO_SCHOOL_ID)).body.data!.secret;
    const reply = await feed('/api/feed/todos/done', { id: added.body.data!.id }, other);
    expectRefused(reply, 404, /no such to-do/);
    const sent = await feed('/api/feed/messages', {
      audience: { unitId: DEMO_SCHOOL_ID, userIds: [ids.teacher] },
      messageMeno: 'not a to-do',
      importance: 1,
    });
    expectRefused(await feed('/api/feed/todos/done', { id: sent.body.data!.id }), 404, /to-do/);
    expectRefused(await feed('/api/feed/todos/done', { id: 'no-such-send' }), 404, /to-do/);
    expect((await todos(teacher))?.list.map((t) => t.title)).toContain('Only cms may close this');
  });

  it("sets a user's badge on the app's icon (unReadCodeCount), and no count gives it back", async () => {
    const cmsMessages = (await unread(teacher)).filter((m) => m.module === 'cms').length;
    expect((await codeCounts(teacher)).cms).toBe(cmsMessages);
    const set = await feed<{ updated: number }>('/api/feed/badges', {
      badges: [
        { userId: ids.teacher, count: 42 },
        { userId: ids.staff, count: 0 },
      ],
    });
    expect(set.body).toMatchObject({ status: 200, data: { updated: 2 } });
    expect((await codeCounts(teacher)).cms).toBe(42);
    expect((await codeCounts(staff)).cms).toBeUndefined();
    const menu = await teacher.get<AppGroup[]>(
      `/api/base/desktop/my_app_icon?userId=${ids.teacher}&unitId=${DEMO_SCHOOL_ID}&appType=1`,
    );
    const icon = menu.body.data?.flatMap((g) => g.iconVMs).find((i) => i.code === 'cms');
    expect(icon?.unReadCodeCount).toBe(42);
    // The bell counts messages, not badges.
    const bell = (await teacher.get<UnhandleCount>('/api/base/desktop/unhandlecount')).body.data;
    expect(bell?.messageCount).toBe((await unread(teacher)).length);

    await feed('/api/feed/badges', { badges: [{ userId: ids.teacher }] });
    expect((await codeCounts(teacher)).cms).toBe(cmsMessages);
  });
});

describe('the feed API: forbidden audiences (403)', () => {
  it("refuses a unit outside the credential's reach: the area above a school's credential", async () => {
    const reply = await feed('/api/feed/messages', {
      audience: { unitId: DEMO_AREA_ID },
      messageMeno: 'to the area',
      importance: 1,
    });
    expectRefused(reply, 403, /may not address the unit/);
    expect(await texts(area)).not.toContain('to the area');
  });

  it("lets an area's credential reach the schools under it", async () => {
    const areaSecret = (await rotate(area, 'cms', DEMO_AREA_ID)).body.data!.secret;
    const reply = await feed(
      '/api/feed/messages',
      {
        audience: { unitId: DEMO_SCHOOL_ID, userIds: [ids.teacher] },
        messageMeno: 'from the area',
        importance: 1,
      },
      areaSecret,
    );
    expect(reply.body.status).toBe(200);
    expect(await texts(teacher)).toContain('from the area');
  });

  it('refuses a unit whose licence for the app has ended', async () => {
    const library = (await rotate(admin, 'library', DEMO_SCHOOL_ID)).body.data!.secret;
    const reply = await feed(
      '/api/feed/messages',
      {
        audience: { unitId: DEMO_SCHOOL_ID, userIds: [ids.teacher] },
        messageMeno: 'overdue',
        importance: 1,
      },
      library,
    );
    expectRefused(reply, 403, /licence/);
    const badge = await feed(
      '/api/feed/badges',
      { badges: [{ userId: ids.teacher, count: 1 }] },
      library,
    );
    expectRefused(badge, 403, /licence/);
    expect(await texts(teacher)).not.toContain('overdue');
  });

  it('refuses users of a type the app is not for (edu is for types 1, 2, 4)', async () => {
    const edu = (await rotate(admin, 'edu', DEMO_SCHOOL_ID)).body.data!.secret;
    const toClass = await feed(
      '/api/feed/messages',
      {
        audience: { unitId: DEMO_SCHOOL_ID, gradeName: 'Grade 3' },
        messageMeno: 'edu to parents',
        importance: 1,
      },
      edu,
    );
    expectRefused(toClass, 403, /not for parents/);
    const toParent = await feed(
      '/api/feed/messages',
      {
        audience: { unitId: DEMO_SCHOOL_ID, userIds: [ids.parent] },
        messageMeno: 'edu to parents',
        importance: 1,
      },
      edu,
    );
    expectRefused(toParent, 403, /not for the user type/);
    const types = await feed(
      '/api/feed/todos',
      { audience: { unitId: DEMO_SCHOOL_ID, userTypes: [3] }, title: 'edu to parents' },
      edu,
    );
    expectRefused(types, 403, /user type 3/);
    const badge = await feed(
      '/api/feed/badges',
      { badges: [{ userId: ids.parent, count: 1 }] },
      edu,
    );
    expectRefused(badge, 403, /may address/);
    expect(await texts(parent)).not.toContain('edu to parents');
  });

  it("refuses a badge for a user outside the credential's units, or one that does not exist", async () => {
    for (const userId of [ids.area!, 'no-such-user']) {
      const reply = await feed('/api/feed/badges', { badges: [{ userId, count: 3 }] });
      expectRefused(reply, 403, /may address/);
    }
  });
});

describe('the feed API: bad input (400)', () => {
  const base = {
    audience: { unitId: DEMO_SCHOOL_ID, userIds: [] as string[] },
    messageMeno: 'x',
    importance: 2,
  };

  it('refuses a malformed message, audience, link or badge with a clear message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...base, audience: { unitId: DEMO_SCHOOL_ID }, importance: 6 }, /importance/],
      [{ ...base, audience: { unitId: DEMO_SCHOOL_ID }, messageMeno: '' }, /messageMeno/],
      [{ messageMeno: 'x', importance: 2 }, /audience/],
      [
        { ...base, audience: { unitId: DEMO_SCHOOL_ID, className: 'Class 2' } },
        /class needs its grade/,
      ],
      [
        {
          ...base,
          audience: { unitId: DEMO_SCHOOL_ID, userIds: [ids.area], gradeName: 'Grade 3' },
        },
        /cannot be combined/,
      ],
      [
        { ...base, audience: { unitId: DEMO_SCHOOL_ID, userIds: [ids.area] } },
        /not a user of this unit/,
      ],
      [
        { ...base, audience: { unitId: DEMO_SCHOOL_ID }, url: 'javascript:alert(1)' },
        /path on this site/,
      ],
      [
        { ...base, audience: { unitId: DEMO_SCHOOL_ID, gradeName: 'Grade 9' } },
        /No one is in this audience/,
      ],
    ];
    for (const [body, words] of cases) {
      const reply = await feed('/api/feed/messages', body);
      expectRefused(reply, 400, words);
      expect(reply.body.fieldErrors?.length).toBeGreaterThan(0);
    }
    const badges: [unknown, RegExp][] = [
      [{ badges: [{ userId: ids.teacher, count: -1 }] }, /count/],
      [{ badges: [] }, /badges/],
      [
        {
          badges: [
            { userId: ids.teacher, count: 1 },
            { userId: ids.teacher, count: 2 },
          ],
        },
        /listed twice/,
      ],
    ];
    for (const [body, words] of badges)
      expectRefused(await feed('/api/feed/badges', body), 400, words);
  });
});

describe('the feed API: the rate limit per credential', () => {
  it('refuses calls past the limit with 429 in the envelope, counted across instances', async () => {
    const second = await startTestServer({ shareWith: server, feedLimits: { maxCalls: 3 } });
    try {
      const secret = (await rotate(admin, 'timetable', DEMO_SCHOOL_ID)).body.data!.secret;
      const call = () =>
        second
          .client({ device: null })
          .postJson(
            '/api/feed/badges',
            { badges: [{ userId: ids.teacher, count: 1 }] },
            { authorization: `Bearer ${secret}` },
          );
      for (let i = 0; i < 3; i++) expect((await call()).body.status).toBe(200);
      const refused = await call();
      expectRefused(refused, 429, /Too many calls/);
      expect(refused.body.code).toBe('rate_limited');
      // Another credential has its own count.
      const fresh = (await rotate(admin, 'growth', DEMO_SCHOOL_ID)).body.data!.secret;
      const other = await second
        .client({ device: null })
        .postJson(
          '/api/feed/badges',
          { badges: [{ userId: ids.teacher, count: 1 }] },
          { authorization: `Bearer ${fresh}` },
        );
      expect(other.body.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('the console: POST and GET /api/admin/messages', () => {
  const compose = (client: TestClient, body: unknown) =>
    client.postJson<FeedSendResult>('/api/admin/messages', body);
  const toGrade5 = {
    kind: 'message',
    audience: { unitId: DEMO_SCHOOL_ID, gradeName: 'Grade 5' },
    title: 'Grade 5 exam week',
    importance: 5,
  };

  it('answers 401 without a session, 403 to a teacher and to a school admin for the area', async () => {
    expect((await compose(server.client(), toGrade5)).body.status).toBe(401);
    expect((await server.client().get('/api/admin/messages')).body.status).toBe(401);
    expectRefused(await compose(teacher, toGrade5), 403, /administrator/);
    expectRefused(await teacher.get('/api/admin/messages'), 403, /administrator/);
    const outside = { ...toGrade5, audience: { unitId: DEMO_AREA_ID } };
    expectRefused(await compose(admin, outside), 403, /outside your own/);
    expectRefused(await admin.get(`/api/admin/messages?unitId=${DEMO_AREA_ID}`), 403, /outside/);
    expect(await texts(parent)).not.toContain('Grade 5 exam week');
  });

  it('answers 400 for bad input, with a clear message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...toGrade5, importance: undefined }, /importance/],
      [{ ...toGrade5, kind: 'memo' }, /kind/],
      [{ ...toGrade5, title: '   ' }, /Title/],
      [
        { ...toGrade5, audience: { unitId: DEMO_SCHOOL_ID, userIds: [ids.area] } },
        /not a user of this unit/,
      ],
      [{ ...toGrade5, audience: { unitId: DEMO_SCHOOL_ID, gradeName: 'Grade 9' } }, /No one/],
    ];
    for (const [body, words] of cases) expectRefused(await compose(admin, body), 400, words);
    expectRefused(await admin.get('/api/admin/messages?size=0'), 400, /size/);
  });

  it('sends a message to a grade as the base platform, audited, listed with its read count', async () => {
    const reply = await compose(admin, toGrade5);
    expect(reply.body).toMatchObject({ status: 200, data: { recipients: 1 } });
    const sendId = reply.body.data!.id;
    const message = (await unread(parent)).find((m) => m.messageMeno === 'Grade 5 exam week');
    expect(message).toMatchObject({ module: 'base', importance: 5 });
    expect(await texts(parent1)).not.toContain('Grade 5 exam week');

    const [entry] = await auditRows('admin.compose_message');
    expect(entry).toMatchObject({ user_id: ids.admin, unit_id: DEMO_SCHOOL_ID });
    expect(JSON.parse(entry!.detail!)).toMatchObject({
      sendId,
      kind: 'message',
      title: 'Grade 5 exam week',
      importance: 5,
      recipients: 1,
      audience: { gradeName: 'Grade 5', className: null, userTypes: null, userIds: null },
    });

    const listed = async () =>
      (
        await admin.get<SentList>(`/api/admin/messages?unitId=${DEMO_SCHOOL_ID}`)
      ).body.data?.list.find((s) => s.id === sendId);
    expect(await listed()).toMatchObject({
      kind: 'message',
      appCode: 'base',
      unitId: DEMO_SCHOOL_ID,
      senderName: '王建国',
      title: 'Grade 5 exam week',
      importance: 5,
      recipients: 1,
      readCount: 0,
    });
    const ignored = await parent.postForm('/api/base/desktop/message_update_statusby_id', {
      desktopMessageId: message!.id,
    });
    expect(ignored.body.data).toBe(1);
    expect((await listed())?.readCount).toBe(1);
  });

  it('sends a to-do to a list of users; the list counts those who did it', async () => {
    const reply = await compose(admin, {
      kind: 'todo',
      audience: { unitId: DEMO_SCHOOL_ID, userIds: [ids.teacher, ids.staff] },
      title: 'Hand in the term report',
      url: '/helpCenter',
    });
    expect(reply.body).toMatchObject({ status: 200, data: { recipients: 2 } });
    expect(
      (await todos(teacher))?.list.find((t) => t.title === 'Hand in the term report'),
    ).toMatchObject({
      module: 'base',
      url: '/helpCenter',
    });
    const sent = (await admin.get<SentList>('/api/admin/messages')).body.data!;
    expect(sent.list[0]).toMatchObject({
      id: reply.body.data!.id,
      kind: 'todo',
      importance: null,
      recipients: 2,
      readCount: 0,
      audience: { userIds: [ids.teacher, ids.staff] },
    });
    expect(sent.total).toBeGreaterThan(1);
  });

  it("lets the area's admin send to a school under it and see the school's sends", async () => {
    const reply = await compose(area, {
      kind: 'message',
      audience: { unitId: DEMO_SCHOOL_ID, userTypes: [4] },
      title: 'From the bureau',
      importance: 3,
    });
    expect(reply.body.data?.recipients).toBe(1);
    expect(await texts(staff)).toContain('From the bureau');
    expect(await texts(teacher)).not.toContain('From the bureau');
    const sent = (await area.get<SentList>('/api/admin/messages')).body.data!;
    expect(sent.list.map((s) => s.title)).toContain('From the bureau');
    expect(sent.list.map((s) => s.title)).toContain('Grade 5 exam week');
  });
});

describe("cms: a published notice in the addressed parents' bells", () => {
  const publish = (body: Record<string, string>) =>
    teacher.postForm('/api/cms/notice/publish', { content: 'Details inside.', ...body });

  it('a class notice reaches the parents of that class only', async () => {
    expect(
      (
        await publish({
          title: 'Grade 1 Class 3 swimming',
          gradeName: 'Grade 1',
          className: 'Class 3',
        })
      ).body.status,
    ).toBe(200);
    const message = (await unread(parent1)).find(
      (m) => m.messageMeno === 'Grade 1 Class 3 swimming',
    );
    expect(message).toMatchObject({ module: 'cms', url: '/cms/notice' });
    for (const other of [parent, teacher, staff, admin]) {
      expect(await texts(other)).not.toContain('Grade 1 Class 3 swimming');
    }
  });

  it('a whole-school notice reaches every parent once, however many children they have', async () => {
    expect((await publish({ title: 'School closed Monday' })).body.status).toBe(200);
    expect((await texts(parent)).filter((t) => t === 'School closed Monday')).toHaveLength(1);
    expect(await texts(parent1)).toContain('School closed Monday');
    expect(await texts(teacher)).not.toContain('School closed Monday');
    const sent = (await admin.get<SentList>('/api/admin/messages')).body.data!;
    expect(sent.list.find((s) => s.title === 'School closed Monday')).toMatchObject({
      appCode: 'cms',
      senderName: null,
      recipients: 2,
      audience: { gradeName: null, className: null, userTypes: [3], userIds: null },
    });
  });
});
