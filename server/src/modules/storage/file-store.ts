/**
 * Content-addressed file store (DESIGN.md §5, §7: files stored by content hash, names
 * sanitised, no path traversal) over an {@link ObjectStore}: a folder or an S3 bucket. A blob's
 * key is derived from its SHA-256 alone, so no name or id supplied by a client ever reaches the
 * file system or the bucket.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sanitizeFileName } from '@campus/contracts/upload-rules';
import type { AssembledFile } from './chunk-assembly.ts';
import type { ByteRange, ObjectStore } from './object-store.ts';
import type { FileRecord, StorageRepository } from './storage.repository.ts';

/** Bytes to store: a stream, or chunks made as they are read. */
export type ByteSource = Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

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

/** Who stored a file: the uploader and their unit (DESIGN.md §7). */
export interface FileOwner {
  userId: string;
  unitId: string;
}

export interface PutOptions {
  /** More bytes than this end the write with {@link FileTooLargeError}; nothing is kept. */
  maxBytes?: number;
  /**
   * The MD5 the bytes must have (and their size, when known): otherwise
   * {@link ChecksumMismatchError}, and nothing is kept (DESIGN.md §7 merge, simple upload).
   */
  expect?: { md5: string; size?: number };
  /**
   * An upload's owner: the upload gets a record of its own (issue 11: a descriptor per
   * caller). Without one (seeded logos), the same content, name and type reuse one record.
   */
  owner?: FileOwner;
  /** Refuse a stream of no bytes with {@link EmptyFileError}, keeping nothing. */
  nonEmpty?: boolean;
}

export class FileStore {
  constructor(
    /** Where the blobs live (AppConfig.fileStore: a folder or a bucket). */
    readonly objects: ObjectStore,
    private readonly repository: StorageRepository,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Stores the bytes once per content. Putting the same content under the same name and
   * type again returns the earlier record, so repeated seeding or re-uploads add nothing.
   */
  async put(name: string, mime: string, bytes: Uint8Array): Promise<FileRecord> {
    return (await this.putStream(name, mime, Readable.from([bytes]))).file;
  }

  /**
   * Stores a stream once per content without holding it in memory (issue 11: a 1 GiB file is
   * never a buffer): the bytes go to a temporary file while their SHA-256 and MD5 are computed,
   * then the file is renamed into place by its hash (or dropped when that blob exists already).
   * More than `maxBytes` ends the write with {@link FileTooLargeError} and leaves nothing behind.
   * With an `owner` the upload gets a record of its own (the caller's descriptor), even when
   * the bytes are already there.
   */
  async putStream(
    name: string,
    mime: string,
    source: ByteSource,
    options: PutOptions = {},
  ): Promise<{ file: FileRecord; md5: string }> {
    return this.keepRecord(name, mime, await this.writeStream(source, options), options);
  }

  /**
   * Stores a file already written and hashed in the scratch folder (the eager merge of
   * chunk-assembly.ts), with the same checks and answers as {@link putStream}: over
   * `maxBytes`, or not the announced MD5 and size, and nothing is kept. The scratch file is
   * consumed either way.
   */
  async putAssembled(
    name: string,
    mime: string,
    assembled: AssembledFile,
    options: PutOptions = {},
  ): Promise<{ file: FileRecord; md5: string }> {
    const written = await this.keepBlob(assembled.path, assembled, options);
    return this.keepRecord(name, mime, written, options);
  }

  /** The record of bytes now kept as a blob: the owner's own, or the same file's when seeded. */
  private async keepRecord(
    name: string,
    mime: string,
    written: WrittenBlob,
    options: PutOptions,
  ): Promise<{ file: FileRecord; md5: string }> {
    const safeName = sanitizeFileName(name);
    const safeMime = sanitizeMime(mime);
    if (!options.owner) {
      const existing = await this.repository.findSameFile(written.sha256, safeName, safeMime);
      if (existing) return { file: existing, md5: written.md5 };
    }
    const file: FileRecord = {
      id: randomUUID(),
      name: safeName,
      mime: safeMime,
      size: written.size,
      sha256: written.sha256,
      createdAt: this.clock(),
      md5: written.md5,
      unitId: options.owner?.unitId ?? null,
      uploadedBy: options.owner?.userId ?? null,
    };
    await this.repository.insertFile(file);
    return { file, md5: written.md5 };
  }

  /**
   * A new record for an owner pointing at the blob of a file already stored (DESIGN.md §7
   * instant upload: no byte moves), or null when that blob is gone from the store, in which
   * case the caller uploads the bytes again and they are put back in place.
   */
  async addDescriptor(
    stored: FileRecord,
    name: string,
    mime: string,
    owner: FileOwner,
  ): Promise<FileRecord | null> {
    if (!SHA256_HEX.test(stored.sha256)) return null;
    const blob = await this.objects.stat(this.blobKey(stored.sha256));
    if (blob?.size !== stored.size) return null;
    const file: FileRecord = {
      id: randomUUID(),
      name: sanitizeFileName(name),
      mime: sanitizeMime(mime),
      size: stored.size,
      sha256: stored.sha256,
      createdAt: this.clock(),
      md5: stored.md5,
      unitId: owner.unitId,
      uploadedBy: owner.userId,
    };
    await this.repository.insertFile(file);
    return file;
  }

  /** The file's record and a stream of its bytes, or null when it is unknown or missing. */
  async open(id: string): Promise<{ file: FileRecord; stream: Readable } | null> {
    const file = await this.repository.findFile(id);
    if (!file) return null;
    const stream = await this.openBlob(file);
    return stream && { file, stream };
  }

  /** A stream of a known record's bytes (or of `range` of them), or null when its blob is missing. */
  async openBlob(file: FileRecord, range?: ByteRange): Promise<Readable | null> {
    if (!SHA256_HEX.test(file.sha256)) return null;
    return this.objects.get(this.blobKey(file.sha256), range);
  }

  /** The file's content, or null when the id is unknown or its blob is missing. */
  async get(id: string): Promise<StoredFile | null> {
    const opened = await this.open(id);
    if (!opened) return null;
    // Small files only (logos): callers that serve files stream them with open().
    const bytes = await buffer(opened.stream);
    return { mime: opened.file.mime, bytes, sha256: opened.file.sha256 };
  }

  async describe(id: string): Promise<FileRecord | null> {
    return (await this.repository.findFile(id)) ?? null;
  }

  /**
   * Removes a file for good (issue 14 §2: deleting face data removes the photo): its record,
   * and its blob unless another record shares those bytes. Answers whether there was a record.
   */
  async remove(id: string): Promise<boolean> {
    const file = await this.repository.findFile(id);
    if (!file) return false;
    const { blobShared } = await this.repository.deleteFile(file.id, file.sha256);
    if (!blobShared && SHA256_HEX.test(file.sha256)) {
      await this.objects.delete(this.blobKey(file.sha256));
    }
    return true;
  }

  /** `<first two hex digits>/<sha256>`: fans out so no folder grows huge. */
  blobKey(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error('Not a SHA-256 hex digest');
    return `${sha256.slice(0, 2)}/${sha256}`;
  }

  /** Streams `source` into the blob of its hash; answers the hashes and the byte count. */
  private async writeStream(source: ByteSource, options: PutOptions): Promise<WrittenBlob> {
    const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    const tempDir = this.objects.scratchDir;
    await fs.mkdir(tempDir, { recursive: true });
    // Write then rename, so a reader (or another instance) never sees a half-written blob.
    const temp = path.join(tempDir, `${randomUUID()}.tmp`);
    const sha256 = createHash('sha256');
    const md5 = createHash('md5');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          done(new FileTooLargeError(maxBytes));
          return;
        }
        sha256.update(chunk);
        md5.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, measure, createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
    return this.keepBlob(
      temp,
      { size, md5: md5.digest('hex'), sha256: sha256.digest('hex') },
      options,
    );
  }

  /**
   * Keeps the scratch file `temp` (its hashes and size given) as the blob of its hash, once it
   * passes the checks; removes it when it does not, or when that blob exists already.
   */
  private async keepBlob(
    temp: string,
    written: WrittenBlob,
    options: PutOptions,
  ): Promise<WrittenBlob> {
    const { size } = written;
    const expected = options.expect;
    try {
      if (size > (options.maxBytes ?? Number.POSITIVE_INFINITY))
        throw new FileTooLargeError(options.maxBytes ?? size);
      // DESIGN.md §7: a merge is verified before its blob is kept or a record written.
      if (
        expected &&
        (expected.md5.toLowerCase() !== written.md5 ||
          (expected.size !== undefined && expected.size !== size))
      )
        throw new ChecksumMismatchError();
      // Spec §5 via upload-rules: a file of no bytes is refused, and nothing is kept of it.
      if (options.nonEmpty && size === 0) throw new EmptyFileError();
      const key = this.blobKey(written.sha256);
      // Two uploads of the same bytes end in one blob (issue 11): the second is dropped.
      if ((await this.objects.stat(key))?.size === size) await fs.rm(temp, { force: true });
      else await this.objects.putFile(key, temp);
      return { sha256: written.sha256, md5: written.md5, size };
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }
}

/** Bytes written to the scratch folder and hashed on the way. */
interface WrittenBlob {
  sha256: string;
  md5: string;
  size: number;
}

/** The bytes are not the ones announced: another MD5 or another size (DESIGN.md §7 merge). */
export class ChecksumMismatchError extends Error {
  constructor() {
    super('The file does not match its MD5 and size');
    this.name = 'ChecksumMismatchError';
  }
}

/** A file of no bytes where one is required (upload-rules `empty`). */
export class EmptyFileError extends Error {
  constructor() {
    super('The file is empty');
    this.name = 'EmptyFileError';
  }
}

/** More bytes than the store was allowed to take for one file (DESIGN.md §7 limits). */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}
