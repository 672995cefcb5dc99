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
 */
import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { ObjectInfo, ObjectStore } from './object-store.ts';

/** A whole file assembled from its chunks, hashed on the way, not yet kept anywhere. */
export interface AssembledFile {
  /** The scratch file; the caller keeps (renames) it or removes it. */
  path: string;
  size: number;
  md5: string;
  sha256: string;
}

/** What the assembly file's stream buffers before the reader waits (a few parts). */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/** How long an upload may sit untouched before its assembly is dropped (its chunks stay). */
export const ASSEMBLY_IDLE_MS = 60 * 60 * 1000;

interface Assembly {
  /** The next chunk number to append. */
  next: number;
  size: number;
  md5: Hash;
  sha256: Hash;
  out: WriteStream;
  path: string;
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

  constructor(
    private readonly objects: ObjectStore,
    /** UPLOAD_MAX_BYTES: an assembly never grows past the largest file the merge may keep. */
    private readonly maxBytes: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Chunk `index` of the upload `upload` (the chunks' key prefix) was stored: appends it, and
   * the stored ones after it, when it is the next in order. Never fails: a failure only marks
   * the assembly unusable.
   */
  stored(upload: string, index: number, chunkKey: (index: number) => string): void {
    let assembly = this.#uploads.get(upload);
    // A new assembly starts from chunk 0 whichever chunk arrives first (after a restart, the
    // chunks stored before it are read back too).
    const fresh = assembly === undefined;
    assembly ??= this.#start(upload);
    if (assembly.broken) return;
    assembly.touchedAt = this.clock();
    const current = assembly;
    // A chunk behind the one being appended changes nothing now (its version tells the merge).
    if (fresh || index >= current.next)
      current.work = current.work.then(() => this.#catchUp(current, chunkKey));
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
  ): Promise<AssembledFile | null> {
    const assembly = this.#uploads.get(upload);
    if (!assembly) return null;
    this.#uploads.delete(upload);
    await assembly.work;
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
      await fs.rm(assembly.path, { force: true });
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
    const file = path.join(this.objects.scratchDir, `${randomUUID()}.assembly`);
    // The folder is made before the stream opens it (the work chain runs first).
    const ready = fs.mkdir(this.objects.scratchDir, { recursive: true });
    const assembly: Assembly = {
      next: 0,
      size: 0,
      md5: createHash('md5'),
      sha256: createHash('sha256'),
      out: undefined as unknown as WriteStream,
      path: file,
      versions: [],
      sizes: [],
      work: Promise.resolve(),
      broken: false,
      touchedAt: this.clock(),
    };
    assembly.work = ready.then(
      () => {
        assembly.out = createWriteStream(file, { flags: 'wx', highWaterMark: WRITE_BUFFER_BYTES });
        assembly.out.on('error', () => {
          assembly.broken = true;
        });
      },
      () => {
        assembly.broken = true;
      },
    );
    this.#uploads.set(upload, assembly);
    return assembly;
  }

  /** Appends chunk `next`, then the following ones, for as long as they are stored. */
  async #catchUp(assembly: Assembly, chunkKey: (index: number) => string): Promise<void> {
    try {
      while (!assembly.broken) {
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
          await write(assembly.out, part);
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

  async #drop(assembly: Assembly): Promise<void> {
    assembly.broken = true;
    await assembly.work;
    await closeStream(assembly.out);
    await fs.rm(assembly.path, { force: true });
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
