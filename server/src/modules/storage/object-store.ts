/**
 * Where the bytes of files and of chunks in progress live (DESIGN.md §7 "Stores"): a folder on
 * disk by default, or an S3-compatible bucket (`FILE_STORE=s3://bucket`). The file store and the
 * chunk store write through this interface only, so both work on either, and two instances that
 * share one store see the same files and the same chunks.
 *
 * Keys are built by the stores from hashes and numbers only (`ab/<sha256>`,
 * `chunks/<sha256 of the owner>/<md5>/<n>`); {@link assertObjectKey} refuses anything else, so no
 * name sent by a client can become a path or an object name.
 */
import { randomUUID } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface ObjectInfo {
  key: string;
  size: number;
  /** Epoch milliseconds of the last write. */
  modifiedAt: number;
  /**
   * Which write of the key this is: changes whenever the object is put again (the folder's
   * inode and nanosecond times, a bucket's ETag and date), so a reader can tell that the bytes
   * it read earlier are still the ones stored (the eager merge of chunk-assembly.ts).
   */
  version: string;
}

/** Bytes `start` to `end` of an object, both included (RFC 9110 byte ranges). */
export interface ByteRange {
  start: number;
  end: number;
}

/** An object's bytes together with the version they are (read from the same open object). */
export interface VersionedRead {
  stream: Readable;
  version: string;
}

export interface ObjectStore {
  /**
   * A local folder for temporary files: every write is first made whole there (hashed and
   * measured), then put in one step, so no reader ever sees half an object.
   */
  readonly scratchDir: string;
  /** Puts a finished local file under `key`, replacing an object there; the file is consumed. */
  putFile(key: string, localPath: string): Promise<void>;
  /**
   * A stream of the object's bytes (only bytes `range.start … range.end`, both included, when
   * given: a download's Range request), or null when there is none.
   */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** {@link get} with the version of the bytes the stream gives. */
  getVersioned(key: string): Promise<VersionedRead | null>;
  stat(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** The objects whose keys start with `prefix` (a folder: ends with '/'). */
  list(prefix: string): Promise<ObjectInfo[]>;
  /**
   * A folder store only: the local file of `key`, which the chunk store writes in place (each
   * chunk at its offset in one part file, so the merge is a rename). A bucket has none.
   */
  localPath?(key: string): string;
}

const KEY = /^[a-z0-9]+(?:\/[a-z0-9]+)*$/;
const PREFIX = /^(?:[a-z0-9]+\/)*$/;

/** Object keys are lower-case hex words and numbers joined by '/'; anything else is a bug. */
export function assertObjectKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not an object key: ${JSON.stringify(key)}`);
  return key;
}

/** Whether `key` is one of ours (a listing skips anything else found in the store). */
export function isObjectKey(key: string): boolean {
  return KEY.test(key);
}

/** A key prefix is '' or whole key words each followed by '/'. */
export function assertObjectKeyPrefix(prefix: string): string {
  if (!PREFIX.test(prefix)) throw new Error(`Not an object key prefix: ${JSON.stringify(prefix)}`);
  return prefix;
}

/**
 * The default store: a folder. A put is a rename inside one file system (atomic), which is why
 * the scratch folder lives inside the store's own folder.
 */
export class DiskObjectStore implements ObjectStore {
  readonly scratchDir: string;

  constructor(readonly root: string) {
    this.scratchDir = path.join(root, 'tmp');
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(localPath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // A scratch file on another file system: copy beside the target, then rename.
      const beside = `${target}.${randomUUID()}.tmp`;
      await fs.copyFile(localPath, beside);
      await fs.rename(beside, target);
      await fs.rm(localPath, { force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const handle = await fs.open(this.pathOf(key), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async getVersioned(key: string): Promise<VersionedRead | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    try {
      // The version of the open file itself: a put meanwhile renames another file into place.
      const version = diskVersion(await handle.stat({ bigint: true }));
      // Read in large parts: the reader (the eager merge) hashes each part, per call.
      return { stream: handle.createReadStream({ highWaterMark: READ_PART_BYTES }), version };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await fs.stat(this.pathOf(key), { bigint: true });
      if (!stat.isFile()) return null;
      return {
        key,
        size: Number(stat.size),
        modifiedAt: Number(stat.mtimeMs),
        version: diskVersion(stat),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    const folder = path.join(
      this.root,
      ...assertObjectKeyPrefix(prefix).split('/').filter(Boolean),
    );
    let entries;
    try {
      entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    const found: ObjectInfo[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const relative = path.relative(this.root, path.join(entry.parentPath, entry.name));
      const key = relative.split(path.sep).join('/');
      if (!KEY.test(key)) continue; // temporary files and anything not ours
      const stat = await this.stat(key);
      if (stat) found.push(stat);
    }
    return found;
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  /** The file of a key; exported for tests that damage a blob on purpose. */
  pathOf(key: string): string {
    return path.join(this.root, ...assertObjectKey(key).split('/'));
  }
}

/** The part size of a versioned read (1 MiB: a chunk is 2 MiB by default). */
const READ_PART_BYTES = 1024 * 1024;

/**
 * Every put renames a new file into place: a new inode, new nanosecond times. (An inode number
 * can be reused once freed, the times with it cannot.)
 */
/** The version of a folder store's object (ObjectInfo.version) from its file's stat. */
export function diskVersion(stat: BigIntStats): string {
  return `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
