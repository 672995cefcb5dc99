/**
 * The md5 of a Blob, read in slices (spec §4 "Read md5 (2 MB slices)", §9) and fed to an
 * incremental hasher: hash-wasm's WebAssembly MD5 (DESIGN.md §6), or spark-md5 where the page's
 * Content-Security-Policy refuses to compile WebAssembly (no 'wasm-unsafe-eval'), so an upload
 * never fails for want of a hasher. Up to `MD5_READS_IN_FLIGHT` slices are read ahead (in file
 * order) while the current one is hashed, so the reads and the hashing overlap. Shared by the Worker (`md5.worker.ts`) and the main-thread
 * fallback (`md5.ts`).
 */
import { createMD5 } from 'hash-wasm';
import SparkMD5 from 'spark-md5';
import { UPLOAD_CHUNK_BYTES } from '@campus/contracts/upload-rules';
import { abortError } from './abort.ts';

/**
 * Slice reads in flight at once. Measured in Chromium on 256 MiB in 2 MiB slices: one read ahead
 * 0.9–1.27 s of reading, three 0.67–0.73 s; the queue holds at most this many slices in memory.
 */
export const MD5_READS_IN_FLIGHT = 3;

/** An incremental MD5: `update` with bytes, `digest` the lower-case hex. */
interface IncrementalMd5 {
  update: (bytes: Uint8Array<ArrayBuffer>) => void;
  digest: () => string;
  /** Which implementation it is, for the benchmark and the tests. */
  engine: 'wasm' | 'js';
}

/** hash-wasm's MD5, else spark-md5's ArrayBuffer API when WebAssembly cannot be compiled. */
export async function createIncrementalMd5(): Promise<IncrementalMd5> {
  try {
    const hasher = await createMD5();
    hasher.init();
    return {
      update: (bytes) => void hasher.update(bytes),
      digest: () => hasher.digest('hex'),
      engine: 'wasm',
    };
  } catch {
    const spark = new SparkMD5.ArrayBuffer();
    return {
      update: (bytes) =>
        void spark.append(
          bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
            ? bytes.buffer
            : bytes.slice().buffer,
        ),
      digest: () => spark.end(),
      engine: 'js',
    };
  }
}

/**
 * Hashes `blob` slice by slice, reporting the bytes hashed after each slice.
 *
 * @example
 * const md5 = await md5OfBlob(file, 2 * 1024 * 1024, (done) => console.log(done));
 */
export async function md5OfBlob(
  blob: Blob,
  sliceBytes: number = UPLOAD_CHUNK_BYTES,
  onProgress?: (hashedBytes: number) => void,
  signal?: AbortSignal,
  read: Md5Read = 'slices',
): Promise<{ md5: string; engine: IncrementalMd5['engine'] }> {
  const hasher = await createIncrementalMd5();
  if (read === 'stream') return streamed(blob, hasher, sliceBytes, onProgress, signal);
  const readSlice = (offset: number): Promise<ArrayBuffer> =>
    blob.slice(offset, Math.min(blob.size, offset + sliceBytes)).arrayBuffer();
  // The reads ahead, in file order: a few at once keep the disk busy while a slice is hashed.
  const reads: Promise<ArrayBuffer>[] = [];
  let readFrom = 0;
  const readAhead = (): void => {
    while (reads.length < MD5_READS_IN_FLIGHT && readFrom < blob.size) {
      const read = readSlice(readFrom);
      // A read that is never awaited (cancelled meanwhile) must not surface as unhandled.
      read.catch(() => undefined);
      reads.push(read);
      readFrom += sliceBytes;
    }
  };
  readAhead();
  for (let offset = 0; offset < blob.size; offset += sliceBytes) {
    if (signal?.aborted) throw abortError();
    const bytes = await (reads.shift() as Promise<ArrayBuffer>);
    readAhead();
    hasher.update(new Uint8Array(bytes));
    onProgress?.(Math.min(blob.size, offset + sliceBytes));
  }
  return { md5: hasher.digest(), engine: hasher.engine };
}

/** Stream reads asked ahead of the one being hashed (parts of 64 KiB or so in Chromium). */
const STREAM_READS_IN_FLIGHT = 16;

/**
 * How the bytes are read: `slices` (spec §9: `Blob.slice` + `arrayBuffer()` per 2 MB), or
 * `stream` (one `Blob.stream()`, hashed as it arrives, progress still per 2 MB).
 */
export type Md5Read = 'slices' | 'stream';

async function streamed(
  blob: Blob,
  hasher: IncrementalMd5,
  sliceBytes: number,
  onProgress: ((hashedBytes: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<{ md5: string; engine: IncrementalMd5['engine'] }> {
  const reader = blob.stream().getReader();
  // Several reads asked at once (a reader fulfils them in order), so the browser fills the next
  // parts while this one is hashed.
  const pending: Promise<ReadableStreamReadResult<Uint8Array<ArrayBuffer>>>[] = [];
  const askMore = () => {
    while (pending.length < STREAM_READS_IN_FLIGHT) {
      const next = reader.read();
      // A read never awaited (cancelled meanwhile) must not surface as unhandled.
      next.catch(() => undefined);
      pending.push(next);
    }
  };
  let hashed = 0;
  let nextReport = sliceBytes;
  try {
    for (;;) {
      if (signal?.aborted) throw abortError();
      askMore();
      const { done, value } = await pending.shift()!;
      if (done) break;
      hasher.update(value);
      hashed += value.byteLength;
      // Progress as often as the sliced read gives it: once per slice, and at the end.
      if (hashed >= nextReport || hashed === blob.size) {
        onProgress?.(hashed);
        nextReport = (Math.floor(hashed / sliceBytes) + 1) * sliceBytes;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return { md5: hasher.digest(), engine: hasher.engine };
}
