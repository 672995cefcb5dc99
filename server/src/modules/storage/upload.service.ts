/**
 * The upload calls of spec §7 with the answers of DESIGN.md §7: instant upload by md5 inside
 * the caller's unit, chunks checked, stored and merged (md5 and size verified), whole files and
 * base64 images. Every upload gives its caller a descriptor of their own (a `files` record)
 * pointing at a blob shared by content hash, so no byte moves for an instant upload and two
 * uploads of the same bytes end in one blob. The rules (spec §5 deny-list, size limit, empty
 * file) run before any byte is kept; a refusal is a business outcome (upload-errors.ts).
 */
import { Readable } from 'node:stream';
import type {
  Base64ImageBody,
  BlockUploadCheckBody,
  BlockUploadCheckData,
  ChunkUploadData,
  ChunkUploadFields,
  FileDescriptor,
  MergeFileBody,
  SecondUploadCheckBody,
} from '@campus/contracts/storage';
import { fileDownloadUrl } from '@campus/contracts/storage';
import {
  IMAGE_EXTENSIONS,
  UPLOAD_CHUNK_TTL_MS,
  isForbiddenUploadName,
  sanitizeFileName,
  uploadRefusal,
} from '@campus/contracts/upload-rules';
import { badRequest } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import {
  ChunkSizeMismatchError,
  MissingChunksError,
  type ChunkStore,
  type UploadKey,
} from './chunk-store.ts';
import {
  ChecksumMismatchError,
  EmptyFileError,
  FileTooLargeError,
  type ByteSource,
  type FileOwner,
  type FileStore,
} from './file-store.ts';
import { contentTypeOf } from './file-types.ts';
import { isImageOfType } from './image-signature.ts';
import type { FileRecord, StorageRepository } from './storage.repository.ts';
import {
  abnormalChunkCount,
  chunkSizeMismatch,
  md5Mismatch,
  notAnImage,
  uploadRefused,
} from './upload-errors.ts';

/**
 * The contract's descriptor of a stored file (DESIGN.md §7); `url` downloads it. A record from
 * before migration 0006 has no md5 and answers ''.
 */
export function toFileDescriptor(file: FileRecord): FileDescriptor {
  return {
    fileId: file.id,
    name: file.name,
    size: file.size,
    md5: file.md5 ?? '',
    contentType: file.mime,
    url: fileDownloadUrl(file.id),
    createdAt: file.createdAt,
  };
}

export interface UploadLimits {
  /** UPLOAD_MAX_BYTES: the largest file, in bytes (DESIGN.md §7). */
  maxBytes: number;
}

export class UploadService {
  constructor(
    private readonly files: FileStore,
    private readonly chunks: ChunkStore,
    private readonly repository: StorageRepository,
    private readonly limits: UploadLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Spec §7 `second_upload_check` (instant upload, spec §4): when the caller's unit holds a
   * file with this md5 (and size, when given) whose blob is in the store, the caller gets a new
   * descriptor of it under the name given, and no byte moves; otherwise null and the client
   * uploads. Only the caller's own unit is looked at (DESIGN.md §7), so one school cannot learn
   * by hash what another holds.
   */
  async secondUploadCheck(
    user: SessionUser,
    body: SecondUploadCheckBody,
  ): Promise<FileDescriptor | null> {
    this.assertAllowed(body.name, body.size ?? null);
    const found = await this.repository.findUnitFileByMd5(user.unitId, body.md5, body.size);
    if (!found) return null;
    this.assertAllowed(body.name, found.size);
    const name = sanitizeFileName(body.name);
    const file = await this.files.addDescriptor(found, name, contentTypeOf(name), ownerOf(user));
    return file && toFileDescriptor(file);
  }

  /**
   * Spec §7 `block_upload_check`: `{ data: true }` when chunk `chunk` of the caller's upload of
   * this md5 is stored (a stored chunk is always whole: it is kept only once all its announced
   * bytes arrived).
   */
  async blockUploadCheck(
    user: SessionUser,
    body: BlockUploadCheckBody,
  ): Promise<BlockUploadCheckData> {
    this.assertAllowed(body.name, body.size);
    assertChunkIndex(body.chunk, body.chunks);
    return { data: await this.chunks.has(uploadKey(user, body.md5), body.chunk) };
  }

  /**
   * The rules a chunk upload must pass before its bytes are read: the file's name (and the
   * `fileName` field's) and whole size, the chunk's number and its size within the file's.
   */
  checkChunk(fields: ChunkUploadFields): void {
    this.assertAllowed(fields.name, fields.fullSize);
    if (fields.fileName !== undefined) this.assertAllowed(fields.fileName, fields.fullSize);
    assertChunkIndex(fields.chunk, fields.chunks);
    if (fields.size > fields.fullSize || chunkOffset(fields) + fields.size > fields.fullSize) {
      throw badRequest([
        {
          field: 'size',
          message: bilingual('分片大小不能大于文件大小', 'A chunk cannot be larger than its file'),
        },
      ]);
    }
  }

  /**
   * Spec §7 chunk upload: stores chunk `chunk` of the caller's upload of `md5`, replacing an
   * earlier copy whole (DESIGN.md §7); kept only when exactly `size` bytes arrived.
   */
  async storeChunk(
    user: SessionUser,
    fields: ChunkUploadFields,
    source: ByteSource,
  ): Promise<ChunkUploadData> {
    this.checkChunk(fields);
    try {
      const size = await this.chunks.put(
        uploadKey(user, fields.md5),
        fields.chunk,
        source,
        fields.size,
        fields.size,
        chunkOffset(fields),
      );
      return { chunk: fields.chunk, size };
    } catch (error) {
      if (error instanceof ChunkSizeMismatchError || error instanceof FileTooLargeError)
        throw chunkSizeMismatch();
      throw error;
    }
  }

  /**
   * Spec §7 `merge_file`: streams the chunks in order into the store, verified against md5 and
   * size, and answers the caller's descriptor (DESIGN.md §7). A missing chunk answers spec §8's
   * 'abnormal chunk count'; a mismatch is refused and the chunks are discarded. A merge asked
   * again after its answer was lost finds the chunks gone and the file it made: it answers that
   * file's descriptor rather than an error.
   */
  async mergeFile(user: SessionUser, body: MergeFileBody): Promise<FileDescriptor> {
    this.assertAllowed(body.name, body.size);
    const key = uploadKey(user, body.md5);
    const missing = await this.chunks.missing(key, body.chunks);
    if (missing.length === body.chunks) return this.alreadyMerged(user, body);
    if (missing.length > 0) throw abnormalChunkCount();
    const name = sanitizeFileName(body.name);
    try {
      const file = await this.chunks.merge(this.files, key, {
        name,
        mime: contentTypeOf(name),
        size: body.size,
        chunks: body.chunks,
        maxBytes: this.limits.maxBytes,
        owner: ownerOf(user),
      });
      return toFileDescriptor(file);
    } catch (error) {
      // Another request (on this instance or another) merged the same chunks meanwhile.
      if (error instanceof MissingChunksError) return this.alreadyMerged(user, body);
      if (error instanceof ChecksumMismatchError) throw md5Mismatch();
      if (error instanceof FileTooLargeError) throw uploadRefused('tooLarge');
      throw error;
    }
  }

  /** The rules a simple upload's file name must pass before its bytes are read. */
  checkSimpleUpload(name: string): void {
    this.assertAllowed(name, null);
  }

  /**
   * Spec §7 simple upload: the whole file in one request, checked against `md5` when given,
   * kept only within the size limit and not empty; answers the caller's descriptor.
   */
  async simpleUpload(
    user: SessionUser,
    fileName: string,
    source: ByteSource,
    md5?: string,
  ): Promise<FileDescriptor> {
    this.checkSimpleUpload(fileName);
    const name = sanitizeFileName(fileName);
    try {
      const { file } = await this.files.putStream(name, contentTypeOf(name), source, {
        maxBytes: this.limits.maxBytes,
        ...(md5 ? { expect: { md5 } } : {}),
        owner: ownerOf(user),
        nonEmpty: true,
      });
      return toFileDescriptor(file);
    } catch (error) {
      rethrowStoreRefusal(error);
    }
  }

  /**
   * Spec §7 `base64_convert_image` (spec §3 base64 payload): `fileName` without extension,
   * `type` the extension. Kept only when it is one of spec §5's image kinds and its bytes are an
   * image of that kind (checked by its signature), within the limits.
   */
  async base64Image(user: SessionUser, body: Base64ImageBody): Promise<FileDescriptor> {
    const type = body.type.toLowerCase();
    const fileName = `${body.fileName}.${type}`;
    this.assertAllowed(fileName, null);
    if (!IMAGE_EXTENSIONS.has(type)) throw notAnImage();
    const bytes = Buffer.from(body.base64Str, 'base64');
    this.assertAllowed(fileName, bytes.byteLength);
    if (!isImageOfType(bytes, type)) throw notAnImage();
    const name = sanitizeFileName(fileName);
    try {
      const { file } = await this.files.putStream(
        name,
        contentTypeOf(name),
        Readable.from([bytes]),
        {
          maxBytes: this.limits.maxBytes,
          owner: ownerOf(user),
          nonEmpty: true,
        },
      );
      return toFileDescriptor(file);
    } catch (error) {
      rethrowStoreRefusal(error);
    }
  }

  /** A merge whose chunks are gone: the file this user just made of them, or spec §8's error. */
  private async alreadyMerged(user: SessionUser, body: MergeFileBody): Promise<FileDescriptor> {
    const since = this.clock() - UPLOAD_CHUNK_TTL_MS;
    const file = await this.repository.findRecentUpload(ownerOf(user), body.md5, body.size, since);
    if (!file) throw abnormalChunkCount();
    return toFileDescriptor(file);
  }

  /**
   * Spec §5 and DESIGN.md §7: the deny-list on the name as sent and as it will be kept (a name
   * cleaned of a NUL or a path must not turn into a forbidden one), then the size limit and
   * the empty file when the size is known.
   */
  private assertAllowed(name: string, size: number | null): void {
    if (isForbiddenUploadName(name) || isForbiddenUploadName(sanitizeFileName(name)))
      throw uploadRefused('forbiddenType');
    if (size === null) return;
    const refusal = uploadRefusal(name, size, this.limits.maxBytes);
    if (refusal) throw uploadRefused(refusal);
  }
}

function ownerOf(user: SessionUser): FileOwner {
  return { userId: user.userId, unitId: user.unitId };
}

/** A user's upload of one content: two users' chunks never mix (DESIGN.md §7). */
function uploadKey(user: SessionUser, md5: string): UploadKey {
  return { owner: user.userId, md5: md5.toLowerCase() };
}

/**
 * Where chunk `chunk` starts in the file: `chunk × eachSize` (spec §3 upload payload); without
 * `eachSize`, every chunk but the last is as long as this one and the last ends the file.
 */
function chunkOffset(fields: ChunkUploadFields): number {
  if (fields.eachSize !== undefined) return fields.chunk * fields.eachSize;
  return fields.chunk === fields.chunks - 1
    ? fields.fullSize - fields.size
    : fields.chunk * fields.size;
}

/** Chunks are numbered from 0 to `chunks - 1` (DESIGN.md §7). */
function assertChunkIndex(chunk: number, chunks: number): void {
  if (chunk < chunks) return;
  throw badRequest([
    {
      field: 'chunk',
      message: bilingual('分片序号超出分片数量', 'The chunk number is beyond the chunk count'),
    },
  ]);
}

/** The store's refusals of a whole-file upload, as the client's messages; anything else as is. */
function rethrowStoreRefusal(error: unknown): never {
  if (error instanceof FileTooLargeError) throw uploadRefused('tooLarge');
  if (error instanceof EmptyFileError) throw uploadRefused('empty');
  if (error instanceof ChecksumMismatchError) throw md5Mismatch();
  throw error;
}
