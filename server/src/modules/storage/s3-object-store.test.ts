/**
 * The object store's contract (DESIGN.md §7 "Stores"), run on both stores: the folder and an
 * S3 bucket served by a real s3rver on loopback (issue 11). Then the file store and the chunk
 * store over the bucket: a merge verified by md5, a wrong md5 keeping nothing, the same bytes
 * stored once, the 24 h clean-up, and a multipart put.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3rver, type S3rverHandle } from '../../../test/api/helpers/s3rver.ts';
import { loadConfig } from '../../config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { ChunkStore } from './chunk-store.ts';
import { ChecksumMismatchError, FileStore } from './file-store.ts';
import { DiskObjectStore, type ObjectStore } from './object-store.ts';
import { openObjectStore } from './open-object-store.ts';
import { S3ObjectStore } from './s3-object-store.ts';
import { StorageRepository } from './storage.repository.ts';

const HOUR = 60 * 60 * 1000;
let s3: S3rverHandle;
let tempDir: string;
/** Each test gets its own key prefix in the one bucket, so no test sees another's objects. */
let run = 0;

beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3?.stop();
});
beforeEach(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-s3-store-'));
  run += 1;
});
afterEach(async () => {
  await fs.rm(tempDir, { recursive: true, force: true });
});

function openS3(
  options: { listPageSize?: number; multipartThreshold?: number; partSize?: number } = {},
) {
  return openObjectStore(s3.location(path.join(tempDir, 'scratch'), `t-${run}`), {
    s3: { listPageSize: options.listPageSize ?? 2, ...options },
  }) as S3ObjectStore;
}

const STORES: [string, () => ObjectStore][] = [
  ['the folder', () => new DiskObjectStore(path.join(tempDir, 'files'))],
  // Two keys a page, so every listing below walks several pages.
  ['an S3 bucket (s3rver)', () => openS3()],
];

/** A finished local file in the store's scratch folder, as the file and chunk stores make. */
async function scratchFile(store: ObjectStore, bytes: Buffer | string): Promise<string> {
  await fs.mkdir(store.scratchDir, { recursive: true });
  const file = path.join(store.scratchDir, `${Math.random().toString(36).slice(2)}.tmp`);
  await fs.writeFile(file, bytes);
  return file;
}

async function read(store: ObjectStore, key: string): Promise<Buffer | null> {
  const stream = await store.get(key);
  return stream && buffer(stream);
}

describe.each(STORES)('ObjectStore contract on %s (DESIGN.md §7 Stores)', (_name, open) => {
  let store: ObjectStore;
  beforeEach(() => {
    store = open();
  });

  it('puts a file under a key, consuming it, and reads it back whole', async () => {
    const local = await scratchFile(store, 'first bytes');
    await store.putFile('ab/cafe', local);
    await expect(fs.access(local)).rejects.toThrow();
    expect(await read(store, 'ab/cafe')).toEqual(Buffer.from('first bytes'));
    const stat = await store.stat('ab/cafe');
    expect(stat).toMatchObject({ key: 'ab/cafe', size: 11 });
    expect(Math.abs((stat?.modifiedAt ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('replaces the object under a key', async () => {
    await store.putFile('ab/cafe', await scratchFile(store, 'old'));
    await store.putFile('ab/cafe', await scratchFile(store, 'the new bytes'));
    expect((await read(store, 'ab/cafe'))?.toString()).toBe('the new bytes');
    expect((await store.stat('ab/cafe'))?.size).toBe(13);
  });

  it('keeps an empty object', async () => {
    await store.putFile('ab/0', await scratchFile(store, ''));
    expect(await read(store, 'ab/0')).toEqual(Buffer.alloc(0));
    expect((await store.stat('ab/0'))?.size).toBe(0);
  });

  it('answers null for a missing key, and deleting one is no error', async () => {
    expect(await store.get('ab/missing')).toBeNull();
    expect(await store.stat('ab/missing')).toBeNull();
    await store.delete('ab/missing');
    await store.putFile('ab/cafe', await scratchFile(store, 'x'));
    await store.delete('ab/cafe');
    expect(await store.get('ab/cafe')).toBeNull();
    expect(await store.stat('ab/cafe')).toBeNull();
  });

  it('lists the objects under a prefix, across pages, and nothing else', async () => {
    const keys = ['chunks/aa/1', 'chunks/aa/2', 'chunks/aa/10', 'chunks/ab/0', 'ff/0', 'ff/1'];
    for (const key of keys) await store.putFile(key, await scratchFile(store, key));
    const listed = async (prefix: string) =>
      (await store.list(prefix)).map((object) => object.key).sort();
    expect(await listed('chunks/aa/')).toEqual(['chunks/aa/1', 'chunks/aa/10', 'chunks/aa/2']);
    expect(await listed('chunks/')).toHaveLength(4);
    expect(await listed('')).toEqual([...keys].sort());
    expect(await listed('none/')).toEqual([]);
    const [first] = await store.list('ff/');
    expect(first).toMatchObject({ size: 4 });
  });

  it('refuses keys and prefixes that are not hashes and numbers', async () => {
    const local = await scratchFile(store, 'x');
    for (const bad of ['../x', 'ab/../cd', '/ab', 'ab/', 'AB/cd', 'a b', 'ab//cd', '', 'a\u0000']) {
      await expect(store.putFile(bad, local)).rejects.toThrow(/Not an object key/);
      await expect(store.get(bad)).rejects.toThrow(/Not an object key/);
      await expect(store.stat(bad)).rejects.toThrow(/Not an object key/);
      await expect(store.delete(bad)).rejects.toThrow(/Not an object key/);
    }
    for (const bad of ['../', 'ab', '/ab/', 'ab//']) {
      await expect(store.list(bad)).rejects.toThrow(/Not an object key prefix/);
    }
    expect(await fs.readFile(local, 'utf8')).toBe('x'); // a refused put consumes nothing
  });
});

describe('S3ObjectStore in the bucket', () => {
  it('keeps its keys under the prefix of s3://bucket/prefix, and skips what is not ours', async () => {
    const store = openS3();
    await store.putFile('ab/cafe', await scratchFile(store, 'mine'));
    // Another tenant of the bucket: a neighbouring prefix, and a name that is no key of ours.
    const neighbour = openObjectStore(s3.location(tempDir, `t-${run}x`));
    await neighbour.putFile('ab/cafe', await scratchFile(neighbour, 'theirs'));
    expect(await store.list('')).toEqual([expect.objectContaining({ key: 'ab/cafe', size: 4 })]);
    expect((await read(store, 'ab/cafe'))?.toString()).toBe('mine');
    expect((await read(neighbour, 'ab/cafe'))?.toString()).toBe('theirs');
    // The whole bucket seen without a prefix: `t-1/ab/cafe` and the like are no keys of ours.
    const rootStore = openObjectStore(s3.location(tempDir, ''));
    expect(await rootStore.list('')).toEqual([]);
    await expect(
      fs.access(path.join(s3.directory, s3.bucket, `t-${run}`, 'ab', 'cafe._S3rver_object')),
    ).resolves.toBeUndefined();
  });

  it('puts a large file as a multipart upload of streamed ranges, byte for byte', async () => {
    // 5 MiB parts (S3's smallest), so 12 MiB + 1 goes up as three parts, the last one byte.
    const store = openS3({ multipartThreshold: 8 * 1024 * 1024, partSize: 5 * 1024 * 1024 });
    const local = path.join(tempDir, 'big.bin');
    const size = 12 * 1024 * 1024 + 1;
    await pipeline(generated(size), createWriteStream(local));
    const md5 = createHash('md5');
    for await (const chunk of generated(size)) md5.update(chunk);
    await store.putFile('ab/big', local);
    await expect(fs.access(local)).rejects.toThrow();
    expect((await store.stat('ab/big'))?.size).toBe(size);
    const back = createHash('md5');
    for await (const chunk of (await store.get('ab/big')) ?? []) back.update(chunk as Buffer);
    expect(back.digest('hex')).toBe(md5.digest('hex'));
    // No upload was left open: s3rver keeps open ones in a folder per upload id.
    const uploads = path.join(s3.directory, s3.bucket, '._S3rver_uploads');
    expect(await fs.readdir(uploads)).toEqual([]);
  });

  it('fails loudly on a bucket that is not there or an endpoint that does not answer', async () => {
    const noBucket = openObjectStore({ ...s3.location(tempDir), bucket: 'no-such-bucket' });
    const local = await scratchFile(noBucket, 'kept');
    await expect(noBucket.putFile('ab/cafe', local)).rejects.toThrow(/bucket does not exist/);
    await expect(noBucket.get('ab/cafe')).rejects.toThrow(/bucket does not exist/);
    await expect(noBucket.list('')).rejects.toThrow(/bucket does not exist/);
    const closed = openObjectStore({ ...s3.location(tempDir), endpoint: 'http://127.0.0.1:9' });
    await expect(closed.putFile('ab/cafe', local)).rejects.toThrow(/ECONNREFUSED/);
    // A put that failed leaves the local file to its caller, who removes it.
    expect(await fs.readFile(local, 'utf8')).toBe('kept');
  });

  it('is what FILE_STORE=s3://… opens, with the scratch folder under DATA_DIR/tmp', () => {
    const config = loadConfig({ ...s3.env, DATA_DIR: tempDir });
    const store = openObjectStore(config.fileStore);
    expect(store).toBeInstanceOf(S3ObjectStore);
    expect(store.scratchDir).toBe(path.join(tempDir, 'tmp'));
    const elsewhere = openObjectStore(config.fileStore, { scratchDir: path.join(tempDir, 'x') });
    expect(elsewhere.scratchDir).toBe(path.join(tempDir, 'x'));
  });
});

/** `size` bytes of a repeating pattern, made as they are read. */
async function* generated(size: number): AsyncGenerator<Buffer> {
  const block = Buffer.alloc(1 << 20);
  for (let i = 0; i < block.length; i += 1) block[i] = (i * 7 + (i >> 9)) & 0xff;
  for (let sent = 0; sent < size; sent += block.length)
    yield block.subarray(0, Math.min(block.length, size - sent));
}

describe('FileStore and ChunkStore over the bucket (spec §4, DESIGN.md §7)', () => {
  let handle: DatabaseHandle;
  let objects: S3ObjectStore;
  let files: FileStore;
  let chunks: ChunkStore;
  let now: number;

  beforeEach(async () => {
    handle = openDatabase({ dataDir: tempDir });
    await migrateToLatest(handle.db);
    objects = openS3({ listPageSize: 1000 });
    files = new FileStore(objects, new StorageRepository(handle.db));
    now = Date.now();
    chunks = new ChunkStore(objects, () => now);
  });
  afterEach(async () => {
    await handle.close();
  });

  const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
  const PARTS = [Buffer.alloc(70_000, 1), Buffer.alloc(70_000, 2), Buffer.alloc(500, 3)];
  const WHOLE = Buffer.concat(PARTS);
  const KEY = { owner: 'user-1', md5: md5(WHOLE) };
  const FILE = { name: 'lesson.mp4', mime: 'video/mp4', size: WHOLE.length, chunks: 3 };

  async function putAll(key = KEY): Promise<void> {
    for (const [index, part] of PARTS.entries()) await chunks.put(key, index, [part], 1 << 20);
  }

  async function keys(): Promise<string[]> {
    return (await objects.list('')).map((object) => object.key).sort();
  }

  it('merges three chunks into one blob verified by md5, and removes the chunks', async () => {
    await putAll();
    expect(await chunks.missing(KEY, 3)).toEqual([]);
    const file = await chunks.merge(files, KEY, { ...FILE, maxBytes: 1 << 20 });
    expect(file).toMatchObject({ size: WHOLE.length });
    const opened = await files.open(file.id);
    expect(md5(await buffer(opened!.stream))).toBe(KEY.md5);
    expect(await keys()).toEqual([files.blobKey(file.sha256)]);
    expect(await fs.readdir(objects.scratchDir)).toEqual([]);
  });

  it('keeps nothing when the md5 is wrong', async () => {
    const wrong = { ...KEY, md5: md5(Buffer.from('something else')) };
    await putAll(wrong);
    await expect(chunks.merge(files, wrong, { ...FILE, maxBytes: 1 << 20 })).rejects.toBeInstanceOf(
      ChecksumMismatchError,
    );
    expect(await keys()).toEqual([]);
    expect(await handle.db.selectFrom('files').select('id').execute()).toEqual([]);
    expect(await fs.readdir(objects.scratchDir)).toEqual([]);
  });

  it('stores the same bytes once, and puts a lost blob back', async () => {
    const [a, b] = await Promise.all([
      files.putStream('a.bin', 'application/octet-stream', [WHOLE]),
      files.putStream('b.bin', 'application/octet-stream', [WHOLE]),
    ]);
    await files.putStream('c.bin', 'application/octet-stream', [WHOLE]);
    expect(a.file.sha256).toBe(b.file.sha256);
    expect(await keys()).toEqual([files.blobKey(a.file.sha256)]);
    await objects.delete(files.blobKey(a.file.sha256));
    expect(await files.open(a.file.id)).toBeNull();
    await files.putStream('a.bin', 'application/octet-stream', [WHOLE]);
    expect(md5((await files.get(a.file.id))!.bytes)).toBe(KEY.md5);
  });

  it('cleans up uploads untouched for 24 h, and only those', async () => {
    await putAll();
    const other = { owner: 'user-2', md5: KEY.md5 };
    await chunks.put(other, 0, [PARTS[0]!], 1 << 20);
    expect(await chunks.cleanUp()).toBe(0);
    now += 25 * HOUR;
    expect(await chunks.cleanUp()).toBe(2);
    expect(await keys()).toEqual([]);
  });

  it('reads a chunk sent again as the new one, and two users apart', async () => {
    await chunks.put(KEY, 0, [Buffer.from('old')], 1 << 20);
    await chunks.put(KEY, 0, [PARTS[0]!], 1 << 20);
    expect(await chunks.has(KEY, 0, PARTS[0]!.length)).toBe(true);
    expect(await chunks.missing({ ...KEY, owner: 'user-2' }, 3)).toEqual([0, 1, 2]);
  });
});
