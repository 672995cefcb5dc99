/**
 * The desktop header's data (issue 4; spec §2 Header and Other dialogs, §3 Message, §7, §9):
 * counts, unread messages, 'ignore all' and 'ignore one', the to-do popup, the message
 * configuration, per-app unread counts and the single-sign-on URL. Each endpoint: no session,
 * wrong user or bad input, success from the demo school's real data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktopEndpoints,
  type Message,
  type MessageConfig,
  type TodoPage,
  type UnhandleCount,
  type UnreadCodeCount,
} from '@campus/contracts/desktop';
import {
  OTHER_MESSAGES,
  TEACHER_TODOS,
  TEACHER_UNREAD_COUNT,
} from '../../src/db/seed/demo-data.ts';
import { ACCESS_COOKIE } from '@campus/contracts/uaa';
import { DEMO_SCHOOL_ID, EXPIRED_LICENCE_APP } from '../../src/db/seed/demo-school.ts';
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

/** The teacher's unread messages: the seeded ones plus the openWay-1 expiry message. */
const TEACHER_UNREAD = TEACHER_UNREAD_COUNT + 1;
const STAFF_MESSAGES = OTHER_MESSAGES.find((m) => m.login === 'staff')?.items.length ?? 0;
const PARENT1_MESSAGES = OTHER_MESSAGES.find((m) => m.login === 'parent1')?.items.length ?? 0;

let server: TestServer;
let teacher: TestClient;
let staff: TestClient;
let parent: TestClient;
let parent1: TestClient;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
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

const adminService = () => createAdminService(server.app.services.database.db);

describe(`GET ${desktopEndpoints.unhandleCount.path} on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers 401 without a session', async () => {
    const reply = await server.client().get(desktopEndpoints.unhandleCount.path);
    expect(reply.http).toBe(200);
    expect(reply.body.status).toBe(401);
  });

  it("answers the caller's own to-do and unread message counts", async () => {
    expect((await teacher.get<UnhandleCount>(desktopEndpoints.unhandleCount.path)).body).toEqual({
      status: 200,
      data: { todoCount: TEACHER_TODOS.length, messageCount: TEACHER_UNREAD },
    });
    expect((await staff.get<UnhandleCount>(desktopEndpoints.unhandleCount.path)).body.data).toEqual(
      {
        todoCount: 0,
        messageCount: STAFF_MESSAGES,
      },
    );
  });
});

describe(`GET ${desktopEndpoints.unreadMessages.path}`, () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get(desktopEndpoints.unreadMessages.path)).body.status).toBe(401);
  });

  it('lists only the caller’s unread messages, newest first, with the spec §3 fields', async () => {
    const reply = await teacher.get<Message[]>(desktopEndpoints.unreadMessages.path);
    expect(reply.body.status).toBe(200);
    const list = reply.body.data ?? [];
    expect(list).toHaveLength(TEACHER_UNREAD);
    expect(list.every((m) => m.id.startsWith('demo-msg-teacher-'))).toBe(true);
    const dates = list.map((m) => m.messageDate);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(new Set(list.map((m) => m.importance))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(Object.keys(list[1] ?? {}).sort()).toEqual(
      [
        'content',
        'id',
        'importance',
        'messageDate',
        'messageMeno',
        'module',
        'openWay',
        'url',
      ].sort(),
    );
  });

  it('carries the openWay-1 module list parsed, covering expired, soon and in use', async () => {
    const list =
      (await teacher.get<Message[]>(desktopEndpoints.unreadMessages.path)).body.data ?? [];
    const expiry = list.find((m) => m.openWay === 1);
    expect(expiry?.module).toBe('base');
    const modules = expiry?.content ?? [];
    const now = Date.now();
    const expired = modules.filter((m) => m.endTime < now);
    const soon = modules.filter((m) => m.endTime >= now && m.endTime - now <= 7_776_000_000);
    const inUse = modules.filter((m) => m.endTime - now > 7_776_000_000);
    expect(expired.map((m) => m.code)).toEqual([EXPIRED_LICENCE_APP]);
    expect(soon.length).toBeGreaterThan(0);
    expect(inUse.length).toBeGreaterThan(0);
    expect(modules.find((m) => m.code === 'cms')?.englishName).toBe('News and Notices');
    expect(list.filter((m) => m.openWay !== 1).every((m) => m.content === null)).toBe(true);
  });

  it('answers an empty list to a user without messages', async () => {
    expect((await admin.get<Message[]>(desktopEndpoints.unreadMessages.path)).body).toEqual({
      status: 200,
      data: [],
    });
  });
});

describe(`GET ${desktopEndpoints.unreadCodeCount.path}`, () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get(desktopEndpoints.unreadCodeCount.path)).body.status).toBe(
      401,
    );
  });

  it('maps app codes to the caller’s unread messages, adding up to the bell count', async () => {
    const counts = (await teacher.get<UnreadCodeCount>(desktopEndpoints.unreadCodeCount.path)).body
      .data;
    expect(counts).toBeDefined();
    const values = Object.values(counts ?? {});
    expect(values.reduce((a, b) => a + b, 0)).toBe(TEACHER_UNREAD);
    expect(values.every((v) => v > 0)).toBe(true);
    expect(counts?.base).toBe(1);
    expect(
      (await parent1.get<UnreadCodeCount>(desktopEndpoints.unreadCodeCount.path)).body.data,
    ).toEqual({
      cms: 1,
      leave: 1,
    });
  });
});

describe(`POST ${desktopEndpoints.ignoreMessage.path}`, () => {
  it('answers 401 without a session', async () => {
    const reply = await server
      .client()
      .postForm(desktopEndpoints.ignoreMessage.path, { desktopMessageId: 'demo-msg-teacher-001' });
    expect(reply.body.status).toBe(401);
  });

  it('validates desktopMessageId', async () => {
    const missing = await teacher.postForm(desktopEndpoints.ignoreMessage.path, {
      desktopMessageId: '  ',
    });
    expect(missing.body.status).toBe(400);
    expect(missing.body.fieldErrors?.[0]).toEqual({
      field: 'desktopMessageId',
      message: '消息不能为空！|||Message cannot be empty!',
    });
    const long = await teacher.postForm(desktopEndpoints.ignoreMessage.path, {
      desktopMessageId: 'x'.repeat(65),
    });
    expect(long.body.status).toBe(400);
  });

  it("answers not found alike for someone else's message and an unknown id", async () => {
    const others = await staff.postForm(desktopEndpoints.ignoreMessage.path, {
      desktopMessageId: 'demo-msg-teacher-001',
    });
    const unknown = await staff.postForm(desktopEndpoints.ignoreMessage.path, {
      desktopMessageId: 'no-such-message',
    });
    expect(others.body.status).toBe(404);
    expect(unknown.body).toEqual(others.body);
    // The teacher's message is still unread.
    const list =
      (await teacher.get<Message[]>(desktopEndpoints.unreadMessages.path)).body.data ?? [];
    expect(list.some((m) => m.id === 'demo-msg-teacher-001')).toBe(true);
  });

  it('marks one of the caller’s messages read (JSON or form), then 0 for a second time', async () => {
    const first = await teacher.postJson(desktopEndpoints.ignoreMessage.path, {
      desktopMessageId: 'demo-msg-teacher-001',
    });
    expect(first.body).toEqual({ status: 200, data: 1 });
    const again = await teacher.postForm(desktopEndpoints.ignoreMessage.path, {
      desktopMessageId: 'demo-msg-teacher-001',
    });
    expect(again.body).toEqual({ status: 200, data: 0 });
    const counts = (await teacher.get<UnhandleCount>(desktopEndpoints.unhandleCount.path)).body
      .data;
    expect(counts?.messageCount).toBe(TEACHER_UNREAD - 1);
    const list =
      (await teacher.get<Message[]>(desktopEndpoints.unreadMessages.path)).body.data ?? [];
    expect(list.some((m) => m.id === 'demo-msg-teacher-001')).toBe(false);
  });
});

describe(`POST ${desktopEndpoints.ignoreAllMessages.path}`, () => {
  it('answers 401 without a session', async () => {
    expect(
      (await server.client().postForm(desktopEndpoints.ignoreAllMessages.path, {})).body.status,
    ).toBe(401);
  });

  it('refuses a cookie-authenticated post without the device header (CSRF)', async () => {
    const bare = server.client({ device: null });
    bare.setCookie(ACCESS_COOKIE, staff.cookie(ACCESS_COOKIE) ?? '');
    const reply = await bare.postForm(desktopEndpoints.ignoreAllMessages.path, {});
    expect(reply.body).toMatchObject({ status: 403, code: 'csrf_rejected' });
  });

  it("marks all of the caller's unread messages read and no one else's", async () => {
    // Spec §7: no payload.
    const done = await staff.request<number>(
      'POST',
      desktopEndpoints.ignoreAllMessages.path,
      undefined,
      {},
    );
    expect(done.body).toEqual({ status: 200, data: STAFF_MESSAGES });
    expect((await staff.get<UnhandleCount>(desktopEndpoints.unhandleCount.path)).body.data).toEqual(
      {
        todoCount: 0,
        messageCount: 0,
      },
    );
    expect((await staff.get<Message[]>(desktopEndpoints.unreadMessages.path)).body.data).toEqual(
      [],
    );
    const again = await staff.postForm(desktopEndpoints.ignoreAllMessages.path, {});
    expect(again.body).toEqual({ status: 200, data: 0 });
    // Other users keep theirs.
    expect(
      (await parent1.get<UnhandleCount>(desktopEndpoints.unhandleCount.path)).body.data
        ?.messageCount,
    ).toBe(PARENT1_MESSAGES);
  });
});

describe(`GET ${desktopEndpoints.todoPage.path}`, () => {
  it('answers 401 without a session', async () => {
    expect(
      (await server.client().get(`${desktopEndpoints.todoPage.path}?start=0&size=3`)).body.status,
    ).toBe(401);
  });

  it('validates start and size', async () => {
    for (const query of ['start=-1', 'size=0', 'size=101', 'start=abc']) {
      const reply = await teacher.get(`${desktopEndpoints.todoPage.path}?${query}`);
      expect(reply.body.status, query).toBe(400);
      expect(reply.body.fieldErrors?.[0]?.field).toBe(query.split('=')[0]);
    }
  });

  it('pages the caller’s open to-dos 3 at a time by row offset, newest first', async () => {
    const first = (await teacher.get<TodoPage>(`${desktopEndpoints.todoPage.path}?start=0&size=3`))
      .body.data;
    expect(first?.total).toBe(TEACHER_TODOS.length);
    expect(first?.pages).toBe(Math.ceil(TEACHER_TODOS.length / 3));
    expect(first?.list.map((t) => t.title)).toEqual(TEACHER_TODOS.slice(0, 3).map((t) => t.title));
    expect(Object.keys(first?.list[0] ?? {}).sort()).toEqual(
      ['createdAt', 'id', 'module', 'title', 'url'].sort(),
    );
    const last = (await teacher.get<TodoPage>(`${desktopEndpoints.todoPage.path}?start=6`)).body
      .data;
    expect(last?.list.map((t) => t.title)).toEqual([TEACHER_TODOS[6]?.title]);
    const beyond = (await teacher.get<TodoPage>(`${desktopEndpoints.todoPage.path}?start=30`)).body
      .data;
    expect(beyond).toEqual({ list: [], pages: 3, total: TEACHER_TODOS.length });
  });

  it('defaults to the first page of 3 and answers nothing to a user without to-dos', async () => {
    const page = (await teacher.get<TodoPage>(desktopEndpoints.todoPage.path)).body.data;
    expect(page?.list).toHaveLength(3);
    expect((await parent.get<TodoPage>(desktopEndpoints.todoPage.path)).body).toEqual({
      status: 200,
      data: { list: [], pages: 0, total: 0 },
    });
  });
});

describe(`GET ${desktopEndpoints.messageConfig.path}`, () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get(desktopEndpoints.messageConfig.path)).body.status).toBe(401);
  });

  it("answers the unit's pcOpen: 0 for the demo school, then 1 once set (CLI, audited)", async () => {
    expect((await teacher.get<MessageConfig>(desktopEndpoints.messageConfig.path)).body).toEqual({
      status: 200,
      data: { pcOpen: 0 },
    });
    const result = await adminService().setMessageConfig({ unitId: DEMO_SCHOOL_ID, pcOpen: '1' });
    expect(result).toEqual({ unitId: DEMO_SCHOOL_ID, pcOpen: 1, previousPcOpen: 0 });
    try {
      expect(
        (await parent.get<MessageConfig>(desktopEndpoints.messageConfig.path)).body.data,
      ).toEqual({
        pcOpen: 1,
      });
      const audit = await server.app.services.database.db
        .selectFrom('audit_log')
        .select(['unit_id', 'detail'])
        .where('action', '=', 'admin.set_message_config')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.unit_id).toBe(DEMO_SCHOOL_ID);
    } finally {
      await adminService().setMessageConfig({ unitId: DEMO_SCHOOL_ID, pcOpen: '0' });
    }
  });
});

describe(`GET ${desktopEndpoints.ssoLoginUrl.path}`, () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get(desktopEndpoints.ssoLoginUrl.path)).body.status).toBe(401);
  });

  it("answers null for the demo school, then the unit's configured http(s) URL", async () => {
    expect((await teacher.get(desktopEndpoints.ssoLoginUrl.path)).body).toEqual({
      status: 200,
      data: null,
    });
    await adminService().setSsoUrl({ unitId: DEMO_SCHOOL_ID, url: 'https://sso.example/login' });
    try {
      expect((await parent.get(desktopEndpoints.ssoLoginUrl.path)).body.data).toBe(
        'https://sso.example/login',
      );
    } finally {
      await adminService().setSsoUrl({ unitId: DEMO_SCHOOL_ID, url: 'none' });
    }
  });

  it('never answers a non-http(s) URL, even one written around the CLI', async () => {
    await expect(
      adminService().setSsoUrl({ unitId: DEMO_SCHOOL_ID, url: 'javascript:alert(1)' }),
    ).rejects.toThrow();
    await server.app.services.database.db
      .updateTable('unit_desktop_settings')
      .set({ sso_login_url: 'javascript:alert(1)' })
      .where('unit_id', '=', DEMO_SCHOOL_ID)
      .execute();
    try {
      expect((await teacher.get(desktopEndpoints.ssoLoginUrl.path)).body).toEqual({
        status: 200,
        data: null,
      });
    } finally {
      await adminService().setSsoUrl({ unitId: DEMO_SCHOOL_ID, url: 'none' });
    }
  });

  it('answers per unit: the area user sees their own unit’s setting', async () => {
    const area = server.client();
    await signIn(area, DEMO.area);
    const areaId = (
      await server.app.services.database.db
        .selectFrom('users')
        .select('unit_id')
        .where('id', '=', await userIdOf(server, 'area'))
        .executeTakeFirstOrThrow()
    ).unit_id;
    await adminService().setSsoUrl({ unitId: areaId, url: 'https://area-sso.example/' });
    expect((await area.get(desktopEndpoints.ssoLoginUrl.path)).body.data).toBe(
      'https://area-sso.example/',
    );
    expect((await teacher.get(desktopEndpoints.ssoLoginUrl.path)).body.data).toBeNull();
  });
});
