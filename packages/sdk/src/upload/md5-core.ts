/**
 * The md5 of a Blob, read in slices (spec §4 "Read md5 (2 MB slices)", §9) and fed to an
 * incremental hasher: hash-wasm's WebAssembly MD5 (DESIGN.md §6), or spark-md5 where the page's
 * Content-Security-Policy refuses to compile WebAssembly (no 'wasm-unsafe-eval'), so an upload
 * never fails for want of a hasher. Shared by the Worker (`md5.worker.ts`, which hashes the
 * slices the page reads) and the main-thread fallback (`md5.ts`); the reading is
 * `read-slices.ts`.
 */
import { createMD5 } from 'hash-wasm';
import SparkMD5 from 'spark-md5';
import { UPLOAD_CHUNK_BYTES } from '@campus/contracts/upload-rules';
import { readSlices, type Md5Read } from './read-slices.ts';

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
  let hashed = 0;
  for await (const part of readSlices(blob, sliceBytes, read, signal)) {
    hasher.update(part);
    hashed += part.byteLength;
    onProgress?.(hashed);
  }
  return { md5: hasher.digest(), engine: hasher.engine };
}
