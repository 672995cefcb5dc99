/**
 * A Blob's bytes in file order as 2 MB slices (spec §4 "Read md5 (2 MB slices)", §9), read with
 * `Blob.slice` + `arrayBuffer()` a few at once, or gathered from one `Blob.stream()`. Kept apart
 * from the hashers so the page, which reads while its Worker hashes (`md5.ts`), loads no
 * hasher of its own.
 */
import { UPLOAD_CHUNK_BYTES } from '@campus/contracts/upload-rules';
import { abortError } from './abort.ts';

/**
 * Slice reads in flight at once. Measured in Chromium on 256 MiB in 2 MiB slices: one read ahead
 * 0.9–1.27 s of reading, three 0.67–0.73 s; the queue holds at most this many slices in memory.
 */
export const MD5_READS_IN_FLIGHT = 3;

/**
 * How the bytes are read: `slices` (spec §9: `Blob.slice` + `arrayBuffer()` per 2 MB), or
 * `stream` (one `Blob.stream()`, its parts gathered into the same 2 MB slices).
 */
export type Md5Read = 'slices' | 'stream';

/**
 * The bytes of `blob` in file order, as slices of `sliceBytes` (the last one shorter), each in
 * an ArrayBuffer of its own, so that a slice can be handed to a Worker without a copy
 * (`md5.ts` reads on the page's thread while its Worker hashes). Throws an AbortError once
 * `signal` is aborted.
 *
 * @example
 * for await (const slice of readSlices(file, 2 * 1024 * 1024, 'stream')) hasher.update(slice);
 */
export async function* readSlices(
  blob: Blob,
  sliceBytes: number = UPLOAD_CHUNK_BYTES,
  read: Md5Read = 'slices',
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  if (read === 'stream') {
    yield* streamedSlices(blob, sliceBytes, signal);
    return;
  }
  const readSlice = (offset: number): Promise<ArrayBuffer> =>
    blob.slice(offset, Math.min(blob.size, offset + sliceBytes)).arrayBuffer();
  // The reads ahead, in file order: a few at once keep the disk busy while a slice is hashed.
  const reads: Promise<ArrayBuffer>[] = [];
  let readFrom = 0;
  const readAhead = (): void => {
    while (reads.length < MD5_READS_IN_FLIGHT && readFrom < blob.size) {
      const next = readSlice(readFrom);
      // A read that is never awaited (cancelled meanwhile) must not surface as unhandled.
      next.catch(() => undefined);
      reads.push(next);
      readFrom += sliceBytes;
    }
  };
  readAhead();
  for (let offset = 0; offset < blob.size; offset += sliceBytes) {
    if (signal?.aborted) throw abortError();
    const bytes = await (reads.shift() as Promise<ArrayBuffer>);
    readAhead();
    yield new Uint8Array(bytes);
  }
}

/** Stream reads asked ahead of the one being gathered (parts of 64 KiB or so in Chromium). */
const STREAM_READS_IN_FLIGHT = 16;

async function* streamedSlices(
  blob: Blob,
  sliceBytes: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  const reader = blob.stream().getReader();
  // Several reads asked at once (a reader fulfils them in order), so the browser fills the next
  // parts while this one is copied.
  const pending: Promise<ReadableStreamReadResult<Uint8Array<ArrayBuffer>>>[] = [];
  const askMore = () => {
    while (pending.length < STREAM_READS_IN_FLIGHT) {
      const next = reader.read();
      // A read never awaited (cancelled meanwhile) must not surface as unhandled.
      next.catch(() => undefined);
      pending.push(next);
    }
  };
  let left = blob.size;
  let slice = new Uint8Array(Math.min(sliceBytes, left));
  let filled = 0;
  try {
    for (;;) {
      if (signal?.aborted) throw abortError();
      askMore();
      const { done, value } = await pending.shift()!;
      if (done) break;
      for (let from = 0; from < value.byteLength;) {
        // More bytes than the Blob's size: the file changed under the read (Chromium refuses
        // that itself with NotReadableError; this keeps any other stream from looping).
        if (slice.byteLength === 0) throw new Error('the file changed while it was read');
        const taken = Math.min(slice.byteLength - filled, value.byteLength - from);
        slice.set(value.subarray(from, from + taken), filled);
        filled += taken;
        from += taken;
        if (filled === slice.byteLength) {
          left -= filled;
          yield slice;
          slice = new Uint8Array(Math.min(sliceBytes, left));
          filled = 0;
        }
      }
    }
    if (filled > 0) yield slice.slice(0, filled);
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
