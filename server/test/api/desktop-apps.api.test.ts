/**
 * The desktop's app-icon menu and per-user state (issue 4; spec §2 Top app-icon menu, Left
 * layout and Theme dialog, §3 App icon and App group, §4 Layout, §6, §9): my_app_icon, icon
 * drag order, recent apps, the left-layout lock and settheme. Each endpoint: no session, wrong
 * user (type, another person's id, not an admin), bad input, success on the demo school.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeColorData } from '@campus/contracts/base';
import {
  desktopEndpoints,
  RECENT_APPS_MAX,
  type AppGroup,
  type AppIcon,
  type IconOrder,
  type LeftLock,
} from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import { DEMO_APPS } from '../../src/db/seed/demo-data.ts';
import { DEMO_AREA_ID, DEMO_SCHOOL_ID } from '../../src/db/seed/demo-school.ts';
import {
  signedInClients,
  startTestServer,
  type TestClient,
  type TestServer,
  userIdOf,
} from './helpers/test-server.ts';

let server: TestServer;
let teacher: TestClient;
let staff: TestClient;
let parent: TestClient;
let admin: TestClient;
let area: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ teacher, staff, parent, admin, area } = await signedInClients(
    server,
    'teacher',
    'staff',
    'parent',
    'admin',
    'area',
  ));
});
afterAll(async () => server.close());

async function iconsUrl(login: string, unitId = DEMO_SCHOOL_ID, extra = '&appType=1') {
  const userId = await userIdOf(server, login);
  return `${desktopEndpoints.appIcons.path}?userId=${encodeURIComponent(userId)}&unitId=${encodeURIComponent(unitId)}${extra}`;
}

async function groupsOf(client: TestClient, login: string, unitId = DEMO_SCHOOL_ID) {
  const reply = await client.get<AppGroup[]>(await iconsUrl(login, unitId));
  expect(reply.body.status).toBe(200);
  return reply.body.data ?? [];
}

const codesOf = (groups: AppGroup[]) => groups.flatMap((g) => g.iconVMs.map((i) => i.code));
const groupCodes = (groups: AppGroup[], code: string) =>
  groups.find((g) => g.code === code)?.iconVMs.map((i) => i.code) ?? [];
/** Demo apps meant for a user type, in their default order, hidden ones left out. */
const demoAppsFor = (userType: number, school = true) =>
  DEMO_APPS.filter(
    (a) =>
      a.updateStatus !== 0 &&
      a.userTypes.split(',').includes(String(userType)) &&
      (school || !['base', 'edu'].includes(a.code)),
  ).map((a) => a.code);

describe(`GET ${desktopEndpoints.appIcons.path} on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get(await iconsUrl('teacher'))).body.status).toBe(401);
  });

  it('validates userId, unitId and appType', async () => {
    const missing = await teacher.get(`${desktopEndpoints.appIcons.path}?unitId=${DEMO_SCHOOL_ID}`);
    expect(missing.body.status).toBe(400);
    expect(missing.body.fieldErrors?.[0]).toEqual({
      field: 'userId',
      message: '用户不能为空！|||User cannot be empty!',
    });
    const appType = await teacher.get(await iconsUrl('teacher', DEMO_SCHOOL_ID, '&appType=2'));
    expect(appType.body.status).toBe(400);
    expect(appType.body.fieldErrors?.[0]?.field).toBe('appType');
  });

  it("refuses another person's userId and another unit's unitId", async () => {
    const otherUser = await teacher.get(await iconsUrl('staff'));
    expect(otherUser.body).toMatchObject({ status: 403, code: 'forbidden' });
    const otherUnit = await teacher.get(await iconsUrl('teacher', DEMO_AREA_ID));
    expect(otherUnit.body.status).toBe(403);
  });

  it('answers a teacher the groups with the spec §3 icon fields and unread counts', async () => {
    const groups = await groupsOf(teacher, 'teacher');
    expect(groups.map((g) => g.code)).toEqual(['teaching', 'campus', 'home_school']);
    expect(Object.keys(groups[0] ?? {}).sort()).toEqual(
      ['code', 'englishName', 'iconVMs', 'name'].sort(),
    );
    expect(codesOf(groups)).toEqual(demoAppsFor(2));
    const cms = groups.flatMap((g) => g.iconVMs).find((i) => i.code === 'cms');
    expect(cms).toMatchObject({
      name: '信息发布',
      shortName: '资讯',
      englishName: 'News and Notices',
      englishShortName: 'News',
      serverId: 'cms',
      deployPath: null,
      iconImg: '/api/storage/app-icon/cms/color',
      updateStatus: 1,
      menuRoute: '/cms/home',
      frontUserType: '1,2,3,4',
      limitUserType: '1,2,3,4',
    });
    expect(cms?.unReadCodeCount).toBeGreaterThan(0);
    expect(Object.keys(cms ?? {}).sort()).toEqual(
      [
        'code',
        'deployPath',
        'englishName',
        'englishShortName',
        'frontUserType',
        'iconImg',
        'limitUserType',
        'menuRoute',
        'name',
        'serverId',
        'shortName',
        'unReadCodeCount',
        'updateStatus',
      ].sort(),
    );
  });

  it('leaves out the hidden app and apps not meant for the user type', async () => {
    const teacherCodes = codesOf(await groupsOf(teacher, 'teacher'));
    expect(teacherCodes).not.toContain('survey');
    expect(teacherCodes).not.toContain('asset');
    const parentCodes = codesOf(await groupsOf(parent, 'parent'));
    expect(parentCodes).toEqual(demoAppsFor(3));
    expect(parentCodes).toContain('growth');
    expect(parentCodes).not.toContain('lesson');
    expect(parentCodes).not.toContain('edu');
  });

  it('shows base and edu only in a school (spec §6)', async () => {
    const school = codesOf(await groupsOf(admin, 'admin'));
    expect(school).toEqual(expect.arrayContaining(['base', 'edu']));
    const areaCodes = codesOf(await groupsOf(area, 'area', DEMO_AREA_ID));
    expect(areaCodes).toEqual(demoAppsFor(1, false));
    expect(areaCodes).not.toContain('base');
    expect(areaCodes).not.toContain('edu');
  });

  it('defaults appType to 1', async () => {
    const userId = await userIdOf(server, 'teacher');
    const reply = await teacher.get<AppGroup[]>(
      `${desktopEndpoints.appIcons.path}?userId=${userId}&unitId=${DEMO_SCHOOL_ID}`,
    );
    expect(reply.body.status).toBe(200);
  });
});

describe(`POST ${desktopEndpoints.iconOrder.path}`, () => {
  it('answers 401 without a session', async () => {
    expect(
      (await server.client().postJson(desktopEndpoints.iconOrder.path, { codes: ['cms'] })).body
        .status,
    ).toBe(401);
  });

  it('is for teachers and type 4 only (spec §6)', async () => {
    for (const client of [parent, admin]) {
      const reply = await client.postJson(desktopEndpoints.iconOrder.path, { codes: ['cms'] });
      expect(reply.body).toMatchObject({ status: 403, code: 'forbidden' });
    }
  });

  it('validates the codes: an array of unique apps the caller sees', async () => {
    const notArray = await teacher.postJson(desktopEndpoints.iconOrder.path, { codes: 'cms' });
    expect(notArray.body.status).toBe(400);
    expect(notArray.body.fieldErrors?.[0]?.message).toBe(
      '应用顺序类型不正确|||Icon order has the wrong type',
    );
    const repeated = await teacher.postJson(desktopEndpoints.iconOrder.path, {
      codes: ['cms', 'cms'],
    });
    expect(repeated.body.status).toBe(400);
    const missing = await teacher.postJson(desktopEndpoints.iconOrder.path, {});
    expect(missing.body.fieldErrors?.[0]?.field).toBe('codes');
    for (const code of ['no-such-app', 'asset', 'survey']) {
      const reply = await teacher.postJson(desktopEndpoints.iconOrder.path, {
        codes: ['cms', code],
      });
      expect(reply.body.status, code).toBe(400);
      expect(reply.body.fieldErrors).toEqual([
        {
          field: 'codes.1',
          message: `应用“${code}”不存在或不可用|||The app "${code}" does not exist or is not available to you`,
        },
      ]);
    }
    const bad = await teacher.postJson(desktopEndpoints.iconOrder.path, { codes: ['../x'] });
    expect(bad.body.fieldErrors?.[0]?.field).toBe('codes.0');
  });

  it('saves the drag order, which my_app_icon then follows, and an empty list resets it', async () => {
    const saved = await teacher.postJson<IconOrder>(desktopEndpoints.iconOrder.path, {
      codes: ['lesson', 'exam', 'canteen'],
    });
    expect(saved.body).toEqual({ status: 200, data: { codes: ['lesson', 'exam', 'canteen'] } });
    const groups = await groupsOf(teacher, 'teacher');
    expect(groupCodes(groups, 'teaching')).toEqual([
      'lesson',
      'exam',
      'edu',
      'timetable',
      'homework',
      'evaluate',
    ]);
    expect(groupCodes(groups, 'home_school')[0]).toBe('canteen');
    // Another teacher-type user keeps the default order.
    const staffGroups = await groupsOf(staff, 'staff');
    expect(groupCodes(staffGroups, 'teaching')[0]).toBe('edu');

    const reset = await teacher.postJson<IconOrder>(desktopEndpoints.iconOrder.path, { codes: [] });
    expect(reset.body).toEqual({ status: 200, data: { codes: [] } });
    expect(codesOf(await groupsOf(teacher, 'teacher'))).toEqual(demoAppsFor(2));
  });
});

describe(`GET ${desktopEndpoints.recentApps.path} and POST ${desktopEndpoints.recentApp.path}`, () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get(desktopEndpoints.recentApps.path)).body.status).toBe(401);
    expect(
      (await server.client().postForm(desktopEndpoints.recentApp.path, { code: 'cms' })).body
        .status,
    ).toBe(401);
  });

  it('validates the code', async () => {
    const empty = await teacher.postForm(desktopEndpoints.recentApp.path, { code: ' ' });
    expect(empty.body.fieldErrors?.[0]).toEqual({
      field: 'code',
      message: '应用编码不能为空！|||App code cannot be empty!',
    });
    expect(
      (await teacher.postForm(desktopEndpoints.recentApp.path, { code: 'a/b' })).body.status,
    ).toBe(400);
  });

  it('refuses an app the caller may not open and does not know an unknown one', async () => {
    expect(
      (await teacher.postForm(desktopEndpoints.recentApp.path, { code: 'asset' })).body.status,
    ).toBe(403);
    expect(
      (await parent.postForm(desktopEndpoints.recentApp.path, { code: 'edu' })).body.status,
    ).toBe(403);
    expect(
      (await teacher.postForm(desktopEndpoints.recentApp.path, { code: 'survey' })).body.status,
    ).toBe(403);
    expect(
      (await teacher.postForm(desktopEndpoints.recentApp.path, { code: 'nothing' })).body.status,
    ).toBe(404);
  });

  it('keeps the 10 most recent, newest first; reopening moves an app to the front', async () => {
    expect((await teacher.get(desktopEndpoints.recentApps.path)).body).toEqual({
      status: 200,
      data: [],
    });
    const opened = demoAppsFor(2).slice(0, 12);
    let last: AppIcon[] = [];
    for (const code of opened) {
      const reply = await teacher.postForm<AppIcon[]>(desktopEndpoints.recentApp.path, { code });
      expect(reply.body.status).toBe(200);
      last = reply.body.data ?? [];
    }
    const expected = [...opened].reverse().slice(0, RECENT_APPS_MAX);
    expect(last.map((a) => a.code)).toEqual(expected);
    const listed = (await teacher.get<AppIcon[]>(desktopEndpoints.recentApps.path)).body.data ?? [];
    expect(listed.map((a) => a.code)).toEqual(expected);
    expect(listed[0]?.iconImg).toMatch(/^\/api\/storage\/app-icon\//);

    const again = expected[5] ?? '';
    const moved = await teacher.postJson<AppIcon[]>(desktopEndpoints.recentApp.path, {
      code: again,
    });
    expect(moved.body.data?.map((a) => a.code)).toEqual([
      again,
      ...expected.filter((c) => c !== again),
    ]);
    const rows = await server.app.services.database.db
      .selectFrom('user_recent_apps')
      .select('app_code')
      .where('user_id', '=', await userIdOf(server, 'teacher'))
      .execute();
    expect(rows).toHaveLength(RECENT_APPS_MAX);
  });

  it('keeps each user’s list apart', async () => {
    expect((await parent.get(desktopEndpoints.recentApps.path)).body.data).toEqual([]);
    await parent.postForm(desktopEndpoints.recentApp.path, { code: 'growth' });
    expect(
      ((await parent.get<AppIcon[]>(desktopEndpoints.recentApps.path)).body.data ?? []).map(
        (a) => a.code,
      ),
    ).toEqual(['growth']);
  });
});

describe(`GET and POST ${desktopEndpoints.leftLock.path}`, () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get(desktopEndpoints.leftLock.path)).body.status).toBe(401);
    expect(
      (await server.client().postForm(desktopEndpoints.leftLock.path, { locked: true })).body
        .status,
    ).toBe(401);
  });

  it('validates locked', async () => {
    const reply = await teacher.postForm(desktopEndpoints.leftLock.path, { locked: 'maybe' });
    expect(reply.body.status).toBe(400);
    expect(reply.body.fieldErrors?.[0]?.field).toBe('locked');
    expect((await teacher.postJson(desktopEndpoints.leftLock.path, {})).body.status).toBe(400);
  });

  it('keeps the lock per user: unlocked until set', async () => {
    expect((await teacher.get<LeftLock>(desktopEndpoints.leftLock.path)).body).toEqual({
      status: 200,
      data: { locked: false },
    });
    expect((await teacher.postForm(desktopEndpoints.leftLock.path, { locked: true })).body).toEqual(
      {
        status: 200,
        data: { locked: true },
      },
    );
    expect((await teacher.get<LeftLock>(desktopEndpoints.leftLock.path)).body.data).toEqual({
      locked: true,
    });
    expect((await staff.get<LeftLock>(desktopEndpoints.leftLock.path)).body.data).toEqual({
      locked: false,
    });
    await teacher.postJson(desktopEndpoints.leftLock.path, { locked: false });
    expect((await teacher.get<LeftLock>(desktopEndpoints.leftLock.path)).body.data).toEqual({
      locked: false,
    });
  });
});

describe(`POST ${desktopEndpoints.setTheme.path} (spec §2 Theme dialog, §4 Layout, §6)`, () => {
  const colorOf = async (client: TestClient) =>
    (await client.get<ThemeColorData>('/api/base/my_desktop/color')).body.data;

  it('answers 401 without a session', async () => {
    const reply = await server
      .client()
      .postForm(desktopEndpoints.setTheme.path, { type: 'color', theme: 'ink' });
    expect(reply.body.status).toBe(401);
  });

  it('validates type, theme and layout with clear messages', async () => {
    const missing = await teacher.postForm(desktopEndpoints.setTheme.path, { type: 'color' });
    expect(missing.body.fieldErrors?.[0]).toEqual({
      field: 'theme',
      message: '主题不能为空！|||Theme cannot be empty!',
    });
    const type = await teacher.postForm(desktopEndpoints.setTheme.path, {
      type: 'all',
      theme: 'ink',
    });
    expect(type.body.status).toBe(400);
    expect(type.body.fieldErrors?.[0]?.field).toBe('type');
    const layout = await teacher.postForm(desktopEndpoints.setTheme.path, {
      type: 'color',
      theme: 'red',
      layout: 'middle',
    });
    expect(layout.body.fieldErrors?.[0]?.field).toBe('layout');
    for (const theme of ['purple', '#12345', 'red; x:url(y)', 'constructor']) {
      const reply = await teacher.postForm(desktopEndpoints.setTheme.path, {
        type: 'color',
        theme,
      });
      expect(reply.body.status, theme).toBe(400);
      expect(reply.body.fieldErrors?.[0]?.field).toBe('theme');
      expect(reply.body.message).toContain('|||The theme must be ink, lotus, cartoon, a swatch');
    }
    expect(await colorOf(teacher)).toEqual({
      theme: null,
      themeColor: '#457CD6',
      currentLayout: 'top',
    });
  });

  it("saves the caller's own theme, which my_desktop/color and /me answer at once", async () => {
    const custom = await teacher.postForm(desktopEndpoints.setTheme.path, {
      type: 'color',
      theme: '#fa0',
      layout: 'left',
    });
    expect(custom.body).toEqual({ status: 200, data: 'success' });
    expect(await colorOf(teacher)).toEqual({
      theme: null,
      themeColor: '#FFAA00',
      currentLayout: 'left',
    });
    // A swatch without a layout keeps the current one.
    await teacher.postJson(desktopEndpoints.setTheme.path, { type: 'color', theme: 'green' });
    expect(await colorOf(teacher)).toEqual({
      theme: 'green',
      themeColor: '#3D9A6B',
      currentLayout: 'left',
    });
    // A named theme forces the top layout (spec §4).
    await teacher.postForm(desktopEndpoints.setTheme.path, {
      type: 'color',
      theme: 'cartoon',
      layout: 'left',
    });
    expect(await colorOf(teacher)).toEqual({
      theme: 'cartoon',
      themeColor: '#3ABAE8',
      currentLayout: 'top',
    });
    const me = (await teacher.get<MeData>('/api/uaa/oauth/me')).body.data;
    expect(me).toMatchObject({ theme: 'cartoon', themeColor: '#3ABAE8', currentLayout: 'top' });
    // The icons follow the theme (spec §3: cartoon icons for the cartoon theme).
    const groups = await groupsOf(teacher, 'teacher');
    expect(groups[0]?.iconVMs[0]?.iconImg).toMatch(/\/cartoon$/);
    // Nobody else changed.
    expect((await colorOf(staff))?.theme).toBeNull();
  });

  it('refuses default_color to anyone but a base admin, changing nothing', async () => {
    // (The demo's area account is its area's base admin: issue 13 §1.)
    for (const client of [teacher, staff, parent]) {
      const reply = await client.postForm(desktopEndpoints.setTheme.path, {
        type: 'default_color',
        theme: 'ink',
      });
      expect(reply.body).toMatchObject({ status: 403, code: 'forbidden' });
    }
    expect((await colorOf(staff))?.theme).toBeNull();
    expect((await colorOf(teacher))?.theme).toBe('cartoon');
  });

  it("lets a base admin sync a theme to every user of the unit, audited, no one else's", async () => {
    const reply = await admin.postForm(desktopEndpoints.setTheme.path, {
      type: 'default_color',
      theme: 'lotus',
    });
    expect(reply.body).toEqual({ status: 200, data: 'success' });
    const lotus = { theme: 'lotus', themeColor: '#68A265', currentLayout: 'top' };
    for (const client of [admin, teacher, staff, parent]) {
      expect(await colorOf(client)).toEqual(lotus);
    }
    expect((await colorOf(area))?.theme).toBeNull();
    const audit = await server.app.services.audit.listForUser(await userIdOf(server, 'admin'));
    const sync = audit.find((a) => a.action === 'desktop.theme_sync');
    expect(JSON.parse(sync?.detail ?? '{}')).toEqual({
      theme: 'lotus',
      themeColor: '#68A265',
      layout: 'top',
      users: 5,
    });
  });
});
