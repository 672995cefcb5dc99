/**
 * The chunks of uploads in progress (spec §4 chunked upload, DESIGN.md §7): chunk `index` of
 * the upload keyed by (user, md5), kept in the object store beside the files (so two instances
 * sharing a store share the chunks) until the merge streams them, in order, into the
 * content-addressed store. Re-sending a chunk replaces it, two users' chunks never mix, and
 * chunks untouched for 24 h are cleaned up. Every key is derived from a hash and a number, so
 * nothing a client sends reaches the file system or the bucket as a name.
 *
 * Two layouts (issue 11 upload throughput):
 * - a bucket: every chunk is an object of its own, `chunks/<owner>/<md5>/<n>`;
 * - a folder (the default store): every chunk is written at its offset straight into the
 *   upload's one part file, `chunks/<owner>/<md5>/part`, and `…/<n>` is a marker put once the
 *   chunk's bytes are all written: a sparse file as long as the chunk (no disk blocks), so
 *   `has`, `missing`, the clean-up and the eager hash read the markers as they read chunks.
 *   A chunk sent again removes its marker before it writes, so it counts as missing until it
 *   is whole again. The merge renames the part file (verified by md5 and size first) into the
 *   content-addressed store: no byte is copied or read again after the chunks arrived.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  constants as fsConstants,
  createReadStream,
  createWriteStream,
  type BigIntStats,
} from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_CHUNK_TTL_MS, UPLOAD_DEFAULT_MAX_BYTES } from '@campus/contracts/upload-rules';
import { ChunkAssembler, type AssembledDigest } from './chunk-assembly.ts';
import { writeAtPosition } from './positional-write.ts';
import {
  ChecksumMismatchError,
  FileTooLargeError,
  type ByteSource,
  type FileOwner,
  type FileStore,
  type PutOptions,
} from './file-store.ts';
import { diskVersion, type ObjectInfo, type ObjectStore } from './object-store.ts';
import type { FileRecord } from './storage.repository.ts';

const MD5_HEX = /^[0-9a-f]{32}$/;
/** The key prefix of every chunk; the blobs' keys start with two hex digits instead. */
const CHUNKS = 'chunks';
/** The last word of a part file's key (a folder store's chunks, written in place). */
const PART = 'part';
/** The part size of the merge's read of a part file, when it must hash it. */
const READ_PART_BYTES = 1024 * 1024;

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
  /**
   * Folder store: the chunk writes in progress into each upload's part file (by its key
   * prefix), so a merge that takes the part file stops them first and trusts only what it
   * hashes after they ended.
   */
  readonly #writing = new Map<string, Set<{ abort: AbortController; done: Promise<unknown> }>>();

  constructor(
    /** The same store as the files' (a folder or a bucket). */
    private readonly objects: ObjectStore,
    private readonly clock: () => number = Date.now,
    /** UPLOAD_MAX_BYTES: the largest file a merge may keep. */
    maxFileBytes: number = UPLOAD_DEFAULT_MAX_BYTES,
  ) {
    this.#assembler = new ChunkAssembler(
      objects,
      maxFileBytes,
      clock,
      objects.localPath ? (upload) => localPathOf(objects, `${upload}/${PART}`) : undefined,
    );
  }

  /**
   * Stores chunk `index` (from 0) of an upload, replacing an earlier copy whole: the bytes go
   * to a temporary file first, so a reader never sees half a chunk. More than `maxBytes` ends
   * the write with {@link FileTooLargeError} and keeps the earlier copy, if any; so does a
   * chunk of another length than `expectSize`, when given, with {@link ChunkSizeMismatchError}
   * (the chunk upload's `size` field, DESIGN.md §7), so a cut-off chunk is never kept as whole.
   *
   * On a folder store the chunk is written at `offset` (its place in the file: required there)
   * into the upload's part file instead, its marker removed first and put back once it is whole;
   * a refused chunk then counts as missing (its earlier copy was overwritten).
   */
  async put(
    key: UploadKey,
    index: number,
    source: ByteSource,
    maxBytes: number,
    expectSize?: number,
    offset?: number,
  ): Promise<number> {
    const target = this.chunkKey(key, index);
    if (this.objects.localPath) {
      if (offset === undefined || !Number.isSafeInteger(offset) || offset < 0)
        throw new Error('A chunk written in place needs its offset');
      return this.putInPlace(key, index, source, { maxBytes, expectSize, offset });
    }
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

  /** {@link put} on a folder store: the chunk at its offset in the part file, then its marker. */
  private async putInPlace(
    key: UploadKey,
    index: number,
    source: ByteSource,
    place: { maxBytes: number; expectSize: number | undefined; offset: number },
  ): Promise<number> {
    const marker = this.chunkKey(key, index);
    const partFile = localPathOf(this.objects, `${this.uploadPrefix(key)}/${PART}`);
    await this.#ensureFolder(path.dirname(partFile));
    await this.#ensureFolder(this.objects.scratchDir);
    // Missing from now until its bytes are all written again.
    await removeFile(localPathOf(this.objects, marker));
    let size = 0;
    const { maxBytes, expectSize } = place;
    const upload = this.uploadPrefix(key);
    // The bytes are kept for the eager hash when it will want them soon (chunk-assembly.ts).
    const holding =
      expectSize !== undefined && this.#assembler.mayHold(upload, index, expectSize)
        ? expectSize
        : 0;
    const pieces: Uint8Array[] = [];
    let handedOver = false;
    const writer = { abort: new AbortController(), done: Promise.resolve() as Promise<unknown> };
    const write = async (): Promise<void> => {
      const handle = await this.#openFolderFile(
        partFile,
        fsConstants.O_WRONLY | fsConstants.O_CREAT,
      );
      try {
        // Batched positional writes (positional-write.ts), stopped past `maxBytes`.
        size = await writeAtPosition(handle, source, {
          position: place.offset,
          signal: writer.abort.signal,
          onPiece: (piece, total) => {
            size = total;
            if (total > maxBytes) throw new FileTooLargeError(maxBytes);
            if (holding > 0 && total <= holding) pieces.push(piece);
          },
        });
      } finally {
        await handle.close();
      }
    };
    const writers = this.#writing.get(upload) ?? new Set();
    this.#writing.set(upload, writers);
    writers.add(writer);
    try {
      try {
        writer.done = write();
        await writer.done;
        if (expectSize !== undefined && size !== expectSize)
          throw new ChunkSizeMismatchError(expectSize, size);
      } catch (error) {
        // Its bytes may have overwritten part of a copy sent meanwhile: that copy is not whole.
        await this.objects.delete(marker).catch(() => undefined);
        // Stopped by a merge that took the part file: a chunk cut off.
        if (writer.abort.signal.aborted) throw new ChunkSizeMismatchError(expectSize ?? size, size);
        throw error;
      } finally {
        writers.delete(writer);
        if (writers.size === 0 && this.#writing.get(upload) === writers)
          this.#writing.delete(upload);
      }
      const version = await this.#putMarker(marker, size);
      const held =
        holding > 0 && size === holding && version !== null ? { pieces, size, version } : undefined;
      handedOver = true;
      if (holding > 0 && !held) this.#assembler.release(holding);
      this.#assembler.stored(upload, index, (n) => this.chunkKey(key, n), place.offset, held);
      return size;
    } finally {
      if (holding > 0 && !handedOver) this.#assembler.release(holding);
    }
  }

  /**
   * Puts a folder store's marker of `size` bytes: a sparse file, made whole in the scratch
   * folder and renamed into place. Answers the version the marker has in place, or null when
   * the file found there right after is not the one renamed (a copy sent again meanwhile): its
   * inode, size and write time are the ones of the file made here.
   */
  async #putMarker(marker: string, size: number): Promise<string | null> {
    const temp = path.join(this.objects.scratchDir, `${randomUUID()}.marker`);
    const target = localPathOf(this.objects, marker);
    let made: BigIntStats;
    try {
      const created = await this.#openFolderFile(
        temp,
        fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL,
      );
      try {
        await created.truncate(size);
        made = await created.stat({ bigint: true });
      } finally {
        await created.close();
      }
      // The part file's folder is the marker's (made above).
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
    const placed = await fs.stat(target, { bigint: true }).catch(() => null);
    const same =
      placed !== null &&
      placed.ino === made.ino &&
      placed.size === made.size &&
      placed.mtimeNs === made.mtimeNs;
    return same ? diskVersion(placed) : null;
  }

  /** Bytes of chunks kept in memory for the eager hash now (chunk-assembly.ts; tests). */
  get heldBytes(): number {
    return this.#assembler.heldBytes;
  }

  /** The folders this process made (a folder store's): made once, not per chunk. */
  readonly #folders = new Set<string>();

  async #ensureFolder(folder: string): Promise<void> {
    if (this.#folders.has(folder)) return;
    await fs.mkdir(folder, { recursive: true });
    this.#folders.add(folder);
  }

  /** Opens a file of a folder made earlier; made again if it was removed meanwhile. */
  async #openFolderFile(file: string, flags: number): Promise<fs.FileHandle> {
    try {
      return await fs.open(file, flags, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.#folders.delete(path.dirname(file));
      await this.#ensureFolder(path.dirname(file));
      return fs.open(file, flags, 0o600);
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
      if (this.objects.localPath)
        return await this.mergeInPlace(files, upload, file, stored, options);
      // Assembled and hashed while the chunks arrived: only checked and renamed now.
      const assembled = await this.#assembler.take(upload, file.chunks, stored);
      if (assembled?.path && assembled.md5 === key.md5 && assembled.size === file.size)
        return (
          await files.putAssembled(
            file.name,
            file.mime,
            { ...assembled, path: assembled.path },
            options,
          )
        ).file;
      // Not the announced bytes: the chunks (the source of truth) are streamed and checked.
      if (assembled?.path) await fs.rm(assembled.path, { force: true });
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

  /**
   * {@link merge} on a folder store: the part file is taken (renamed into the scratch folder,
   * so one merge only wins it), its digests are the eager hash's when that covered exactly
   * the chunks listed, else the part file is hashed now; then it is kept as the blob by a
   * rename, once its md5 and size match the announced ones (FileStore.putAssembled).
   */
  private async mergeInPlace(
    files: FileStore,
    upload: string,
    file: { name: string; mime: string; size: number; chunks: number },
    stored: readonly ObjectInfo[],
    options: PutOptions,
  ): Promise<FileRecord> {
    const digest = await this.#assembler.take(upload, file.chunks, stored);
    await fs.mkdir(this.objects.scratchDir, { recursive: true });
    const taken = path.join(this.objects.scratchDir, `${randomUUID()}.part`);
    try {
      await fs.rename(localPathOf(this.objects, `${upload}/${PART}`), taken);
    } catch (error) {
      // Another merge took it (or it never was): as when the chunks are gone.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MissingChunksError([0]);
      throw error;
    }
    try {
      // A chunk still being written (a copy sent again, a stalled request) writes into the file
      // taken: it is stopped and waited for, and then only a hash of the file itself counts.
      const writers = [...(this.#writing.get(upload) ?? [])];
      for (const writer of writers) writer.abort.abort();
      await Promise.all(writers.map((writer) => writer.done.catch(() => undefined)));
      const eager = writers.length === 0 && digest?.size === file.size ? digest : null;
      // Bytes past the file's end (a chunk written at a wrong offset) are not the file's.
      await fs.truncate(taken, Math.max(0, file.size));
      const sizes = new Map(stored.map((object) => [object.key, object.size]));
      // Hashed as the chunks arrived, or now; chunks not laid end to end are no file at all.
      if (!eager && !chunkLayoutMatches(upload, file, sizes)) throw new ChecksumMismatchError();
      const digests = eager ?? (await hashFile(taken, file.size));
      return (await files.putAssembled(file.name, file.mime, { ...digests, path: taken }, options))
        .file;
    } finally {
      await fs.rm(taken, { force: true });
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

/** Removes a local file; one already gone is no error (one syscall, where `fs.rm` makes two). */
async function removeFile(file: string): Promise<void> {
  try {
    await fs.unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** The local file of `key` in a folder store (which the callers checked it is). */
function localPathOf(objects: ObjectStore, key: string): string {
  if (!objects.localPath) throw new Error('Not a folder store');
  return objects.localPath(key);
}

/**
 * Whether the markers listed lay the chunks end to end over exactly `file.size` bytes: every
 * chunk but the last as long as the first, the last with the rest (the part file's layout).
 */
function chunkLayoutMatches(
  upload: string,
  file: { size: number; chunks: number },
  sizes: ReadonlyMap<string, number>,
): boolean {
  const each = sizes.get(`${upload}/0`);
  if (each === undefined) return false;
  let total = 0;
  for (let index = 0; index < file.chunks; index += 1) {
    const size = sizes.get(`${upload}/${index}`);
    if (size === undefined || (index < file.chunks - 1 && size !== each)) return false;
    total += size;
  }
  return total === file.size;
}

/** The md5, sha256 and byte count of the first `size` bytes of a local file. */
async function hashFile(file: string, size: number): Promise<AssembledDigest> {
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  let read = 0;
  if (size > 0) {
    const stream = createReadStream(file, { end: size - 1, highWaterMark: READ_PART_BYTES });
    for await (const part of stream as AsyncIterable<Buffer>) {
      read += part.byteLength;
      md5.update(part);
      sha256.update(part);
    }
  }
  return { size: read, md5: md5.digest('hex'), sha256: sha256.digest('hex') };
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
