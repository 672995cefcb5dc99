/**
 * Base-platform start-up endpoints (spec §4, §6, §7): theme colour, licence, admin role
 * check, access log, package versions. Each: no session, bad input, wrong user, success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeColorData, PackageVersionsData } from '@campus/contracts/base';
import {
  DEMO_AREA_ID,
  DEMO_SCHOOL_ID,
  EXPIRED_LICENCE_APP,
} from '../../src/db/seed/demo-school.ts';
import {
  DEMO,
  signIn,
  startTestServer,
  type TestClient,
  type TestServer,
  userIdOf,
} from './helpers/test-server.ts';

let now = Date.now();
let server: TestServer;
let teacher: TestClient;
let admin: TestClient;
let area: TestClient;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  teacher = server.client();
  admin = server.client();
  area = server.client();
  await signIn(teacher, DEMO.teacher);
  await signIn(admin, DEMO.admin);
  await signIn(area, DEMO.area);
});
afterAll(async () => server.close());

const userId = (login: string) => userIdOf(server, login);

describe(`GET /api/base/my_desktop/color on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/base/my_desktop/color')).body.status).toBe(401);
  });

  it("answers the user's theme, the spec §3 default colour when none is chosen", async () => {
    const reply = await teacher.get<ThemeColorData>('/api/base/my_desktop/color');
    expect(reply.body.data).toEqual({ theme: null, themeColor: '#457CD6', currentLayout: 'top' });
  });
});

describe('GET /api/base/license/unit and /unit_oam (spec §4 licence)', () => {
  const licence = (unitId: string, serverId: string, variant = 'unit') =>
    `/api/base/license/${variant}?unitId=${encodeURIComponent(unitId)}&serverId=${encodeURIComponent(serverId)}`;

  it('answers 401 without a session', async () => {
    expect((await server.client().get(licence(DEMO_SCHOOL_ID, 'cms'))).body.status).toBe(401);
  });

  it('validates unitId and serverId', async () => {
    const missing = await teacher.get('/api/base/license/unit?unitId=' + DEMO_SCHOOL_ID);
    expect(missing.body.status).toBe(400);
    expect(missing.body.fieldErrors?.[0]?.field).toBe('serverId');
    expect((await teacher.get(licence(DEMO_SCHOOL_ID, '../etc'))).body.status).toBe(400);
    expect((await teacher.get(licence('x'.repeat(65), 'cms'))).body.status).toBe(400);
  });

  it('answers true for a running licence and false for the expired one, on both paths', async () => {
    for (const variant of ['unit', 'unit_oam']) {
      expect((await teacher.get(licence(DEMO_SCHOOL_ID, 'cms', variant))).body).toEqual({
        status: 200,
        data: true,
      });
      expect(
        (await teacher.get(licence(DEMO_SCHOOL_ID, EXPIRED_LICENCE_APP, variant))).body,
      ).toEqual({ status: 200, data: false });
    }
  });

  it('answers false once a licence runs out, and true for the portal’s own pages', async () => {
    expect((await teacher.get(licence(DEMO_SCHOOL_ID, 'desktop'))).body.data).toBe(true);
    now += 2 * 365 * 24 * 60 * 60 * 1000;
    try {
      // A fresh sign-in: the old session's access token expired with the jump.
      const later = server.client();
      await signIn(later, DEMO.teacher);
      expect((await later.get(licence(DEMO_SCHOOL_ID, 'cms'))).body.data).toBe(false);
    } finally {
      now -= 2 * 365 * 24 * 60 * 60 * 1000;
    }
  });

  it("refuses another unit's licence, but lets an area look at its schools", async () => {
    expect((await teacher.get(licence(DEMO_AREA_ID, 'cms'))).body.status).toBe(403);
    expect((await area.get(licence(DEMO_SCHOOL_ID, 'cms'))).body).toEqual({
      status: 200,
      data: true,
    });
  });
});

describe('GET /api/base/role/user/{userId}/XX_SYS_/base (spec §6 admin status)', () => {
  it('answers 401 without a session', async () => {
    expect(
      (await server.client().get(`/api/base/role/user/${await userId('admin')}/XX_SYS_/base`)).body
        .status,
    ).toBe(401);
  });

  it('answers true for the base admin and false for a teacher', async () => {
    expect(
      (await admin.get(`/api/base/role/user/${await userId('admin')}/XX_SYS_/base`)).body,
    ).toEqual({ status: 200, data: true });
    expect(
      (await teacher.get(`/api/base/role/user/${await userId('teacher')}/XX_SYS_/base`)).body,
    ).toEqual({ status: 200, data: false });
  });

  it('refuses to answer for someone else, and validates the id', async () => {
    expect(
      (await teacher.get(`/api/base/role/user/${await userId('admin')}/XX_SYS_/base`)).body.status,
    ).toBe(403);
    expect(
      (await teacher.get(`/api/base/role/user/${'x'.repeat(65)}/XX_SYS_/base`)).body.status,
    ).toBe(400);
  });
});

describe('POST /api/base/user_access_detail (spec §7 access log)', () => {
  const body = async (login: string, userType: number) => ({
    userId: await userId(login),
    userType,
    unitId: DEMO_SCHOOL_ID,
    resId: 'cms',
    resName: '信息发布',
    type: 1,
  });

  it('answers 401 without a session', async () => {
    expect(
      (await server.client().postForm('/api/base/user_access_detail', await body('teacher', 2)))
        .body.status,
    ).toBe(401);
  });

  it('validates the body', async () => {
    const missing = await teacher.postForm('/api/base/user_access_detail', {
      userId: await userId('teacher'),
    });
    expect(missing.body.status).toBe(400);
    const wrongType = await teacher.postForm('/api/base/user_access_detail', {
      ...(await body('teacher', 2)),
      userType: 'teacher',
    });
    expect(wrongType.body.status).toBe(400);
    expect(wrongType.body.fieldErrors?.[0]?.field).toBe('userType');
  });

  it('records the opened app in the audit log', async () => {
    const reply = await teacher.postForm('/api/base/user_access_detail', await body('teacher', 2));
    expect(reply.body).toEqual({ status: 200, data: true });
    const entries = await server.app.services.audit.listForUser(await userId('teacher'));
    const entry = entries.find((e) => e.action === 'access.open_app');
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({
      resId: 'cms',
      resName: '信息发布',
      type: 1,
    });
  });

  it("refuses to log for another user or with another user's type", async () => {
    expect(
      (await teacher.postForm('/api/base/user_access_detail', await body('admin', 1))).body.status,
    ).toBe(403);
    expect(
      (await teacher.postForm('/api/base/user_access_detail', await body('teacher', 3))).body
        .status,
    ).toBe(403);
  });

  it('refuses a cross-site post (CSRF)', async () => {
    const forged = server.client({ device: null });
    forged.setCookie('ph_at', teacher.cookie('ph_at')!);
    expect(
      (await forged.postForm('/api/base/user_access_detail', await body('teacher', 2))).body.code,
    ).toBe('csrf_rejected');
  });
});

describe('GET /api/{code}/nl/{code}_package_versions (spec §7)', () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/cms/nl/cms_package_versions')).body.status).toBe(401);
  });

  it("answers the app's server version and the front-end version it needs", async () => {
    const reply = await teacher.get<PackageVersionsData>('/api/cms/nl/cms_package_versions');
    expect(reply.body.status).toBe(200);
    expect(reply.body.data).toEqual({
      serverVersion: '1.2.0',
      webCodeVersion: '1.2.0',
      date: '2026-03-01',
    });
  });

  it('answers without data for an app with no version record (spec §8: no version endpoint)', async () => {
    expect((await teacher.get('/api/unknownapp/nl/unknownapp_package_versions')).body).toEqual({
      status: 200,
    });
  });

  it('answers 404 when the file does not name the code, and 400 for a bad code', async () => {
    expect((await teacher.get('/api/cms/nl/edu_package_versions')).body.status).toBe(404);
    expect((await teacher.get('/api/c%20ms/nl/c%20ms_package_versions')).body.status).toBe(400);
  });
});

describe('GET /api/base/resource/user/code/tree (spec §6, §7 permission tree)', () => {
  it('answers 401 without a session and validates code', async () => {
    expect(
      (await server.client().get('/api/base/resource/user/code/tree?code=cms')).body.status,
    ).toBe(401);
    const missing = await teacher.get('/api/base/resource/user/code/tree');
    expect(missing.body.status).toBe(400);
    expect(missing.body.fieldErrors?.[0]?.field).toBe('code');
  });

  it("answers a teacher's tree: pages nested under their folder, staff-only pages left out", async () => {
    const reply = await teacher.get<
      { code: string; resourceType: number; menuRoute?: string | null; children?: unknown[] }[]
    >('/api/base/resource/user/code/tree?code=cms');
    expect(reply.body.status).toBe(200);
    const roots = reply.body.data!;
    expect(roots.map((r) => r.code)).toEqual(['cms:notice']);
    const pages = (roots[0]!.children ?? []) as {
      code: string;
      menuRoute?: string | null;
      resourceType: number;
    }[];
    expect(pages.map((p) => p.code)).toEqual([
      'cms:notice:list',
      'cms:notice:publish',
      'cms:notice:reads',
      'cms:notice:delete',
    ]);
    expect(pages[0]).toMatchObject({ resourceType: 2, menuRoute: '/notice/list' });
    expect(JSON.stringify(roots)).not.toContain('cms:stats');
  });

  it('gives staff (type 4) the staff-only pages too', async () => {
    const staff = server.client();
    await signIn(staff, DEMO.staff);
    const codes = JSON.stringify(
      (await staff.get('/api/base/resource/user/code/tree?code=cms')).body.data,
    );
    expect(codes).toContain('cms:stats');
  });

  it('refuses user types 1 and 3 (spec §6: the tree loads only for types 2 and 4)', async () => {
    expect((await admin.get('/api/base/resource/user/code/tree?code=cms')).body.status).toBe(403);
    const parent = server.client();
    await signIn(parent, DEMO.parent);
    expect((await parent.get('/api/base/resource/user/code/tree?code=cms')).body.status).toBe(403);
  });

  it('answers an empty tree for an app without resources', async () => {
    expect((await teacher.get('/api/base/resource/user/code/tree?code=timetable')).body).toEqual({
      status: 200,
      data: [],
    });
  });
});

describe('GET /api/base/resource/inside/module (spec §4 module status)', () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/base/resource/inside/module')).body.status).toBe(401);
  });

  it("lists the unit's licensed modules with end times, the expired one included", async () => {
    const reply = await admin.get<{ code: string; endTime: number }[]>(
      '/api/base/resource/inside/module',
    );
    expect(reply.body.status).toBe(200);
    const modules = reply.body.data!;
    expect(modules.length).toBeGreaterThanOrEqual(10);
    expect(modules.find((m) => m.code === EXPIRED_LICENCE_APP)!.endTime).toBeLessThan(now);
    expect(modules.find((m) => m.code === 'cms')!.endTime).toBeGreaterThan(now);
    expect(modules.map((m) => m.code)).not.toContain('survey');
  });

  it('refuses parents', async () => {
    const parent = server.client();
    await signIn(parent, DEMO.parent);
    expect((await parent.get('/api/base/resource/inside/module')).body.status).toBe(403);
  });
});
