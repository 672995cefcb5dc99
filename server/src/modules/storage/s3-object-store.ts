/**
 * The object store in an S3-compatible bucket (DESIGN.md §7 "Stores": `FILE_STORE=s3://bucket`
 * with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY), behind the same
 * {@link ObjectStore} interface as the folder, so the file store and the chunk store work on it
 * unchanged and instances sharing the bucket share files and chunks.
 *
 * Every byte is streamed (issue 11: a 1 GiB file is never held in memory): a put sends the
 * finished local file as a read stream with its length (one PutObject, or a multipart upload of
 * file ranges past {@link S3ObjectStoreOptions.multipartThreshold}); a get answers the response
 * body as it arrives. Addressing is path-style (`endpoint/bucket/key`), which S3, MinIO and
 * s3rver all accept, so no DNS name per bucket is needed.
 */
import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
// Types only: the SDK itself is loaded on first use (see loadSdk).
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { CompletedPart, S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import {
  assertObjectKey,
  assertObjectKeyPrefix,
  isObjectKey,
  type ObjectInfo,
  type ByteRange,
  type ObjectStore,
  type VersionedRead,
} from './object-store.ts';

/** Where the bucket is and how to sign in to it (parsed from the environment by config.ts). */
export interface S3Location {
  bucket: string;
  /** The keys' prefix inside the bucket: '' for none, else without a slash at either end. */
  prefix: string;
  /** `http(s)://host[:port]` of the S3 API. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3ObjectStoreOptions {
  /** The local folder where writes are made whole before they are put (ObjectStore.scratchDir). */
  scratchDir: string;
  /** Files larger than this go up as a multipart upload (one PutObject takes 5 GiB at most). */
  multipartThreshold?: number;
  /** The size of each part of a multipart upload (S3 wants at least 5 MiB but for the last). */
  partSize?: number;
  /** Keys asked for per ListObjectsV2 page (S3 answers 1000 at most). */
  listPageSize?: number;
}

const MiB = 1024 * 1024;
/** Below S3's 5 GiB single-put limit with room to spare; above it, parts go up three at once. */
const DEFAULT_MULTIPART_THRESHOLD = 1024 * MiB;
const DEFAULT_PART_SIZE = 64 * MiB;
/** S3 numbers parts 1 … 10 000. */
const MAX_PARTS = 10_000;
const PARTS_AT_ONCE = 3;
/** Tries of one upload request, each with a new read stream of the file. */
const UPLOAD_ATTEMPTS = 3;

type Sdk = typeof S3Sdk;
let sdk: Promise<Sdk> | undefined;
/** The SDK takes about 300 ms to load: only a server whose store is a bucket pays for it. */
function loadSdk(): Promise<Sdk> {
  return (sdk ??= import('@aws-sdk/client-s3'));
}

interface Connection {
  sdk: Sdk;
  /** Reads, listings and deletes: the SDK's own retries are safe for bodiless requests. */
  client: S3Client;
  /**
   * Puts and parts: no SDK retry, since a retry would send the same, already drained, read
   * stream; {@link withRetries} tries again with a new stream of the file instead.
   */
  uploads: S3Client;
}

export class S3ObjectStore implements ObjectStore {
  readonly scratchDir: string;
  readonly bucket: string;
  private readonly base: string;
  private readonly multipartThreshold: number;
  private readonly partSize: number;
  private readonly listPageSize: number;
  private connection: Promise<Connection> | undefined;

  constructor(
    private readonly location: S3Location,
    options: S3ObjectStoreOptions,
  ) {
    this.scratchDir = options.scratchDir;
    this.bucket = location.bucket;
    this.base = location.prefix === '' ? '' : `${location.prefix}/`;
    this.multipartThreshold = options.multipartThreshold ?? DEFAULT_MULTIPART_THRESHOLD;
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
    this.listPageSize = options.listPageSize ?? 1000;
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const objectKey = this.objectKey(key);
    const { size } = await fs.stat(localPath);
    const s3 = await this.connect();
    if (size > this.multipartThreshold) await this.putInParts(s3, objectKey, localPath, size);
    else
      await withRetries(() =>
        s3.uploads.send(
          new s3.sdk.PutObjectCommand({
            Bucket: this.bucket,
            Key: objectKey,
            // An empty object has no stream to read: the SDK would wait for one that never ends.
            Body: size === 0 ? Buffer.alloc(0) : createReadStream(localPath),
            ContentLength: size,
            ContentType: 'application/octet-stream',
          }),
        ),
      );
    await fs.rm(localPath, { force: true });
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    return (await this.getVersioned(key, range))?.stream ?? null;
  }

  async getVersioned(key: string, range?: ByteRange): Promise<VersionedRead | null> {
    const objectKey = this.objectKey(key);
    const s3 = await this.connect();
    try {
      const reply = await s3.client.send(
        new s3.sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: objectKey,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(reply.Body instanceof Readable)) throw new Error('S3 answered no readable body');
      return { stream: reply.Body, version: s3Version(reply.ETag, reply.LastModified) };
    } catch (error) {
      if (isNotFound(s3.sdk, error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const objectKey = this.objectKey(key);
    const s3 = await this.connect();
    try {
      const head = await s3.client.send(
        new s3.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }),
      );
      return {
        key,
        size: head.ContentLength ?? 0,
        modifiedAt: head.LastModified?.getTime() ?? 0,
        version: s3Version(head.ETag, head.LastModified),
      };
    } catch (error) {
      if (isNotFound(s3.sdk, error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there, as the folder's `rm --force` does.
    const objectKey = this.objectKey(key);
    const s3 = await this.connect();
    await s3.client.send(new s3.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    const listed = this.base + assertObjectKeyPrefix(prefix);
    const s3 = await this.connect();
    const found: ObjectInfo[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await s3.client.send(
        new s3.sdk.ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: listed,
          MaxKeys: this.listPageSize,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.base.length);
        // Anything else in a shared bucket is not ours, as foreign files in the folder are not.
        if (key === undefined || !isObjectKey(key)) continue;
        found.push({
          key,
          size: object.Size ?? 0,
          modifiedAt: object.LastModified?.getTime() ?? 0,
          version: s3Version(object.ETag, object.LastModified),
        });
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return found;
  }

  /** Closes the idle connections to the bucket. */
  async destroy(): Promise<void> {
    const s3 = await this.connection?.catch(() => undefined);
    s3?.client.destroy();
    s3?.uploads.destroy();
  }

  /** The SDK and two clients, made on the first call. */
  private connect(): Promise<Connection> {
    this.connection ??= loadSdk().then((loaded) => {
      const { location } = this;
      const common: S3ClientConfig = {
        endpoint: location.endpoint,
        region: location.region,
        credentials: {
          accessKeyId: location.accessKeyId,
          secretAccessKey: location.secretAccessKey,
        },
        forcePathStyle: true,
        // The SDK's default adds a CRC32 trailer in aws-chunked framing to every streamed put;
        // s3rver (and other S3-compatible stores) keep that framing as if it were the object's
        // bytes. The file and chunk stores hash every byte themselves before a put, so only the
        // checksums an operation requires are sent.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      };
      // A download streams from the bucket for as long as its reader reads, holding a socket:
      // with the SDK's 50, slow readers would soon make every other call wait.
      const agent = { keepAlive: true, maxSockets: 256 };
      return {
        sdk: loaded,
        client: new loaded.S3Client({
          ...common,
          requestHandler: { connectionTimeout: 10_000, httpAgent: agent, httpsAgent: agent },
        }),
        uploads: new loaded.S3Client({
          ...common,
          maxAttempts: 1,
          // A request that sends nothing and hears nothing for a minute is dead: try it again.
          requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
        }),
      };
    });
    return this.connection;
  }

  private objectKey(key: string): string {
    return this.base + assertObjectKey(key);
  }

  /**
   * A multipart upload whose parts are ranges of the file read as streams, a few at once, so
   * memory stays at a few stream buffers whatever the size; a failure aborts the upload, so the
   * bucket keeps no parts and the key keeps its earlier object, if any.
   */
  private async putInParts(
    s3: Connection,
    objectKey: string,
    localPath: string,
    size: number,
  ): Promise<void> {
    const partSize = Math.max(this.partSize, Math.ceil(size / MAX_PARTS));
    const count = Math.ceil(size / partSize);
    const created = await s3.client.send(
      new s3.sdk.CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: objectKey,
        ContentType: 'application/octet-stream',
      }),
    );
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error('S3 answered no upload id');
    try {
      const parts: CompletedPart[] = new Array<CompletedPart>(count);
      let next = 0;
      // One failed part stops the others before they take another, so that no part lands
      // after the abort below.
      let failed = false;
      const worker = async () => {
        while (next < count && !failed) {
          const index = next;
          next += 1;
          const start = index * partSize;
          const length = Math.min(partSize, size - start);
          const reply = await withRetries(() =>
            s3.uploads.send(
              new s3.sdk.UploadPartCommand({
                Bucket: this.bucket,
                Key: objectKey,
                UploadId: uploadId,
                PartNumber: index + 1,
                Body: createReadStream(localPath, { start, end: start + length - 1 }),
                ContentLength: length,
              }),
            ),
          ).catch((error: unknown) => {
            failed = true;
            throw error;
          });
          parts[index] = { PartNumber: index + 1, ETag: reply.ETag };
        }
      };
      const workers = Array.from({ length: Math.min(PARTS_AT_ONCE, count) }, worker);
      const settled = await Promise.allSettled(workers);
      const rejected = settled.find((result) => result.status === 'rejected');
      if (rejected) throw rejected.reason;
      await s3.client.send(
        new s3.sdk.CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: objectKey,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await s3.client
        .send(
          new s3.sdk.AbortMultipartUploadCommand({
            Bucket: this.bucket,
            Key: objectKey,
            UploadId: uploadId,
          }),
        )
        .catch(() => undefined); // the first error is the one worth reporting
      throw error;
    }
  }
}

/**
 * NoSuchKey (GetObject), or NotFound, the SDK's name for a HeadObject 404, which has no body to
 * say more. A missing bucket (NoSuchBucket, also a 404) is an error, never an empty store.
 */
/** A bucket's object version: its ETag (the bytes' digest for a plain put) and its date. */
function s3Version(etag: string | undefined, modified: Date | undefined): string {
  return `${etag ?? ''}:${modified?.getTime() ?? 0}`;
}

function isNotFound(sdk: Sdk, error: unknown): boolean {
  return (
    error instanceof sdk.S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound')
  );
}

/** A network failure, a timeout, throttling or a 5xx: the same request may well succeed. */
function isTransient(error: unknown): boolean {
  if (isServiceError(error)) {
    const status = error.$metadata.httpStatusCode ?? 0;
    return status >= 500 || status === 429 || error.name === 'SlowDown';
  }
  const { code, name } = (error ?? {}) as { code?: string; name?: string };
  return name === 'TimeoutError' || NETWORK_ERRORS.has(code ?? '');
}

/** An answer of the S3 API (the SDK's S3ServiceException, told apart without loading it). */
function isServiceError(
  error: unknown,
): error is Error & { $metadata: { httpStatusCode?: number } } {
  return error instanceof Error && '$metadata' in error && '$fault' in error;
}

const NETWORK_ERRORS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
]);

async function withRetries<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= UPLOAD_ATTEMPTS || !isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }
}
