/**
 * The chunks of uploads in progress (spec §4 chunked upload, DESIGN.md §7): chunk `index` of
 * the upload keyed by (user, md5), stored on disk under the file store's folder until the merge
 * streams them, in order, into the content-addressed store. Re-sending a chunk replaces it, two
 * users' chunks never mix, and chunks untouched for 24 h are cleaned up. Every path is derived
 * from a hash and a number, so nothing a client sends reaches the file system as a name.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_CHUNK_TTL_MS } from '@campus/contracts/upload-rules';
import { FileTooLargeError, type ByteSource, type FileStore } from './file-store.ts';
import type { FileRecord } from './storage.repository.ts';

const MD5_HEX = /^[0-9a-f]{32}$/;

/** The upload's chunks are not all there (spec §8 chunkmerge 'abnormal chunk count'). */
export class MissingChunksError extends Error {
  constructor(readonly missing: readonly number[]) {
    super(`Missing chunks: ${missing.join(', ')}`);
    this.name = 'MissingChunksError';
  }
}

/** Who uploads which file: the chunks of one user's upload of one content. */
export interface UploadKey {
  owner: string;
  md5: string;
}

export class ChunkStore {
  constructor(
    /** The chunks' root folder (beside the file store's blobs). */
    readonly dir: string,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Stores chunk `index` (from 0) of an upload, replacing an earlier copy whole: the bytes go
   * to a temporary file first, so a reader never sees half a chunk. More than `maxBytes` ends
   * the write with {@link FileTooLargeError} and keeps the earlier copy, if any.
   */
  async put(key: UploadKey, index: number, source: ByteSource, maxBytes: number): Promise<number> {
    const target = this.chunkPath(key, index);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.byteLength;
        if (size > maxBytes) done(new FileTooLargeError(maxBytes));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(source, limit, createWriteStream(temp, { flags: 'wx' }));
      await fs.rename(temp, target);
      return size;
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  /** Whether chunk `index` is stored whole (of `size` bytes, when given). */
  async has(key: UploadKey, index: number, size?: number): Promise<boolean> {
    try {
      const stat = await fs.stat(this.chunkPath(key, index));
      return size === undefined || stat.size === size;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** The chunks of `0 … chunks - 1` that are not stored. */
  async missing(key: UploadKey, chunks: number): Promise<number[]> {
    const stored = new Set(
      (await this.list(key)).map((name) => Number(name)).filter(Number.isInteger),
    );
    return Array.from({ length: chunks }, (_, index) => index).filter((i) => !stored.has(i));
  }

  /**
   * Streams chunks `0 … chunks - 1` in order into the file store, verified against the
   * announced MD5 and size before anything is kept (DESIGN.md §7 merge); the chunks are removed
   * afterwards, and also when the bytes do not match, so a bad upload starts again clean.
   */
  async merge(
    files: FileStore,
    key: UploadKey,
    file: { name: string; mime: string; size: number; chunks: number; maxBytes: number },
  ): Promise<FileRecord> {
    const missing = await this.missing(key, file.chunks);
    if (missing.length > 0) throw new MissingChunksError(missing);
    const paths = Array.from({ length: file.chunks }, (_, index) => this.chunkPath(key, index));
    async function* concatenated(): AsyncGenerator<Uint8Array> {
      for (const chunk of paths) yield* createReadStream(chunk) as AsyncIterable<Buffer>;
    }
    try {
      const { file: stored } = await files.putStream(
        file.name,
        file.mime,
        Readable.from(concatenated()),
        { maxBytes: file.maxBytes, expect: { md5: key.md5, size: file.size } },
      );
      return stored;
    } finally {
      await this.discard(key);
    }
  }

  /** Removes an upload's chunks. */
  async discard(key: UploadKey): Promise<void> {
    await fs.rm(this.uploadDir(key), { recursive: true, force: true });
  }

  /** Removes every upload whose chunks were all left untouched for `ttlMs` (24 h by default). */
  async cleanUp(ttlMs: number = UPLOAD_CHUNK_TTL_MS): Promise<number> {
    const cutoff = this.clock() - ttlMs;
    let removed = 0;
    for (const owner of await readDir(this.dir)) {
      for (const upload of await readDir(path.join(this.dir, owner))) {
        const folder = path.join(this.dir, owner, upload);
        const times = await Promise.all(
          (await readDir(folder)).map(
            async (name) => (await fs.stat(path.join(folder, name))).mtimeMs,
          ),
        );
        const newest = Math.max((await fs.stat(folder)).mtimeMs, ...times);
        if (newest < cutoff) {
          await fs.rm(folder, { recursive: true, force: true });
          removed += 1;
        }
      }
    }
    return removed;
  }

  /** `<dir>/<sha256 of the owner>/<md5>`: an owner's id never becomes a path itself. */
  private uploadDir(key: UploadKey): string {
    const md5 = key.md5.toLowerCase();
    if (!MD5_HEX.test(md5)) throw new Error('Not an MD5 hex digest');
    const owner = createHash('sha256').update(key.owner).digest('hex');
    return path.join(this.dir, owner, md5);
  }

  private chunkPath(key: UploadKey, index: number): string {
    if (!Number.isSafeInteger(index) || index < 0) throw new Error('Not a chunk number');
    return path.join(this.uploadDir(key), String(index));
  }

  private async list(key: UploadKey): Promise<string[]> {
    return (await readDir(this.uploadDir(key))).filter((name) => /^\d+$/.test(name));
  }
}

async function readDir(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
