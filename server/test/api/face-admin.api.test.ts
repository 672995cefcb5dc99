/**
 * The console's face administration (issue 14 §2 Clock-in, Rights, Privacy; DESIGN.md §9, §10)
 * on real photos (server/test/fixtures/faces): who may call it, the enrolments list, deleting a
 * user's face data (the photo and the descriptor: face sign-in then fails), the attendance, its
 * .xlsx, and bulk enrolment from a .zip. Few photos on purpose: each costs ~0.4 s to analyse.
 */
import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@campus/contracts/endpoint';
import {
  faceAdminEndpoints as A,
  faceEndpoints as F,
  type FaceAttendancePage,
  type FaceBulkResult,
  type FaceClocking,
  type FaceDeletion,
  type FaceEnrolledPage,
  type FaceRecord,
} from '@campus/contracts/face';
import {
  signedInClients,
  startTestServer,
  userIdOf,
  type TestClient,
  type TestServer,
} from './helpers/test-server.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'faces');
const photoBytes = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const photo = (name: string) => photoBytes(name).toString('base64');

/** A .zip as a file manager writes it: deflated entries, a central directory, UTF-8 names. */
function zipOf(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = deflateRawSync(content);
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(1 << 11, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(1 << 11, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function bulkForm(unitId: string, zip: Buffer, name = 'faces.zip'): FormData {
  const form = new FormData();
  form.append('unitId', unitId);
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), name);
  return form;
}

const query = (values: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString()}`;

let server: TestServer;
let clients: Record<'admin' | 'area' | 'teacher', TestClient>;
let schoolId: string;
let areaUnitId: string;
let teacherId: string;
let areaUserId: string;

async function auditCount(action: string): Promise<number> {
  const rows = await server.app.services.database.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', action)
    .execute();
  return rows.length;
}

beforeAll(async () => {
  server = await startTestServer();
  clients = await signedInClients(server, 'admin', 'area', 'teacher');
  teacherId = await userIdOf(server, 'teacher');
  areaUserId = await userIdOf(server, 'area');
  const db = server.app.services.database.db;
  const units = await db
    .selectFrom('users')
    .select(['login_name', 'unit_id'])
    .where('login_name', 'in', ['admin', 'area'])
    .execute();
  schoolId = units.find((u) => u.login_name === 'admin')?.unit_id ?? '';
  areaUnitId = units.find((u) => u.login_name === 'area')?.unit_id ?? '';
}, 120_000);
afterAll(async () => server.close());

describe(`face administration on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('refuses no session (401), a non-admin and an admin of another unit (403), bad input (400)', async () => {
    const anonymous = server.client();
    const enrolled = `${A.enrolled.path}${query({ unitId: schoolId })}`;
    const attendance = `${A.attendance.path}${query({ unitId: schoolId })}`;
    const exported = `${A.exportAttendance.path}${query({ unitId: schoolId })}`;
    const remove = `${endpointPath(A.remove, { userId: teacherId })}${query({ unitId: schoolId })}`;
    expect((await anonymous.get(enrolled)).body.status).toBe(401);
    expect((await anonymous.get(attendance)).body.status).toBe(401);
    expect((await anonymous.get(exported)).body.status).toBe(401);
    expect((await anonymous.request('DELETE', remove, undefined, {})).body.status).toBe(401);
    expect(
      (await anonymous.postMultipart(A.bulkEnrol.path, bulkForm(schoolId, zipOf({})))).body.status,
    ).toBe(401);

    const teacher = clients.teacher;
    expect((await teacher.get(enrolled)).body.status).toBe(403);
    expect((await teacher.get(attendance)).body.status).toBe(403);
    expect((await teacher.get(exported)).body.status).toBe(403);
    expect((await teacher.request('DELETE', remove, undefined, {})).body.status).toBe(403);
    expect(
      (await teacher.postMultipart(A.bulkEnrol.path, bulkForm(schoolId, zipOf({})))).body.status,
    ).toBe(403);

    // The school's admin does not administer the area above it.
    const admin = clients.admin;
    const outside = await admin.get(`${A.enrolled.path}${query({ unitId: areaUnitId })}`);
    expect(outside.body.status).toBe(403);
    expect(outside.body.message).toMatch(/不属于您的单位|outside your own/);
    expect(
      (await admin.get(`${A.attendance.path}${query({ unitId: areaUnitId })}`)).body.status,
    ).toBe(403);
    const foreignBulk = await admin.postMultipart(
      A.bulkEnrol.path,
      bulkForm(areaUnitId, zipOf({ 'area.jpg': photoBytes('m-00.jpg') })),
    );
    expect(foreignBulk.body.status).toBe(403);
    // A user of another unit is not found in this one.
    const foreignUser = await admin.request(
      'DELETE',
      `${endpointPath(A.remove, { userId: areaUserId })}${query({ unitId: schoolId })}`,
      undefined,
      {},
    );
    expect(foreignUser.body.status).toBe(404);

    expect((await admin.get(A.enrolled.path)).body.status).toBe(400);
    expect(
      (await admin.get(`${A.attendance.path}${query({ unitId: schoolId, page: 0 })}`)).body.status,
    ).toBe(400);
    expect(
      (await admin.get(`${A.attendance.path}${query({ unitId: schoolId, size: 1000 })}`)).body
        .status,
    ).toBe(400);
    const notZip = await admin.postMultipart(
      A.bulkEnrol.path,
      bulkForm(schoolId, Buffer.from('not a zip at all'), 'faces.zip'),
    );
    expect(notZip.body.status).toBe(400);
    expect(notZip.body.message).toMatch(/\.zip/);
    const empty = await admin.postMultipart(A.bulkEnrol.path, bulkForm(schoolId, zipOf({})));
    expect(empty.body.status).toBe(400);
    // The area's admin administers the school under it.
    expect((await clients.area.get(enrolled)).body.status).toBe(200);
  });

  it('lists an enrolment and a clock-in, filters the attendance and exports it as .xlsx', async () => {
    const admin = clients.admin;
    const enrol = await admin.postJson(F.check.path, {
      userId: teacherId,
      faceImage: photo('m-00.jpg'),
    });
    expect(enrol.body.status, enrol.body.message).toBe(200);

    const list = await admin.get<FaceEnrolledPage>(
      `${A.enrolled.path}${query({ unitId: schoolId, q: 'TEACH' })}`,
    );
    expect(list.body.status).toBe(200);
    expect(list.body.data?.items).toEqual([
      expect.objectContaining({ userId: teacherId, loginName: 'teacher', userType: 2 }),
    ]);
    expect(list.body.data?.items[0]?.enrolledAt).toBeGreaterThan(0);

    const clock = await server.client().postForm<FaceClocking>(F.clocking.path, {
      faceImage: photo('m-08.jpg'),
      deviceId: 'gate-1',
    });
    expect(clock.body.status, clock.body.message).toBe(200);
    const at = clock.body.data?.clockedAt ?? 0;

    const page = await admin.get<FaceAttendancePage>(
      `${A.attendance.path}${query({ unitId: schoolId, user: 'teacher', device: 'gate-1', from: at, to: at + 1, size: 5 })}`,
    );
    expect(page.body.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 1, page: 1, size: 5 });
    expect(page.body.data?.items[0]).toMatchObject({
      attendanceId: clock.body.data?.attendanceId,
      userId: teacherId,
      loginName: 'teacher',
      clockedAt: at,
      device: 'gate-1',
    });
    const misses: Record<string, string | number>[] = [
      { device: 'gate-2' },
      { from: at + 1 },
      { to: at },
      { user: 'parent' },
    ];
    for (const miss of misses) {
      const none = await admin.get<FaceAttendancePage>(
        `${A.attendance.path}${query({ unitId: schoolId, ...miss })}`,
      );
      expect(none.body.data?.total, JSON.stringify(miss)).toBe(0);
    }

    const exports = await auditCount('face.export_attendance');
    const file = await admin.fetchBytes(
      `${A.exportAttendance.path}${query({ unitId: schoolId, device: 'gate-1', lang: 'en', utcOffset: 480 })}`,
    );
    expect(file.http).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.headers.get('content-disposition')).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    const values = sheet?.getSheetValues().flatMap((row) => (Array.isArray(row) ? row : [])) ?? [];
    expect(values).toEqual(expect.arrayContaining(['Login', 'Device', 'teacher', 'gate-1']));
    const shifted = new Date(at + 480 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(values).toContain(shifted);
    expect(await auditCount('face.export_attendance')).toBe(exports + 1);
  });

  it('deletes a user’s face data: the descriptor and the photo go, face sign-in then fails', async () => {
    const admin = clients.admin;
    const db = server.app.services.database.db;
    const before = await db
      .selectFrom('face_records')
      .innerJoin('files', 'files.id', 'face_records.file_id')
      .select(['files.id as fileId', 'files.sha256 as sha256'])
      .where('face_records.user_id', '=', teacherId)
      .executeTakeFirstOrThrow();

    const url = `${endpointPath(A.remove, { userId: teacherId })}${query({ unitId: schoolId })}`;
    const reply = await admin.request<FaceDeletion>('DELETE', url, undefined, {});
    expect(reply.body).toMatchObject({ status: 200, data: { userId: teacherId, removed: true } });

    expect(
      await db
        .selectFrom('face_records')
        .select('user_id')
        .where('user_id', '=', teacherId)
        .execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('files').select('id').where('id', '=', before.fileId).execute(),
    ).toEqual([]);
    if (!process.env.TEST_FILE_STORE) {
      const blob = path.join(
        server.shared.dataDir,
        'files',
        before.sha256.slice(0, 2),
        before.sha256,
      );
      expect(fs.existsSync(blob)).toBe(false);
    }
    const record = await admin.get<FaceRecord>(`${F.user.path}${query({ userId: teacherId })}`);
    expect(record.body.data).toMatchObject({ faceImage: null, registerTime: null });
    const audit = await db
      .selectFrom('audit_log')
      .select(['user_id', 'unit_id', 'detail'])
      .where('action', '=', 'face.delete')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.unit_id).toBe(schoolId);
    expect(JSON.parse(audit[0]?.detail ?? '{}')).toMatchObject({
      target: teacherId,
      removed: true,
    });

    const login = await server.client().postForm(F.login.path, { faceImage: photo('m-06.jpg') });
    expect(login.body.status).toBe(400);
    expect(login.body.message).toMatch(/未能识别人脸|not recognised/);

    const listed = await admin.get<FaceEnrolledPage>(
      `${A.enrolled.path}${query({ unitId: schoolId })}`,
    );
    expect(listed.body.data?.items.some((i) => i.userId === teacherId)).toBe(false);
    // Twice is harmless.
    const again = await admin.request<FaceDeletion>('DELETE', url, undefined, {});
    expect(again.body.data?.removed).toBe(false);
  });

  it('enrols a .zip of photos named by login, with a result per file', async () => {
    const admin = clients.admin;
    const zip = zipOf({
      'class/parent.jpg': photoBytes('s1-1-a.jpg'),
      'staff.JPG': photoBytes('two-faces.jpg'),
      'parent1.jpg': photoBytes('no-face.jpg'),
      'nobody.jpg': photoBytes('m-00.jpg'),
      'area.jpg': photoBytes('m-00.jpg'),
      'readme.txt': Buffer.from('photos of class 1'),
      '__MACOSX/._parent.jpg': Buffer.from('resource fork'),
    });
    const bulks = await auditCount('face.bulk_enrol');
    const reply = await admin.postMultipart<FaceBulkResult>(
      A.bulkEnrol.path,
      bulkForm(schoolId, zip),
    );
    expect(reply.body.status, reply.body.message).toBe(200);
    const parentId = await userIdOf(server, 'parent');
    expect(reply.body.data).toMatchObject({ total: 6, enrolled: 1 });
    const outcomes = Object.fromEntries(
      (reply.body.data?.files ?? []).map((f) => [f.file, [f.loginName, f.outcome]]),
    );
    expect(outcomes).toEqual({
      'parent.jpg': ['parent', 'enrolled'],
      'staff.JPG': ['staff', 'several-faces'],
      'parent1.jpg': ['parent1', 'no-face'],
      'nobody.jpg': ['nobody', 'unknown-login'],
      'area.jpg': ['area', 'outside-unit'],
      'readme.txt': ['readme', 'not-a-photo'],
    });
    const record = await server.app.services.database.db
      .selectFrom('face_records')
      .select(['unit_id', 'enrolled_by'])
      .where('user_id', '=', parentId)
      .executeTakeFirst();
    expect(record).toEqual({ unit_id: schoolId, enrolled_by: await userIdOf(server, 'admin') });
    expect(await auditCount('face.bulk_enrol')).toBe(bulks + 1);
    // The enrolled parent is recognised from the other crop of her photo.
    const clock = await server
      .client()
      .postForm<FaceClocking>(F.clocking.path, { faceImage: photo('s1-1-b.jpg') });
    expect(clock.body.data?.userId).toBe(parentId);

    // Re-enrolment keeps only the new photo: the previous one leaves the file store.
    const db = server.app.services.database.db;
    const fileOf = async () =>
      (
        await db
          .selectFrom('face_records')
          .select('file_id')
          .where('user_id', '=', parentId)
          .executeTakeFirstOrThrow()
      ).file_id;
    const first = await fileOf();
    const again = await admin.postJson(F.check.path, {
      userId: parentId,
      faceImage: photo('s1-1-b.jpg'),
    });
    expect(again.body.status, again.body.message).toBe(200);
    expect(await fileOf()).not.toBe(first);
    expect(await db.selectFrom('files').select('id').where('id', '=', first).execute()).toEqual([]);
  });
});
