/**
 * The console's apps and what hangs off them (issue 13 §2, DESIGN.md §10): every endpoint of
 * `adminAppEndpoints` refuses a caller without a session (401), a teacher (403), an
 * administrator of another unit or of a school outside the area (403) and, for what every unit
 * shares, a school's administrator (403); answers bad input with bilingual field errors (400);
 * and does its work with an audit row. The deploy is tried with a real zip of apps/cms's build
 * and with bad zips (zip-slip, links, oversize, a broken manifest).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import {
  adminAppEndpoints as E,
  type AdminAppCatalogue,
  type AdminDeployResult,
} from '@campus/contracts/admin-apps';
import { MESSAGE_LANGUAGE_SEPARATOR } from '@campus/contracts/envelope';
import type { EndpointDefinition } from '@campus/contracts/endpoint';
import { uploadEndpoints } from '@campus/contracts/storage';
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

const CMS_DIST = path.resolve(import.meta.dirname, '../../../apps/cms/dist');
const LIMITS = { zipBytes: 256 * 1024, unpackedBytes: 1024 * 1024, entries: 300 };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let pagesDir: string;
let anonymous: TestClient;
let teacher: TestClient;
/** The school's administrator: administers the school, which sits under the area. */
let admin: TestClient;
/** The area's administrator: a top-level unit, so also the shared catalogue. */
let area: TestClient;
/** The administrator of another, unrelated area. */
let outsider: TestClient;
let OTHER_AREA_ID: string;

beforeAll(async () => {
  pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-pages-'));
  server = await startTestServer({ pagesDir, deployLimits: LIMITS });
  ({ teacher, admin, area } = await signedInClients(server, 'teacher', 'admin', 'area'));
  anonymous = server.client();
  const db = server.app.services.database.db;
  const cli = createAdminService(db);
  const other = await cli.createUnit({ name: '西区教育局', enName: 'West District', unitType: 1 });
  OTHER_AREA_ID = other.id;
  const user = await cli.createUser({
    unitId: other.id,
    loginName: 'west-admin',
    realName: '西区管理员',
    userType: 1,
    password: 'West@2026x',
  });
  await db
    .insertInto('user_roles')
    .values({ user_id: user.id, app_code: 'base', role: 'XX_SYS_' })
    .execute();
  outsider = server.client();
  await signIn(outsider, { username: 'west-admin', password: 'West@2026x' });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(pagesDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Helpers

function query(endpoint: EndpointDefinition, values: Record<string, string>): string {
  return `${endpoint.path}?${new URLSearchParams(values).toString()}`;
}

/** Calls an endpoint of the console with the input given (GET as query, POST as JSON). */
function call<T = unknown>(
  client: TestClient,
  endpoint: EndpointDefinition,
  input: Record<string, unknown>,
): Promise<Reply<T>> {
  if (endpoint.method === 'GET') {
    return client.get<T>(query(endpoint, input as Record<string, string>));
  }
  return client.postJson<T>(endpoint.path, input);
}

function expectStatus(reply: Reply, status: number, label: string): void {
  expect(reply.http, label).toBe(200);
  expect(reply.body.status, `${label}: ${JSON.stringify(reply.body)}`).toBe(status);
}

/** A 400 with a field error on `field` in both languages. */
function expectBad(reply: Reply, field: string, label = field): void {
  expectStatus(reply, 400, label);
  const error = reply.body.fieldErrors?.find((e) => e.field === field);
  expect(error, `${label}: ${JSON.stringify(reply.body)}`).toBeDefined();
  const [zh, en] = (error?.message ?? '').split(MESSAGE_LANGUAGE_SEPARATOR);
  expect(zh).toMatch(/[\u4e00-\u9fff]/);
  expect(en).toMatch(/[A-Za-z]{3}/);
}

/** The newest audit row of an action. */
async function lastAudit(action: string) {
  const row = await server.app.services.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('at', 'desc')
    .executeTakeFirst();
  return row
    ? { ...row, detail: JSON.parse(row.detail ?? '{}') as Record<string, unknown> }
    : undefined;
}

async function expectAudit(action: string, by: string, unitId: string) {
  const row = await lastAudit(action);
  expect(row, action).toBeDefined();
  expect(row?.user_id).toBe(await userIdOf(server, by));
  expect(row?.unit_id).toBe(unitId);
  return row!;
}

/** A zip made with yazl from `files` (name → bytes, or a `mode` for links). */
function zipOf(
  files: Record<string, string | Buffer | { data: string; mode: number }>,
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, value] of Object.entries(files)) {
    if (typeof value === 'object' && !Buffer.isBuffer(value)) {
      zip.addBuffer(Buffer.from(value.data), name, { mode: value.mode });
    } else {
      zip.addBuffer(Buffer.isBuffer(value) ? value : Buffer.from(value), name);
    }
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** apps/cms's build (`cms/…`, `cms-version/…`), as `name → bytes`, under `prefix`. */
function cmsBuild(prefix = ''): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  const walk = (dir: string, rel: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(full, name);
      else files[`${prefix}${name}`] = fs.readFileSync(full);
    }
  };
  walk(CMS_DIST, '');
  return files;
}

/** The same-length renaming a zip tool never does: how a hostile zip gets `..` in a name. */
function rename(zip: Buffer, from: string, to: string): Buffer {
  expect(from.length).toBe(to.length);
  const bytes = Buffer.from(zip);
  let at = bytes.indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  while (at >= 0) {
    bytes.write(to, at, 'latin1');
    at = bytes.indexOf(from, at + 1);
  }
  return bytes;
}

function deploy(client: TestClient, zip: Buffer, code = 'cms', unitId = DEMO_AREA_ID) {
  const form = new FormData();
  form.append('unitId', unitId);
  form.append('code', code);
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'pages.zip');
  return client.postMultipart<AdminDeployResult>(E.deploy.path, form);
}

// ---------------------------------------------------------------------------------------------
// Who may call

interface Case {
  endpoint: EndpointDefinition;
  /** Valid input for the unit (the refusals are asked before anything is read). */
  input: (unitId: string) => Record<string, unknown>;
  /** Shared by every unit: a school's administrator is refused too. */
  shared: boolean;
}

const app = { code: 'cms' };
const CASES: Case[] = [
  { endpoint: E.apps, input: (unitId) => ({ unitId }), shared: false },
  {
    endpoint: E.createApp,
    input: (unitId) => ({ unitId, ...appBody('newapp') }),
    shared: true,
  },
  { endpoint: E.updateApp, input: (unitId) => ({ unitId, ...appBody('cms') }), shared: true },
  { endpoint: E.appStatus, input: (unitId) => ({ unitId, ...app, updateStatus: 1 }), shared: true },
  { endpoint: E.arrangeApps, input: (unitId) => ({ unitId, apps: [] }), shared: true },
  {
    endpoint: E.saveGroup,
    input: (unitId) => ({ unitId, code: 'g', name: '组', enName: 'G', sort: 1 }),
    shared: true,
  },
  { endpoint: E.deleteGroup, input: (unitId) => ({ unitId, code: 'g' }), shared: true },
  {
    endpoint: E.appIcon,
    input: (unitId) => ({ unitId, ...app, variant: 'color', fileId: null }),
    shared: true,
  },
  { endpoint: E.resources, input: (unitId) => ({ unitId, ...app }), shared: false },
  {
    endpoint: E.saveResource,
    input: (unitId) => ({ unitId, ...resourceBody() }),
    shared: true,
  },
  { endpoint: E.deleteResource, input: (unitId) => ({ unitId, id: 'x' }), shared: true },
  { endpoint: E.roles, input: (unitId) => ({ unitId }), shared: false },
  {
    endpoint: E.grantRole,
    input: (unitId) => ({ unitId, userId: 'x', appCode: 'cms', role: 'r' }),
    shared: false,
  },
  {
    endpoint: E.revokeRole,
    input: (unitId) => ({ unitId, userId: 'x', appCode: 'cms', role: 'r' }),
    shared: false,
  },
  { endpoint: E.licences, input: (unitId) => ({ unitId }), shared: false },
  {
    endpoint: E.setLicence,
    input: (unitId) => ({ unitId, appCode: 'cms', until: '2099-01-01' }),
    shared: true,
  },
  { endpoint: E.themes, input: (unitId) => ({ unitId }), shared: false },
  { endpoint: E.setThemes, input: (unitId) => ({ unitId, themeList: [] }), shared: false },
  { endpoint: E.pushTheme, input: (unitId) => ({ unitId, theme: 'ink' }), shared: false },
  { endpoint: E.oauthClients, input: (unitId) => ({ unitId }), shared: true },
  {
    endpoint: E.createOAuthClient,
    input: (unitId) => ({
      unitId,
      clientId: 'c1',
      name: 'C',
      redirectUris: ['https://c.example/cb'],
      confidential: false,
    }),
    shared: true,
  },
  {
    endpoint: E.updateOAuthClient,
    input: (unitId) => ({
      unitId,
      clientId: 'demo-client',
      name: 'C',
      redirectUris: ['https://c.example/cb'],
    }),
    shared: true,
  },
  {
    endpoint: E.rotateOAuthSecret,
    input: (unitId) => ({ unitId, clientId: 'demo-client' }),
    shared: true,
  },
  {
    endpoint: E.deleteOAuthClient,
    input: (unitId) => ({ unitId, clientId: 'demo-client' }),
    shared: true,
  },
  { endpoint: E.versions, input: (unitId) => ({ unitId, ...app }), shared: false },
  {
    endpoint: E.setServerVersion,
    input: (unitId) => ({
      unitId,
      appCode: 'cms',
      serverVersion: '1.0.0',
      webCodeVersion: '1.0.0',
      date: '2026-01-01',
    }),
    shared: true,
  },
  {
    endpoint: E.saveRelease,
    input: (unitId) => ({
      unitId,
      appCode: 'cms',
      version: '1.0.0',
      date: '2026-01-01',
      metto: [],
    }),
    shared: true,
  },
  { endpoint: E.deleteRelease, input: (unitId) => ({ unitId, id: 'x' }), shared: true },
];

function appBody(code: string) {
  return {
    code,
    groupCode: 'home_school',
    name: '新应用',
    shortName: '新',
    englishName: 'New App',
    englishShortName: 'New',
    serverId: code,
    deployPath: null,
    menuRoute: `/${code}/home`,
    frontUserType: '1,2,3,4',
    limitUserType: '1,2,4',
    iconColor: '#3ABAE8',
  };
}

function resourceBody() {
  return {
    appCode: 'cms',
    code: 'cms:editor',
    name: '编辑',
    enName: 'Editor',
    resourceType: 2,
    menuRoute: '/editor',
    userTypes: [],
    roles: ['cms_editor'],
    sort: 50,
  };
}

describe(`who may call the app console, on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('covers every endpoint of the contract', () => {
    const covered = new Set(CASES.map((c) => c.endpoint.path));
    covered.add(E.deploy.path);
    expect([...covered].sort()).toEqual(
      Object.values(E)
        .map((e) => e.path)
        .sort(),
    );
  });

  it('answers 401 without a session', async () => {
    for (const { endpoint, input } of CASES) {
      expectStatus(await call(anonymous, endpoint, input(DEMO_SCHOOL_ID)), 401, endpoint.path);
    }
    expectStatus(await deploy(anonymous, await zipOf({ 'cms/a.txt': 'a' })), 401, 'deploy');
  });

  it('answers 403 to a teacher', async () => {
    for (const { endpoint, input } of CASES) {
      const reply = await call(teacher, endpoint, input(DEMO_SCHOOL_ID));
      expectStatus(reply, 403, endpoint.path);
      expect(reply.body.message).toContain(MESSAGE_LANGUAGE_SEPARATOR);
    }
    expectStatus(
      await deploy(teacher, await zipOf({ 'cms/a.txt': 'a' }), 'cms', DEMO_SCHOOL_ID),
      403,
      'deploy',
    );
  });

  it('answers 403 to an administrator of another unit, or of a school outside the area', async () => {
    for (const { endpoint, input } of CASES) {
      // The school's administrator does not administer the area above it.
      expectStatus(await call(admin, endpoint, input(DEMO_AREA_ID)), 403, `admin ${endpoint.path}`);
      // Another area's administrator does not administer this area's school.
      expectStatus(
        await call(outsider, endpoint, input(DEMO_SCHOOL_ID)),
        403,
        `outsider ${endpoint.path}`,
      );
    }
    const zip = await zipOf({ 'cms/a.txt': 'a' });
    expectStatus(await deploy(outsider, zip, 'cms', DEMO_SCHOOL_ID), 403, 'deploy outsider');
    // Nor does the first area's administrator administer the other area; each reads its own.
    expectStatus(await call(area, E.apps, { unitId: OTHER_AREA_ID }), 403, 'area → other area');
    expectStatus(await call(outsider, E.apps, { unitId: OTHER_AREA_ID }), 200, 'own area');
  });

  it("answers 403 to a school's administrator for what every unit shares", async () => {
    for (const { endpoint, input, shared } of CASES.filter((c) => c.shared)) {
      const reply = await call(admin, endpoint, input(DEMO_SCHOOL_ID));
      expectStatus(reply, 403, endpoint.path);
      expect(reply.body.message, endpoint.path).toMatch(/top-level/);
      expect(shared).toBe(true);
    }
    const zip = await zipOf({ 'cms/a.txt': 'a' });
    expectStatus(await deploy(admin, zip, 'cms', DEMO_SCHOOL_ID), 403, 'deploy school admin');
  });
});

// ---------------------------------------------------------------------------------------------
// Apps

describe('apps, groups, icons and order', () => {
  it("answers the catalogue to a school's administrator, read-only", async () => {
    const reply = await call<AdminAppCatalogue>(admin, E.apps, { unitId: DEMO_SCHOOL_ID });
    expectStatus(reply, 200, 'apps');
    expect(reply.body.data?.editable).toBe(false);
    const cms = reply.body.data?.apps.find((a) => a.code === 'cms');
    expect(cms).toMatchObject({ serverId: 'cms', icons: { color: { uploaded: false } } });
    expect(reply.body.data?.groups.map((g) => g.code)).toContain('home_school');
    const byArea = await call<AdminAppCatalogue>(area, E.apps, { unitId: DEMO_SCHOOL_ID });
    expect(byArea.body.data?.editable).toBe(true);
  });

  it('registers a group and an app, edits it, hides it, with an audit row each', async () => {
    expectStatus(
      await call(area, E.saveGroup, {
        unitId: DEMO_AREA_ID,
        code: 'library',
        name: '图书馆',
        enName: 'Library',
        sort: 9,
      }),
      200,
      'group',
    );
    await expectAudit('admin.save_app_group', 'area', DEMO_AREA_ID);

    const created = await call<{ code: string; sort: number; updateStatus: number }>(
      area,
      E.createApp,
      { unitId: DEMO_AREA_ID, ...appBody('books'), groupCode: 'library', deployPath: '/pages/' },
    );
    expectStatus(created, 200, 'create');
    expect(created.body.data).toMatchObject({ code: 'books', updateStatus: 1 });
    const audit = await expectAudit('admin.create_app', 'area', DEMO_AREA_ID);
    expect(audit.detail).toMatchObject({
      code: 'books',
      limitUserType: '1,2,4',
      deployPath: '/pages',
    });

    const updated = await call<{ name: string; iconColor: string }>(area, E.updateApp, {
      unitId: DEMO_SCHOOL_ID,
      ...appBody('books'),
      groupCode: 'library',
      name: '图书借阅',
      iconColor: '#abc',
    });
    expectStatus(updated, 200, 'update');
    expect(updated.body.data).toMatchObject({ name: '图书借阅', iconColor: '#AABBCC' });
    await expectAudit('admin.update_app', 'area', DEMO_SCHOOL_ID);

    const hidden = await call<{ updateStatus: number }>(area, E.appStatus, {
      unitId: DEMO_AREA_ID,
      code: 'books',
      updateStatus: 0,
    });
    expect(hidden.body.data?.updateStatus).toBe(0);
    expect((await expectAudit('admin.set_app_status', 'area', DEMO_AREA_ID)).detail).toMatchObject({
      code: 'books',
      updateStatus: 0,
      previous: 1,
    });
    // Hidden (spec §3 updateStatus 0): gone from the teacher's menu.
    const teacherId = await userIdOf(server, 'teacher');
    const menu = await teacher.get<{ iconVMs: { code: string }[] }[]>(
      `/api/base/desktop/my_app_icon?userId=${teacherId}&unitId=${DEMO_SCHOOL_ID}`,
    );
    expectStatus(menu, 200, 'menu');
    expect(JSON.stringify(menu.body.data ?? [])).not.toContain('"books"');

    // A group that holds an app is kept.
    expectBad(await call(area, E.deleteGroup, { unitId: DEMO_AREA_ID, code: 'library' }), 'code');
  });

  it('refuses bad app input with bilingual field errors', async () => {
    const bad = await call(area, E.createApp, {
      unitId: DEMO_AREA_ID,
      ...appBody('../etc'),
      serverId: 'api',
      groupCode: 'nope',
      deployPath: '/pages/../../etc',
      menuRoute: '//evil.example',
      frontUserType: '1,5',
      iconColor: 'red',
    });
    for (const name of [
      'code',
      'serverId',
      'groupCode',
      'deployPath',
      'menuRoute',
      'frontUserType',
      'iconColor',
    ]) {
      expectBad(bad, name);
    }
    expectBad(
      await call(area, E.createApp, { unitId: DEMO_AREA_ID, ...appBody('cms') }),
      'code',
      'taken',
    );
    expectBad(
      await call(area, E.updateApp, {
        unitId: DEMO_AREA_ID,
        ...appBody('cms'),
        deployPath: 'javascript:alert(1)',
      }),
      'deployPath',
    );
    expectBad(
      await call(area, E.appStatus, { unitId: DEMO_AREA_ID, code: 'cms', updateStatus: 3 }),
      'updateStatus',
    );
    expectBad(
      await call(area, E.saveGroup, {
        unitId: DEMO_AREA_ID,
        code: '1x',
        name: ' ',
        enName: 'x',
        sort: 1,
      }),
      'code',
    );
    // Unknown app: not found, not a server error.
    expectStatus(
      await call(area, E.updateApp, { unitId: DEMO_AREA_ID, ...appBody('nosuchapp') }),
      404,
      'unknown app',
    );
  });

  it('sets the whole order and groups at once, each app once at most', async () => {
    const catalogue = await call<AdminAppCatalogue>(area, E.apps, { unitId: DEMO_AREA_ID });
    const apps = catalogue.body.data?.apps ?? [];
    const listed = apps.map((a) => ({ code: a.code, groupCode: a.groupCode }));
    expectBad(
      await call(area, E.arrangeApps, { unitId: DEMO_AREA_ID, apps: [...listed, listed[0]!] }),
      'apps',
    );
    expectBad(
      await call(area, E.arrangeApps, {
        unitId: DEMO_AREA_ID,
        apps: [...listed, { code: 'nosuchapp', groupCode: 'teaching' }],
      }),
      'apps',
    );
    // A list read before another administrator registered an app (here: one without the
    // first app) is not refused: the app it does not name follows the named ones, in its group.
    const stale = await call<{ code: string; sort: number; groupCode: string }[]>(
      area,
      E.arrangeApps,
      { unitId: DEMO_AREA_ID, apps: listed.slice(1) },
    );
    expectStatus(stale, 200, 'arrange without one app');
    expect(stale.body.data?.map((a) => a.code)).toEqual(
      [...listed.slice(1), listed[0]].map((a) => a!.code),
    );
    expect(stale.body.data?.at(-1)).toMatchObject({
      code: listed[0]!.code,
      groupCode: listed[0]!.groupCode,
      sort: listed.length,
    });
    const reversed = [...apps].reverse().map((a) => ({ code: a.code, groupCode: a.groupCode }));
    reversed[0] = { code: reversed[0]!.code, groupCode: 'teaching' };
    const reply = await call<{ code: string; sort: number; groupCode: string }[]>(
      area,
      E.arrangeApps,
      { unitId: DEMO_AREA_ID, apps: reversed },
    );
    expectStatus(reply, 200, 'arrange');
    expect(reply.body.data?.map((a) => a.code)).toEqual(reversed.map((a) => a.code));
    expect(reply.body.data?.[0]).toMatchObject({ sort: 1, groupCode: 'teaching' });
    await expectAudit('admin.arrange_apps', 'area', DEMO_AREA_ID);
  });

  it("takes the caller's own uploaded PNG as a theme's icon, and refuses anything else", async () => {
    const upload = await area.postJson<{ fileId: string }>(uploadEndpoints.base64Image.path, {
      fileName: 'cms-icon',
      base64Str: PNG.toString('base64'),
      type: 'png',
    });
    expectStatus(upload, 200, 'upload');
    const fileId = upload.body.data!.fileId;
    const set = await call<{ icons: { color: { uploaded: boolean; url: string } } }>(
      area,
      E.appIcon,
      { unitId: DEMO_AREA_ID, code: 'cms', variant: 'color', fileId },
    );
    expectStatus(set, 200, 'icon');
    expect(set.body.data?.icons.color.uploaded).toBe(true);
    await expectAudit('admin.set_app_icon', 'area', DEMO_AREA_ID);
    const icon = await anonymous.fetchBytes(set.body.data!.icons.color.url);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.bytes.equals(PNG)).toBe(true);

    // Someone else's file (the teacher's), and a file that is no raster image.
    const theirs = await teacher.postJson<{ fileId: string }>(uploadEndpoints.base64Image.path, {
      fileName: 'mine',
      base64Str: PNG.toString('base64'),
      type: 'png',
    });
    expectBad(
      await call(area, E.appIcon, {
        unitId: DEMO_AREA_ID,
        code: 'cms',
        variant: 'gray',
        fileId: theirs.body.data!.fileId,
      }),
      'fileId',
    );
    const form = new FormData();
    form.append('serverid', 'base');
    form.append('uid', 'u1');
    form.append('file', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>']), 'x.svg');
    const svg = await area.postMultipart<{ fileId: string }>(
      uploadEndpoints.simpleUpload.path,
      form,
    );
    expectStatus(svg, 200, 'svg upload');
    expectBad(
      await call(area, E.appIcon, {
        unitId: DEMO_AREA_ID,
        code: 'cms',
        variant: 'gray',
        fileId: svg.body.data!.fileId,
      }),
      'fileId',
    );

    // Null draws it again.
    const reset = await call<{ icons: { color: { uploaded: boolean } } }>(area, E.appIcon, {
      unitId: DEMO_AREA_ID,
      code: 'cms',
      variant: 'color',
      fileId: null,
    });
    expect(reset.body.data?.icons.color.uploaded).toBe(false);
    const drawn = await anonymous.fetchBytes(set.body.data!.icons.color.url);
    expect(drawn.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('deletes an empty group', async () => {
    await call(area, E.saveGroup, {
      unitId: DEMO_AREA_ID,
      code: 'empty',
      name: '空',
      enName: 'Empty',
      sort: 99,
    });
    expectStatus(
      await call(area, E.deleteGroup, { unitId: DEMO_AREA_ID, code: 'empty' }),
      200,
      'delete',
    );
    await expectAudit('admin.delete_app_group', 'area', DEMO_AREA_ID);
    expectStatus(
      await call(area, E.deleteGroup, { unitId: DEMO_AREA_ID, code: 'empty' }),
      404,
      'gone',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Deploying a build

describe('deploying a sub-app build', () => {
  it("deploys apps/cms's build from a zip of its pages/ folder, served at once", async () => {
    expect(fs.existsSync(path.join(CMS_DIST, 'cms', 'manifest.json'))).toBe(true);
    const before = await anonymous.fetchBytes('/pages/cms/pc_cms_tm/index.html');
    expect(before.http).not.toBe(200);

    const reply = await deploy(area, await zipOf(cmsBuild('pages/')));
    expectStatus(reply, 200, 'deploy');
    expect(reply.body.data?.folders).toEqual(['cms', 'cms-version']);
    expect(reply.body.data?.pages).toEqual(expect.arrayContaining(['pc_cms_tm', 'pc_cms_spm']));
    const audit = await expectAudit('admin.deploy_app', 'area', DEMO_AREA_ID);
    expect(audit.detail.code).toBe('cms');
    expect(audit.detail.appVersion).toMatch(/^\d+\.\d+/);

    const page = await anonymous.fetchBytes('/pages/cms/pc_cms_tm/index.html');
    expect(page.http).toBe(200);
    const manifest = await anonymous.get<Record<string, string>>('/cms/manifest.json');
    expect(manifest.http).toBe(200);
    const script = await anonymous.fetchBytes(
      String((manifest.body as unknown as Record<string, string>)['pc_cms_tm.js']),
    );
    expect(script.http).toBe(200);
    const catalogue = await call<AdminAppCatalogue>(admin, E.apps, { unitId: DEMO_SCHOOL_ID });
    expect(catalogue.body.data?.apps.find((a) => a.code === 'cms')?.installed).toBe(true);
    expect(fs.readdirSync(pagesDir).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('records the build as the server version on a first deploy, and keeps one an operator set', async () => {
    const db = server.app.services.database.db;
    const versionsOf = async () =>
      (
        await area.get<{ serverVersion?: string; webCodeVersion?: string }>(
          '/api/cms/nl/cms_package_versions',
        )
      ).body;
    await db.deleteFrom('app_server_versions').where('app_code', '=', 'cms').execute();
    expect((await versionsOf()).status).toBe(200);
    expect((await versionsOf()).data).toBeFalsy();
    const first = await deploy(area, await zipOf(cmsBuild()));
    expectStatus(first, 200, 'first deploy');
    const recorded = (await versionsOf()).data;
    expect(recorded?.serverVersion).toBe(first.body.data?.appVersion);
    expect(recorded?.webCodeVersion).toBe(first.body.data?.appVersion);

    await db
      .updateTable('app_server_versions')
      .set({ server_version: '9.9.9' })
      .where('app_code', '=', 'cms')
      .execute();
    expectStatus(await deploy(area, await zipOf(cmsBuild())), 200, 'second deploy');
    expect((await versionsOf()).data?.serverVersion).toBe('9.9.9');
  });

  it("deploys again over it, keeping the old build's hashed assets", async () => {
    const old = path.join(pagesDir, 'cms', 'assets', 'from-last-deploy-0000.js');
    fs.writeFileSync(old, 'export {};');
    const reply = await deploy(area, await zipOf(cmsBuild()));
    expectStatus(reply, 200, 'redeploy');
    expect(fs.existsSync(old)).toBe(true);
    expect((await anonymous.fetchBytes('/pages/cms/pc_cms_spm/index.html')).http).toBe(200);
  });

  it('refuses bad zips with a clear message and leaves the deployed build as it was', async () => {
    const manifestBefore = fs.readFileSync(path.join(pagesDir, 'cms', 'manifest.json'), 'utf8');
    const build = cmsBuild();
    const manifest = JSON.parse(build['cms/manifest.json']!.toString()) as Record<string, string>;
    const slip = rename(
      await zipOf({ ...build, 'cms/zz/evil.txt': 'x' }),
      'cms/zz/evil.txt',
      'cms/../evil.txt',
    );
    const absolute = rename(
      await zipOf({ ...build, 'xtmp/evil.txt': 'x' }),
      'xtmp/evil.txt',
      '/tmp/evil.txt',
    );
    const cases: [string, Buffer, RegExp][] = [
      ['not a zip', Buffer.from('this is no zip file at all'), /not a valid zip/],
      ['zip-slip', slip, /unsafe path/],
      ['absolute path', absolute, /unsafe path/],
      [
        'symbolic link',
        await zipOf({ ...build, 'cms/link': { data: '/etc/passwd', mode: 0o120777 } }),
        /links or special files/,
      ],
      [
        'over the zip limit',
        await zipOf({ ...build, 'cms/big.bin': randomBytes(300 * 1024) }),
        /at most 256 KiB/,
      ],
      [
        'unpacks too large',
        await zipOf({ ...build, 'cms/zeros.bin': Buffer.alloc(2 * 1024 * 1024) }),
        /unpack to at most/,
      ],
      [
        'another app',
        await zipOf({ ...build, 'edu/pc_edu_tm/index.html': 'x' }),
        /only the folders cms\//,
      ],
      ['no manifest', await zipOf(without(build, 'cms/manifest.json')), /no cms\/manifest\.json/],
      [
        'manifest leaving the site',
        await zipOf({
          ...build,
          'cms/manifest.json': JSON.stringify({
            ...manifest,
            'pc_cms_tm.js': 'https://evil.example/x.js',
          }),
        }),
        /must point at a file of the build/,
      ],
      [
        'page without index.html',
        await zipOf(without(build, 'cms/pc_cms_tm/index.html')),
        /pc_cms_tm\/index\.html is missing/,
      ],
      [
        'package.json of another app',
        await zipOf({
          ...build,
          'cms/package.json': JSON.stringify({ name: 'edu', appVersion: '1.0.0' }),
        }),
        /package\.json must have name/,
      ],
      ['empty', Buffer.alloc(0), /empty|not a valid zip/],
    ];
    for (const [label, zip, message] of cases) {
      const reply = await deploy(area, zip);
      expectBad(reply, 'file', label);
      expect(reply.body.message, label).toMatch(message);
    }
    expect(fs.readFileSync(path.join(pagesDir, 'cms', 'manifest.json'), 'utf8')).toBe(
      manifestBefore,
    );
    expect(fs.existsSync(path.join(pagesDir, 'evil.txt'))).toBe(false);
    expect(fs.existsSync(path.join(pagesDir, 'cms', 'link'))).toBe(false);
    expect(fs.readdirSync(pagesDir).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('refuses a deploy of an unknown app, or of one whose serverId is not its code', async () => {
    const zip = await zipOf(cmsBuild());
    expectStatus(await deploy(area, zip, 'nosuchapp'), 404, 'unknown');
    await call(area, E.createApp, {
      unitId: DEMO_AREA_ID,
      ...appBody('split'),
      serverId: 'shared',
    });
    expectBad(await deploy(area, zip, 'split'), 'code');
    const noFields = new FormData();
    noFields.append('file', new Blob([new Uint8Array(zip)]), 'pages.zip');
    expectStatus(await area.postMultipart(E.deploy.path, noFields), 400, 'fields');
  });
});

function without<T extends Record<string, unknown>>(files: T, name: string): T {
  const copy = { ...files };
  delete copy[name];
  return copy;
}

function randomBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Menus, roles, licences

describe('menus, permission codes and the roles that grant them', () => {
  it('grants a menu entry to a role, and a teacher given the role holds it (spec §6)', async () => {
    const saved = await call<{ id: string; roles: string[]; userTypes: number[] }>(
      area,
      E.saveResource,
      { unitId: DEMO_AREA_ID, ...resourceBody() },
    );
    expectStatus(saved, 200, 'save');
    expect(saved.body.data).toMatchObject({ roles: ['cms_editor'], userTypes: [] });
    await expectAudit('admin.save_resource', 'area', DEMO_AREA_ID);
    const tree = () =>
      teacher.get<{ code: string }[]>('/api/base/resource/user/code/tree?code=cms');
    expect(JSON.stringify((await tree()).body.data)).not.toContain('cms:editor');

    const roles = await call<{ known: { appCode: string; role: string }[] }>(admin, E.roles, {
      unitId: DEMO_SCHOOL_ID,
    });
    expect(roles.body.data?.known).toContainEqual({ appCode: 'cms', role: 'cms_editor' });

    const teacherId = await userIdOf(server, 'teacher');
    const grant = { unitId: DEMO_SCHOOL_ID, userId: teacherId, appCode: 'cms', role: 'cms_editor' };
    expectStatus(await call(admin, E.grantRole, grant), 200, 'grant');
    await expectAudit('admin.grant_role', 'admin', DEMO_SCHOOL_ID);
    expect(JSON.stringify((await tree()).body.data)).toContain('cms:editor');
    const listed = await call<{ assignments: { loginName: string; role: string }[] }>(
      admin,
      E.roles,
      { unitId: DEMO_SCHOOL_ID },
    );
    expect(listed.body.data?.assignments).toContainEqual(
      expect.objectContaining({ loginName: 'teacher', role: 'cms_editor' }),
    );

    expectStatus(await call(admin, E.revokeRole, grant), 200, 'revoke');
    await expectAudit('admin.revoke_role', 'admin', DEMO_SCHOOL_ID);
    expect(JSON.stringify((await tree()).body.data)).not.toContain('cms:editor');

    const list = await call<{ id: string; code: string }[]>(admin, E.resources, {
      unitId: DEMO_SCHOOL_ID,
      code: 'cms',
    });
    expect(list.body.data?.map((r) => r.code)).toContain('cms:editor');
    expectStatus(
      await call(area, E.deleteResource, { unitId: DEMO_AREA_ID, id: saved.body.data!.id }),
      200,
      'delete',
    );
    await expectAudit('admin.delete_resource', 'area', DEMO_AREA_ID);
  });

  it('refuses bad menus and roles with bilingual field errors', async () => {
    const bad = await call(area, E.saveResource, {
      unitId: DEMO_AREA_ID,
      ...resourceBody(),
      code: 'cms:notice:list',
      resourceType: 7,
      menuRoute: '/../admin',
      userTypes: [9],
      roles: ['no spaces'],
      parentId: 'nope',
    });
    for (const name of ['code', 'resourceType', 'menuRoute', 'userTypes', 'roles', 'parentId']) {
      expectBad(bad, name);
    }
    expectBad(
      await call(area, E.deleteResource, { unitId: DEMO_AREA_ID, id: 'demo-res-cms-notice' }),
      'id',
    );
    const adminId = await userIdOf(server, 'admin');
    const parentId = await userIdOf(server, 'parent');
    expectBad(
      await call(admin, E.grantRole, {
        unitId: DEMO_SCHOOL_ID,
        userId: await userIdOf(server, 'area'),
        appCode: 'cms',
        role: 'r',
      }),
      'userId',
      'a user of another unit',
    );
    expectBad(
      await call(admin, E.grantRole, {
        unitId: DEMO_SCHOOL_ID,
        userId: parentId,
        appCode: 'base',
        role: 'XX_SYS_',
      }),
      'userId',
      'a parent as administrator',
    );
    expectBad(
      await call(admin, E.grantRole, {
        unitId: DEMO_SCHOOL_ID,
        userId: adminId,
        appCode: 'nope',
        role: 'a b',
      }),
      'role',
    );
    expectBad(
      await call(admin, E.revokeRole, {
        unitId: DEMO_SCHOOL_ID,
        userId: adminId,
        appCode: 'base',
        role: 'XX_SYS_',
      }),
      'role',
      'own admin role',
    );
  });

  it("answers and sets the unit's licences (the CLI's rule)", async () => {
    const listed = await call<{
      editable: boolean;
      licences: { appCode: string; valid: boolean }[];
    }>(admin, E.licences, { unitId: DEMO_SCHOOL_ID });
    expectStatus(listed, 200, 'licences');
    expect(listed.body.data?.editable).toBe(false);
    expect(listed.body.data?.licences.find((l) => l.appCode === 'cms')?.valid).toBe(true);

    const set = await call<{ endTime: number; previousEndTime: number | null }>(
      area,
      E.setLicence,
      {
        unitId: DEMO_SCHOOL_ID,
        appCode: 'cms',
        until: 'expired',
      },
    );
    expectStatus(set, 200, 'set');
    expect(set.body.data?.previousEndTime).toEqual(expect.any(Number));
    await expectAudit('admin.set_licence', 'area', DEMO_SCHOOL_ID);
    const after = await call<{ licences: { appCode: string; valid: boolean }[] }>(
      admin,
      E.licences,
      {
        unitId: DEMO_SCHOOL_ID,
      },
    );
    expect(after.body.data?.licences.find((l) => l.appCode === 'cms')?.valid).toBe(false);
    await call(area, E.setLicence, { unitId: DEMO_SCHOOL_ID, appCode: 'cms', until: '2099-12-31' });

    const bad = await call(area, E.setLicence, {
      unitId: DEMO_SCHOOL_ID,
      appCode: 'nope',
      until: '2026-02-30',
    });
    expectBad(bad, 'appCode');
    expectBad(bad, 'until');
  });
});

// ---------------------------------------------------------------------------------------------
// Themes

describe("the unit's themes", () => {
  it("replaces the unit's theme list, keeping the rest of its login page decoration", async () => {
    const before = await call<{ themeList: { name: string }[] }>(admin, E.themes, {
      unitId: DEMO_SCHOOL_ID,
    });
    expect(before.body.data?.themeList.length).toBeGreaterThan(0);
    const themeList = [{ name: '校园绿', enName: 'Campus Green', color: '#2bae85' }];
    const reply = await call<{ themeList: { color: string }[] }>(admin, E.setThemes, {
      unitId: DEMO_SCHOOL_ID,
      themeList,
    });
    expectStatus(reply, 200, 'themes');
    expect(reply.body.data?.themeList[0]?.color).toBe('#2BAE85');
    await expectAudit('admin.set_unit_themes', 'admin', DEMO_SCHOOL_ID);
    const config = await anonymous.get<{ decorationSet: string }>(
      `/api/uaa/oauth/login/unit_config?unitId=${DEMO_SCHOOL_ID}`,
    );
    const decoration = JSON.parse(config.body.data?.decorationSet ?? '{}') as {
      themeList: unknown[];
      footerMsg?: { copyright?: string };
    };
    expect(decoration.themeList).toEqual([
      { name: '校园绿', enName: 'Campus Green', color: '#2BAE85' },
    ]);
    expect(decoration.footerMsg?.copyright).toContain('Sunshine');

    const bad = await call(admin, E.setThemes, {
      unitId: DEMO_SCHOOL_ID,
      themeList: [
        { name: 'a', color: 'url(x)' },
        { name: 'a', color: '#fff' },
      ],
    });
    expectBad(bad, 'themeList.0.color');
    expectBad(bad, 'themeList');
  });

  it('pushes a theme to every user of the unit', async () => {
    const reply = await call<{ users: number; theme: string }>(admin, E.pushTheme, {
      unitId: DEMO_SCHOOL_ID,
      theme: 'lotus',
    });
    expectStatus(reply, 200, 'push');
    expect(reply.body.data?.users).toBeGreaterThan(3);
    await expectAudit('admin.push_theme', 'admin', DEMO_SCHOOL_ID);
    const colour = await teacher.get<{ theme: string }>('/api/base/my_desktop/color');
    expect(colour.body.data?.theme).toBe('lotus');
    expectBad(await call(admin, E.pushTheme, { unitId: DEMO_SCHOOL_ID, theme: 'url(x)' }), 'theme');
  });
});

// ---------------------------------------------------------------------------------------------
// OAuth clients and versions

describe('OAuth clients and version records', () => {
  it('registers a confidential client with its secret shown once, edits, rotates and removes it', async () => {
    const created = await call<{ client: { confidential: boolean }; secret: string | null }>(
      area,
      E.createOAuthClient,
      {
        unitId: DEMO_AREA_ID,
        clientId: 'library-app',
        name: 'Library',
        redirectUris: ['https://library.example/callback'],
        confidential: true,
      },
    );
    expectStatus(created, 200, 'create');
    expect(created.body.data?.client.confidential).toBe(true);
    const secret = created.body.data?.secret ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const audit = await expectAudit('admin.create_oauth_client', 'area', DEMO_AREA_ID);
    expect(JSON.stringify(audit.detail)).not.toContain(secret);

    const list = await call<{ clientId: string }[]>(area, E.oauthClients, { unitId: DEMO_AREA_ID });
    expect(JSON.stringify(list.body.data)).not.toContain(secret);
    expect(list.body.data?.map((c) => c.clientId)).toEqual(
      expect.arrayContaining(['demo-client', 'library-app']),
    );

    const updated = await call<{ redirectUris: string[] }>(area, E.updateOAuthClient, {
      unitId: DEMO_AREA_ID,
      clientId: 'library-app',
      name: 'Library 2',
      redirectUris: ['https://library.example/cb', 'http://127.0.0.1:9000/cb'],
    });
    expect(updated.body.data?.redirectUris).toHaveLength(2);
    await expectAudit('admin.update_oauth_client', 'area', DEMO_AREA_ID);

    const rotated = await call<{ secret: string }>(area, E.rotateOAuthSecret, {
      unitId: DEMO_AREA_ID,
      clientId: 'library-app',
    });
    expect(rotated.body.data?.secret).not.toBe(secret);
    const row = await server.app.services.database.db
      .selectFrom('oauth_clients')
      .select('client_secret')
      .where('client_id', '=', 'library-app')
      .executeTakeFirstOrThrow();
    expect(row.client_secret).toBe(rotated.body.data?.secret);
    await expectAudit('admin.rotate_oauth_secret', 'area', DEMO_AREA_ID);

    expectStatus(
      await call(area, E.deleteOAuthClient, { unitId: DEMO_AREA_ID, clientId: 'library-app' }),
      200,
      'delete',
    );
    await expectAudit('admin.delete_oauth_client', 'area', DEMO_AREA_ID);
    expectStatus(
      await call(area, E.rotateOAuthSecret, { unitId: DEMO_AREA_ID, clientId: 'library-app' }),
      404,
      'gone',
    );
  });

  it('refuses bad clients with bilingual field errors', async () => {
    const bad = await call(area, E.createOAuthClient, {
      unitId: DEMO_AREA_ID,
      clientId: '-bad id',
      name: ' ',
      redirectUris: ['javascript:alert(1)', 'https://x.example/cb#frag'],
      confidential: false,
    });
    expectBad(bad, 'clientId');
    expectBad(bad, 'name');
    expectBad(bad, 'redirectUris');
    expectBad(
      await call(area, E.createOAuthClient, {
        unitId: DEMO_AREA_ID,
        clientId: 'demo-client',
        name: 'Again',
        redirectUris: ['https://x.example/cb'],
        confidential: false,
      }),
      'clientId',
      'taken',
    );
    expectBad(
      await call(area, E.updateOAuthClient, {
        unitId: DEMO_AREA_ID,
        clientId: 'demo-client',
        name: 'Demo',
        redirectUris: ['https://user:pw@x.example/cb'],
      }),
      'redirectUris',
    );
  });

  it("sets an app's server version and release notes", async () => {
    const set = await call<{ server: { serverVersion: string } }>(area, E.setServerVersion, {
      unitId: DEMO_AREA_ID,
      appCode: 'cms',
      serverVersion: '2.0.0',
      webCodeVersion: '1.2.0',
      date: '2026-12-01',
    });
    expectStatus(set, 200, 'server');
    await expectAudit('admin.set_server_version', 'area', DEMO_AREA_ID);
    const versions = await teacher.get<{ serverVersion: string }>(
      '/api/cms/nl/cms_package_versions',
    );
    expect(versions.body.data?.serverVersion).toBe('2.0.0');

    const saved = await call<{ releases: { id: string; version: string }[] }>(area, E.saveRelease, {
      unitId: DEMO_AREA_ID,
      appCode: 'cms',
      version: '2.0.0',
      date: '2026-12-01',
      metto: [{ cn: '新的通知统计', en: 'New notice statistics' }],
    });
    expectStatus(saved, 200, 'release');
    await expectAudit('admin.save_release', 'area', DEMO_AREA_ID);
    const release = saved.body.data?.releases.find((r) => r.version === '2.0.0');
    expect(release).toBeDefined();
    const read = await call<{ releases: unknown[] }>(admin, E.versions, {
      unitId: DEMO_SCHOOL_ID,
      code: 'cms',
    });
    expect(read.body.data?.releases).toContainEqual(expect.objectContaining({ version: '2.0.0' }));
    expectStatus(
      await call(area, E.deleteRelease, { unitId: DEMO_AREA_ID, id: release!.id }),
      200,
      'delete',
    );
    await expectAudit('admin.delete_release', 'area', DEMO_AREA_ID);

    const bad = await call(area, E.setServerVersion, {
      unitId: DEMO_AREA_ID,
      appCode: 'cms',
      serverVersion: 'v2',
      webCodeVersion: '1.2.0',
      date: '2026-13-01',
    });
    expectBad(bad, 'serverVersion');
    expectBad(bad, 'date');
    expectBad(
      await call(area, E.saveRelease, {
        unitId: DEMO_AREA_ID,
        appCode: 'cms',
        version: 'x',
        date: '2026-01-01',
        metto: [],
      }),
      'version',
    );
    expectStatus(
      await call(area, E.deleteRelease, { unitId: DEMO_AREA_ID, id: 'nope' }),
      404,
      'unknown',
    );
  });
});
