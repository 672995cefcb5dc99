/**
 * The administration console's units, users and audit log (issue 13 §2, §5; DESIGN.md §10):
 * every endpoint refuses a caller without a session (401), a user without the base-admin role
 * (403), and an administrator of another unit: the demo school's admin on the area, the area's
 * admin on a school outside it (403); bad input is the envelope's 400 with bilingual field
 * errors; a change answers the contract's shape and leaves its audit entry. Also the fresh
 * deployment: no administrator, the hint, and the CLI's create-admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAuditPage,
  AdminNewUser,
  AdminPasswordReset,
  AdminSignOut,
  AdminUnitDetail,
  AdminUserDetail,
  AdminUserPage,
} from '@campus/contracts/admin-directory';
import type { AdminScope } from '@campus/contracts/admin';
import type { FileDescriptor } from '@campus/contracts/storage';
import { createAdminService } from '../../src/cli/admin-service.ts';
import { DEMO_AREA_ID, DEMO_SCHOOL_ID } from '../../src/db/seed/demo-school.ts';
import {
  signIn,
  signedInClients,
  startTestServer,
  userIdOf,
  type Reply,
  type TestClient,
  type TestServer,
} from './helpers/test-server.ts';

let server: TestServer;
let admin: TestClient;
let area: TestClient;
let teacher: TestClient;
/** A school outside the demo area, with one account, made through the CLI's service. */
let outsideUnitId: string;
let outsideUserId: string;
let ids: { admin: string; area: string; teacher: string; parent: string; staff: string };

const db = () => server.app.services.database.db;

/** A 1×1 PNG (the signature and the chunks a decoder needs). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, area, teacher } = await signedInClients(server, 'admin', 'area', 'teacher'));
  const cli = createAdminService(db());
  const outside = await cli.createUnit({ name: '城外学校', enName: 'Outside School', unitType: 2 });
  outsideUnitId = outside.id;
  outsideUserId = (
    await cli.createUser({
      unitId: outside.id,
      loginName: 'outsider',
      realName: '外校老师',
      userType: 2,
      password: 'Outside@2026',
    })
  ).id;
  ids = {
    admin: await userIdOf(server, 'admin'),
    area: await userIdOf(server, 'area'),
    teacher: await userIdOf(server, 'teacher'),
    parent: await userIdOf(server, 'parent'),
    staff: await userIdOf(server, 'staff'),
  };
}, 60_000);
afterAll(async () => server.close());

/** A JSON call with any method, as the SDK sends the console's calls. */
function call<T = unknown>(
  client: TestClient,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<Reply<T>> {
  if (method === 'GET' || method === 'DELETE') return client.request<T>(method, url, undefined, {});
  return client.request<T>(method, url, JSON.stringify(body ?? {}), {
    'content-type': 'application/json',
  });
}

async function auditRows(action: string) {
  const rows = await db()
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('at')
    .execute();
  return rows.map((r) => ({
    ...r,
    detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null,
  }));
}

async function lastAudit(action: string) {
  const rows = await auditRows(action);
  return rows.at(-1);
}

async function auditCount(): Promise<number> {
  const row = await db()
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every field error's English half, keyed by field. */
function fieldErrors(reply: Reply): Record<string, string> {
  expect(reply.body.status).toBe(400);
  const out: Record<string, string> = {};
  for (const e of reply.body.fieldErrors ?? []) {
    const [zh, en] = e.message.split('|||');
    // Bilingual: a Chinese half and an English half, both present.
    expect(zh?.length).toBeGreaterThan(0);
    expect(en?.length).toBeGreaterThan(0);
    out[e.field] = en ?? '';
  }
  return out;
}

const basics = { name: '阳光小学', enName: 'Sunshine Primary School', unitType: 2 };
const loginPage = {
  footer: null,
  footerLink: null,
  copyright: null,
  footerShow: true,
  helpCenter: false,
  filingShow: false,
  filings: [],
  themeList: [],
  autologin: false,
};
const newUserBody = (loginName: string) => ({
  loginName,
  realName: '新老师',
  phone: null,
  email: null,
  userType: 2,
  sex: 0,
});

/** Every endpoint, as a call on a unit and one of its accounts (a student id where asked). */
const ENDPOINTS: {
  name: string;
  request: (
    unitId: string,
    userId: string,
  ) => [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown];
}[] = [
  { name: 'unit', request: (u) => ['GET', `/api/admin/units/${u}`] },
  {
    name: 'updateUnit',
    request: (u) => ['PUT', `/api/admin/units/${u}`, { ...basics, areaId: null }],
  },
  {
    name: 'createSchool',
    request: (u) => ['POST', '/api/admin/units', { areaId: u, name: '新学校', enName: null }],
  },
  { name: 'setUnitLogo', request: (u) => ['PUT', `/api/admin/units/${u}/logo`, { fileId: null }] },
  { name: 'setLoginPage', request: (u) => ['PUT', `/api/admin/units/${u}/login-page`, loginPage] },
  {
    name: 'setSignIn',
    request: (u) => [
      'PUT',
      `/api/admin/units/${u}/sign-in`,
      { ssoUrl: null, ticketIssuerUrl: null, faceSignIn: false },
    ],
  },
  {
    name: 'setSocialProvider',
    request: (u) => [
      'PUT',
      `/api/admin/units/${u}/social/mp`,
      { appId: 'wx-app', agentId: null, secret: 'mp-secret' },
    ],
  },
  { name: 'removeSocialProvider', request: (u) => ['DELETE', `/api/admin/units/${u}/social/mp`] },
  { name: 'users', request: (u) => ['GET', `/api/admin/users?unitId=${u}`] },
  {
    name: 'createUser',
    request: (u) => ['POST', `/api/admin/users?unitId=${u}`, newUserBody('never-made')],
  },
  { name: 'user', request: (u, id) => ['GET', `/api/admin/users/${id}?unitId=${u}`] },
  {
    name: 'updateUser',
    request: (u, id) => [
      'PUT',
      `/api/admin/users/${id}?unitId=${u}`,
      { realName: '改名', phone: null, email: null, userType: 2, sex: 0 },
    ],
  },
  {
    name: 'disableUser',
    request: (u, id) => ['POST', `/api/admin/users/${id}/disable?unitId=${u}`],
  },
  { name: 'enableUser', request: (u, id) => ['POST', `/api/admin/users/${id}/enable?unitId=${u}`] },
  {
    name: 'resetPassword',
    request: (u, id) => ['POST', `/api/admin/users/${id}/password?unitId=${u}`, {}],
  },
  { name: 'unlockUser', request: (u, id) => ['POST', `/api/admin/users/${id}/unlock?unitId=${u}`] },
  {
    name: 'signOutUser',
    request: (u, id) => ['POST', `/api/admin/users/${id}/sign-out?unitId=${u}`],
  },
  {
    name: 'linkAccount',
    request: (u, id) => ['PUT', `/api/admin/users/${id}/link?unitId=${u}`, { loginName: 'parent' }],
  },
  {
    name: 'unlinkAccount',
    request: (u, id) => ['DELETE', `/api/admin/users/${id}/link?unitId=${u}`],
  },
  {
    name: 'linkChild',
    request: (u, id) => [
      'POST',
      `/api/admin/users/${id}/children?unitId=${u}`,
      { realName: '小明', gradeName: '一年级', className: '1班' },
    ],
  },
  {
    name: 'updateChild',
    request: (u, id) => [
      'PUT',
      `/api/admin/users/${id}/children/some-student?unitId=${u}`,
      { realName: '小明', gradeName: '二年级', className: '1班' },
    ],
  },
  {
    name: 'unlinkChild',
    request: (u, id) => ['DELETE', `/api/admin/users/${id}/children/some-student?unitId=${u}`],
  },
  { name: 'audit', request: (u) => ['GET', `/api/admin/audit?unitId=${u}`] },
];

describe(`who may call the console's units, users and audit log, on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('lists every endpoint of the contract in this table', async () => {
    const { adminDirectoryEndpoints } = await import('@campus/contracts/admin-directory');
    expect(ENDPOINTS.map((e) => e.name).sort()).toEqual(
      Object.keys(adminDirectoryEndpoints).sort(),
    );
  });

  it('answers 401 without a session, 403 to a teacher, 403 to an admin of another unit, and changes nothing', async () => {
    const before = await auditCount();
    for (const endpoint of ENDPOINTS) {
      const [method, url, body] = endpoint.request(DEMO_SCHOOL_ID, ids.teacher);
      const anonymous = await call(server.client(), method, url, body);
      expect(anonymous.body.status, `${endpoint.name} without a session`).toBe(401);
      const notAdmin = await call(teacher, method, url, body);
      expect(notAdmin.body.status, `${endpoint.name} as a teacher`).toBe(403);
      expect(notAdmin.body.message).toMatch(/管理员.*\|\|\|.*administrator/);

      // The demo school's admin on the area above it.
      const [m2, u2, b2] = endpoint.request(DEMO_AREA_ID, ids.area);
      const upward = await call(admin, m2, u2, b2);
      expect(upward.body.status, `${endpoint.name}: school admin on the area`).toBe(403);
      expect(upward.body.message).toMatch(/\|\|\|/);

      // The area's admin on a school outside the area.
      const [m3, u3, b3] = endpoint.request(outsideUnitId, outsideUserId);
      const outside = await call(area, m3, u3, b3);
      expect(outside.body.status, `${endpoint.name}: area admin outside the area`).toBe(403);
    }
    expect(await auditCount()).toBe(before);
  });

  it("answers not found for an account of another unit named under the caller's own", async () => {
    for (const userId of [ids.area, outsideUserId]) {
      const reply = await call(admin, 'GET', `/api/admin/users/${userId}?unitId=${DEMO_SCHOOL_ID}`);
      expect(reply.body.status).toBe(404);
      expect(reply.body.message).toMatch(/本单位没有这个账号\|\|\|No such account in this unit/);
      const reset = await call(
        admin,
        'POST',
        `/api/admin/users/${userId}/password?unitId=${DEMO_SCHOOL_ID}`,
        {},
      );
      expect(reset.body.status).toBe(404);
    }
    // Named under its own unit by the area's admin, the area's account is found.
    const own = await call<AdminUserDetail>(
      area,
      'GET',
      `/api/admin/users/${ids.area}?unitId=${DEMO_AREA_ID}`,
    );
    expect(own.body.data?.loginName).toBe('area');
  });

  it('answers 400 with bilingual field errors for input the schema refuses', async () => {
    const reply = await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}`, {
      name: 'x'.repeat(300),
      enName: null,
      unitType: 'school',
      areaId: null,
    });
    const errors = fieldErrors(reply);
    expect(Object.keys(errors).length).toBeGreaterThan(0);
    const paging = await call(admin, 'GET', `/api/admin/users?unitId=${DEMO_SCHOOL_ID}&size=1000`);
    expect(fieldErrors(paging).size).toMatch(/Page size must be at most 100/);
  });
});

describe(`units, on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it("answers a unit's whole configuration, never a provider's secret", async () => {
    const reply = await call<AdminUnitDetail>(admin, 'GET', `/api/admin/units/${DEMO_SCHOOL_ID}`);
    expect(reply.body.status).toBe(200);
    const unit = reply.body.data!;
    expect(unit).toMatchObject({
      unitId: DEMO_SCHOOL_ID,
      name: '阳光小学',
      unitType: 2,
      parentId: DEMO_AREA_ID,
      // The area's names, which a school's admin may not list: answered with the unit.
      parent: {
        unitId: DEMO_AREA_ID,
        name: '东区教育局',
        enName: 'East District Education Bureau',
      },
      status: 1,
      logoUrl: `/api/storage/show/unit/${DEMO_SCHOOL_ID}`,
      ssoUrl: null,
      ticketIssuerUrl: null,
      // The demo seed switches face sign-in on for the school (issue 14 §1).
      faceSignIn: true,
      socialProviders: [],
    });
    expect(unit.loginPage.filings).toHaveLength(2);
    expect(unit.loginPage.filings[0]).toMatchObject({
      baContent: '京ICP备2026000001号-1',
      showImg: false,
    });
    expect(unit.loginPage.themeList[0]).toEqual({
      name: '中国红',
      enName: 'China Red',
      color: '#C8161D',
    });
    expect(unit.loginPage).toMatchObject({
      footerShow: true,
      helpCenter: true,
      filingShow: true,
      autologin: true,
    });
    // The area's admin reads the school under it too; the area itself has no parent.
    expect((await call(area, 'GET', `/api/admin/units/${DEMO_SCHOOL_ID}`)).body.status).toBe(200);
    const own = await call<AdminUnitDetail>(area, 'GET', `/api/admin/units/${DEMO_AREA_ID}`);
    expect(own.body.data).toMatchObject({ parentId: null, parent: null });
  });

  it('changes names and type, refuses bad names, and audits the change', async () => {
    const reply = await call<AdminUnitDetail>(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}`, {
      name: '  阳光实验小学 ',
      enName: 'Sunshine Experimental School',
      unitType: 2,
      areaId: DEMO_AREA_ID,
    });
    expect(reply.body.status).toBe(200);
    expect(reply.body.data).toMatchObject({ name: '阳光实验小学', parentId: DEMO_AREA_ID });
    const config = await server
      .client()
      .get<{ unitName: string }>(`/api/uaa/oauth/login/unit_config?unitId=${DEMO_SCHOOL_ID}`);
    expect(config.body.data?.unitName).toBe('阳光实验小学');
    const row = await lastAudit('admin.update_unit');
    expect(row).toMatchObject({ user_id: ids.admin, unit_id: DEMO_SCHOOL_ID });
    expect(row?.detail).toMatchObject({ name: '阳光实验小学', previous: { name: '阳光小学' } });

    const bad = await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}`, {
      name: '   ',
      enName: 'e'.repeat(250),
      unitType: 3,
      areaId: DEMO_AREA_ID,
    });
    const errors = fieldErrors(bad);
    expect(errors.name).toBe('Unit name must not be empty');
    expect(errors.enName).toMatch(/at most 200/);
    expect(errors.unitType).toMatch(/1 \(area\) or 2 \(school\)/);
    await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}`, {
      ...basics,
      areaId: DEMO_AREA_ID,
    });
  });

  it('lets only an area admin set a parent, only to their area; an area with schools stays an area', async () => {
    const detach = await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}`, {
      ...basics,
      areaId: null,
    });
    expect(detach.body.status).toBe(403);
    expect(detach.body.message).toMatch(/Only an area administrator may set a parent area/);
    const elsewhere = await call(area, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}`, {
      ...basics,
      areaId: outsideUnitId,
    });
    expect(elsewhere.body.status).toBe(403);
    const areaToSchool = await call(area, 'PUT', `/api/admin/units/${DEMO_AREA_ID}`, {
      name: '东区教育局',
      enName: null,
      unitType: 2,
      areaId: null,
    });
    expect(fieldErrors(areaToSchool).unitType).toMatch(
      /sit under this area: it cannot become a school/,
    );
    const areaUnderArea = await call(area, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}`, {
      ...basics,
      unitType: 1,
      areaId: DEMO_AREA_ID,
    });
    expect(fieldErrors(areaUnderArea).unitType).toMatch(/must be a school/);
  });

  it('lets an area admin create a school under the area, and detach it from the area', async () => {
    const created = await call<AdminUnitDetail>(area, 'POST', '/api/admin/units', {
      areaId: DEMO_AREA_ID,
      name: ' 东区第二小学 ',
      enName: 'East No. 2 Primary',
    });
    expect(created.body.status).toBe(200);
    const school = created.body.data!;
    expect(school).toMatchObject({ name: '东区第二小学', unitType: 2, parentId: DEMO_AREA_ID });
    expect(await lastAudit('admin.create_unit')).toMatchObject({
      user_id: ids.area,
      unit_id: school.unitId,
    });
    const scope = await area.get<AdminScope>('/api/admin/scope');
    expect(scope.body.data?.units.map((u) => u.unitId)).toContain(school.unitId);

    const asSchoolAdmin = await call(admin, 'POST', '/api/admin/units', {
      areaId: DEMO_SCHOOL_ID,
      name: '分校',
      enName: null,
    });
    expect(asSchoolAdmin.body.status).toBe(403);
    expect(asSchoolAdmin.body.message).toMatch(/Only an area administrator may create a school/);
    const empty = await call(area, 'POST', '/api/admin/units', {
      areaId: DEMO_AREA_ID,
      name: ' ',
      enName: null,
    });
    expect(fieldErrors(empty).name).toBe('Unit name must not be empty');

    const detached = await call<AdminUnitDetail>(area, 'PUT', `/api/admin/units/${school.unitId}`, {
      name: school.name,
      enName: school.enName,
      unitType: 2,
      areaId: null,
    });
    expect(detached.body.data?.parentId).toBeNull();
    // Outside the area now: no longer the area admin's.
    expect((await call(area, 'GET', `/api/admin/units/${school.unitId}`)).body.status).toBe(403);
  });

  it('sets a logo uploaded through the file service, refuses what is not the caller’s image, and removes it', async () => {
    const upload = await admin.postForm<FileDescriptor>(
      '/api/storage/upload/base64_convert_image',
      {
        fileName: 'logo',
        base64Str: PNG.toString('base64'),
        type: 'png',
        serverid: 'base',
      },
    );
    expect(upload.body.status).toBe(200);
    const fileId = upload.body.data!.fileId;
    const set = await call<AdminUnitDetail>(
      admin,
      'PUT',
      `/api/admin/units/${DEMO_SCHOOL_ID}/logo`,
      { fileId },
    );
    expect(set.body.data).toMatchObject({
      logoFileId: fileId,
      logoUrl: `/api/storage/show/unit/${DEMO_SCHOOL_ID}`,
    });
    const served = await server.client().fetchBytes(`/api/storage/show/unit/${DEMO_SCHOOL_ID}`);
    expect(served.http).toBe(200);
    expect(served.bytes.equals(PNG)).toBe(true);
    expect(await lastAudit('admin.set_unit_logo')).toMatchObject({
      user_id: ids.admin,
      unit_id: DEMO_SCHOOL_ID,
      detail: { fileId },
    });

    // Someone else's upload, a file that is no image, an image over 1 MB.
    const teachers = await teacher.postForm<FileDescriptor>(
      '/api/storage/upload/base64_convert_image',
      {
        fileName: 'mine',
        base64Str: PNG.toString('base64'),
        type: 'png',
        serverid: 'base',
      },
    );
    const notMine = await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}/logo`, {
      fileId: teachers.body.data!.fileId,
    });
    expect(fieldErrors(notMine).fileId).toMatch(/upload the logo image first/);
    const form = new FormData();
    form.append('serverid', 'base');
    form.append('uid', 'WU_FILE_1');
    form.append(
      'file',
      new Blob([new TextEncoder().encode('<svg onload="alert(1)"/>')]),
      'logo.png',
    );
    const fake = await admin.postMultipart<FileDescriptor>('/zuul/api/storage/upload', form);
    expect(fake.body.status).toBe(200);
    const notImage = await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}/logo`, {
      fileId: fake.body.data!.fileId,
    });
    expect(fieldErrors(notImage).fileId).toMatch(/png, jpg, gif, bmp or tif image/);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const bigUpload = await admin.postForm<FileDescriptor>(
      '/api/storage/upload/base64_convert_image',
      {
        fileName: 'big',
        base64Str: big.toString('base64'),
        type: 'png',
        serverid: 'base',
      },
    );
    expect(bigUpload.body.status).toBe(200);
    const tooBig = await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}/logo`, {
      fileId: bigUpload.body.data!.fileId,
    });
    expect(fieldErrors(tooBig).fileId).toMatch(/at most 1 MB/);

    const removed = await call<AdminUnitDetail>(
      admin,
      'PUT',
      `/api/admin/units/${DEMO_SCHOOL_ID}/logo`,
      {
        fileId: null,
      },
    );
    expect(removed.body.data).toMatchObject({ logoFileId: null, logoUrl: null });
    expect(
      (await server.client().fetchBytes(`/api/storage/show/unit/${DEMO_SCHOOL_ID}`)).http,
    ).toBe(404);
  });

  it("sets the login page, which the login page's unit config then answers", async () => {
    const page = {
      footer: '阳光小学|||Sunshine School',
      footerLink: 'https://sunshine.example/',
      copyright: '© 2026 阳光小学|||© 2026 Sunshine',
      footerShow: true,
      helpCenter: false,
      filingShow: true,
      filings: [
        {
          baContent: '京ICP备1号',
          baUrl: 'https://beian.miit.gov.cn/',
          baImg: '/img/ba.png',
          showImg: true,
        },
      ],
      themeList: [{ name: '森林绿', enName: 'Forest', color: '#2a7' }],
      autologin: false,
    };
    const reply = await call<AdminUnitDetail>(
      admin,
      'PUT',
      `/api/admin/units/${DEMO_SCHOOL_ID}/login-page`,
      page,
    );
    expect(reply.body.status).toBe(200);
    expect(reply.body.data?.loginPage).toEqual({
      ...page,
      themeList: [{ name: '森林绿', enName: 'Forest', color: '#22AA77' }],
    });
    const config = await server.client().get<{
      footer: string;
      link: string;
      helpCenter: boolean;
      autoLogin: boolean;
      decorationSet: string;
    }>(`/api/uaa/oauth/login/unit_config?unitId=${DEMO_SCHOOL_ID}`);
    expect(config.body.data).toMatchObject({
      footer: page.footer,
      link: page.footerLink,
      helpCenter: false,
      autoLogin: false,
    });
    const decoration = JSON.parse(config.body.data!.decorationSet) as {
      themeList: unknown[];
      footerMsg: { copyright: string; baList: { baContent: string }[]; showBaMsg: boolean };
    };
    expect(decoration.themeList).toEqual([{ name: '森林绿', enName: 'Forest', color: '#22AA77' }]);
    expect(decoration.footerMsg).toMatchObject({ copyright: page.copyright, showBaMsg: true });
    expect(decoration.footerMsg.baList[0]?.baContent).toBe('京ICP备1号');
    expect(await lastAudit('admin.set_login_page')).toMatchObject({
      user_id: ids.admin,
      unit_id: DEMO_SCHOOL_ID,
      detail: { filings: 1, themes: 1, autologin: false },
    });

    const bad = await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}/login-page`, {
      ...page,
      footerLink: 'javascript:alert(1)',
      filings: [{ baContent: ' ', baUrl: 'ftp://x', baImg: 'javascript:x', showImg: true }],
      themeList: [{ name: '红', enName: null, color: 'red; background:url(x)' }],
    });
    const errors = fieldErrors(bad);
    expect(errors.footerLink).toMatch(/starting with http:\/\/ or https:\/\//);
    expect(errors['filings.0.baContent']).toBe('The filing text must not be empty');
    expect(errors['filings.0.baUrl']).toMatch(/http:\/\/ or https:\/\//);
    expect(errors['filings.0.baImg']).toMatch(/path of this site/);
    expect(errors['themeList.0.color']).toMatch(/#RRGGBB/);
    const tooMany = await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}/login-page`, {
      ...page,
      filings: Array.from({ length: 11 }, () => page.filings[0]),
    });
    expect(fieldErrors(tooMany).filings).toBe('At most 10 filing entries');
  });

  it('sets the SSO URL and the ticket issuer, which the login page offers, and audits each', async () => {
    const reply = await call<AdminUnitDetail>(
      admin,
      'PUT',
      `/api/admin/units/${DEMO_SCHOOL_ID}/sign-in`,
      {
        ssoUrl: 'https://sso.sunshine.example/login',
        ticketIssuerUrl: 'https://cas.sunshine.example/cas/',
      },
    );
    expect(reply.body.data).toMatchObject({
      ssoUrl: 'https://sso.sunshine.example/login',
      ticketIssuerUrl: 'https://cas.sunshine.example/cas',
    });
    const options = await server
      .client()
      .get<{ ssoUrl: string; ticketPath: string | null }>(
        `/api/uaa/oauth/login/sign_in_options?unitId=${DEMO_SCHOOL_ID}`,
      );
    expect(options.body.data?.ssoUrl).toBe('https://sso.sunshine.example/login');
    expect(options.body.data?.ticketPath).not.toBeNull();
    expect(await lastAudit('admin.set_sso_url')).toMatchObject({
      user_id: ids.admin,
      unit_id: DEMO_SCHOOL_ID,
    });
    expect(await lastAudit('admin.set_ticket_issuer')).toMatchObject({
      user_id: ids.admin,
      detail: { url: 'https://cas.sunshine.example/cas' },
    });

    const bad = await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}/sign-in`, {
      ssoUrl: 'javascript:alert(1)',
      ticketIssuerUrl: 'https://cas.example/cas?x=1',
    });
    const errors = fieldErrors(bad);
    expect(errors.ssoUrl).toMatch(/single-sign-on URL must be an http\(s\) URL/);
    expect(errors.ticketIssuerUrl).toMatch(/without query or credentials/);

    const cleared = await call<AdminUnitDetail>(
      admin,
      'PUT',
      `/api/admin/units/${DEMO_SCHOOL_ID}/sign-in`,
      {
        ssoUrl: null,
        ticketIssuerUrl: '',
      },
    );
    expect(cleared.body.data).toMatchObject({ ssoUrl: null, ticketIssuerUrl: null });
  });

  it('switches face sign-in, which the login page then offers or refuses, and audits the change', async () => {
    const signInUrl = `/api/admin/units/${DEMO_SCHOOL_ID}/sign-in`;
    const options = async () =>
      (
        await server
          .client()
          .get<{ face: boolean }>(`/api/uaa/oauth/login/sign_in_options?unitId=${DEMO_SCHOOL_ID}`)
      ).body.data?.face;
    // On, but nobody has enrolled a face yet: nothing to offer.
    expect(await options()).toBe(false);
    await db()
      .insertInto('face_records')
      .values({
        user_id: ids.teacher,
        unit_id: DEMO_SCHOOL_ID,
        file_id: 'no-such-file',
        descriptor: 'AAAA',
        enrolled_by: ids.admin,
        created_at: Date.now(),
      })
      .execute();
    try {
      expect(await options()).toBe(true);

      // A new unit (the CLI's, as the console's) starts switched off.
      const fresh = await db()
        .selectFrom('units')
        .select('face_sign_in')
        .where('id', '=', outsideUnitId)
        .executeTakeFirst();
      expect(fresh?.face_sign_in).toBe(0);

      const bad = await call(admin, 'PUT', signInUrl, {
        ssoUrl: null,
        ticketIssuerUrl: null,
        faceSignIn: 'yes',
      });
      expect(Object.keys(fieldErrors(bad))).toContain('faceSignIn');

      const off = await call<AdminUnitDetail>(admin, 'PUT', signInUrl, {
        ssoUrl: null,
        ticketIssuerUrl: null,
        faceSignIn: false,
      });
      expect(off.body.data?.faceSignIn).toBe(false);
      expect(await lastAudit('admin.set_face_sign_in')).toMatchObject({
        user_id: ids.admin,
        unit_id: DEMO_SCHOOL_ID,
        detail: { enabled: false, previous: true },
      });
      expect(await options()).toBe(false);

      // Off, a face sign-in is refused before any photo is looked at, and is no failed attempt.
      const failuresBefore = (await auditRows('login.failure')).length;
      const refused = await server.client().postJson('/api/uaa/oauth/login/face', {
        unitId: DEMO_SCHOOL_ID,
        faceImage: PNG.toString('base64'),
      });
      expect(refused.body).toMatchObject({ status: 403, code: 'face_sign_in_off' });
      expect(refused.body.message).toMatch(/未开启人脸登录.*\|\|\|Face sign-in is not enabled/);
      expect(refused.setCookies).toEqual([]);
      expect((await auditRows('login.failure')).length).toBe(failuresBefore);

      // Left out, the switch stays; an unchanged switch is not audited again.
      const audited = (await auditRows('admin.set_face_sign_in')).length;
      const kept = await call<AdminUnitDetail>(admin, 'PUT', signInUrl, {
        ssoUrl: null,
        ticketIssuerUrl: null,
      });
      expect(kept.body.data?.faceSignIn).toBe(false);
      expect((await auditRows('admin.set_face_sign_in')).length).toBe(audited);

      const on = await call<AdminUnitDetail>(admin, 'PUT', signInUrl, {
        ssoUrl: null,
        ticketIssuerUrl: null,
        faceSignIn: true,
      });
      expect(on.body.data?.faceSignIn).toBe(true);
      expect(await lastAudit('admin.set_face_sign_in')).toMatchObject({
        detail: { enabled: true, previous: false },
      });
      expect(await options()).toBe(true);
    } finally {
      await db().deleteFrom('face_records').where('user_id', '=', ids.teacher).execute();
    }
  });

  it('sets a social provider with a write-only secret, keeps it when left out, and removes it', async () => {
    const set = await call<AdminUnitDetail>(
      admin,
      'PUT',
      `/api/admin/units/${DEMO_SCHOOL_ID}/social/qy`,
      {
        appId: 'ww-corp',
        agentId: '1000002',
        secret: 'wecom-top-secret',
      },
    );
    expect(set.body.status).toBe(200);
    expect(set.body.data?.socialProviders).toEqual([
      { type: 'qy', appId: 'ww-corp', agentId: '1000002', secretSet: true },
    ]);
    expect(JSON.stringify(set.body)).not.toContain('wecom-top-secret');
    const info = await server
      .client()
      .get<unknown[]>(`/api/uaa/social/info?unitId=${DEMO_SCHOOL_ID}`);
    expect(JSON.stringify(info.body.data)).toContain('ww-corp');

    const renamed = await call<AdminUnitDetail>(
      admin,
      'PUT',
      `/api/admin/units/${DEMO_SCHOOL_ID}/social/qy`,
      {
        appId: 'ww-corp-2',
        agentId: '1000003',
      },
    );
    expect(renamed.body.data?.socialProviders[0]).toMatchObject({
      appId: 'ww-corp-2',
      secretSet: true,
    });
    const stored = await db()
      .selectFrom('social_providers')
      .select('secret')
      .where('unit_id', '=', DEMO_SCHOOL_ID)
      .where('provider_type', '=', 'qy')
      .executeTakeFirstOrThrow();
    expect(stored.secret).toBe('wecom-top-secret');
    const row = await lastAudit('admin.set_social_provider');
    expect(row).toMatchObject({
      user_id: ids.admin,
      unit_id: DEMO_SCHOOL_ID,
      detail: { secretChanged: false },
    });
    expect(JSON.stringify(row)).not.toContain('wecom-top-secret');

    const noAgent = await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}/social/qy`, {
      appId: 'ww-corp',
      agentId: null,
    });
    expect(fieldErrors(noAgent).agentId).toMatch(/needs its agent id/);
    const noSecret = await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}/social/mp`, {
      appId: 'wx-app',
      agentId: null,
    });
    expect(fieldErrors(noSecret).secret).toBe('The secret must not be empty');
    const badType = await call(admin, 'PUT', `/api/admin/units/${DEMO_SCHOOL_ID}/social/xx`, {
      appId: 'wx-app',
      agentId: null,
      secret: 's',
    });
    expect(badType.body.status).toBe(400);

    const removed = await call<AdminUnitDetail>(
      admin,
      'DELETE',
      `/api/admin/units/${DEMO_SCHOOL_ID}/social/qy`,
    );
    expect(removed.body.data?.socialProviders).toEqual([]);
    expect(await lastAudit('admin.remove_social_provider')).toMatchObject({
      user_id: ids.admin,
      detail: { type: 'qy' },
    });
    expect(
      (await call(admin, 'DELETE', `/api/admin/units/${DEMO_SCHOOL_ID}/social/qy`)).body.status,
    ).toBe(404);
  });
});

describe(`users, on ${process.env.API_DB ?? 'sqlite'}`, () => {
  const school = `unitId=${DEMO_SCHOOL_ID}`;

  async function createUser(body: Record<string, unknown>): Promise<AdminNewUser> {
    const reply = await call<AdminNewUser>(admin, 'POST', `/api/admin/users?${school}`, body);
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data!;
  }

  it('searches by login name, real name or phone, by type and state, a page at a time, without hashes', async () => {
    const all = await call<AdminUserPage>(admin, 'GET', `/api/admin/users?${school}&size=2`);
    expect(all.body.status).toBe(200);
    const first = all.body.data!;
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(5);
    const second = await call<AdminUserPage>(
      admin,
      'GET',
      `/api/admin/users?${school}&size=2&page=2`,
    );
    expect(second.body.data?.items.map((u) => u.loginName)).not.toContain(
      first.items[0]?.loginName,
    );
    expect(JSON.stringify(all.body)).not.toMatch(/argon2|passwordHash|password_hash/);
    expect(first.items.every((u) => u.unitId === DEMO_SCHOOL_ID)).toBe(true);

    const byName = await call<AdminUserPage>(
      admin,
      'GET',
      `/api/admin/users?${school}&q=${encodeURIComponent('李伟')}`,
    );
    expect(byName.body.data?.items.map((u) => u.loginName).sort()).toEqual(['parent', 'teacher']);
    const parents = await call<AdminUserPage>(
      admin,
      'GET',
      `/api/admin/users?${school}&q=${encodeURIComponent('李伟')}&userType=3`,
    );
    expect(parents.body.data?.items.map((u) => u.loginName)).toEqual(['parent']);
    const byLogin = await call<AdminUserPage>(admin, 'GET', `/api/admin/users?${school}&q=TEACH`);
    expect(byLogin.body.data?.items.map((u) => u.loginName)).toContain('teacher');
    // A `%` typed is a percent sign, not a wildcard.
    const percent = await call<AdminUserPage>(admin, 'GET', `/api/admin/users?${school}&q=%25`);
    expect(percent.body.data?.total).toBe(0);

    await call(admin, 'PUT', `/api/admin/users/${ids.staff}?${school}`, {
      realName: '张敏',
      phone: '13800138000',
      email: null,
      userType: 4,
      sex: 2,
    });
    const byPhone = await call<AdminUserPage>(admin, 'GET', `/api/admin/users?${school}&q=0013800`);
    expect(byPhone.body.data?.items.map((u) => u.loginName)).toEqual(['staff']);
    const enabled = await call<AdminUserPage>(
      admin,
      'GET',
      `/api/admin/users?${school}&state=disabled`,
    );
    expect(enabled.body.data?.items.every((u) => !u.enabled)).toBe(true);
  });

  it('creates an account with a typed or a made password (answered once), which then signs in', async () => {
    const typed = await createUser({
      ...newUserBody('wang.teacher'),
      phone: '13912345678',
      email: 'Wang@Sunshine.example',
      sex: 1,
      password: 'Wang@2026x',
    });
    expect(typed).toMatchObject({ password: 'Wang@2026x', generated: false });
    expect(typed.user).toMatchObject({
      loginName: 'wang.teacher',
      unitId: DEMO_SCHOOL_ID,
      phone: '13912345678',
      email: 'wang@sunshine.example',
      enabled: true,
      locked: false,
      linked: null,
      children: [],
    });
    await signIn(server.client(), { username: 'wang.teacher', password: 'Wang@2026x' });
    const row = await lastAudit('admin.create_user');
    expect(row).toMatchObject({
      user_id: ids.admin,
      unit_id: DEMO_SCHOOL_ID,
      detail: { loginName: 'wang.teacher' },
    });
    expect(JSON.stringify(row)).not.toContain('Wang@2026x');

    const made = await createUser({ ...newUserBody('made.password'), userType: 3 });
    expect(made.generated).toBe(true);
    expect(made.password).toMatch(/^\S{12}$/);
    await signIn(server.client(), { username: 'made.password', password: made.password });
  });

  it('refuses a taken login name, a bad phone, email, type, sex and a weak password, with every problem', async () => {
    const reply = await call(admin, 'POST', `/api/admin/users?${school}`, {
      loginName: 'TEACHER',
      realName: ' ',
      phone: '12345',
      email: 'not an email',
      userType: 9,
      sex: 5,
      password: 'weakpass',
    });
    const errors = fieldErrors(reply);
    expect(errors.loginName).toBe('Login name "TEACHER" is already taken');
    expect(errors.realName).toBe('Real name must not be empty');
    expect(errors.phone).toMatch(/11 digits starting with 1/);
    expect(errors.email).toMatch(/email address is not valid/);
    expect(errors.userType).toBe('The user type must be 1, 2, 3 or 4');
    expect(errors.sex).toMatch(/0 \(not given\), 1 \(male\) or 2 \(female\)/);
    expect(errors.password).toMatch(/mix at least two/);
    const badLogin = await call(
      admin,
      'POST',
      `/api/admin/users?${school}`,
      newUserBody('有 空格'),
    );
    expect(fieldErrors(badLogin).loginName).toMatch(/2 to 64 letters/);
  });

  it("answers an account with its linked account and a parent's children with grade and class", async () => {
    const parent = await call<AdminUserDetail>(
      admin,
      'GET',
      `/api/admin/users/${ids.parent}?${school}`,
    );
    expect(parent.body.data).toMatchObject({
      loginName: 'parent',
      userType: 3,
      linked: { userId: ids.teacher, loginName: 'teacher', userType: 2 },
    });
    expect(parent.body.data?.children.map((c) => [c.gradeName, c.className])).toEqual(
      expect.arrayContaining([expect.arrayContaining([expect.any(String), expect.any(String)])]),
    );
    expect(parent.body.data?.children).toHaveLength(2);
    expect(JSON.stringify(parent.body)).not.toMatch(/argon2/);
  });

  it("edits an account's profile, keeps the type of a linked account, and audits the change", async () => {
    const { user } = await createUser(newUserBody('edit.me'));
    const reply = await call<AdminUserDetail>(
      admin,
      'PUT',
      `/api/admin/users/${user.userId}?${school}`,
      {
        realName: ' 赵老师 ',
        phone: '13700000000',
        email: 'zhao@school.example',
        userType: 4,
        sex: 2,
      },
    );
    expect(reply.body.data).toMatchObject({
      realName: '赵老师',
      phone: '13700000000',
      email: 'zhao@school.example',
      userType: 4,
      sex: 2,
    });
    expect(await lastAudit('admin.update_user')).toMatchObject({
      user_id: ids.admin,
      detail: { userId: user.userId, changed: ['realName', 'phone', 'email', 'userType', 'sex'] },
    });
    const linkedType = await call(admin, 'PUT', `/api/admin/users/${ids.parent}?${school}`, {
      realName: '李伟',
      phone: null,
      email: null,
      userType: 2,
      sex: 1,
    });
    expect(fieldErrors(linkedType).userType).toMatch(
      /remove those links before changing its user type/,
    );
    const badPhone = await call(admin, 'PUT', `/api/admin/users/${user.userId}?${school}`, {
      realName: '赵老师',
      phone: '1380013800a',
      email: null,
      userType: 4,
      sex: 2,
    });
    expect(fieldErrors(badPhone).phone).toMatch(/11 digits/);
  });

  it('disables an account (signed out, refused at sign-in) and enables it again; never one’s own', async () => {
    const { user, password } = await createUser(newUserBody('to.disable'));
    const them = server.client();
    await signIn(them, { username: 'to.disable', password });
    const disabled = await call<AdminUserDetail>(
      admin,
      'POST',
      `/api/admin/users/${user.userId}/disable?${school}`,
    );
    expect(disabled.body.data?.enabled).toBe(false);
    expect((await them.get('/api/uaa/oauth/me')).body.status).toBe(401);
    const refused = await server
      .client()
      .postForm('/api/uaa/oauth/login', { username: 'to.disable', password });
    expect(refused.body.status).not.toBe(200);
    expect(await lastAudit('admin.disable_user')).toMatchObject({
      user_id: ids.admin,
      detail: { userId: user.userId, revoked: { sessions: 1 } },
    });
    const enabled = await call<AdminUserDetail>(
      admin,
      'POST',
      `/api/admin/users/${user.userId}/enable?${school}`,
    );
    expect(enabled.body.data?.enabled).toBe(true);
    await signIn(server.client(), { username: 'to.disable', password });
    expect(await lastAudit('admin.enable_user')).toMatchObject({ detail: { userId: user.userId } });

    const self = await call(admin, 'POST', `/api/admin/users/${ids.admin}/disable?${school}`);
    expect(fieldErrors(self).userId).toBe('You cannot disable your own account');
  });

  it('resets a password, typed or made, answered once, signing the account out everywhere', async () => {
    const { user, password } = await createUser(newUserBody('reset.me'));
    const them = server.client();
    await signIn(them, { username: 'reset.me', password });
    const weak = await call(admin, 'POST', `/api/admin/users/${user.userId}/password?${school}`, {
      password: '12345678',
    });
    expect(fieldErrors(weak).password).toMatch(/mix at least two/);
    const made = await call<AdminPasswordReset>(
      admin,
      'POST',
      `/api/admin/users/${user.userId}/password?${school}`,
      {},
    );
    expect(made.body.data).toMatchObject({
      userId: user.userId,
      loginName: 'reset.me',
      generated: true,
    });
    expect(made.body.data?.revoked.sessions).toBe(1);
    expect((await them.get('/api/uaa/oauth/me')).body.status).toBe(401);
    await signIn(server.client(), { username: 'reset.me', password: made.body.data!.password });
    const typed = await call<AdminPasswordReset>(
      admin,
      'POST',
      `/api/admin/users/${user.userId}/password?${school}`,
      {
        password: 'Typed@2026',
      },
    );
    expect(typed.body.data).toMatchObject({ password: 'Typed@2026', generated: false });
    await signIn(server.client(), { username: 'reset.me', password: 'Typed@2026' });
    const row = await lastAudit('admin.reset_password');
    expect(row).toMatchObject({
      user_id: ids.admin,
      detail: { userId: user.userId, generatedPassword: false },
    });
    expect(JSON.stringify(row)).not.toContain('Typed@2026');
  });

  it('unlocks an account locked by failed sign-ins', async () => {
    const { user, password } = await createUser(newUserBody('lock.me'));
    for (let i = 0; i < 5; i++) {
      await server
        .client()
        .postForm('/api/uaa/oauth/login', { username: 'lock.me', password: 'Wrong@2026' });
    }
    const locked = await server
      .client()
      .postForm('/api/uaa/oauth/login', { username: 'lock.me', password });
    expect(locked.body.status).not.toBe(200);
    const listed = await call<AdminUserPage>(
      admin,
      'GET',
      `/api/admin/users?${school}&state=locked`,
    );
    expect(listed.body.data?.items.map((u) => u.loginName)).toEqual(['lock.me']);
    expect(listed.body.data?.items[0]?.lockedUntil).toBeGreaterThan(Date.now());
    const unlocked = await call<AdminUserDetail>(
      admin,
      'POST',
      `/api/admin/users/${user.userId}/unlock?${school}`,
    );
    expect(unlocked.body.data).toMatchObject({ locked: false, lockedUntil: null });
    await signIn(server.client(), { username: 'lock.me', password });
    expect(await lastAudit('admin.unlock_user')).toMatchObject({
      user_id: ids.admin,
      detail: { userId: user.userId, wasLocked: true },
    });
  });

  it('signs an account out everywhere', async () => {
    const { user, password } = await createUser(newUserBody('sign.out'));
    const browser = server.client();
    const phone = server.client({ device: 'mobile:android' });
    await signIn(browser, { username: 'sign.out', password });
    await signIn(phone, { username: 'sign.out', password });
    const reply = await call<AdminSignOut>(
      admin,
      'POST',
      `/api/admin/users/${user.userId}/sign-out?${school}`,
    );
    expect(reply.body.data?.revoked.sessions).toBe(2);
    expect((await browser.get('/api/uaa/oauth/me')).body.status).toBe(401);
    expect((await phone.get('/api/uaa/oauth/me')).body.status).toBe(401);
    expect(await lastAudit('admin.sign_out_user')).toMatchObject({
      user_id: ids.admin,
      detail: { userId: user.userId, revoked: { sessions: 2 } },
    });
  });

  it('links and unlinks a teacher and a parent account of one person', async () => {
    const t = (await createUser({ ...newUserBody('link.teacher'), userType: 2 })).user;
    const p = (await createUser({ ...newUserBody('link.parent'), userType: 3 })).user;
    const linked = await call<AdminUserDetail>(
      admin,
      'PUT',
      `/api/admin/users/${t.userId}/link?${school}`,
      {
        loginName: 'link.parent',
      },
    );
    expect(linked.body.data?.linked).toMatchObject({
      userId: p.userId,
      loginName: 'link.parent',
      userType: 3,
    });
    expect(await lastAudit('admin.link_accounts')).toMatchObject({
      user_id: ids.admin,
      detail: { teacherId: t.userId, parentId: p.userId },
    });
    const fromParent = await call<AdminUserDetail>(
      admin,
      'GET',
      `/api/admin/users/${p.userId}?${school}`,
    );
    expect(fromParent.body.data?.linked?.userId).toBe(t.userId);

    const taken = await call(admin, 'PUT', `/api/admin/users/${ids.teacher}/link?${school}`, {
      loginName: 'link.parent',
    });
    expect(fieldErrors(taken).teacher).toMatch(/already linked to another parent account/);
    const unknown = await call(admin, 'PUT', `/api/admin/users/${t.userId}/link?${school}`, {
      loginName: 'nobody',
    });
    expect(fieldErrors(unknown).loginName).toBe(
      'No account of this unit has the login name "nobody"',
    );
    const otherUnit = await call(admin, 'PUT', `/api/admin/users/${t.userId}/link?${school}`, {
      loginName: 'outsider',
    });
    expect(fieldErrors(otherUnit).loginName).toBe(
      'No account of this unit has the login name "outsider"',
    );

    const unlinked = await call<AdminUserDetail>(
      admin,
      'DELETE',
      `/api/admin/users/${p.userId}/link?${school}`,
    );
    expect(unlinked.body.data?.linked).toBeNull();
    expect(await lastAudit('admin.unlink_accounts')).toMatchObject({
      user_id: ids.admin,
      detail: { teacherId: t.userId, parentId: p.userId },
    });
    expect(
      (await call(admin, 'DELETE', `/api/admin/users/${p.userId}/link?${school}`)).body.status,
    ).toBe(404);
  });

  it("links, corrects and unlinks a parent's children", async () => {
    const p = (await createUser({ ...newUserBody('kids.parent'), userType: 3 })).user;
    const added = await call<AdminUserDetail>(
      admin,
      'POST',
      `/api/admin/users/${p.userId}/children?${school}`,
      {
        realName: '王小明',
        gradeName: '一年级',
        className: '2班',
      },
    );
    expect(added.body.data?.children).toEqual([
      expect.objectContaining({ realName: '王小明', gradeName: '一年级', className: '2班' }),
    ]);
    const studentId = added.body.data!.children[0]!.id;
    expect(await lastAudit('admin.link_child')).toMatchObject({
      user_id: ids.admin,
      detail: { parentId: p.userId, studentId, newStudent: true },
    });
    // An existing student of the school: one of the demo parent's children.
    const demoChild = (
      await call<AdminUserDetail>(admin, 'GET', `/api/admin/users/${ids.parent}?${school}`)
    ).body.data!.children[0]!;
    const second = await call<AdminUserDetail>(
      admin,
      'POST',
      `/api/admin/users/${p.userId}/children?${school}`,
      {
        studentId: demoChild.id,
      },
    );
    expect(second.body.data?.children.map((c) => c.id).sort()).toEqual(
      [studentId, demoChild.id].sort(),
    );

    const corrected = await call<AdminUserDetail>(
      admin,
      'PUT',
      `/api/admin/users/${p.userId}/children/${studentId}?${school}`,
      { realName: '王小明', gradeName: '二年级', className: '3班' },
    );
    expect(corrected.body.data?.children.find((c) => c.id === studentId)).toMatchObject({
      gradeName: '二年级',
      className: '3班',
    });
    expect(await lastAudit('admin.update_child')).toMatchObject({
      detail: { studentId, gradeName: '二年级' },
    });

    const removed = await call<AdminUserDetail>(
      admin,
      'DELETE',
      `/api/admin/users/${p.userId}/children/${demoChild.id}?${school}`,
    );
    expect(removed.body.data?.children.map((c) => c.id)).toEqual([studentId]);
    expect(await lastAudit('admin.unlink_child')).toMatchObject({
      detail: { studentId: demoChild.id },
    });
    // The demo parent keeps that child.
    const demoParent = await call<AdminUserDetail>(
      admin,
      'GET',
      `/api/admin/users/${ids.parent}?${school}`,
    );
    expect(demoParent.body.data?.children.map((c) => c.id)).toContain(demoChild.id);

    const missing = await call(
      admin,
      'DELETE',
      `/api/admin/users/${p.userId}/children/no-such?${school}`,
    );
    expect(missing.body.status).toBe(404);
    const emptyGrade = await call(
      admin,
      'POST',
      `/api/admin/users/${p.userId}/children?${school}`,
      {
        realName: '王小红',
        gradeName: ' ',
        className: '1班',
      },
    );
    expect(fieldErrors(emptyGrade).gradeName).toBe('Grade must not be empty');
    const both = await call(admin, 'POST', `/api/admin/users/${p.userId}/children?${school}`, {
      studentId,
      realName: '王小红',
    });
    expect(fieldErrors(both).studentId).toMatch(/not both/);
    const toTeacher = await call(
      admin,
      'POST',
      `/api/admin/users/${ids.teacher}/children?${school}`,
      {
        realName: '王小红',
        gradeName: '一年级',
        className: '1班',
      },
    );
    expect(fieldErrors(toTeacher).parent).toMatch(/is not a parent account/);
  });
});

describe(`the audit log, on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it("answers only the caller's units, newest first, filtered by action, actor and time", async () => {
    // An entry in the outside school, which no one here administers.
    await createAdminService(db()).createUser({
      unitId: outsideUnitId,
      loginName: 'outsider2',
      realName: '外校',
      userType: 2,
      password: 'Outside@2026',
    });
    const all = await call<AdminAuditPage>(admin, 'GET', '/api/admin/audit?size=100');
    expect(all.body.status).toBe(200);
    const page = all.body.data!;
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((e) => e.unitId === DEMO_SCHOOL_ID)).toBe(true);
    const times = page.items.map((e) => e.at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const creates = await call<AdminAuditPage>(
      admin,
      'GET',
      '/api/admin/audit?action=admin.create_user',
    );
    expect(creates.body.data?.items.length).toBeGreaterThan(0);
    expect(creates.body.data?.items.every((e) => e.action === 'admin.create_user')).toBe(true);
    expect(creates.body.data?.items[0]?.actor).toMatchObject({
      userId: ids.admin,
      loginName: 'admin',
    });
    expect(creates.body.data?.items[0]?.detail?.loginName).toEqual(expect.any(String));

    const prefix = await call<AdminAuditPage>(
      admin,
      'GET',
      '/api/admin/audit?action=admin.&size=100',
    );
    expect(prefix.body.data?.items.every((e) => e.action.startsWith('admin.'))).toBe(true);
    const byActor = await call<AdminAuditPage>(
      admin,
      'GET',
      `/api/admin/audit?actor=${encodeURIComponent('王建')}&size=100`,
    );
    expect(byActor.body.data?.items.length).toBeGreaterThan(0);
    expect(byActor.body.data?.items.every((e) => e.actor?.loginName === 'admin')).toBe(true);

    const newest = page.items[0]!.at;
    const window = await call<AdminAuditPage>(
      admin,
      'GET',
      `/api/admin/audit?from=${newest}&to=${newest + 1}`,
    );
    expect(window.body.data?.items.every((e) => e.at === newest)).toBe(true);
    const future = await call<AdminAuditPage>(
      admin,
      'GET',
      `/api/admin/audit?from=${Date.now() + 60_000}`,
    );
    expect(future.body.data?.total).toBe(0);

    // The area's admin sees the area's and the schools' entries, never the outside school's.
    const areaLog = await call<AdminAuditPage>(area, 'GET', '/api/admin/audit?size=100');
    const units = new Set(areaLog.body.data?.items.map((e) => e.unitId));
    expect(units.has(DEMO_SCHOOL_ID)).toBe(true);
    expect(units.has(outsideUnitId)).toBe(false);
    const outsideRows = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('unit_id', '=', outsideUnitId)
      .execute();
    expect(outsideRows.length).toBeGreaterThan(0);
    const badAction = await call(
      admin,
      'GET',
      '/api/admin/audit?action=' + encodeURIComponent("x' or 1=1"),
    );
    expect(fieldErrors(badAction).action).toBeTruthy();
  });
});

describe(`a fresh deployment (issue 13 §5), on ${process.env.API_DB ?? 'sqlite'}`, () => {
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await startTestServer({ demo: false });
  }, 60_000);
  afterAll(async () => fresh?.close());

  it('says how to create the first admin, whom create-admin makes with the school, who then runs the console', async () => {
    const hint = await fresh.app.services.firstAdminHint('http://portal.example');
    expect(hint).toMatch(/npm run admin -- create-admin --unit-name "<school name>"/);
    expect(hint).toMatch(/http:\/\/portal\.example\/admin/);

    const cli = createAdminService(fresh.app.services.database.db);
    const noName = cli.createAdmin({
      loginName: 'first',
      realName: '张校长',
      password: 'First@2026',
    });
    await expect(noName).rejects.toMatchObject({
      options: { fieldErrors: [expect.objectContaining({ field: 'name' })] },
    });
    const made = await cli.createAdmin({
      unitName: '新建小学',
      unitEnName: 'New Primary',
      loginName: 'first',
      realName: '张校长',
      password: 'First@2026',
    });
    expect(made.createdUnit).toMatchObject({ name: '新建小学', unitType: 2, parentId: null });

    const client = fresh.client();
    await signIn(client, { username: 'first', password: 'First@2026' });
    const scope = await client.get<AdminScope>('/api/admin/scope');
    expect(scope.body.data?.units.map((u) => u.unitId)).toEqual([made.createdUnit!.id]);
    const unit = await call<AdminUnitDetail>(
      client,
      'GET',
      `/api/admin/units/${made.createdUnit!.id}`,
    );
    expect(unit.body.data?.name).toBe('新建小学');
    expect(await fresh.app.services.firstAdminHint('http://portal.example')).toBeNull();
    const rows = await fresh.app.services.database.db
      .selectFrom('audit_log')
      .select(['action', 'unit_id'])
      .where('action', 'in', ['admin.create_unit', 'admin.create_admin'])
      .execute();
    expect(rows.map((r) => r.action).sort()).toEqual(['admin.create_admin', 'admin.create_unit']);

    // Once units exist, a second administrator names the unit.
    const second = cli.createAdmin({
      loginName: 'second',
      realName: '李',
      password: 'Second@2026',
    });
    await expect(second).rejects.toMatchObject({
      options: { fieldErrors: [expect.objectContaining({ field: 'unitId' })] },
    });
    const named = await cli.createAdmin({
      unitId: made.createdUnit!.id,
      loginName: 'second',
      realName: '李',
      password: 'Second@2026',
    });
    expect(named.createdUnit).toBeNull();
    const secondClient = fresh.client();
    await signIn(secondClient, { username: 'second', password: 'Second@2026' });
    expect((await secondClient.get('/api/admin/scope')).body.status).toBe(200);
    const taken = cli.createAdmin({
      unitId: made.createdUnit!.id,
      loginName: 'FIRST',
      realName: '李',
      password: 'short',
    });
    await expect(taken).rejects.toMatchObject({
      options: {
        fieldErrors: [
          expect.objectContaining({ field: 'loginName' }),
          expect.objectContaining({ field: 'password' }),
        ],
      },
    });
  });
});
