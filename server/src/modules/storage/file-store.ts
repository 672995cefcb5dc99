/**
 * Content-addressed file store on a directory (DESIGN.md §5: files stored by content
 * hash, names sanitised, no path traversal). A blob's path is derived from its SHA-256
 * alone, so no name or id supplied by a client ever reaches the file system.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sanitizeFileName } from '@campus/contracts/upload-rules';
import type { FileRecord, StorageRepository } from './storage.repository.ts';

export interface StoredFile {
  mime: string;
  bytes: Buffer;
  sha256: string;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
// RFC 6838 type/subtype tokens: anything else could smuggle text into a Content-Type header.
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
export function sanitizeMime(mime: string): string {
  const lower = mime.trim().toLowerCase();
  return MIME.test(lower) ? lower : 'application/octet-stream';
}

export class FileStore {
  constructor(
    /** The store's root directory (AppConfig.fileStore). */
    readonly dir: string,
    private readonly repository: StorageRepository,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Stores the bytes once per content. Putting the same content under the same name and
   * type again returns the earlier record, so repeated seeding or re-uploads add nothing.
   */
  async put(name: string, mime: string, bytes: Uint8Array): Promise<FileRecord> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const safeName = sanitizeFileName(name);
    const safeMime = sanitizeMime(mime);
    await this.writeBlob(sha256, bytes);
    const existing = await this.repository.findSameFile(sha256, safeName, safeMime);
    if (existing) return existing;
    const file = {
      id: randomUUID(),
      name: safeName,
      mime: safeMime,
      size: bytes.byteLength,
      sha256,
      createdAt: this.clock(),
    };
    await this.repository.insertFile(file);
    return file;
  }

  /** The file's content, or null when the id is unknown or its blob is missing. */
  async get(id: string): Promise<StoredFile | null> {
    const file = await this.repository.findFile(id);
    if (!file || !SHA256_HEX.test(file.sha256)) return null;
    try {
      const bytes = await fs.readFile(this.blobPath(file.sha256));
      return { mime: file.mime, bytes, sha256: file.sha256 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async describe(id: string): Promise<FileRecord | null> {
    return (await this.repository.findFile(id)) ?? null;
  }

  /** `<dir>/<first two hex digits>/<sha256>`: fans out so no directory grows huge. */
  blobPath(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error('Not a SHA-256 hex digest');
    return path.join(this.dir, sha256.slice(0, 2), sha256);
  }

  private async writeBlob(sha256: string, bytes: Uint8Array): Promise<void> {
    const target = this.blobPath(sha256);
    try {
      const stat = await fs.stat(target);
      if (stat.size === bytes.byteLength) return;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader (or another instance) never sees a half-written blob.
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      await fs.writeFile(temp, bytes, { flag: 'wx' });
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
