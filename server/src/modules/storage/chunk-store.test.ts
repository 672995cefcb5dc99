import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { ChunkSizeMismatchError, ChunkStore, MissingChunksError } from './chunk-store.ts';
import { ChecksumMismatchError, FileStore, FileTooLargeError } from './file-store.ts';
import { DiskObjectStore } from './object-store.ts';
import { StorageRepository } from './storage.repository.ts';

const HOUR = 60 * 60 * 1000;
let dataDir: string;
let handle: DatabaseHandle;
let files: FileStore;
let disk: DiskObjectStore;
let chunks: ChunkStore;
let now: number;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-chunks-'));
  handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  disk = new DiskObjectStore(path.join(dataDir, 'files'));
  files = new FileStore(disk, new StorageRepository(handle.db));
  now = Date.now();
  chunks = new ChunkStore(disk, () => now);
});

afterEach(async () => {
  await handle.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const PARTS = [Buffer.alloc(1000, 1), Buffer.alloc(1000, 2), Buffer.alloc(500, 3)];
const WHOLE = Buffer.concat(PARTS);
const KEY = { owner: 'user-1', md5: md5(WHOLE) };
const FILE = { name: 'lesson.mp4', mime: 'video/mp4', size: WHOLE.length, chunks: 3 };

/** Where chunk `index` starts: every chunk but the last is 1000 bytes, as the upload says. */
const at = (index: number) => index * 1000;

async function putAll(key = KEY, parts = PARTS): Promise<void> {
  for (const [index, part] of parts.entries())
    await chunks.put(key, index, [part], 4096, undefined, at(index));
}

describe('ChunkStore (spec §4 chunked upload, DESIGN.md §7)', () => {
  it('knows which chunks are stored, and whole', async () => {
    await chunks.put(KEY, 1, [PARTS[1]!], 4096, undefined, at(1));
    expect(await chunks.has(KEY, 1)).toBe(true);
    expect(await chunks.has(KEY, 1, 1000)).toBe(true);
    expect(await chunks.has(KEY, 1, 999)).toBe(false);
    expect(await chunks.has(KEY, 0)).toBe(false);
    expect(await chunks.missing(KEY, 3)).toEqual([0, 2]);
  });

  it('replaces a chunk sent again, and keeps two users apart', async () => {
    await chunks.put(KEY, 0, [Buffer.from('old')], 4096, undefined, 0);
    await chunks.put(KEY, 0, [PARTS[0]!], 4096, undefined, 0);
    expect(await chunks.has(KEY, 0, 1000)).toBe(true);
    const other = { ...KEY, owner: 'user-2' };
    expect(await chunks.missing(other, 3)).toEqual([0, 1, 2]);
  });

  it('refuses a chunk over the limit, which then counts as missing until sent whole', async () => {
    await chunks.put(KEY, 0, [PARTS[0]!], 4096, undefined, 0);
    await expect(
      chunks.put(KEY, 0, [Buffer.alloc(5000)], 4096, undefined, 0),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await chunks.has(KEY, 0)).toBe(false);
    await chunks.put(KEY, 0, [PARTS[0]!], 4096, undefined, 0);
    expect(await chunks.has(KEY, 0, 1000)).toBe(true);
  });

  it('refuses a chunk of another length than announced: missing, never half kept', async () => {
    await expect(
      chunks.put(KEY, 1, [PARTS[1]!.subarray(0, 600)], 4096, 1000, at(1)),
    ).rejects.toBeInstanceOf(ChunkSizeMismatchError);
    expect(await chunks.has(KEY, 1)).toBe(false);
  });

  it('writes the chunks in place into one part file, merged by a rename', async () => {
    // Out of order, as lanes in flight deliver them.
    for (const index of [2, 0, 1])
      await chunks.put(KEY, index, [PARTS[index]!], 4096, undefined, at(index));
    const upload = (await disk.list('chunks/')).map((object) => object.key.split('/').pop());
    expect(upload.sort()).toEqual(['0', '1', '2', 'part']);
    const file = await chunks.merge(files, KEY, { ...FILE, maxBytes: 1 << 20 });
    expect((await files.get(file.id))?.bytes).toEqual(WHOLE);
    expect(await disk.list('chunks/')).toEqual([]);
    expect(await fs.readdir(disk.scratchDir)).toEqual([]);
  });

  it('stops a chunk still being written when the merge takes the part file, and hashes the file', async () => {
    // Chunk 1's first copy stalls half-way; its retry arrives whole; the client merges.
    let release = () => undefined as void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    async function* slow() {
      yield PARTS[1]!.subarray(0, 500);
      await stalled;
      yield PARTS[1]!.subarray(500);
    }
    const first = chunks.put(KEY, 1, slow(), 4096, 1000, at(1));
    first.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await putAll();
    const file = await chunks.merge(files, KEY, { ...FILE, maxBytes: 1 << 20 });
    await expect(first).rejects.toBeInstanceOf(ChunkSizeMismatchError);
    release();
    expect((await files.get(file.id))?.bytes).toEqual(WHOLE);
    expect(await fs.readdir(disk.scratchDir)).toEqual([]);
  });

  it('hashes each chunk from the bytes it wrote, in order, without reading them back', async () => {
    const stat = vi.spyOn(disk, 'stat');
    // Out of order, as lanes in flight deliver them; each with its announced size.
    for (const index of [1, 0, 2])
      await chunks.put(KEY, index, [PARTS[index]!], 4096, PARTS[index]!.length, at(index));
    // The eager hash runs in the background: given time, it read no marker (nor any byte).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stat).not.toHaveBeenCalled();
    const file = await chunks.merge(files, KEY, { ...FILE, maxBytes: 1 << 20 });
    expect((await files.get(file.id))?.bytes).toEqual(WHOLE);
    expect(chunks.heldBytes).toBe(0);
  });

  it('trusts no bytes held once another copy of the chunk replaced them (another instance)', async () => {
    for (const index of [0, 1, 2])
      await chunks.put(KEY, index, [PARTS[index]!], 4096, PARTS[index]!.length, at(index));
    // Another instance sharing the folder stores chunk 1 again, with other bytes.
    const other = new ChunkStore(disk, () => now);
    await other.put(KEY, 1, [Buffer.alloc(1000, 9)], 4096, 1000, at(1));
    await expect(chunks.merge(files, KEY, { ...FILE, maxBytes: 1 << 20 })).rejects.toBeInstanceOf(
      ChecksumMismatchError,
    );
    expect(await handle.db.selectFrom('files').select('id').execute()).toEqual([]);
    expect(chunks.heldBytes).toBe(0);
    await other.close();
  });

  it('keeps no bytes of a chunk far ahead of the next one to hash, nor of a refused one', async () => {
    const many = { ...KEY, md5: md5(Buffer.from('another file')) };
    await chunks.put(many, 9, [Buffer.alloc(1000, 1)], 4096, 1000, at(9));
    expect(chunks.heldBytes).toBe(0);
    await expect(
      chunks.put(many, 1, [Buffer.alloc(600, 1)], 4096, 1000, at(1)),
    ).rejects.toBeInstanceOf(ChunkSizeMismatchError);
    expect(chunks.heldBytes).toBe(0);
    await chunks.discard(many);
  });

  it('merges after a restart (no eager hash): the part file is hashed at the merge', async () => {
    await putAll();
    const restarted = new ChunkStore(disk, () => now);
    const file = await restarted.merge(files, KEY, { ...FILE, maxBytes: 1 << 20 });
    expect((await files.get(file.id))?.bytes).toEqual(WHOLE);
  });

  it('refuses chunks not laid end to end (a wrong offset), keeping nothing', async () => {
    for (const [index, part] of PARTS.entries())
      await chunks.put(KEY, index, [part], 4096, undefined, index === 1 ? 1200 : at(index));
    await expect(chunks.merge(files, KEY, { ...FILE, maxBytes: 1 << 20 })).rejects.toBeInstanceOf(
      ChecksumMismatchError,
    );
    expect(await handle.db.selectFrom('files').select('id').execute()).toEqual([]);
  });

  it('merges the chunks in order into one verified file and removes them', async () => {
    await putAll();
    const file = await chunks.merge(files, KEY, { ...FILE, maxBytes: 1 << 20 });
    expect(file).toMatchObject({ name: 'lesson.mp4', mime: 'video/mp4', size: WHOLE.length });
    expect((await files.get(file.id))?.bytes).toEqual(WHOLE);
    expect(await chunks.missing(KEY, 3)).toEqual([0, 1, 2]);
    expect(await fs.readdir(disk.scratchDir)).toEqual([]);
  });

  it('merges the chunks as stored when one was sent again with other bytes meanwhile', async () => {
    const changed = [PARTS[0]!, Buffer.alloc(1000, 9), PARTS[2]!];
    const key = { ...KEY, md5: md5(Buffer.concat(changed)) };
    await putAll(key);
    // Chunk 1 again, other bytes (already assembled eagerly with the first ones).
    await chunks.put(key, 1, [changed[1]!], 4096, undefined, at(1));
    const file = await chunks.merge(files, key, { ...FILE, maxBytes: 1 << 20 });
    expect((await files.get(file.id))?.bytes).toEqual(Buffer.concat(changed));
    expect(await fs.readdir(disk.scratchDir)).toEqual([]);
  });

  it('merges the same upload twice at once into one file, the second finding the chunks gone', async () => {
    await putAll();
    const results = await Promise.allSettled([
      chunks.merge(files, KEY, { ...FILE, maxBytes: 1 << 20 }),
      chunks.merge(files, KEY, { ...FILE, maxBytes: 1 << 20 }),
    ]);
    const kept = results.filter((r) => r.status === 'fulfilled');
    expect(kept.length).toBeGreaterThanOrEqual(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(MissingChunksError);
    }
    const blobs = await fs.readdir(disk.root, { recursive: true, withFileTypes: true });
    expect(blobs.filter((entry) => entry.isFile())).toHaveLength(1);
  });

  it('names the missing chunks and merges nothing', async () => {
    await chunks.put(KEY, 0, [PARTS[0]!], 4096, undefined, 0);
    await expect(chunks.merge(files, KEY, { ...FILE, maxBytes: 1 << 20 })).rejects.toEqual(
      new MissingChunksError([1, 2]),
    );
    expect(await handle.db.selectFrom('files').select('id').execute()).toEqual([]);
  });

  it('refuses a wrong MD5, keeps nothing and discards the chunks', async () => {
    const wrong = { ...KEY, md5: md5(Buffer.from('something else')) };
    await putAll(wrong);
    await expect(chunks.merge(files, wrong, { ...FILE, maxBytes: 1 << 20 })).rejects.toBeInstanceOf(
      ChecksumMismatchError,
    );
    expect(await handle.db.selectFrom('files').select('id').execute()).toEqual([]);
    expect(await chunks.missing(wrong, 3)).toEqual([0, 1, 2]);
    const blobs = await fs.readdir(disk.root, { recursive: true, withFileTypes: true });
    expect(blobs.filter((entry) => entry.isFile())).toEqual([]);
  });

  it('cleans up uploads untouched for 24 h, and only those', async () => {
    await putAll();
    expect(await chunks.cleanUp()).toBe(0);
    now += 25 * HOUR;
    expect(await chunks.cleanUp()).toBe(1);
    expect(await chunks.missing(KEY, 3)).toEqual([0, 1, 2]);
  });

  it('removes the scratch files a crash left, once 24 h old', async () => {
    await fs.mkdir(disk.scratchDir, { recursive: true });
    const left = path.join(disk.scratchDir, 'cut-off.tmp');
    await fs.writeFile(left, 'half a file');
    expect(await chunks.cleanUp()).toBe(0);
    expect(await fs.readdir(disk.scratchDir)).toEqual(['cut-off.tmp']);
    now += 25 * HOUR;
    await chunks.cleanUp();
    expect(await fs.readdir(disk.scratchDir)).toEqual([]);
  });

  it('takes no path from the client: a bad MD5 or chunk number is refused', async () => {
    await expect(
      chunks.put({ ...KEY, md5: '../../x' }, 0, [PARTS[0]!], 4096, undefined, 0),
    ).rejects.toThrow();
    await expect(chunks.put(KEY, -1, [PARTS[0]!], 4096, undefined, 0)).rejects.toThrow();
    await expect(chunks.put(KEY, 0, [PARTS[0]!], 4096)).rejects.toThrow();
    await expect(chunks.has(KEY, 1.5)).rejects.toThrow();
  });
});
