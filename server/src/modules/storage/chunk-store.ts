/**
 * The chunks of uploads in progress (spec §4 chunked upload, DESIGN.md §7): chunk `index` of
 * the upload keyed by (user, md5), kept in the object store beside the files (so two instances
 * sharing a store share the chunks) until the merge streams them, in order, into the
 * content-addressed store. Re-sending a chunk replaces it, two users' chunks never mix, and
 * chunks untouched for 24 h are cleaned up. Every key is derived from a hash and a number, so
 * nothing a client sends reaches the file system or the bucket as a name.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_CHUNK_TTL_MS, UPLOAD_DEFAULT_MAX_BYTES } from '@campus/contracts/upload-rules';
import { ChunkAssembler } from './chunk-assembly.ts';
import {
  FileTooLargeError,
  type ByteSource,
  type FileOwner,
  type FileStore,
} from './file-store.ts';
import type { ObjectInfo, ObjectStore } from './object-store.ts';
import type { FileRecord } from './storage.repository.ts';

const MD5_HEX = /^[0-9a-f]{32}$/;
/** The key prefix of every chunk; the blobs' keys start with two hex digits instead. */
const CHUNKS = 'chunks';

/** The upload's chunks are not all there (spec §8 chunkmerge 'abnormal chunk count'). */
export class MissingChunksError extends Error {
  constructor(readonly missing: readonly number[]) {
    super(`Missing chunks: ${missing.join(', ')}`);
    this.name = 'MissingChunksError';
  }
}

/** A chunk of another length than announced: cut off on the way, or not the one described. */
export class ChunkSizeMismatchError extends Error {
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super(`The chunk has ${received} bytes, not ${expected}`);
    this.name = 'ChunkSizeMismatchError';
  }
}

/** Who uploads which file: the chunks of one user's upload of one content. */
export interface UploadKey {
  owner: string;
  md5: string;
}

export class ChunkStore {
  readonly #assembler: ChunkAssembler;

  constructor(
    /** The same store as the files' (a folder or a bucket). */
    private readonly objects: ObjectStore,
    private readonly clock: () => number = Date.now,
    /** UPLOAD_MAX_BYTES: the largest file a merge may keep. */
    maxFileBytes: number = UPLOAD_DEFAULT_MAX_BYTES,
  ) {
    this.#assembler = new ChunkAssembler(objects, maxFileBytes, clock);
  }

  /**
   * Stores chunk `index` (from 0) of an upload, replacing an earlier copy whole: the bytes go
   * to a temporary file first, so a reader never sees half a chunk. More than `maxBytes` ends
   * the write with {@link FileTooLargeError} and keeps the earlier copy, if any; so does a
   * chunk of another length than `expectSize`, when given, with {@link ChunkSizeMismatchError}
   * (the chunk upload's `size` field, DESIGN.md §7), so a cut-off chunk is never kept as whole.
   */
  async put(
    key: UploadKey,
    index: number,
    source: ByteSource,
    maxBytes: number,
    expectSize?: number,
  ): Promise<number> {
    const target = this.chunkKey(key, index);
    await fs.mkdir(this.objects.scratchDir, { recursive: true });
    const temp = path.join(this.objects.scratchDir, `${randomUUID()}.chunk`);
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
      if (expectSize !== undefined && size !== expectSize)
        throw new ChunkSizeMismatchError(expectSize, size);
      await this.objects.putFile(target, temp);
      this.#assembler.stored(this.uploadPrefix(key), index, (n) => this.chunkKey(key, n));
      return size;
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  /** Whether chunk `index` is stored whole (of `size` bytes, when given). */
  async has(key: UploadKey, index: number, size?: number): Promise<boolean> {
    const stat = await this.objects.stat(this.chunkKey(key, index));
    return stat !== null && (size === undefined || stat.size === size);
  }

  /** The chunks of `0 … chunks - 1` that are not stored. */
  async missing(key: UploadKey, chunks: number): Promise<number[]> {
    return missingOf(
      this.uploadPrefix(key),
      chunks,
      await this.objects.list(`${this.uploadPrefix(key)}/`),
    );
  }

  /**
   * Streams chunks `0 … chunks - 1` in order into the file store, verified against the
   * announced MD5 and size before anything is kept (DESIGN.md §7 merge); the chunks are removed
   * afterwards, and also when the bytes do not match, so a bad upload starts again clean.
   */
  async merge(
    files: FileStore,
    key: UploadKey,
    file: {
      name: string;
      mime: string;
      size: number;
      chunks: number;
      maxBytes: number;
      /** The uploader, whose descriptor the merged file becomes (DESIGN.md §7). */
      owner?: FileOwner;
    },
  ): Promise<FileRecord> {
    const upload = this.uploadPrefix(key);
    const stored = await this.objects.list(`${upload}/`);
    const missing = missingOf(upload, file.chunks, stored);
    if (missing.length > 0) throw new MissingChunksError(missing);
    const options = {
      maxBytes: file.maxBytes,
      expect: { md5: key.md5, size: file.size },
      ...(file.owner ? { owner: file.owner } : {}),
    };
    try {
      // Assembled and hashed while the chunks arrived: only checked and renamed now.
      const assembled = await this.#assembler.take(upload, file.chunks, stored);
      if (assembled?.md5 === key.md5 && assembled.size === file.size)
        return (await files.putAssembled(file.name, file.mime, assembled, options)).file;
      // Not the announced bytes: the chunks (the source of truth) are streamed and checked.
      if (assembled) await fs.rm(assembled.path, { force: true });
      const keys = Array.from({ length: file.chunks }, (_, index) => this.chunkKey(key, index));
      const objects = this.objects;
      async function* concatenated(): AsyncGenerator<Uint8Array> {
        for (const chunk of keys) {
          const stream = await objects.get(chunk);
          // Gone between the check and the read (another instance merged it): nothing is kept.
          if (!stream) throw new MissingChunksError([keys.indexOf(chunk)]);
          yield* stream as AsyncIterable<Buffer>;
        }
      }
      return (await files.putStream(file.name, file.mime, Readable.from(concatenated()), options))
        .file;
    } finally {
      await this.discard(key);
    }
  }

  /** Removes an upload's chunks. */
  async discard(key: UploadKey): Promise<void> {
    await this.#assembler.discard(this.uploadPrefix(key));
    const objects = await this.objects.list(`${this.uploadPrefix(key)}/`);
    await Promise.all(objects.map((object) => this.objects.delete(object.key)));
  }

  /**
   * Removes every upload whose chunks were all left untouched for `ttlMs` (24 h by default),
   * and the scratch files as old (a write cut off by a crash), and forgets the eager merges of
   * uploads idle for an hour (their chunks stay).
   */
  async cleanUp(ttlMs: number = UPLOAD_CHUNK_TTL_MS): Promise<number> {
    const cutoff = this.clock() - ttlMs;
    await this.#assembler.dropIdle();
    await removeOldFiles(this.objects.scratchDir, cutoff);
    const newest = new Map<string, number>();
    for (const object of await this.objects.list(`${CHUNKS}/`)) {
      const upload = object.key.split('/').slice(0, 3).join('/');
      newest.set(upload, Math.max(newest.get(upload) ?? 0, object.modifiedAt));
    }
    let removed = 0;
    for (const [upload, modifiedAt] of newest) {
      if (modifiedAt >= cutoff) continue;
      const objects = await this.objects.list(`${upload}/`);
      await Promise.all(objects.map((object) => this.objects.delete(object.key)));
      removed += 1;
    }
    return removed;
  }

  /** Drops the eager merges in progress (the server is closing); the chunks stay. */
  async close(): Promise<void> {
    await this.#assembler.close();
  }

  /** `chunks/<sha256 of the owner>/<md5>`: an owner's id never becomes a key itself. */
  private uploadPrefix(key: UploadKey): string {
    const md5 = key.md5.toLowerCase();
    if (!MD5_HEX.test(md5)) throw new Error('Not an MD5 hex digest');
    const owner = createHash('sha256').update(key.owner).digest('hex');
    return `${CHUNKS}/${owner}/${md5}`;
  }

  private chunkKey(key: UploadKey, index: number): string {
    if (!Number.isSafeInteger(index) || index < 0) throw new Error('Not a chunk number');
    return `${this.uploadPrefix(key)}/${index}`;
  }
}

/** The chunks of `0 … chunks - 1` of the upload `upload` that are not in the listing `stored`. */
function missingOf(upload: string, chunks: number, stored: readonly ObjectInfo[]): number[] {
  const prefix = `${upload}/`;
  const numbers = new Set(
    stored
      .map((object) => object.key.slice(prefix.length))
      .filter((name) => /^\d+$/.test(name))
      .map(Number),
  );
  return Array.from({ length: chunks }, (_, index) => index).filter((i) => !numbers.has(i));
}

/** Removes the files of `folder` last written before `cutoff` (epoch ms); none is no error. */
async function removeOldFiles(folder: string, cutoff: number): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(folder, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < cutoff) await fs.rm(file, { force: true });
  }
}
