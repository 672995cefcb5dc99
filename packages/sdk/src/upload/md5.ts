/**
 * A file's md5 for the instant upload and the merge check (spec §4, DESIGN.md §6): computed in
 * a Web Worker with hash-wasm over 2 MB slices (spec §9), so a 1 GiB video does not freeze the
 * page, with progress. The page reads the slices and hands each to the Worker, so reading and
 * hashing run on two threads at once (`bench/md5`: on one thread the reading's own work, about
 * half the hashing's, came on top of it). Where no Worker can run (unit tests, a Worker script
 * the page cannot load) the same code runs on the main thread.
 */
import { UPLOAD_CHUNK_BYTES } from '@campus/contracts/upload-rules';
import { abortError } from './abort.ts';
import { readSlices, type Md5Read } from './read-slices.ts';

/** What the page posts to the md5 Worker: each slice in file order, then the end. */
export type Md5WorkerRequest = { type: 'slice'; bytes: Uint8Array<ArrayBuffer> } | { type: 'end' };

/**
 * Slices handed to the Worker and not yet hashed: the reading keeps this far ahead of the
 * hashing (8 MB held at most), so neither waits for the other and memory stays flat.
 */
export const MD5_SLICES_AHEAD = 4;

/** What the md5 Worker answers: progress after each slice, then the digest or an error. */
export type Md5WorkerReply =
  | { type: 'progress'; hashed: number }
  | { type: 'done'; md5: string; engine: 'wasm' | 'js' }
  | { type: 'error'; message: string };

export interface Md5Options {
  /** Cancels the hashing; the promise rejects with an AbortError. */
  signal?: AbortSignal;
  /** Bytes hashed so far, after each slice. */
  onProgress?: (hashedBytes: number, totalBytes: number) => void;
  /** The read slice (spec §9: 2 MB). */
  sliceBytes?: number;
  /** false: hash on the main thread even where a Worker could run. */
  worker?: boolean;
  /** `slices` (the default, spec §9) or one `stream` (see `md5-core.ts`). */
  read?: Md5Read;
}

/** The hasher the uploader takes (tests give their own). */
export type Md5Function = (blob: Blob, options?: Md5Options) => Promise<string>;

/** The Worker could not be started or loaded: hash on the main thread instead. */
class WorkerUnavailable extends Error {}

function hashInWorker(blob: Blob, options: Md5Options, sliceBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      // Written out in this form so Vite (and other bundlers) emit the Worker as its own file.
      worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    } catch (error) {
      reject(new WorkerUnavailable(String(error)));
      return;
    }
    const { signal } = options;
    // Stops the reading when the hashing ends for any reason.
    const reading = new AbortController();
    // The slices posted and not yet hashed, and the reader waiting for room.
    let ahead = 0;
    let room: (() => void) | undefined;
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      reading.abort();
      room?.();
      worker.terminate();
      outcome();
    };
    function onAbort(): void {
      finish(() => reject(abortError()));
    }
    worker.onmessage = (event: MessageEvent<Md5WorkerReply>) => {
      const reply = event.data;
      switch (reply.type) {
        case 'progress':
          ahead -= 1;
          room?.();
          options.onProgress?.(reply.hashed, blob.size);
          break;
        case 'done':
          finish(() => resolve(reply.md5));
          break;
        case 'error':
          finish(() => reject(new Error(reply.message)));
          break;
      }
    };
    // The script itself failed (not found, refused by the page's policy): no hashing happened.
    worker.onerror = (event) => {
      event.preventDefault();
      finish(() => reject(new WorkerUnavailable(event.message)));
    };
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    const read = options.read ?? defaultMd5Read(blob);
    const feed = async (): Promise<void> => {
      for await (const bytes of readSlices(blob, sliceBytes, read, reading.signal)) {
        while (ahead >= MD5_SLICES_AHEAD && !settled) {
          await new Promise<void>((resolve) => (room = resolve));
        }
        if (settled) return;
        ahead += 1;
        worker.postMessage({ type: 'slice', bytes } satisfies Md5WorkerRequest, [bytes.buffer]);
      }
      worker.postMessage({ type: 'end' } satisfies Md5WorkerRequest);
    };
    // A read that fails (the file changed or went away) fails the hashing with its error.
    feed().catch((error: unknown) =>
      finish(() => reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

async function hashOnMainThread(blob: Blob, options: Md5Options, sliceBytes: number) {
  // Loaded on demand: a page whose Worker runs never carries a second copy of the hasher.
  const { md5OfBlob } = await import('./md5-core.ts');
  const { md5 } = await md5OfBlob(
    blob,
    sliceBytes,
    (hashed) => options.onProgress?.(hashed, blob.size),
    options.signal,
    options.read ?? defaultMd5Read(blob),
  );
  return md5;
}

/**
 * One `Blob.stream()` where the browser has it, else 2 MB slices. Both hash the same bytes in
 * order and report progress per 2 MB slice (spec §4, §9); the stream reads the file two to
 * three times as fast as slices do, as many reads in flight as they may be (docs/decisions.md).
 */
function defaultMd5Read(blob: Blob): Md5Read {
  return typeof blob.stream === 'function' ? 'stream' : 'slices';
}

/**
 * The lower-case hex md5 of a file, read as a stream (or in 2 MB slices) and hashed in a Web
 * Worker, with progress per 2 MB.
 *
 * @example
 * const md5 = await computeMd5(file, { onProgress: (done, total) => bar.set(done / total) });
 */
export async function computeMd5(blob: Blob, options: Md5Options = {}): Promise<string> {
  const sliceBytes = options.sliceBytes ?? UPLOAD_CHUNK_BYTES;
  if (options.signal?.aborted) throw abortError();
  if (options.worker !== false && typeof Worker !== 'undefined') {
    try {
      return await hashInWorker(blob, options, sliceBytes);
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
    }
  }
  return hashOnMainThread(blob, options, sliceBytes);
}
