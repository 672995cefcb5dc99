/**
 * The desktop client's downloads (spec §2 Other dialogs: the download-client dialog; issue 10
 * §4): what CLIENT_DOWNLOADS_DIR holds is listed with the files' sizes, and served under the
 * fixed names only. No session, nothing configured, bad names and traversal attempts, success.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CLIENT_PACKAGE_FILES,
  clientDownloadEndpoints,
  clientDownloadUrl,
  type ClientDownloads,
} from '@campus/contracts/client-downloads';
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
