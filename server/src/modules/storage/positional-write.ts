/**
 * Writes a stream's bytes at a position of an open file in batches (issue 11 upload
 * throughput). A socket gives a chunk upload's bytes in pieces of at most 64 KiB; a file write
 * stream writes each piece on its own, one trip through libuv's thread pool per piece (32 for
 * a 2 MiB chunk), and on two shared cores those hand-offs cost more than the copy itself. Here
 * the pieces are gathered, without copying, into batches of `batchBytes` and written with one
 * `pwritev` each, while the next batch is read (one write in flight at a time).
 */
import { addAbortSignal, Readable } from 'node:stream';
import type { FileHandle } from 'node:fs/promises';
import type { ByteSource } from './file-store.ts';

/**
 * The bytes gathered before a write: a default chunk (spec §9, 2 MB) in eight writes, not 32;
 * larger batches gain little more and each request in flight holds up to two of them (20
 * uploads at once, bench/upload-memory).
 */
export const WRITE_BATCH_BYTES = 256 * 1024;

export interface PositionalWriteOptions {
  /** Where the first byte goes. */
  position: number;
  /** Called with every piece before it is written; throws to stop (a size limit). */
  onPiece?: (piece: Uint8Array, total: number) => void;
  /** Stops the write: a stream source is destroyed, so a stalled request ends too. */
  signal?: AbortSignal;
  batchBytes?: number;
}

/** Writes every byte of `source` at `position` onward; answers how many. */
export async function writeAtPosition(
  handle: FileHandle,
  source: ByteSource,
  options: PositionalWriteOptions,
): Promise<number> {
  const { signal, onPiece } = options;
  const batchBytes = options.batchBytes ?? WRITE_BATCH_BYTES;
  // A stream is destroyed on abort (its request stops); any source's wait for bytes is
  // given up at once (a stalled request, a generator that never resumes).
  const input = source instanceof Readable && signal ? addAbortSignal(signal, source) : source;
  const iterator =
    Symbol.asyncIterator in input
      ? input[Symbol.asyncIterator]()
      : (input as Iterable<Uint8Array>)[Symbol.iterator]();
  let stopAbortWait = (): void => undefined;
  const abortWait = signal
    ? new Promise<never>((_resolve, reject) => {
        const onAbort = () => reject(signal.reason as Error);
        if (signal.aborted) onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        stopAbortWait = () => signal.removeEventListener('abort', onAbort);
      })
    : null;
  abortWait?.catch(() => undefined);
  let position = options.position;
  let total = 0;
  let batch: Uint8Array[] = [];
  let batched = 0;
  /** The write in flight (one at a time), or the last one, settled. */
  let inFlight: Promise<void> = Promise.resolve();
  const flush = async (): Promise<void> => {
    await inFlight;
    if (batched === 0) return;
    const pieces = batch;
    const at = position;
    position += batched;
    batch = [];
    batched = 0;
    inFlight = writeAll(handle, pieces, at);
  };
  let ended = false;
  try {
    for (;;) {
      const reading = iterator.next();
      // Left behind on an abort, it may still fail (the stream destroyed): not unhandled.
      if (abortWait) Promise.resolve(reading).catch(() => undefined);
      const next = abortWait ? await Promise.race([reading, abortWait]) : await reading;
      if (next.done) break;
      const piece = next.value as Uint8Array;
      total += piece.byteLength;
      onPiece?.(piece, total);
      if (piece.byteLength === 0) continue;
      batch.push(piece);
      batched += piece.byteLength;
      if (batched >= batchBytes) await flush();
    }
    ended = true;
    await flush();
    await inFlight;
  } catch (error) {
    // The write in flight is waited for, so the handle is not closed under it.
    await inFlight.catch(() => undefined);
    throw error;
  } finally {
    stopAbortWait();
    // A source left half-read is told to stop (not waited for: it may never resume).
    if (!ended) void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
  return total;
}

/** `pwritev` of `pieces` at `position`, again for what a short write left. */
async function writeAll(handle: FileHandle, pieces: Uint8Array[], position: number) {
  let rest = pieces;
  let at = position;
  while (rest.length > 0) {
    const { bytesWritten } = await handle.writev(rest, at);
    at += bytesWritten;
    let skip = bytesWritten;
    const next: Uint8Array[] = [];
    for (const piece of rest) {
      if (skip >= piece.byteLength) {
        skip -= piece.byteLength;
        continue;
      }
      next.push(skip > 0 ? piece.subarray(skip) : piece);
      skip = 0;
    }
    if (bytesWritten === 0 && next.length > 0) throw new Error('The file took no bytes');
    rest = next;
  }
}
