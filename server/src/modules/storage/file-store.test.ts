import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { FileStore, sanitizeMime } from './file-store.ts';
import { StorageRepository } from './storage.repository.ts';

let dataDir: string;
let handle: DatabaseHandle;
let store: FileStore;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-files-'));
  handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  store = new FileStore(path.join(dataDir, 'files'), new StorageRepository(handle.db));
});

afterEach(async () => {
  await handle.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function blobsOnDisk(): Promise<string[]> {
  const entries = await fs.readdir(store.dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(store.dir, path.join(e.parentPath, e.name)));
}

describe('FileStore', () => {
  it('stores content under <dir>/<aa>/<sha256> and reads it back', async () => {
    const bytes = Buffer.from('hello campus');
    const sha = createHash('sha256').update(bytes).digest('hex');

    const file = await store.put('hello.txt', 'text/plain', bytes);

    expect(file).toMatchObject({ name: 'hello.txt', mime: 'text/plain', size: 12, sha256: sha });
    expect(await blobsOnDisk()).toEqual([path.join(sha.slice(0, 2), sha)]);
    expect(await store.get(file.id)).toEqual({ mime: 'text/plain', bytes, sha256: sha });
  });

  it('keeps one blob for the same bytes, and one record for the same name and type', async () => {
    const bytes = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const a = await store.put('logo.svg', 'image/svg+xml', bytes);
    const again = await store.put('logo.svg', 'image/svg+xml', bytes);
    const renamed = await store.put('crest.svg', 'image/svg+xml', bytes);

    expect(again.id).toBe(a.id);
    expect(renamed.id).not.toBe(a.id);
    expect(renamed.sha256).toBe(a.sha256);
    expect(await blobsOnDisk()).toHaveLength(1);
    const rows = await handle.db.selectFrom('files').select('id').execute();
    expect(rows).toHaveLength(2);
  });

  it('rewrites a missing blob when the same content is put again', async () => {
    const bytes = Buffer.from('restore me');
    const file = await store.put('a.bin', 'application/octet-stream', bytes);
    await fs.rm(store.blobPath(file.sha256));
    expect(await store.get(file.id)).toBeNull();

    await store.put('a.bin', 'application/octet-stream', bytes);
    expect((await store.get(file.id))?.bytes).toEqual(bytes);
  });

  it('derives paths from the hash only, so names cannot traverse', async () => {
    const outside = path.join(dataDir, 'escaped.txt');
    const file = await store.put('../../escaped.txt', 'text/plain', Buffer.from('x'));

    expect(file.name).toBe('escaped.txt');
    await expect(fs.access(outside)).rejects.toThrow();
    expect(await blobsOnDisk()).toEqual([path.join(file.sha256.slice(0, 2), file.sha256)]);
    expect(await store.get('../../escaped.txt')).toBeNull();
    expect(() => store.blobPath('../../etc/passwd')).toThrow();
  });

  it('answers null for an unknown id', async () => {
    expect(await store.get('no-such-file')).toBeNull();
  });
});

describe('sanitizeMime', () => {
  it('keeps a plain media type and refuses anything that could break a header', () => {
    expect(sanitizeMime('Image/SVG+XML')).toBe('image/svg+xml');
    expect(sanitizeMime('text/html\r\nSet-Cookie: a=b')).toBe('application/octet-stream');
    expect(sanitizeMime('nonsense')).toBe('application/octet-stream');
  });
});
