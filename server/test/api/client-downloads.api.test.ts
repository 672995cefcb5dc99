/**
 * The desktop client's downloads (spec §2 Other dialogs: the download-client dialog; issue 10
 * §4): what CLIENT_DOWNLOADS_DIR holds is listed with the files' sizes, and served under the
 * fixed names only; a unit's own address (admin CLI `set-client-url`) wins over the file for
 * that unit. No session, nothing configured, bad names and traversal attempts, per-unit
 * addresses and the CLI's refusals, success.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CLIENT_PACKAGE_FILES,
  clientDownloadEndpoints,
  clientDownloadUrl,
  type ClientDownloads,
} from '@campus/contracts/client-downloads';
import { createAdminService } from '../../src/cli/admin-service.ts';
import { toEnvelope } from '../../src/core/error-handler.ts';
import { DEMO_AREA_ID, DEMO_SCHOOL_ID } from '../../src/db/seed/demo-school.ts';
import {
  DEMO,
  signIn,
  startTestServer,
  type TestClient,
  type TestServer,
} from './helpers/test-server.ts';

let server: TestServer;
let teacher: TestClient;
let parent: TestClient;
let dir: string;

const LIST = clientDownloadEndpoints.clientDownloads.path;
const INSTALLER = Buffer.from('MZ installer bytes, not a real program');
const PORTABLE = Buffer.alloc(3 * 1024 * 1024 + 17, 7);

beforeAll(async () => {
  server = await startTestServer();
  // The server's default CLIENT_DOWNLOADS_DIR (config.ts): DATA_DIR/downloads.
  dir = path.join(server.shared.dataDir, 'downloads');
  teacher = server.client();
  parent = server.client();
  await signIn(teacher, DEMO.teacher);
  await signIn(parent, DEMO.parent);
});
afterAll(async () => server.close());
beforeEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function put(name: string, content: Buffer | string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), content);
}

describe(`GET ${LIST} on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get(LIST)).body.status).toBe(401);
  });

  it('lists nothing when no package is configured (no folder, or an empty one)', async () => {
    expect((await teacher.get<ClientDownloads>(LIST)).body).toMatchObject({
      status: 200,
      data: { packages: [], version: null },
    });
    fs.mkdirSync(dir, { recursive: true });
    put('README.txt', 'not a package');
    put('version.txt', '1.6.0');
    expect((await teacher.get<ClientDownloads>(LIST)).body.data).toEqual({
      packages: [],
      version: null,
    });
  });

  it('lists the packages there with the sizes read from the files, for every user type', async () => {
    put(CLIENT_PACKAGE_FILES.installer, INSTALLER);
    put(CLIENT_PACKAGE_FILES.portable, PORTABLE);
    put('version.txt', ' 1.6.2\n');
    const expected = {
      packages: [
        {
          kind: 'installer',
          href: clientDownloadUrl('installer'),
          fileName: CLIENT_PACKAGE_FILES.installer,
          size: INSTALLER.length,
        },
        {
          kind: 'portable',
          href: clientDownloadUrl('portable'),
          fileName: CLIENT_PACKAGE_FILES.portable,
          size: PORTABLE.length,
        },
      ],
      version: '1.6.2',
    };
    expect((await teacher.get<ClientDownloads>(LIST)).body).toEqual({
      status: 200,
      data: expected,
    });
    expect((await parent.get<ClientDownloads>(LIST)).body.data).toEqual(expected);
  });

  it('lists only the package that is there, and reads the folder at request time', async () => {
    put(CLIENT_PACKAGE_FILES.portable, 'zip');
    let data = (await teacher.get<ClientDownloads>(LIST)).body.data;
    expect(data?.packages.map((p) => p.kind)).toEqual(['portable']);
    put(CLIENT_PACKAGE_FILES.installer, 'exe');
    data = (await teacher.get<ClientDownloads>(LIST)).body.data;
    expect(data?.packages.map((p) => p.kind)).toEqual(['installer', 'portable']);
  });

  it('leaves out a malformed version and a folder named like a package', async () => {
    fs.mkdirSync(path.join(dir, CLIENT_PACKAGE_FILES.installer), { recursive: true });
    put(CLIENT_PACKAGE_FILES.portable, 'zip');
    put('version.txt', '<script>alert(1)</script>');
    expect((await teacher.get<ClientDownloads>(LIST)).body.data).toEqual({
      packages: [expect.objectContaining({ kind: 'portable', size: 3 })],
      version: null,
    });
  });
});

describe(`GET ${clientDownloadEndpoints.clientDownload.path} on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('serves a package as an attachment with its size, without a session', async () => {
    put(CLIENT_PACKAGE_FILES.portable, PORTABLE);
    const response = await fetch(`${server.baseUrl}${clientDownloadUrl('portable')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${CLIENT_PACKAGE_FILES.portable}"`,
    );
    expect(response.headers.get('content-length')).toBe(String(PORTABLE.length));
    expect(Buffer.from(await response.arrayBuffer()).equals(PORTABLE)).toBe(true);
  });

  it('answers 404 when the package is not there: the envelope for a script, a page for a browser', async () => {
    const script = await server.client().get(clientDownloadUrl('installer'));
    expect(script.http).toBe(404);
    expect(script.body.status).toBe(404);
    const browser = await fetch(`${server.baseUrl}${clientDownloadUrl('installer')}`, {
      headers: { accept: 'text/html' },
    });
    expect(browser.status).toBe(404);
    expect(browser.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('takes no other file name: other files, traversal, encoded separators, control characters', async () => {
    put(CLIENT_PACKAGE_FILES.installer, INSTALLER);
    put('version.txt', '1.6.0');
    fs.writeFileSync(path.join(server.shared.dataDir, 'secret.txt'), 'secret');
    for (const name of [
      'version.txt',
      '..%2Fsecret.txt',
      '%2E%2E%2Fsecret.txt',
      '..%5Csecret.txt',
      `${CLIENT_PACKAGE_FILES.installer}%00`,
      'campusdesktop-setup-x64.exe',
    ]) {
      const reply = await server.client().get(`/downloads/${name}`);
      // The envelope (a file's bytes would not parse), refusing the name or finding nothing.
      expect([400, 404], name).toContain(reply.body.status);
      expect(reply.http, name).toBeLessThan(500);
      expect(reply.body.message ?? '', name).not.toContain('secret');
    }
    // A `..` the URL parser resolves lands outside /downloads/, on no package.
    const walked = await fetch(`${server.baseUrl}/downloads/../secret.txt`);
    expect(await walked.text()).not.toBe('secret');
  });
});

describe(`a unit's own download addresses on ${process.env.API_DB ?? 'sqlite'}`, () => {
  const INSTALLER_URL = 'https://dl.example.edu/campus/CampusDesktop-Setup-x64.exe';
  const PORTABLE_URL = 'http://10.0.0.5:8080/client/portable.zip?v=1.6.2';
  const adminService = () => createAdminService(server.app.services.database.db);
  const setUrl = (unitId: string, kind: 'installer' | 'portable', url: string) =>
    adminService().setClientUrl({ unitId, kind, url });
  let area: TestClient;

  beforeAll(async () => {
    area = server.client();
    await signIn(area, DEMO.area);
  });
  afterEach(async () => {
    for (const unitId of [DEMO_SCHOOL_ID, DEMO_AREA_ID]) {
      await setUrl(unitId, 'installer', 'none');
      await setUrl(unitId, 'portable', 'none');
    }
  });

  it('answers a configured address with its url and no size; the folder stays empty', async () => {
    await setUrl(DEMO_SCHOOL_ID, 'installer', INSTALLER_URL);
    expect((await teacher.get<ClientDownloads>(LIST)).body).toEqual({
      status: 200,
      data: { packages: [{ kind: 'installer', url: INSTALLER_URL }], version: null },
    });
    await setUrl(DEMO_SCHOOL_ID, 'portable', PORTABLE_URL);
    expect((await parent.get<ClientDownloads>(LIST)).body.data).toEqual({
      packages: [
        { kind: 'installer', url: INSTALLER_URL },
        { kind: 'portable', url: PORTABLE_URL },
      ],
      version: null,
    });
  });

  it("the unit's address wins over the folder's file; the other package stays the file", async () => {
    put(CLIENT_PACKAGE_FILES.installer, INSTALLER);
    put(CLIENT_PACKAGE_FILES.portable, PORTABLE);
    put('version.txt', '1.6.2');
    await setUrl(DEMO_SCHOOL_ID, 'installer', INSTALLER_URL);
    expect((await teacher.get<ClientDownloads>(LIST)).body.data).toEqual({
      packages: [
        { kind: 'installer', url: INSTALLER_URL },
        {
          kind: 'portable',
          href: clientDownloadUrl('portable'),
          fileName: CLIENT_PACKAGE_FILES.portable,
          size: PORTABLE.length,
        },
      ],
      version: '1.6.2',
    });
    // Both given: no file of the folder is offered, so neither is its version.
    await setUrl(DEMO_SCHOOL_ID, 'portable', PORTABLE_URL);
    expect((await teacher.get<ClientDownloads>(LIST)).body.data).toEqual({
      packages: [
        { kind: 'installer', url: INSTALLER_URL },
        { kind: 'portable', url: PORTABLE_URL },
      ],
      version: null,
    });
    // Removed: the file again.
    await setUrl(DEMO_SCHOOL_ID, 'installer', 'none');
    const data = (await teacher.get<ClientDownloads>(LIST)).body.data;
    expect(data?.packages[0]).toEqual({
      kind: 'installer',
      href: clientDownloadUrl('installer'),
      fileName: CLIENT_PACKAGE_FILES.installer,
      size: INSTALLER.length,
    });
  });

  it("another unit is not affected by one unit's addresses", async () => {
    put(CLIENT_PACKAGE_FILES.installer, INSTALLER);
    await setUrl(DEMO_SCHOOL_ID, 'installer', INSTALLER_URL);
    await setUrl(DEMO_SCHOOL_ID, 'portable', PORTABLE_URL);
    expect((await area.get<ClientDownloads>(LIST)).body.data).toEqual({
      packages: [
        {
          kind: 'installer',
          href: clientDownloadUrl('installer'),
          fileName: CLIENT_PACKAGE_FILES.installer,
          size: INSTALLER.length,
        },
      ],
      version: null,
    });
    await setUrl(DEMO_AREA_ID, 'portable', 'https://area.example.gov/portable.zip');
    expect((await area.get<ClientDownloads>(LIST)).body.data?.packages).toEqual([
      expect.objectContaining({ kind: 'installer', size: INSTALLER.length }),
      { kind: 'portable', url: 'https://area.example.gov/portable.zip' },
    ]);
    expect((await teacher.get<ClientDownloads>(LIST)).body.data?.packages).toEqual([
      { kind: 'installer', url: INSTALLER_URL },
      { kind: 'portable', url: PORTABLE_URL },
    ]);
  });

  it('never answers an address the rule refuses, even one written around the CLI', async () => {
    put(CLIENT_PACKAGE_FILES.installer, INSTALLER);
    await server.app.services.database.db
      .insertInto('unit_desktop_settings')
      .values({
        unit_id: DEMO_SCHOOL_ID,
        message_pc_open: 0,
        sso_login_url: null,
        client_installer_url: 'javascript:alert(1)',
        client_portable_url: '/relative/portable.zip',
        updated_at: Date.now(),
      })
      .onConflict((oc) =>
        oc.column('unit_id').doUpdateSet({
          client_installer_url: 'javascript:alert(1)',
          client_portable_url: '/relative/portable.zip',
        }),
      )
      .execute();
    expect((await teacher.get<ClientDownloads>(LIST)).body.data?.packages).toEqual([
      expect.objectContaining({ kind: 'installer', href: clientDownloadUrl('installer') }),
    ]);
  });

  it('the admin CLI refuses a javascript: or relative address with a bilingual message, changing nothing', async () => {
    await setUrl(DEMO_SCHOOL_ID, 'installer', INSTALLER_URL);
    const refusal = await setUrl(DEMO_SCHOOL_ID, 'installer', 'javascript:alert(1)').then(
      () => undefined,
      (error: Error) => toEnvelope(error).body,
    );
    const message =
      '下载地址须为以 http:// 或 https:// 开头的完整网址（不接受 javascript: 或相对路径），或 none 表示不设置|||' +
      'The download address must be a full URL starting with http:// or https:// (not javascript: nor a relative path), or "none"';
    expect(refusal).toEqual({
      status: 400,
      code: 'validation_failed',
      message,
      fieldErrors: [{ field: 'url', message }],
    });
    await expect(setUrl(DEMO_SCHOOL_ID, 'portable', '/downloads/portable.zip')).rejects.toThrow(
      /The download address must be a full URL/,
    );

    // The CLI itself, on this server's database: exit code 1, the reason in both languages.
    const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
    const cli = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(
        path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
        [
          'server/src/cli/main.ts',
          'set-client-url',
          '--unit',
          DEMO_SCHOOL_ID,
          '--package',
          'installer',
          '--url',
          'javascript:alert(1)',
        ],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            DATA_DIR: server.shared.dataDir,
            DATABASE_URL: server.shared.databaseUrl ?? '',
            REDIS_URL: '',
          },
        },
      );
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('close', (code) => resolve({ code, out }));
    });
    expect(cli.code).toBe(1);
    expect(cli.out).toMatch(/^Error: The download address must be a full URL .+ \(下载地址.+\)$/m);

    expect((await teacher.get<ClientDownloads>(LIST)).body.data?.packages).toEqual([
      { kind: 'installer', url: INSTALLER_URL },
    ]);
    const audit = await server.app.services.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'admin.set_client_url')
      .where('unit_id', '=', DEMO_SCHOOL_ID)
      .execute();
    // The set of this test and the clean-ups of the ones before it; no refusal is recorded.
    expect(
      audit.map((e) => JSON.parse(e.detail ?? '{}') as { url: string | null }),
    ).not.toContainEqual(expect.objectContaining({ url: 'javascript:alert(1)' }));
  }, 60_000);
});
