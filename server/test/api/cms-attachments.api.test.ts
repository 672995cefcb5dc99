/**
 * A notice's attachments (issue 11 §4, DESIGN.md §7 "whoever the owning feature grants"): the
 * teacher uploads a file and publishes it with a notice; parents of the addressed class download
 * it, parents of other classes and other units' users cannot, and no one can attach a file they
 * did not upload. Over HTTP on a fresh database (SQLite, or PostgreSQL with API_DB=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsEndpoints } from '@campus/contracts/cms';
import type { MyNotices, NoticeList, NoticeSummary } from '@campus/contracts/cms';
import { uploadEndpoints, type FileDescriptor } from '@campus/contracts/storage';
import {
  signedInClients,
  startTestServer,
  type TestClient,
  type TestServer,
} from './helpers/test-server.ts';

let server: TestServer;
let teacher: TestClient;
let staff: TestClient;
let parent: TestClient;
let parent1: TestClient;
let area: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ teacher, staff, parent, parent1, area } = await signedInClients(
    server,
    'teacher',
    'staff',
    'parent',
    'parent1',
    'area',
  ));
});
afterAll(async () => server.close());

/** A simple upload (spec §7 `/zuul/api/storage/upload`) answering the descriptor. */
async function upload(client: TestClient, name: string, text: string): Promise<FileDescriptor> {
  const form = new FormData();
  form.append('serverid', 'base');
  form.append('file', new Blob([text]), name);
  const reply = await client.postMultipart<FileDescriptor>(uploadEndpoints.simpleUpload.path, form);
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!;
}

/** Form-encoded like the SDK (qs with allowDots: `fileIds[0]=…`). */
function publishForm(title: string, fileIds: string[], audience: Record<string, string>) {
  const body: Record<string, string> = { title, content: 'See the attachment.', ...audience };
  fileIds.forEach((id, index) => (body[`fileIds[${index}]`] = id));
  return body;
}

describe('notice attachments', () => {
  let sheet: FileDescriptor;
  let photo: FileDescriptor;
  let notice: NoticeSummary;

  beforeAll(async () => {
    sheet = await upload(teacher, 'timetable 课程表.csv', 'Mon,Math\nTue,Art\n');
    photo = await upload(teacher, 'class.png', '\x89PNG not really');
    const reply = await teacher.postForm<NoticeSummary>(
      cmsEndpoints.publish.path,
      publishForm('Timetable', [sheet.fileId, photo.fileId], {
        gradeName: 'Grade 3',
        className: 'Class 2',
      }),
    );
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(200);
    notice = reply.body.data!;
  });

  it('publishes with the files in the order given, answering their descriptors', () => {
    expect(notice.attachments.map((a) => a.fileId)).toEqual([sheet.fileId, photo.fileId]);
    expect(notice.attachments[0]).toMatchObject({ name: 'timetable 课程表.csv', md5: sheet.md5 });
  });

  it("lists them on the unit's notices for staff", async () => {
    const reply = await staff.get<NoticeList>(`${cmsEndpoints.list.path}?size=100`);
    const listed = reply.body.data!.list.find((n) => n.id === notice.id);
    expect(listed?.attachments.map((a) => a.url)).toEqual([sheet.url, photo.url]);
  });

  it('shows them to a parent of the addressed class, who downloads the bytes', async () => {
    const mine = await parent.get<MyNotices>(`${cmsEndpoints.mine.path}?size=100`);
    const seen = mine.body.data!.list.find((n) => n.id === notice.id);
    expect(seen?.attachments.map((a) => a.fileId)).toEqual([sheet.fileId, photo.fileId]);
    const download = await parent.fetchBytes(sheet.url);
    expect(download.http).toBe(200);
    expect(download.bytes.toString()).toBe('Mon,Math\nTue,Art\n');
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''timetable");
  });

  it("lets staff of the notice's unit download, but not a parent of another class nor another unit", async () => {
    expect((await staff.fetchBytes(sheet.url)).http).toBe(200);
    for (const outsider of [parent1, area]) {
      // DESIGN.md §4: refusals answer the envelope's status, never the bytes.
      const reply = await outsider.get<null>(sheet.url);
      expect(reply.body.status).toBe(403);
      expect(reply.headers.get('content-disposition')).toBeNull();
    }
  });

  it('refuses to attach a file the publisher did not upload, and keeps nothing', async () => {
    const others = await upload(staff, 'staff-only.pdf', 'secret');
    const reply = await teacher.postForm<NoticeSummary>(
      cmsEndpoints.publish.path,
      publishForm('Borrowed', [others.fileId], {}),
    );
    expect(reply.body.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('fileIds');
    const listed = await staff.get<NoticeList>(`${cmsEndpoints.list.path}?size=100`);
    expect(listed.body.data!.list.some((n) => n.title === 'Borrowed')).toBe(false);
    expect((await parent.get<null>(others.url)).body.status).toBe(403);
  });

  it('refuses more than 10 files and a repeated file (bad input)', async () => {
    const ids = Array.from({ length: 11 }, (_, i) => `f-${i}`);
    const tooMany = await teacher.postForm(cmsEndpoints.publish.path, publishForm('Many', ids, {}));
    expect(tooMany.body.status).toBe(400);
    const twice = await teacher.postForm(
      cmsEndpoints.publish.path,
      publishForm('Twice', [sheet.fileId, sheet.fileId], {}),
    );
    expect(twice.body.status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const reply = await server.client().get<null>(sheet.url);
    expect(reply.body.status).toBe(401);
  });
});
