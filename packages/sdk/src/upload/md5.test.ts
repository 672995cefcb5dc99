/**
 * The md5 of spec §4 over 2 MB slices (spec §9), checked against Node's own md5: across slice
 * boundaries, with progress after each slice, cancellable, and with the JavaScript hasher when
the page's policy refuses WebAssembly. Node has Blob but no Worker, so `computeMd5` runs its
 * main-thread fallback here; the Worker itself runs in Chromium (`bench/md5.mjs`).
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '@campus/contracts/upload-rules';
import { isAbortError } from './abort.ts';
import { computeMd5 } from './md5.ts';
import { md5OfBlob } from './md5-core.ts';
import { MD5_READS_IN_FLIGHT, readSlices } from './read-slices.ts';

const MiB = 1024 * 1024;

function blobOf(size: number): { blob: Blob; md5: string } {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 2654435761) >>> 24;
  return { blob: new Blob([bytes]), md5: createHash('md5').update(bytes).digest('hex') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('computeMd5', () => {
  it.each([0, 1, UPLOAD_CHUNK_BYTES - 1, UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES + 1, 5 * MiB + 7])(
    'equals Node md5 for %i bytes',
    async (size) => {
      const { blob, md5 } = blobOf(size);
      expect(await computeMd5(blob)).toBe(md5);
    },
  );

  it('reads 2 MiB slices and reports progress after each', async () => {
    const { blob } = blobOf(5 * MiB);
    const slice = vi.spyOn(Blob.prototype, 'slice');
    const progress: [number, number][] = [];
    await computeMd5(blob, {
      read: 'slices',
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(progress).toEqual([
      [2 * MiB, 5 * MiB],
      [4 * MiB, 5 * MiB],
      [5 * MiB, 5 * MiB],
    ]);
    expect(slice.mock.calls.map(([start, end]) => [start, end])).toEqual([
      [0, 2 * MiB],
      [2 * MiB, 4 * MiB],
      [4 * MiB, 5 * MiB],
    ]);
  });

  it('keeps up to 3 slice reads in flight, consumed in file order', async () => {
    const { blob, md5 } = blobOf(15 * MiB + 1);
    // The bytes themselves, read without the spied method.
    const read = (blob: Blob) => new Response(blob).arrayBuffer();
    let inFlight = 0;
    let most = 0;
    vi.spyOn(Blob.prototype, 'arrayBuffer').mockImplementation(function (this: Blob) {
      inFlight += 1;
      most = Math.max(most, inFlight);
      // A slow disk: each read answers a little later, so the reads ahead pile up.
      return new Promise<void>((resolve) => setTimeout(resolve, 5))
        .then(() => read(this))
        .finally(() => (inFlight -= 1));
    });
    const progress: number[] = [];
    await expect(
      computeMd5(blob, { read: 'slices', onProgress: (done) => progress.push(done) }),
    ).resolves.toBe(md5);
    expect(most).toBe(MD5_READS_IN_FLIGHT);
    expect(MD5_READS_IN_FLIGHT).toBe(3);
    expect(progress).toEqual([2, 4, 6, 8, 10, 12, 14].map((n) => n * MiB).concat(15 * MiB + 1));
  });

  it('reads as one stream by default: the same md5, progress at most once per 2 MiB', async () => {
    const { blob, md5 } = blobOf(5 * MiB + 3);
    const progress: number[] = [];
    const sliced = vi.spyOn(Blob.prototype, 'arrayBuffer');
    await expect(computeMd5(blob, { onProgress: (done) => progress.push(done) })).resolves.toBe(
      md5,
    );
    expect(sliced).not.toHaveBeenCalled();
    expect(progress.at(-1)).toBe(5 * MiB + 3);
    // The stream's chunks decide how often (Node's come large); never more than once a slice.
    expect(progress.length).toBeLessThanOrEqual(4);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it.each(['stream', 'slices'] as const)(
    'reads (%s) in whole 2 MiB slices, each in a buffer of its own, as the Worker is handed them',
    async (read) => {
      const size = 5 * MiB + 3;
      const { blob } = blobOf(size);
      const bytes = new Uint8Array(await blob.arrayBuffer());
      const slices: Uint8Array[] = [];
      for await (const slice of readSlices(blob, UPLOAD_CHUNK_BYTES, read)) slices.push(slice);
      expect(slices.map((s) => s.byteLength)).toEqual([2 * MiB, 2 * MiB, MiB + 3]);
      // A transfer moves the whole buffer: it must hold this slice and nothing else.
      expect(slices.every((s) => s.byteOffset === 0 && s.buffer.byteLength === s.byteLength)).toBe(
        true,
      );
      expect(Buffer.concat(slices).equals(Buffer.from(bytes))).toBe(true);
    },
  );

  it('gathers a stream of small parts into the same slices', async () => {
    const size = 2 * MiB + 10;
    const { blob } = blobOf(size);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    // Parts of 64 KiB + 1 byte, as a browser's stream might hand them over, never on a slice edge.
    vi.spyOn(blob, 'stream').mockImplementation(() => {
      let i = 0;
      return new ReadableStream<Uint8Array<ArrayBuffer>>({
        pull(controller) {
          if (i * 65537 >= size) return controller.close();
          controller.enqueue(bytes.slice(i * 65537, (i + 1) * 65537));
          i += 1;
        },
      });
    });
    const slices: Uint8Array[] = [];
    for await (const slice of readSlices(blob, UPLOAD_CHUNK_BYTES, 'stream')) slices.push(slice);
    expect(slices.map((s) => s.byteLength)).toEqual([2 * MiB, 10]);
    expect(Buffer.concat(slices).equals(Buffer.from(bytes))).toBe(true);
  });

  it('stops when cancelled', async () => {
    const { blob } = blobOf(6 * MiB);
    const controller = new AbortController();
    const hashing = computeMd5(blob, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    const error = await hashing.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
  });

  it('falls back to spark-md5 where WebAssembly may not be compiled (a strict CSP)', async () => {
    const { blob, md5 } = blobOf(3 * MiB + 5);
    vi.spyOn(WebAssembly, 'compile').mockRejectedValue(
      new WebAssembly.CompileError('Refused to compile WebAssembly'),
    );
    vi.spyOn(WebAssembly, 'instantiate').mockRejectedValue(
      new WebAssembly.CompileError('Refused to compile WebAssembly'),
    );
    // hash-wasm caches a compiled module per page; a fresh copy of the module sees the refusal.
    vi.resetModules();
    const { md5OfBlob: fresh } = await import('./md5-core.ts');
    await expect(fresh(blob)).resolves.toEqual({ md5, engine: 'js' });
  });

  it('uses the WebAssembly hasher where it may', async () => {
    const { blob, md5 } = blobOf(1000);
    await expect(md5OfBlob(blob)).resolves.toEqual({ md5, engine: 'wasm' });
  });
});
