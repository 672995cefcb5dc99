/**
 * The md5 of a Blob, read in slices (spec §4 "Read md5 (2 MB slices)", §9) and fed to an
 * incremental hasher: hash-wasm's WebAssembly MD5 (DESIGN.md §6), or spark-md5 where the page's
 * Content-Security-Policy refuses to compile WebAssembly (no 'wasm-unsafe-eval'), so an upload
 * never fails for want of a hasher. The next slice is read while the current one is hashed, so
 * the reads and the hashing overlap. Shared by the Worker (`md5.worker.ts`) and the main-thread
 * fallback (`md5.ts`).
 */
import { createMD5 } from 'hash-wasm';
import SparkMD5 from 'spark-md5';
import { UPLOAD_CHUNK_BYTES } from '@campus/contracts/upload-rules';
import { abortError } from './abort.ts';

/** An incremental MD5: `update` with bytes, `digest` the lower-case hex. */
interface IncrementalMd5 {
  update: (bytes: ArrayBuffer) => void;
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
      update: (bytes) => void hasher.update(new Uint8Array(bytes)),
      digest: () => hasher.digest('hex'),
      engine: 'wasm',
    };
  } catch {
    const spark = new SparkMD5.ArrayBuffer();
    return {
      update: (bytes) => void spark.append(bytes),
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
): Promise<{ md5: string; engine: IncrementalMd5['engine'] }> {
  const hasher = await createIncrementalMd5();
  const read = (offset: number): Promise<ArrayBuffer> =>
    blob.slice(offset, Math.min(blob.size, offset + sliceBytes)).arrayBuffer();
  let pending: Promise<ArrayBuffer> | null = blob.size > 0 ? read(0) : null;
  for (let offset = 0; pending; offset += sliceBytes) {
    if (signal?.aborted) throw abortError();
    const bytes = await pending;
    const next = offset + sliceBytes;
    pending = next < blob.size ? read(next) : null;
    // A read that is never awaited (cancelled meanwhile) must not surface as unhandled.
    pending?.catch(() => undefined);
    hasher.update(bytes);
    onProgress?.(Math.min(blob.size, next));
  }
  return { md5: hasher.digest(), engine: hasher.engine };
}
