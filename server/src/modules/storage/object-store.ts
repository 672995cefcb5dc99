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
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface ObjectInfo {
  key: string;
  size: number;
  /** Epoch milliseconds of the last write. */
  modifiedAt: number;
}

export interface ObjectStore {
  /**
   * A local folder for temporary files: every write is first made whole there (hashed and
   * measured), then put in one step, so no reader ever sees half an object.
   */
  readonly scratchDir: string;
  /** Puts a finished local file under `key`, replacing an object there; the file is consumed. */
  putFile(key: string, localPath: string): Promise<void>;
  /** A stream of the object's bytes, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  stat(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** The objects whose keys start with `prefix` (a folder: ends with '/'). */
  list(prefix: string): Promise<ObjectInfo[]>;
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

  async get(key: string): Promise<Readable | null> {
    try {
      const handle = await fs.open(this.pathOf(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await fs.stat(this.pathOf(key));
      return stat.isFile() ? { key, size: stat.size, modifiedAt: stat.mtimeMs } : null;
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

  /** The file of a key; exported for tests that damage a blob on purpose. */
  pathOf(key: string): string {
    return path.join(this.root, ...assertObjectKey(key).split('/'));
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
