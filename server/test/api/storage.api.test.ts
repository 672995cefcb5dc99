/**
 * The storage calls of spec §7 with the answers of DESIGN.md §7, over HTTP on a fresh database
 * (SQLite, or PostgreSQL with API_DB=postgres) and the file store TEST_FILE_STORE names (the
 * disk by default): each call without a session, with bad input and with success; then the
 * rules: spec §5 deny-list and size limit, names that try to leave the store, md5 verified at
 * the merge, missing and repeated chunks, instant upload inside the unit only, who may
 * download, two users at once, two instances sharing one store, and spec §5's 501.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BlockUploadCheckData,
  ChunkUploadData,
  FileDescriptor,
} from '@campus/contracts/storage';
import {
  MULTIPART_BODY_LIMIT,
  fileDownloadUrl,
  uploadEndpoints as E,
} from '@campus/contracts/storage';
import { FORBIDDEN_UPLOAD_EXTENSIONS, UPLOAD_CHUNK_TTL_MS } from '@campus/contracts/upload-rules';
import { loadConfig } from '../../src/config.ts';
import { openObjectStore } from '../../src/modules/storage/open-object-store.ts';
import {
  signedInClients,
  startTestServer,
  type Reply,
  type TestClient,
  type TestServer,
} from './helpers/test-server.ts';

/** UPLOAD_MAX_BYTES for this file: small, so "too large" costs no time. */
const LIMIT = 200_000;
const CHUNK = 4096;

let server: TestServer;
let teacher: TestClient;
let staff: TestClient;
let parent: TestClient;
let admin: TestClient;
let area: TestClient;

beforeAll(async () => {
  server = await startTestServer({ env: { UPLOAD_MAX_BYTES: String(LIMIT) } });
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

/** Distinct bytes per call, so each test's file is its own content. */
let seed = 0;
function bytesOf(size: number): Buffer {
  seed += 1;
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) out[i] = (i * 31 + seed * 131 + (i >> 8)) & 0xff;
  return out;
}

function md5Of(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** The blobs in the server's store (keys `ab/<sha256>`), on disk or in a bucket alike. */
async function blobKeys(): Promise<string[]> {
  const config = loadConfig({ ...server.shared.env, DATA_DIR: server.shared.dataDir });
  const objects = await openObjectStore(config.fileStore).list('');
  return objects.map((o) => o.key).filter((key) => /^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key));
}

function form(fields: Record<string, string | number | boolean>, file?: Uint8Array, name = 'blob') {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  if (file) data.append('file', new Blob([new Uint8Array(file)]), name);
  return data;
}

/** Sends chunk `index` of `bytes` (chunks of `CHUNK`), as the uploader's chunk upload does. */
function sendChunk(
  client: TestClient,
  bytes: Buffer,
  name: string,
  index: number,
  override: { body?: Uint8Array; fields?: Record<string, string | number> } = {},
): Promise<Reply<ChunkUploadData>> {
  const chunks = Math.ceil(bytes.length / CHUNK);
  const body = override.body ?? bytes.subarray(index * CHUNK, (index + 1) * CHUNK);
  return client.postMultipart<ChunkUploadData>(
    E.chunkUpload.path,
    form(
      {
        serverid: 'base',
        md5: md5Of(bytes),
        name,
        uid: 'WU_FILE_0',
        chunk: index,
        chunks,
        eachSize: CHUNK,
        fullSize: bytes.length,
        fileName: name,
        chunked: true,
        size: body.length,
        ...override.fields,
      },
      body,
    ),
  );
}

async function sendAllChunks(client: TestClient, bytes: Buffer, name: string): Promise<void> {
  for (let index = 0; index * CHUNK < bytes.length; index += 1) {
    const reply = await sendChunk(client, bytes, name, index);
    expect(reply.body, `chunk ${index}`).toMatchObject({ status: 200 });
  }
}

function merge(
  client: TestClient,
  bytes: Buffer,
  name: string,
  override: Record<string, string | number> = {},
): Promise<Reply<FileDescriptor>> {
  return client.postForm<FileDescriptor>(E.mergeFile.path, {
    md5: md5Of(bytes),
    name,
    size: bytes.length,
    chunks: Math.ceil(bytes.length / CHUNK),
    ...override,
  });
}

function blockCheck(
  client: TestClient,
  bytes: Buffer,
  index: number,
  name = 'video.mp4',
): Promise<Reply<BlockUploadCheckData>> {
  return client.postForm<BlockUploadCheckData>(E.blockUploadCheck.path, {
    md5: md5Of(bytes),
    name,
    size: bytes.length,
    chunks: Math.ceil(bytes.length / CHUNK),
    chunk: index,
  });
}

function simpleUpload(
  client: TestClient,
  bytes: Uint8Array,
  name: string,
  fields: Record<string, string> = {},
): Promise<Reply<FileDescriptor>> {
  return client.postMultipart<FileDescriptor>(
    E.simpleUpload.path,
    form({ serverid: 'base', uid: 'WU_FILE_1', ...fields }, bytes, name),
  );
}

/** A 1×1 PNG (the signature and the chunks a decoder needs). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A stored file by a teacher, for the download tests. */
async function teacherFile(name = '成绩单 2026.png', bytes: Uint8Array = PNG) {
  const reply = await simpleUpload(teacher, bytes, name, { md5: md5Of(bytes) });
  expect(reply.body.status).toBe(200);
  return reply.body.data!;
}

const REFUSED = {
  forbiddenType: { status: 400, code: 'upload_forbidden_type' },
  tooLarge: {
    status: 400,
    code: 'upload_too_large',
    message: '文件大小超出限制|||size exceeds limit',
  },
  empty: { status: 400, code: 'upload_empty' },
  chunkCount: {
    status: 400,
    code: 'upload_chunk_count',
    message: '分片数量异常|||abnormal chunk count',
  },
  md5: { status: 400, code: 'upload_md5_mismatch' },
  fileType: { status: 501, code: 'upload_file_type', message: '文件类型错误|||file type error' },
} as const;

describe(`storage calls without a session (${process.env.API_DB ?? 'sqlite'})`, () => {
  it('answer 401 in the envelope (HTTP 200) for every call, and store nothing', async () => {
    const anonymous = server.client();
    const bytes = bytesOf(100);
    const blobs = (await blobKeys()).length;
    const replies = [
      await anonymous.postForm(E.secondUploadCheck.path, { md5: md5Of(bytes), name: 'a.png' }),
      await blockCheck(anonymous, bytes, 0),
      await sendChunk(anonymous, bytes, 'a.mp4', 0),
      await merge(anonymous, bytes, 'a.mp4'),
      await simpleUpload(anonymous, bytes, 'a.png'),
      await anonymous.postJson(E.base64Image.path, {
        fileName: 'face',
        base64Str: PNG.toString('base64'),
        type: 'png',
      }),
      await anonymous.get(fileDownloadUrl('any-file')),
    ];
    for (const reply of replies) {
      expect(reply.http).toBe(200);
      expect(reply.body).toMatchObject({ status: 401, code: 'unauthorized' });
    }
    expect(await blobKeys()).toHaveLength(blobs);
  });

  it('refuses an upload by cookie without the device header (CSRF, DESIGN.md §4), /zuul too', async () => {
    const noDevice = server.client({ device: null });
    noDevice.setCookie('ph_at', teacher.cookie('ph_at')!);
    const reply = await simpleUpload(noDevice, bytesOf(10), 'a.png');
    expect(reply.body).toMatchObject({ status: 403, code: 'csrf_rejected' });
  });
});

describe('simple upload (spec §7 POST /zuul/api/storage/upload)', () => {
  it('stores the file and answers its descriptor, md5 checked', async () => {
    const bytes = bytesOf(5000);
    const reply = await simpleUpload(teacher, bytes, 'notes.pdf', { md5: md5Of(bytes) });
    expect(reply.body.status).toBe(200);
    const file = reply.body.data!;
    expect(file).toEqual({
      fileId: expect.any(String) as string,
      name: 'notes.pdf',
      size: 5000,
      md5: md5Of(bytes),
      contentType: 'application/pdf',
      url: fileDownloadUrl(file.fileId),
      createdAt: expect.any(Number) as number,
    });
    const download = await teacher.fetchBytes(file.url);
    expect(download.http).toBe(200);
    expect(md5Of(download.bytes)).toBe(md5Of(bytes));
  });

  it('takes a file without an md5, and a name in Chinese as it is', async () => {
    const reply = await simpleUpload(teacher, bytesOf(300), '三年级二班 课表.xlsx');
    expect(reply.body.status).toBe(200);
    expect(reply.body.data?.name).toBe('三年级二班 课表.xlsx');
  });

  it('refuses a wrong md5 and keeps nothing', async () => {
    const blobs = (await blobKeys()).length;
    const reply = await simpleUpload(teacher, bytesOf(2000), 'a.png', { md5: 'f'.repeat(32) });
    expect(reply.body).toMatchObject(REFUSED.md5);
    expect(await blobKeys()).toHaveLength(blobs);
  });

  it('refuses an empty file, and a file over UPLOAD_MAX_BYTES, with HTTP 200', async () => {
    expect((await simpleUpload(teacher, Buffer.alloc(0), 'empty.png')).body).toMatchObject(
      REFUSED.empty,
    );
    const blobs = (await blobKeys()).length;
    const tooLarge = await simpleUpload(teacher, bytesOf(LIMIT + 1), 'big.mp4');
    expect(tooLarge.http).toBe(200);
    expect(tooLarge.body).toMatchObject(REFUSED.tooLarge);
    expect(await blobKeys()).toHaveLength(blobs);
    // Exactly the limit is allowed.
    expect((await simpleUpload(teacher, bytesOf(LIMIT), 'max.mp4')).body.status).toBe(200);
    // A body too large to hold a file within the limit is refused before it is read.
    const huge = await simpleUpload(teacher, Buffer.alloc(LIMIT + 2 * 1024 * 1024), 'huge.mp4');
    expect(huge.http).toBe(200);
    expect(huge.body).toMatchObject(REFUSED.tooLarge);
  });

  it('checks its fields: a bad md5 and a file name with a NUL are field errors', async () => {
    const badMd5 = await simpleUpload(teacher, bytesOf(10), 'a.png', { md5: 'nope' });
    expect(badMd5.body).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(badMd5.body.fieldErrors?.[0]?.field).toBe('md5');
    expect(badMd5.body.message).toContain('|||');
    const nul = await simpleUpload(teacher, bytesOf(10), 'a\u0000.png');
    expect(nul.body).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(nul.body.fieldErrors?.[0]?.field).toBe('name');
  });

  it('answers "Not find file" when the form has no file part', async () => {
    const reply = await teacher.postMultipart(E.simpleUpload.path, form({ serverid: 'base' }));
    expect(reply.body).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(reply.body.fieldErrors).toEqual([
      { field: 'file', message: '未找到文件|||Not find file' },
    ]);
  });
});

describe('spec §5 deny-list, on every upload call (DESIGN.md §7)', () => {
  const names = [
    ...[...FORBIDDEN_UPLOAD_EXTENSIONS].map((extension) => `a.${extension}`),
    'a.PHP',
    'a.php.',
    'a.php.jpg',
    'a.jsp;.jpg',
    'report.Aspx ',
    'x.php .png',
  ];

  it.each(names)('refuses %j by simple upload, chunk, merge and instant upload', async (name) => {
    const bytes = bytesOf(100);
    expect((await simpleUpload(teacher, bytes, name)).body).toMatchObject(REFUSED.forbiddenType);
    expect((await sendChunk(teacher, bytes, name, 0)).body).toMatchObject(REFUSED.forbiddenType);
    expect((await merge(teacher, bytes, name)).body).toMatchObject(REFUSED.forbiddenType);
    const instant = await teacher.postForm(E.secondUploadCheck.path, { md5: md5Of(bytes), name });
    expect(instant.body).toMatchObject(REFUSED.forbiddenType);
    expect(instant.body.message).toMatch(/\|\|\|This file type may not be uploaded$/);
  });

  it('refuses a name that only becomes forbidden in its base64 image form', async () => {
    const reply = await teacher.postJson(E.base64Image.path, {
      fileName: 'shell.php',
      base64Str: PNG.toString('base64'),
      type: 'png',
    });
    expect(reply.body).toMatchObject(REFUSED.forbiddenType);
  });
});

describe('names that try to leave the store (DESIGN.md §7: no path reaches the file system)', () => {
  it.each([
    ['../../x.png', 'x.png'],
    ['..\\..\\x.png', 'x.png'],
    ['/etc/passwd.png', 'passwd.png'],
    ['C:\\Windows\\win.png', 'win.png'],
    ['..', 'file'],
    ['....//....//.hidden.png', 'hidden.png'],
  ])('%j is kept as %j, and only hashes name objects in the store', async (name, kept) => {
    const bytes = bytesOf(3000);
    await sendAllChunks(teacher, bytes, name);
    const merged = await merge(teacher, bytes, name);
    expect(merged.body.status).toBe(200);
    expect(merged.body.data?.name).toBe(kept);
    const config = loadConfig({ ...server.shared.env, DATA_DIR: server.shared.dataDir });
    for (const object of await openObjectStore(config.fileStore).list('')) {
      expect(object.key).toMatch(
        /^(?:[0-9a-f]{2}\/[0-9a-f]{64}|chunks\/[0-9a-f]{64}\/[0-9a-f]{32}\/\d+)$/,
      );
    }
  });

  it('refuses a NUL in a name as a field error', async () => {
    const bytes = bytesOf(100);
    const reply = await merge(teacher, bytes, 'x\u0000.png');
    expect(reply.body).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('chunked upload (spec §4, §7: block_upload_check, chunk upload, merge_file)', () => {
  it('checks, stores and merges chunks numbered from 0, md5-verified', async () => {
    const bytes = bytesOf(3 * CHUNK + 100);
    expect((await blockCheck(teacher, bytes, 1)).body).toEqual({
      status: 200,
      data: { data: false },
    });
    await sendAllChunks(teacher, bytes, 'lesson.mp4');
    expect((await blockCheck(teacher, bytes, 1)).body).toEqual({
      status: 200,
      data: { data: true },
    });
    expect((await blockCheck(teacher, bytes, 3)).body.data).toEqual({ data: true });
    // Another user's chunks are their own (DESIGN.md §7: two users' chunks never mix).
    expect((await blockCheck(staff, bytes, 1)).body.data).toEqual({ data: false });

    const merged = await merge(teacher, bytes, 'lesson.mp4');
    expect(merged.body.status).toBe(200);
    expect(merged.body.data).toMatchObject({
      name: 'lesson.mp4',
      size: bytes.length,
      md5: md5Of(bytes),
      contentType: 'video/mp4',
    });
    const download = await teacher.fetchBytes(merged.body.data!.url);
    expect(Buffer.compare(download.bytes, bytes)).toBe(0);
    // The chunks are gone once merged.
    expect((await blockCheck(teacher, bytes, 0)).body.data).toEqual({ data: false });
  });

  it('answers a merge asked again after a lost answer with the same file', async () => {
    const bytes = bytesOf(2 * CHUNK);
    await sendAllChunks(teacher, bytes, 'again.mp4');
    const first = await merge(teacher, bytes, 'again.mp4');
    const second = await merge(teacher, bytes, 'again.mp4');
    expect(second.body).toEqual(first.body);
    // Another user who never sent these chunks gets no file of the teacher's.
    expect((await merge(staff, bytes, 'again.mp4')).body).toMatchObject(REFUSED.chunkCount);
  });

  it('keeps the last copy of a chunk sent twice', async () => {
    const bytes = bytesOf(2 * CHUNK);
    await sendChunk(teacher, bytes, 'twice.mp4', 0, { body: bytesOf(CHUNK) });
    await sendChunk(teacher, bytes, 'twice.mp4', 1);
    // The first copy of chunk 0 was wrong: the md5 says so.
    await sendChunk(teacher, bytes, 'twice.mp4', 0);
    const merged = await merge(teacher, bytes, 'twice.mp4');
    expect(merged.body.status).toBe(200);
    expect(merged.body.data?.md5).toBe(md5Of(bytes));
  });

  it("answers spec §8's 'abnormal chunk count' for a missing chunk, and keeps the others", async () => {
    const bytes = bytesOf(3 * CHUNK);
    await sendChunk(teacher, bytes, 'gap.mp4', 0);
    await sendChunk(teacher, bytes, 'gap.mp4', 2);
    expect((await merge(teacher, bytes, 'gap.mp4')).body).toMatchObject(REFUSED.chunkCount);
    expect((await blockCheck(teacher, bytes, 2)).body.data).toEqual({ data: true });
    await sendChunk(teacher, bytes, 'gap.mp4', 1);
    expect((await merge(teacher, bytes, 'gap.mp4')).body.status).toBe(200);
  });

  it('refuses chunks that do not make the announced md5, keeps nothing and starts clean', async () => {
    const bytes = bytesOf(2 * CHUNK);
    const blobs = (await blobKeys()).length;
    await sendChunk(teacher, bytes, 'bad.mp4', 0);
    await sendChunk(teacher, bytes, 'bad.mp4', 1, { body: bytesOf(CHUNK) });
    const merged = await merge(teacher, bytes, 'bad.mp4');
    expect(merged.body).toMatchObject(REFUSED.md5);
    expect(await blobKeys()).toHaveLength(blobs);
    expect((await blockCheck(teacher, bytes, 0)).body.data).toEqual({ data: false });
  });

  it('refuses a chunk whose bytes are not as many as its size field says', async () => {
    const bytes = bytesOf(2 * CHUNK);
    const short = await sendChunk(teacher, bytes, 'short.mp4', 0, {
      body: bytes.subarray(0, CHUNK - 1),
      fields: { size: CHUNK },
    });
    expect(short.body).toMatchObject({ status: 400, code: 'upload_chunk_size' });
    const long = await sendChunk(teacher, bytes, 'short.mp4', 0, { fields: { size: CHUNK - 1 } });
    expect(long.body).toMatchObject({ status: 400, code: 'upload_chunk_size' });
    expect((await blockCheck(teacher, bytes, 0)).body.data).toEqual({ data: false });
  });

  it('refuses an upload over UPLOAD_MAX_BYTES at the check, the chunk and the merge', async () => {
    const bytes = bytesOf(2 * CHUNK);
    const over = { fullSize: LIMIT + 1 };
    expect((await sendChunk(teacher, bytes, 'big.mp4', 0, { fields: over })).body).toMatchObject(
      REFUSED.tooLarge,
    );
    const check = await teacher.postForm(E.blockUploadCheck.path, {
      md5: md5Of(bytes),
      name: 'big.mp4',
      size: LIMIT + 1,
      chunks: 50,
      chunk: 0,
    });
    expect(check.body).toMatchObject(REFUSED.tooLarge);
    await sendAllChunks(teacher, bytes, 'big.mp4');
    expect((await merge(teacher, bytes, 'big.mp4', { size: LIMIT + 1 })).body).toMatchObject(
      REFUSED.tooLarge,
    );
  });

  it('checks the fields: types converted, bilingual field errors as on any route', async () => {
    const bytes = bytesOf(CHUNK);
    const bad = await sendChunk(teacher, bytes, 'a.mp4', 0, { fields: { chunk: 'first' } });
    expect(bad.body).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(bad.body.fieldErrors).toEqual([
      { field: 'chunk', message: 'chunk类型不正确|||chunk has the wrong type' },
    ]);
    const noMd5 = await teacher.postMultipart(
      E.chunkUpload.path,
      form({ name: 'a.mp4', chunk: 0, chunks: 1, size: 10, fullSize: 10 }, bytesOf(10)),
    );
    expect(noMd5.body.fieldErrors).toEqual([
      { field: 'md5', message: 'md5不能为空！|||md5 cannot be empty!' },
    ]);
    const beyond = await sendChunk(teacher, bytes, 'a.mp4', 1, {
      body: bytes,
      fields: { chunks: 1 },
    });
    expect(beyond.body.fieldErrors?.[0]?.field).toBe('chunk');
    const checkBeyond = await teacher.postForm(E.blockUploadCheck.path, {
      md5: md5Of(bytes),
      name: 'a.mp4',
      size: 10,
      chunks: 1,
      chunk: 1,
    });
    expect(checkBeyond.body.fieldErrors?.[0]?.field).toBe('chunk');
    const badMerge = await teacher.postForm(E.mergeFile.path, { md5: 'x', name: 'a.mp4' });
    expect(badMerge.body).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('answers a merge of nothing sent with the abnormal chunk count', async () => {
    expect((await merge(teacher, bytesOf(CHUNK), 'never.mp4')).body).toMatchObject(
      REFUSED.chunkCount,
    );
  });
});

describe('bad multipart bodies: a 4xx envelope, never a 5xx', () => {
  const boundary = 'campusb0undary';
  const type = `multipart/form-data; boundary=${boundary}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  it.each([E.simpleUpload.path, E.chunkUpload.path])(
    '%s: cut off, no boundary, junk',
    async (path) => {
      const cutOff = await teacher.postRaw(
        path,
        `${field('md5', 'a'.repeat(32))}--${boundary}\r\nContent-Dis`,
        type,
      );
      expect(cutOff.http).toBe(400);
      expect(cutOff.body).toMatchObject({ status: 400, code: 'validation_failed' });
      const noBoundary = await teacher.postRaw(path, field('a', 'b'), 'multipart/form-data');
      expect(noBoundary.http).toBe(400);
      expect(noBoundary.body.status).toBe(400);
      const junk = await teacher.postRaw(path, '\u0000\u0001 not a form', type);
      expect(junk.http).toBeLessThan(500);
      expect(junk.body.message).toContain('|||');
    },
  );

  it('answers 400 for a file part cut off half-way, and keeps no chunk', async () => {
    const bytes = bytesOf(CHUNK);
    const fields = {
      md5: md5Of(bytes),
      name: 'cut.mp4',
      chunk: '0',
      chunks: '1',
      size: String(CHUNK),
      fullSize: String(CHUNK),
    };
    const body =
      Object.entries(fields)
        .map(([k, v]) => field(k, v))
        .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${'x'.repeat(100)}`;
    const reply = await teacher.postRaw(E.chunkUpload.path, body, type);
    expect(reply.http).toBe(400);
    expect(reply.body.status).toBe(400);
    expect((await blockCheck(teacher, bytes, 0, 'cut.mp4')).body.data).toEqual({ data: false });
  });

  it('answers 413 for more fields than an upload carries', async () => {
    const many = Array.from({ length: 40 }, (_, i) => field(`f${i}`, 'x')).join('');
    const reply = await teacher.postRaw(E.simpleUpload.path, `${many}--${boundary}--\r\n`, type);
    expect(reply.http).toBe(413);
    expect(reply.body).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('answers 413 for a chunk request over the transport limit', async () => {
    const bytes = bytesOf(100);
    const reply = await sendChunk(teacher, bytes, 'huge.mp4', 0, {
      body: Buffer.alloc(MULTIPART_BODY_LIMIT + 1),
    });
    expect(reply.http).toBe(413);
    expect(reply.body.status).toBe(413);
    // The connection is still good for the next call.
    expect((await blockCheck(teacher, bytes, 0, 'huge.mp4')).body.status).toBe(200);
  });

  it("answers spec §5's 501 'file type error' for an upload that is not a form", async () => {
    for (const path of [E.simpleUpload.path, E.chunkUpload.path]) {
      const json = await teacher.postJson(path, ['not', 'an', 'object']);
      expect(json.http).toBe(200);
      expect(json.body).toEqual({ ...REFUSED.fileType });
      const text = await teacher.postForm(path, { file: 'abc' });
      expect(text.body).toMatchObject(REFUSED.fileType);
    }
  });
});

describe('instant upload (spec §4, §7 second_upload_check; DESIGN.md §7)', () => {
  it('gives a caller of the same unit a descriptor of their own, and moves no byte', async () => {
    const bytes = bytesOf(7000);
    const original = (await simpleUpload(teacher, bytes, 'plan.docx')).body.data!;
    const blobs = (await blobKeys()).length;
    const reply = await staff.postForm<FileDescriptor>(E.secondUploadCheck.path, {
      md5: md5Of(bytes).toUpperCase(),
      name: '教案.docx',
      size: bytes.length,
    });
    expect(reply.body.status).toBe(200);
    const mine = reply.body.data!;
    expect(mine).toMatchObject({ name: '教案.docx', size: 7000, md5: md5Of(bytes) });
    expect(mine.fileId).not.toBe(original.fileId);
    expect(await blobKeys()).toHaveLength(blobs);
    // Staff may read their own descriptor, with the same bytes.
    const download = await staff.fetchBytes(mine.url);
    expect(md5Of(download.bytes)).toBe(md5Of(bytes));
  });

  it('answers null for an unknown md5, another size, and in another unit', async () => {
    const bytes = bytesOf(1000);
    await simpleUpload(teacher, bytes, 'unit.png');
    const ask = (client: TestClient, extra: Record<string, number> = {}) =>
      client.postForm(E.secondUploadCheck.path, { md5: md5Of(bytes), name: 'x.png', ...extra });
    expect((await ask(area)).body).toEqual({ status: 200, data: null });
    expect((await ask(staff, { size: 999 })).body).toEqual({ status: 200, data: null });
    expect(
      (await staff.postForm(E.secondUploadCheck.path, { md5: '0'.repeat(32), name: 'x.png' })).body,
    ).toEqual({ status: 200, data: null });
    expect((await ask(staff)).body.data).toMatchObject({ size: 1000 });
  });

  it('checks its input', async () => {
    const reply = await teacher.postForm(E.secondUploadCheck.path, { md5: 'abc', name: '' });
    expect(reply.body).toMatchObject({ status: 400, code: 'validation_failed' });
    const big = await teacher.postForm(E.secondUploadCheck.path, {
      md5: md5Of(bytesOf(5)),
      name: 'a.mp4',
      size: LIMIT + 1,
    });
    expect(big.body).toMatchObject(REFUSED.tooLarge);
  });
});

describe('base64 image (spec §3, §7 base64_convert_image)', () => {
  it('stores an image of the type it names', async () => {
    const reply = await teacher.postJson<FileDescriptor>(E.base64Image.path, {
      serverid: 'base',
      fileName: '../../face',
      base64Str: PNG.toString('base64'),
      type: 'PNG',
    });
    expect(reply.body.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      name: 'face.png',
      size: PNG.length,
      md5: md5Of(PNG),
      contentType: 'image/png',
    });
  });

  it('refuses bytes that are not an image of that type, and types that are no image', async () => {
    const page = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    for (const body of [
      { fileName: 'x', base64Str: page, type: 'png' },
      { fileName: 'x', base64Str: PNG.toString('base64'), type: 'jpg' },
      { fileName: 'x', base64Str: PNG.toString('base64'), type: 'svg' },
    ]) {
      const reply = await teacher.postJson(E.base64Image.path, body);
      expect(reply.body, body.type).toMatchObject({ status: 400, code: 'upload_not_image' });
    }
  });

  it('checks its input: base64 characters only', async () => {
    const reply = await teacher.postJson(E.base64Image.path, {
      fileName: 'x',
      base64Str: 'data:image/png;base64,AAAA',
      type: 'png',
    });
    expect(reply.body).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('download (DESIGN.md §7: GET /api/storage/file/{fileId})', () => {
  it('streams the bytes with the RFC 6266 name, nosniff and a sandbox', async () => {
    const file = await teacherFile();
    const reply = await teacher.fetchBytes(file.url);
    expect(reply.http).toBe(200);
    expect(Buffer.compare(reply.bytes, PNG)).toBe(0);
    expect(reply.headers.get('content-type')).toBe('image/png');
    expect(reply.headers.get('content-length')).toBe(String(PNG.length));
    expect(reply.headers.get('content-disposition')).toBe(
      `inline; filename="??? 2026.png"; filename*=UTF-8''%E6%88%90%E7%BB%A9%E5%8D%95%202026.png`,
    );
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    // Revalidation: the same content answers 304 (and is checked again).
    const again = await teacher.fetchBytes(file.url, {
      headers: { 'if-none-match': reply.headers.get('etag')! },
    });
    expect(again.http).toBe(304);
    const head = await teacher.fetchBytes(file.url, { method: 'HEAD' });
    expect(head.http).toBe(200);
    expect(head.bytes).toHaveLength(0);
  });

  it('serves one byte range as 206 (a video seeks, a download resumes), RFC 9110 §14', async () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const file = (await simpleUpload(teacher, bytes, 'lesson.mp4')).body.data!;
    const whole = await teacher.fetchBytes(file.url);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const etag = whole.headers.get('etag')!;

    const part = await teacher.fetchBytes(file.url, { headers: { range: 'bytes=100-1099' } });
    expect(part.http).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-1099/5000');
    expect(part.headers.get('content-length')).toBe('1000');
    expect(Buffer.compare(part.bytes, bytes.subarray(100, 1100))).toBe(0);

    const tail = await teacher.fetchBytes(file.url, { headers: { range: 'bytes=-300' } });
    expect(tail.headers.get('content-range')).toBe('bytes 4700-4999/5000');
    expect(Buffer.compare(tail.bytes, bytes.subarray(4700))).toBe(0);
    const open = await teacher.fetchBytes(file.url, { headers: { range: 'bytes=4990-' } });
    expect(Buffer.compare(open.bytes, bytes.subarray(4990))).toBe(0);

    // The same part, only while the file is the one the client holds a part of.
    const same = await teacher.fetchBytes(file.url, {
      headers: { range: 'bytes=0-9', 'if-range': etag },
    });
    expect(same.http).toBe(206);
    const changed = await teacher.fetchBytes(file.url, {
      headers: { range: 'bytes=0-9', 'if-range': '"another"' },
    });
    expect(changed.http).toBe(200);
    expect(changed.bytes).toHaveLength(5000);

    // Several ranges or bad syntax: the whole file, as a server may answer.
    for (const range of ['bytes=0-9,20-29', 'bytes=x-y', 'items=0-9']) {
      const reply = await teacher.fetchBytes(file.url, { headers: { range } });
      expect(reply.http, range).toBe(200);
      expect(reply.bytes, range).toHaveLength(5000);
    }
  });

  it('answers a range past the end with 416 in the envelope, and a range asked by someone who may not read with 403', async () => {
    const file = (await simpleUpload(teacher, Buffer.alloc(800, 7), 'clip.mp4')).body.data!;
    const past = await teacher.get(file.url, { range: 'bytes=900-999' });
    expect(past.http).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */800');
    expect(past.body).toMatchObject({ status: 416, code: 'validation_failed' });
    expect(String(past.body.message)).toContain('|||');
    const stranger = await parent.get(file.url, { range: 'bytes=0-9' });
    expect(stranger.body).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('sends anything a browser could run as an attachment', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const name of ['drawing.svg', 'data.xml', 'page.htm', 'app.js', 'doc.pdf']) {
      const file = (await simpleUpload(teacher, svg, name)).body.data!;
      const reply = await teacher.fetchBytes(file.url);
      expect(reply.headers.get('content-disposition'), name).toMatch(/^attachment;/);
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('lets the unit admin read, and refuses everyone else with 403 and no bytes', async () => {
    const file = await teacherFile('private.png');
    expect((await admin.fetchBytes(file.url)).http).toBe(200);
    for (const client of [parent, staff, area]) {
      const reply = await client.get(file.url);
      expect(reply.http).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
      expect(reply.body).toMatchObject({ status: 403, code: 'forbidden' });
      expect(reply.headers.get('content-disposition')).toBeNull();
    }
  });

  it("lets a feature's grant open a file to others (registerReadGrant)", async () => {
    const file = await teacherFile('attachment.png');
    const parentId = (await parent.get<{ userId: string }>('/api/uaa/oauth/me')).body.data!.userId;
    server.app.services.storage.registerReadGrant(
      'api-test',
      async (fileId, user) => fileId === file.fileId && user.userId === parentId,
    );
    expect((await parent.fetchBytes(file.url)).http).toBe(200);
    expect((await staff.get(file.url)).body.status).toBe(403);
  });

  it('answers 404 in the envelope for an unknown id', async () => {
    const reply = await teacher.get(fileDownloadUrl('no-such-file'));
    expect(reply.body).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('at once (issue 11: two uploads of the same file end in one blob)', () => {
  it('two users sending the same file at the same time get one blob and a descriptor each', async () => {
    const bytes = bytesOf(4 * CHUNK);
    const blobs = (await blobKeys()).length;
    const [, ,] = await Promise.all([
      sendAllChunks(teacher, bytes, 'same.mp4'),
      sendAllChunks(staff, bytes, 'same.mp4'),
    ]);
    const [a, b] = await Promise.all([
      merge(teacher, bytes, 'same.mp4'),
      merge(staff, bytes, 'same.mp4'),
    ]);
    expect(a.body.status).toBe(200);
    expect(b.body.status).toBe(200);
    expect(a.body.data!.fileId).not.toBe(b.body.data!.fileId);
    expect(await blobKeys()).toHaveLength(blobs + 1);
    const [c, d] = await Promise.all([
      simpleUpload(teacher, bytes, 'same-again.mp4'),
      simpleUpload(parent, bytes, 'same-again.mp4'),
    ]);
    expect([c.body.status, d.body.status]).toEqual([200, 200]);
    expect(await blobKeys()).toHaveLength(blobs + 1);
  });
});

describe('two instances sharing one store and database (DESIGN.md §2)', () => {
  let second: TestServer;
  beforeAll(async () => {
    second = await startTestServer({ shareWith: server });
  });
  afterAll(async () => second.close());

  it('merge on one the chunks sent to either, and serve the file from both', async () => {
    const onB = second.client();
    onB.setCookie('ph_at', teacher.cookie('ph_at')!);
    const bytes = bytesOf(3 * CHUNK);
    await sendChunk(teacher, bytes, 'shared.mp4', 0);
    await sendChunk(onB, bytes, 'shared.mp4', 1);
    await sendChunk(teacher, bytes, 'shared.mp4', 2);
    expect((await blockCheck(onB, bytes, 0, 'shared.mp4')).body.data).toEqual({ data: true });
    expect((await blockCheck(teacher, bytes, 1, 'shared.mp4')).body.data).toEqual({ data: true });
    const merged = await merge(onB, bytes, 'shared.mp4');
    expect(merged.body.status).toBe(200);
    const fromA = await teacher.fetchBytes(merged.body.data!.url);
    expect(Buffer.compare(fromA.bytes, bytes)).toBe(0);
  });

  it('clean up at start-up the chunks of an upload abandoned for over 24 h', async () => {
    const bytes = bytesOf(2 * CHUNK);
    await sendChunk(teacher, bytes, 'abandoned.mp4', 0);
    expect((await blockCheck(teacher, bytes, 0, 'abandoned.mp4')).body.data).toEqual({
      data: true,
    });
    const later = Date.now() + UPLOAD_CHUNK_TTL_MS + 60_000;
    const third = await startTestServer({ shareWith: server, clock: () => later });
    try {
      const deadline = Date.now() + 5000;
      let stored = true;
      while (stored && Date.now() < deadline) {
        stored = (await blockCheck(teacher, bytes, 0, 'abandoned.mp4')).body.data?.data ?? true;
        if (stored) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(stored).toBe(false);
    } finally {
      await third.close();
    }
  });
});
