import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkAssembler } from './chunk-assembly.ts';
import { DiskObjectStore } from './object-store.ts';

const UPLOAD = 'chunks/aa/bb';
const keyOf = (index: number) => `${UPLOAD}/${index}`;
const PARTS = [Buffer.alloc(3000, 1), Buffer.alloc(3000, 2), Buffer.alloc(700, 3)];
const WHOLE = Buffer.concat(PARTS);
const hex = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex');

let root: string;
let disk: DiskObjectStore;
let assembler: ChunkAssembler;
let now: number;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-assembly-'));
  disk = new DiskObjectStore(root);
  now = Date.now();
  assembler = new ChunkAssembler(disk, 1 << 20, () => now);
});

afterEach(async () => {
  await assembler.close();
  await fs.rm(root, { recursive: true, force: true });
});

/** Stores chunk `index` as the chunk store does (a whole file renamed into place), then tells. */
async function store(index: number, bytes: Buffer = PARTS[index]!): Promise<void> {
  await fs.mkdir(disk.scratchDir, { recursive: true });
  const temp = path.join(disk.scratchDir, `chunk-${index}-${Math.random()}.chunk`);
  await fs.writeFile(temp, bytes);
  await disk.putFile(keyOf(index), temp);
  assembler.stored(UPLOAD, index, keyOf);
}

async function take(chunks = PARTS.length) {
  return assembler.take(UPLOAD, chunks, await disk.list(`${UPLOAD}/`));
}

/** The files left in the scratch folder (assemblies not taken or dropped). */
async function scratch(): Promise<string[]> {
  return (await fs.readdir(disk.scratchDir).catch(() => [])).filter((n) => n.endsWith('.assembly'));
}

describe('ChunkAssembler: the eager merge (issue 11 upload throughput, DESIGN.md §7)', () => {
  it('assembles chunks stored in order into one file, hashed by md5 and sha256 on the way', async () => {
    for (const index of [0, 1, 2]) await store(index);
    const assembled = await take();
    expect(assembled).toMatchObject({
      size: WHOLE.length,
      md5: hex('md5', WHOLE),
      sha256: hex('sha256', WHOLE),
    });
    expect(await fs.readFile(assembled!.path!)).toEqual(WHOLE);
  });

  it('waits for a gap: chunks that arrive out of order are appended once it is filled', async () => {
    await store(1);
    await store(2);
    expect(await take()).toBeNull(); // chunk 0 is not there: nothing to use
    await store(1);
    await store(2);
    await store(0);
    expect((await take())?.md5).toBe(hex('md5', WHOLE));
  });

  it('after a restart, reads back the chunks stored before it', async () => {
    await store(0);
    await store(1);
    await assembler.close();
    assembler = new ChunkAssembler(disk, 1 << 20, () => now);
    await store(2);
    expect((await take())?.sha256).toBe(hex('sha256', WHOLE));
  });

  it('is not used when a chunk appended was sent again since (other bytes)', async () => {
    for (const index of [0, 1, 2]) await store(index);
    await store(1, Buffer.alloc(3000, 9));
    expect(await take()).toBeNull();
    expect(await scratch()).toEqual([]);
  });

  it('is not used when a chunk was replaced behind its back, even with the same size', async () => {
    for (const index of [0, 1, 2]) await store(index);
    // Another instance sharing the store puts chunk 0 again: this one is never told.
    const temp = path.join(disk.scratchDir, 'other-instance.chunk');
    await fs.writeFile(temp, Buffer.alloc(3000, 7));
    await disk.putFile(keyOf(0), temp);
    expect(await take()).toBeNull();
  });

  it('is not used for another chunk count than it holds', async () => {
    for (const index of [0, 1, 2]) await store(index);
    expect(await take(4)).toBeNull();
  });

  it('stops at the largest file a merge may keep', async () => {
    assembler = new ChunkAssembler(disk, 5000, () => now);
    for (const index of [0, 1, 2]) await store(index);
    expect(await take()).toBeNull();
    expect(await scratch()).toEqual([]);
  });

  it('is taken once: a second merge of the same upload streams the chunks', async () => {
    for (const index of [0, 1, 2]) await store(index);
    const first = await take();
    expect(first).not.toBeNull();
    expect(await take()).toBeNull();
    await fs.rm(first!.path!);
  });

  it('drops assemblies idle for an hour, and their files', async () => {
    await store(0);
    now += 59 * 60 * 1000;
    expect(await assembler.dropIdle()).toBe(0);
    await vi.waitFor(async () => expect(await scratch()).toHaveLength(1));
    now += 2 * 60 * 1000;
    expect(await assembler.dropIdle()).toBe(1);
    expect(await scratch()).toEqual([]);
    expect(await take()).toBeNull();
  });

  it('drops the assembly of an upload discarded', async () => {
    await store(0);
    await assembler.discard(UPLOAD);
    expect(await scratch()).toEqual([]);
  });
});
