/**
 * The eager merge of chunked uploads (issue 11: upload throughput). While an upload's chunks
 * arrive, the ones that continue the file in order are appended to one scratch file and hashed
 * (MD5 and SHA-256) in the background, so that `merge_file` only checks and renames instead of
 * reading, hashing and writing the whole file again after the last chunk.
 *
 * It is an optimisation and never the source of truth, which stays the chunks in the store
 * (DESIGN.md §7):
 * - the state lives in this process only; after a restart, or when the chunks landed on
 *   another instance, the merge streams the chunks as before;
 * - every chunk is read with the version of the bytes read (object-store.ts), and the merge uses
 *   the assembly only when every chunk's stored version is still the one that was appended, so
 *   a chunk sent again meanwhile (other bytes) sends the merge down the streaming path;
 * - the merge still verifies the announced MD5 and size against the digests before anything is
 *   kept, exactly as the streaming merge does.
 *
 * On a folder store the chunks are written at their offsets into the upload's one part file
 * (chunk-store.ts), so there is nothing to append: the assembler only reads each chunk's range
 * of that file back (from the page cache) and hashes it, in order ("hash only"), and the merge
 * renames the part file.
 */
import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { ObjectInfo, ObjectStore } from './object-store.ts';

/** The digests of a whole file's bytes, taken in order. */
export interface AssembledDigest {
  size: number;
  md5: string;
  sha256: string;
}

/** A whole file assembled from its chunks, hashed on the way, not yet kept anywhere. */
export interface AssembledFile extends AssembledDigest {
  /** The scratch file; the caller keeps (renames) it or removes it. */
  path: string;
}

/** What the assembly file's stream buffers before the reader waits (a few parts). */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * The largest read of the part file (hash-only mode): a default chunk (spec §9, 2 MB) is read
 * back in one read, not one per MiB.
 */
const READ_PART_BYTES = 4 * 1024 * 1024;

/**
 * Hash-only mode: the most bytes of chunks kept in memory, in this process, until their turn to
 * be hashed comes (a chunk that arrived just before the one ahead of it), so they need not be
 * read back from the part file. Past it, a chunk is read back as before. 8 MiB: the uploader's
 * three lanes of 2 MB chunks (spec §9), per process, so 20 uploads at once (bench/upload-memory)
 * keep no more than that beside their writes.
 */
export const HELD_BYTES_MAX = 8 * 1024 * 1024;

/** Hash-only mode: how far ahead of the next chunk to hash a chunk may be and still be held. */
export const HELD_CHUNKS_AHEAD = 8;

/**
 * Hash-only mode: the bytes of a chunk just written, as the chunk store wrote them, and the
 * version of the marker that the same write put (the chunk store checked that the marker it
 * read the version of is its own).
 */
export interface HeldChunk {
  pieces: readonly Uint8Array[];
  size: number;
  version: string;
}

/** How long an upload may sit untouched before its assembly is dropped (its chunks stay). */
export const ASSEMBLY_IDLE_MS = 60 * 60 * 1000;

interface Assembly {
  /** The next chunk number to append. */
  next: number;
  size: number;
  md5: Hash;
  sha256: Hash;
  /** The assembly file (none in hash-only mode). */
  out: WriteStream | undefined;
  path: string | null;
  /** Hash-only mode: where each chunk was written in the part file, by number. */
  offsets: Map<number, number>;
  /** Hash-only mode: a stream of a range of the part file. */
  readRange?: (offset: number, size: number) => Readable;
  /** Hash-only mode: chunks' bytes kept until their turn, by number (HELD_BYTES_MAX). */
  held: Map<number, HeldChunk>;
  /** The version and the size of every chunk appended, by number. */
  versions: string[];
  sizes: number[];
  /** The background work in progress: appending the chunks that are there, in order. */
  work: Promise<void>;
  /** Set when appending failed or the file grew past the limit: the merge streams instead. */
  broken: boolean;
  touchedAt: number;
}

export class ChunkAssembler {
  readonly #uploads = new Map<string, Assembly>();
  /** Bytes held (`Assembly.held`) or promised to writes in progress (`mayHold`), in all. */
  #heldBytes = 0;

  constructor(
    private readonly objects: ObjectStore,
    /** UPLOAD_MAX_BYTES: an assembly never grows past the largest file the merge may keep. */
    private readonly maxBytes: number,
    private readonly clock: () => number = Date.now,
    /**
     * Hash-only mode (a folder store): the local part file of an upload (the chunks' key
     * prefix), into which the chunk store writes every chunk at its offset.
     */
    private readonly partFileOf?: (upload: string) => string,
  ) {}

  /**
   * Chunk `index` of the upload `upload` (the chunks' key prefix) was stored: appends it, and
   * the stored ones after it, when it is the next in order. Never fails: a failure only marks
   * the assembly unusable.
   */
  stored(
    upload: string,
    index: number,
    chunkKey: (index: number) => string,
    /** Hash-only mode: the chunk's offset in the part file. */
    offset?: number,
    /**
     * Hash-only mode: the chunk's bytes as written, for a write `mayHold` agreed to (its bytes
     * are then counted until hashed or dropped, whether given here or not).
     */
    held?: HeldChunk,
  ): void {
    let assembly = this.#uploads.get(upload);
    // A new assembly starts from chunk 0 whichever chunk arrives first (after a restart, the
    // chunks stored before it are read back too).
    const fresh = assembly === undefined;
    assembly ??= this.#start(upload);
    if (assembly.broken || !held) {
      if (held) this.release(held.size);
      if (assembly.broken) return;
      // A copy sent again without its bytes kept: the bytes held of an earlier one are stale.
      const stale = assembly.held.get(index);
      if (stale) this.release(stale.size);
      assembly.held.delete(index);
    } else {
      // A copy sent again replaces the one held before.
      const earlier = assembly.held.get(index);
      if (earlier) this.release(earlier.size);
      assembly.held.set(index, held);
    }
    assembly.touchedAt = this.clock();
    if (offset !== undefined) assembly.offsets.set(index, offset);
    const current = assembly;
    // A chunk behind the one being appended changes nothing now (its version tells the merge).
    if (fresh || index >= current.next)
      current.work = current.work.then(() => this.#catchUp(current, chunkKey));
  }

  /**
   * Hash-only mode: whether a write of chunk `index` (of `size` bytes) may keep its bytes for
   * {@link stored}: near enough the next chunk to hash, and within HELD_BYTES_MAX in all. When
   * true, `size` bytes are counted from now: the writer gives them back by {@link stored} or
   * {@link release}.
   */
  mayHold(upload: string, index: number, size: number): boolean {
    if (!this.partFileOf || size <= 0) return false;
    const assembly = this.#uploads.get(upload);
    const next = assembly?.next ?? 0;
    if (assembly?.broken || index < next || index >= next + HELD_CHUNKS_AHEAD) return false;
    if (this.#heldBytes + size > HELD_BYTES_MAX) return false;
    this.#heldBytes += size;
    return true;
  }

  /** Gives back bytes counted by {@link mayHold} (a write that failed, a chunk hashed). */
  release(size: number): void {
    this.#heldBytes = Math.max(0, this.#heldBytes - size);
  }

  /** Bytes held or promised now (tests). */
  get heldBytes(): number {
    return this.#heldBytes;
  }

  /** Forgets the bytes an assembly holds. */
  #releaseHeld(assembly: Assembly): void {
    for (const held of assembly.held.values()) this.release(held.size);
    assembly.held.clear();
  }

  /**
   * The assembled file of the upload, when it holds exactly chunks `0 … chunks - 1` as they are
   * stored now (`stored`: the listing the merge made); else null, and the merge streams. Either
   * way the assembly is forgotten: a second merge of the same upload streams too.
   */
  async take(
    upload: string,
    chunks: number,
    stored: readonly ObjectInfo[],
  ): Promise<(AssembledDigest & { path: string | null }) | null> {
    const assembly = this.#uploads.get(upload);
    if (!assembly) return null;
    this.#uploads.delete(upload);
    await assembly.work;
    this.#releaseHeld(assembly);
    const byKey = new Map(stored.map((object) => [object.key, object]));
    const current =
      !assembly.broken &&
      assembly.next === chunks &&
      assembly.versions.every((version, index) => {
        const object = byKey.get(`${upload}/${index}`);
        return object?.version === version && object.size === assembly.sizes[index];
      });
    await closeStream(assembly.out);
    if (!current) {
      if (assembly.path) await fs.rm(assembly.path, { force: true });
      return null;
    }
    return {
      path: assembly.path,
      size: assembly.size,
      md5: assembly.md5.digest('hex'),
      sha256: assembly.sha256.digest('hex'),
    };
  }

  /** Drops the upload's assembly (its chunks were discarded). */
  async discard(upload: string): Promise<void> {
    const assembly = this.#uploads.get(upload);
    if (!assembly) return;
    this.#uploads.delete(upload);
    await this.#drop(assembly);
  }

  /** Drops the assemblies untouched for `idleMs`; answers how many. */
  async dropIdle(idleMs: number = ASSEMBLY_IDLE_MS): Promise<number> {
    const cutoff = this.clock() - idleMs;
    const idle = [...this.#uploads].filter(([, assembly]) => assembly.touchedAt < cutoff);
    for (const [upload] of idle) this.#uploads.delete(upload);
    await Promise.all(idle.map(([, assembly]) => this.#drop(assembly)));
    return idle.length;
  }

  /** Drops every assembly (the server is closing). */
  async close(): Promise<void> {
    await this.dropIdle(Number.NEGATIVE_INFINITY);
  }

  #start(upload: string): Assembly {
    const partFile = this.partFileOf?.(upload);
    const assembly: Assembly = {
      next: 0,
      size: 0,
      md5: createHash('md5'),
      sha256: createHash('sha256'),
      out: undefined,
      path: null,
      offsets: new Map(),
      held: new Map(),
      versions: [],
      sizes: [],
      work: Promise.resolve(),
      broken: false,
      touchedAt: this.clock(),
    };
    this.#uploads.set(upload, assembly);
    if (partFile !== undefined) {
      const read = (offset: number, size: number) =>
        createReadStream(partFile, {
          start: offset,
          end: offset + size - 1,
          highWaterMark: Math.min(Math.max(size, 1), READ_PART_BYTES),
        });
      assembly.work = Promise.resolve();
      assembly.readRange = read;
      return assembly;
    }
    const file = path.join(this.objects.scratchDir, `${randomUUID()}.assembly`);
    assembly.path = file;
    // The folder is made before the stream opens it (the work chain runs first).
    const ready = fs.mkdir(this.objects.scratchDir, { recursive: true });
    assembly.work = ready.then(
      () => {
        const out = createWriteStream(file, { flags: 'wx', highWaterMark: WRITE_BUFFER_BYTES });
        assembly.out = out;
        out.on('error', () => {
          assembly.broken = true;
        });
      },
      () => {
        assembly.broken = true;
      },
    );
    return assembly;
  }

  /** Appends chunk `next`, then the following ones, for as long as they are stored. */
  async #catchUp(assembly: Assembly, chunkKey: (index: number) => string): Promise<void> {
    if (assembly.readRange) return this.#hashUp(assembly, assembly.readRange, chunkKey);
    try {
      while (!assembly.broken) {
        const out = assembly.out;
        if (!out) throw new Error('The assembly file is not open');
        const read = await this.objects.getVersioned(chunkKey(assembly.next));
        if (!read) return;
        const start = assembly.size;
        for await (const part of read.stream as AsyncIterable<Buffer>) {
          assembly.size += part.byteLength;
          if (assembly.size > this.maxBytes) {
            read.stream.destroy();
            assembly.broken = true;
            return;
          }
          assembly.md5.update(part);
          assembly.sha256.update(part);
          await write(out, part);
        }
        assembly.versions.push(read.version);
        assembly.sizes.push(assembly.size - start);
        assembly.next += 1;
      }
    } catch {
      // A chunk removed meanwhile, a full disk: the merge streams the chunks instead.
      assembly.broken = true;
    }
  }

  /**
   * Hash-only mode: hashes chunk `next`, then the following ones, for as long as they are
   * stored, each read from its range of the part file. A chunk counts only when it was written
   * right after the bytes hashed so far, and when its marker (its version) is the same before
   * and after the read: a chunk sent again meanwhile (its marker removed first) leaves the
   * assembly unusable and the merge hashes the part file instead.
   */
  async #hashUp(
    assembly: Assembly,
    readRange: (offset: number, size: number) => Readable,
    chunkKey: (index: number) => string,
  ): Promise<void> {
    try {
      while (!assembly.broken) {
        if (this.#hashHeld(assembly)) continue;
        // Its marker is put just before it is told (`stored`): it is hashed on that call. (A
        // chunk stored before a restart is never told: the merge hashes the part file.)
        const offset = assembly.offsets.get(assembly.next);
        if (offset === undefined) return;
        const key = chunkKey(assembly.next);
        const before = await this.objects.stat(key);
        if (!before) return;
        if (offset !== assembly.size) {
          this.#break(assembly);
          return;
        }
        if (assembly.size + before.size > this.maxBytes) {
          this.#break(assembly);
          return;
        }
        let read = 0;
        if (before.size > 0) {
          for await (const part of readRange(assembly.size, before.size) as AsyncIterable<Buffer>) {
            read += part.byteLength;
            assembly.md5.update(part);
            assembly.sha256.update(part);
          }
        }
        const after = await this.objects.stat(key);
        if (read !== before.size || after?.version !== before.version) {
          this.#break(assembly);
          return;
        }
        assembly.size += read;
        assembly.versions.push(before.version);
        assembly.sizes.push(before.size);
        assembly.next += 1;
      }
    } catch {
      this.#break(assembly);
    }
  }

  /**
   * Hash-only mode: hashes chunk `next` from the bytes its write kept (no read of the part
   * file), under the version of the marker that write put; answers whether it did. Those are
   * the bytes written at the chunk's offset: any later write there removes or replaces the
   * marker, so the merge, which compares every version with the markers it lists, never
   * trusts a digest of bytes that are no longer the stored ones.
   */
  #hashHeld(assembly: Assembly): boolean {
    const index = assembly.next;
    const held = assembly.held.get(index);
    if (!held) return false;
    assembly.held.delete(index);
    this.release(held.size);
    const offset = assembly.offsets.get(index);
    if (offset !== assembly.size || assembly.size + held.size > this.maxBytes) {
      this.#break(assembly);
      return false;
    }
    for (const piece of held.pieces) {
      assembly.md5.update(piece);
      assembly.sha256.update(piece);
    }
    assembly.size += held.size;
    assembly.versions.push(held.version);
    assembly.sizes.push(held.size);
    assembly.next += 1;
    return true;
  }

  /** Marks the assembly unusable (the merge hashes the part file) and lets its bytes go. */
  #break(assembly: Assembly): void {
    assembly.broken = true;
    this.#releaseHeld(assembly);
  }

  async #drop(assembly: Assembly): Promise<void> {
    assembly.broken = true;
    await assembly.work;
    this.#releaseHeld(assembly);
    await closeStream(assembly.out);
    if (assembly.path) await fs.rm(assembly.path, { force: true });
  }
}

/** Writes `part`, waiting while the stream's buffer is full; rejects when the stream failed. */
async function write(out: WriteStream, part: Buffer): Promise<void> {
  if (out.destroyed) throw new Error('The assembly file is closed');
  if (out.write(part)) return;
  // The waiter that loses the race is removed, so a long upload's many waits leave no listeners.
  const done = new AbortController();
  try {
    await Promise.race([
      once(out, 'drain', { signal: done.signal }),
      once(out, 'close', { signal: done.signal }),
    ]);
  } finally {
    done.abort();
  }
  if (out.destroyed) throw new Error('The assembly file is closed');
}

/** Ends a write stream (if it was opened) and waits until its file is closed. */
async function closeStream(out: WriteStream | undefined): Promise<void> {
  if (!out || out.closed) return;
  out.end();
  await once(out, 'close').catch(() => undefined);
}
