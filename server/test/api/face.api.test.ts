/**
 * Face enrolment, the face record, face sign-in and clock-in (spec §7; DESIGN.md §9; issue 14)
 * with the real models on real photos (server/test/fixtures/faces, made by make-faces.ts from
 * photos shipped in npm packages): `m-*` are one man in different photos, `sN-K-a/b` two crops
 * of one woman's face in a group photo, each woman in one photo only.
 *
 * Two servers: the main one with the shipped settings (liveness on), and one whose liveness
 * threshold no real photo reaches, to count refusals towards the account lockout and the
 * address's limit. Each loads the models once, on its first photo.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_IMAGE_MAX_BYTES, type FaceClocking, type FaceRecord } from '@campus/contracts/face';
import { DEMO, signIn, startTestServer, userIdOf, type TestServer } from './helpers/test-server.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'faces');
const photo = (name: string) => fs.readFileSync(path.join(FIXTURES, name)).toString('base64');

const LOGIN = '/api/uaa/oauth/login/face';
const CLOCKING = '/api/uaa/login/face/clocking';
const CHECK = '/api/uaa/face/check';
const RECORD = '/api/uaa/face/user';

let server: TestServer;
let teacherId: string;
let parentId: string;
let areaId: string;

beforeAll(async () => {
  server = await startTestServer();
  teacherId = await userIdOf(server, 'teacher');
  parentId = await userIdOf(server, 'parent');
  areaId = await userIdOf(server, 'area');
}, 120_000);
afterAll(async () => server.close());

async function as(account: { username: string; password: string }) {
  const client = server.client();
  await signIn(client, account);
  return client;
}

describe(`face enrolment and record on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers 401 without a session', async () => {
    const client = server.client();
    expect(
      (await client.postForm(CHECK, { userId: teacherId, faceImage: photo('m-00.jpg') })).body
        .status,
    ).toBe(401);
    expect((await client.get(`${RECORD}?userId=${teacherId}`)).body.status).toBe(401);
  });

  it('enrols one’s own face: the photo in the file store, the record answered by face/user', async () => {
    const teacher = await as(DEMO.teacher);
    const before = await teacher.get<FaceRecord>(RECORD);
    expect(before.body).toMatchObject({
      status: 200,
      data: { faceImage: null, registerTime: null, userId: teacherId },
    });

    const reply = await teacher.postForm<{ userId: string; registerTime: number }>(CHECK, {
      userId: teacherId,
      faceImage: `data:image/jpeg;base64,${photo('m-00.jpg')}`,
      noIntercept: true,
    });
    expect(reply.body.status, reply.body.message).toBe(200);
    expect(reply.body.data?.userId).toBe(teacherId);

    const record = await teacher.get<FaceRecord>(`${RECORD}?userId=${teacherId}`);
    expect(record.body.data?.registerTime).toBe(reply.body.data?.registerTime);
    const stored = Buffer.from(record.body.data?.faceImage ?? '', 'base64');
    // Re-encoded as JPEG: the same picture, none of the upload's metadata.
    expect([...stored.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const audit = await server.app.services.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'face.enrol')
      .where('user_id', '=', teacherId)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('lets a unit admin enrol and read a user of the unit (JSON body too)', async () => {
    const admin = await as(DEMO.admin);
    const reply = await admin.postJson(CHECK, { userId: parentId, faceImage: photo('s1-1-a.jpg') });
    expect(reply.body.status, reply.body.message).toBe(200);
    const record = await admin.get<FaceRecord>(`${RECORD}?userId=${parentId}`);
    expect(record.body.data?.faceImage).toBeTruthy();
    // The area's admin administers the school under it.
    const area = await as(DEMO.area);
    expect((await area.get<FaceRecord>(`${RECORD}?userId=${teacherId}`)).body.status).toBe(200);
  });

  it('refuses another user’s face to a non-admin and to an admin of another unit (403)', async () => {
    const parent = await as(DEMO.parent);
    const enrol = await parent.postForm(CHECK, {
      userId: teacherId,
      faceImage: photo('s2-3-a.jpg'),
    });
    expect(enrol.body.status).toBe(403);
    expect((await parent.get(`${RECORD}?userId=${teacherId}`)).body.status).toBe(403);
    // A non-admin learns nothing about whether a user exists.
    expect((await parent.get(`${RECORD}?userId=nobody`)).body.status).toBe(403);

    const admin = await as(DEMO.admin);
    const outside = await admin.postForm(CHECK, { userId: areaId, faceImage: photo('s2-3-a.jpg') });
    expect(outside.body.status).toBe(403);
    expect(outside.body.message).toMatch(/本单位|administer/);
    expect((await admin.get(`${RECORD}?userId=nobody`)).body.status).toBe(404);
  });

  it('refuses a photo without a face, with two faces, and what is not a photo (400, bilingual)', async () => {
    const teacher = await as(DEMO.teacher);
    const cases: [string | undefined, RegExp][] = [
      [photo('no-face.jpg'), /未检测到人脸.*\|\|\|No face was found/],
      [photo('two-faces.jpg'), /多张人脸.*\|\|\|More than one face/],
      [
        Buffer.from('<html>not a photo</html>').toString('base64'),
        /JPEG、PNG 或 WebP 图片\|\|\|The face photo must be a JPEG, PNG or WebP/,
      ],
      ['@@not base64@@', /base64/],
      ['', /请先拍摄人脸照片\|\|\|Please take a face photo first/],
      [undefined, /Please take a face photo first/],
      // A JPEG signature on bytes no decoder can read.
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]).toString(
          'base64',
        ),
        /must be a JPEG/,
      ],
    ];
    for (const [faceImage, message] of cases) {
      const reply = await teacher.postForm(CHECK, {
        userId: teacherId,
        ...(faceImage === undefined ? {} : { faceImage }),
      });
      expect(reply.http).toBe(200);
      expect(reply.body.status, String(faceImage).slice(0, 30)).toBe(400);
      expect(reply.body.message).toMatch(message);
      expect(reply.body.fieldErrors?.[0]?.field).toBe('faceImage');
    }
  });

  it('refuses an oversized photo with its own message, and a far larger body as too large', async () => {
    const teacher = await as(DEMO.teacher);
    const over = Buffer.alloc(FACE_IMAGE_MAX_BYTES + 10, 1);
    over.set([0xff, 0xd8, 0xff, 0xe0]);
    const reply = await teacher.postJson(CHECK, {
      userId: teacherId,
      faceImage: over.toString('base64'),
    });
    expect(reply.body.status).toBe(400);
    expect(reply.body.message).toMatch(/2 MB/);
    const huge = await teacher.postJson(CHECK, {
      userId: teacherId,
      faceImage: 'A'.repeat(8 * 1024 * 1024),
    });
    expect(huge.http).toBe(413);
  });

  it('answers a multipart post without a 5xx', async () => {
    const teacher = await as(DEMO.teacher);
    const form = new FormData();
    form.set('userId', teacherId);
    form.set('faceImage', new Blob([fs.readFileSync(path.join(FIXTURES, 'm-00.jpg'))]), 'face.jpg');
    const reply = await teacher.postMultipart(CHECK, form);
    expect(reply.http).toBeLessThan(500);
    expect(reply.body.status).toBeGreaterThanOrEqual(400);
    expect(reply.body.status).toBeLessThan(500);
  });
});

describe(`face sign-in and clock-in on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('signs in the enrolled man from another photo of him, with the password sign-in’s session', async () => {
    const kiosk = server.client();
    const reply = await kiosk.postForm<{ accessToken: string; userType: number }>(LOGIN, {
      faceImage: photo('m-06.jpg'),
      noIntercept: true,
    });
    expect(reply.body.status, reply.body.message).toBe(200);
    expect(reply.body.data?.accessToken).toBeTruthy();
    expect(reply.setCookies.some((c) => c.startsWith('ph_at='))).toBe(true);
    expect(reply.setCookies.some((c) => c.startsWith('ph_rt='))).toBe(true);
    const me = await kiosk.get<{ loginName: string }>('/api/uaa/oauth/me');
    expect(me.body.data?.loginName).toBe('teacher');
  });

  it('signs in the parent from the other crop of her photo', async () => {
    const reply = await server
      .client()
      .postJson<{ userType: number }>(LOGIN, { faceImage: photo('s1-1-b.jpg') });
    expect(reply.body.status, reply.body.message).toBe(200);
    const me = await server.client().get('/api/uaa/oauth/me');
    expect(me.body.status).toBe(401);
  });

  it('does not recognise a person nobody enrolled, and counts it as a failed sign-in', async () => {
    const reply = await server.client().postForm(LOGIN, { faceImage: photo('s6-2-a.jpg') });
    expect(reply.body).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(reply.body.message).toMatch(
      /未能识别人脸.*\|\|\|Face not recognised: try again or sign in with a password/,
    );
    expect(reply.setCookies).toEqual([]);
    const failures = await server.app.services.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'login.failure')
      .execute();
    expect(failures.some((f) => String(f.detail).includes('"method":"face"'))).toBe(true);
  });

  it('refuses a non-face image and a group photo at sign-in', async () => {
    const noFace = await server.client().postForm(LOGIN, { faceImage: photo('no-face.jpg') });
    expect(noFace.body.status).toBe(400);
    expect(noFace.body.message).toMatch(/No face was found/);
    const two = await server.client().postForm(LOGIN, { faceImage: photo('two-faces.jpg') });
    expect(two.body.message).toMatch(/More than one face/);
  });

  it('refuses an unknown unit', async () => {
    const reply = await server
      .client()
      .postForm(LOGIN, { faceImage: photo('m-08.jpg'), unitId: 'no-such-unit' });
    expect(reply.body.status).toBe(404);
  });

  it('clocks the man in: the attendance row is written and answered, and no session is made', async () => {
    const kiosk = server.client({ device: 'pc:gate-1' });
    const reply = await kiosk.postForm<FaceClocking>(CLOCKING, {
      faceImage: photo('m-08.jpg'),
      deviceId: 'gate-1',
    });
    expect(reply.body.status, reply.body.message).toBe(200);
    expect(reply.body.data).toMatchObject({
      userId: teacherId,
      loginName: 'teacher',
      device: 'gate-1',
    });
    expect(reply.setCookies).toEqual([]);
    const rows = await server.app.services.database.db
      .selectFrom('face_attendance')
      .selectAll()
      .where('id', '=', reply.body.data?.attendanceId ?? '')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: teacherId,
      clocked_at: reply.body.data?.clockedAt,
      device: 'gate-1',
    });
  });

  it('does not clock in someone nobody enrolled', async () => {
    const reply = await server.client().postForm(CLOCKING, { faceImage: photo('s5-2-a.jpg') });
    expect(reply.body.status).toBe(400);
    // A kiosk has no password to offer: the message sends the person to an administrator.
    expect(reply.body.message).toMatch(/Face not recognised: try again, or ask an administrator/);
    expect(reply.body.message).not.toMatch(/password/);
  });
});

describe(`face refusals count towards the lockout on ${process.env.API_DB ?? 'sqlite'}`, () => {
  let strict: TestServer;
  beforeAll(async () => {
    // No real photo reaches a liveness score of 0.999: every recognised face is "a spoof".
    strict = await startTestServer({
      face: { livenessMinScore: 0.999 },
      loginLimits: { ipFailures: 8 },
    });
  }, 120_000);
  afterAll(async () => strict.close());

  it('locks the matched account after five failed liveness checks, the password then refused too', async () => {
    const teacher = strict.client();
    await signIn(teacher, DEMO.teacher);
    const id = await userIdOf(strict, 'teacher');
    expect(
      (await teacher.postForm(CHECK, { userId: id, faceImage: photo('m-00.jpg') })).body.status,
    ).toBe(200);

    for (let i = 1; i <= 4; i++) {
      const reply = await strict.client().postForm(LOGIN, { faceImage: photo('m-06.jpg') });
      expect(reply.body).toMatchObject({ status: 400, code: 'liveness_failed' });
      expect(reply.body.message).toMatch(/活体检测.*\|\|\|The liveness check failed/);
    }
    const fifth = await strict.client().postForm(LOGIN, { faceImage: photo('m-06.jpg') });
    expect(fifth.body).toMatchObject({ status: 429, code: 'account_locked' });
    const password = await strict.client().postForm('/api/uaa/oauth/login', DEMO.teacher);
    expect(password.body).toMatchObject({ status: 429, code: 'account_locked' });
  });

  it('throttles the address once its failures reach the limit, faces and passwords alike', async () => {
    // Five failures so far; three faces nobody enrolled reach eight.
    for (let i = 0; i < 3; i++) {
      const reply = await strict.client().postForm(LOGIN, { faceImage: photo('s3-1-a.jpg') });
      expect(reply.body.code).toBe('invalid_grant');
    }
    const face = await strict.client().postForm(LOGIN, { faceImage: photo('s3-1-a.jpg') });
    expect(face.body).toMatchObject({ status: 429, code: 'too_many_attempts' });
    const password = await strict.client().postForm('/api/uaa/oauth/login', DEMO.parent);
    expect(password.body).toMatchObject({ status: 429, code: 'too_many_attempts' });
  });
});
