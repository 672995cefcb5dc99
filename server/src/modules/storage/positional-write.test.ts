import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeAtPosition } from './positional-write.ts';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-pwrite-'));
  file = path.join(dir, 'part');
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const pieces = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => Buffer.alloc(size, i + 1));

describe('writeAtPosition (issue 11 upload throughput)', () => {
  it('writes every byte at its position, in batches: one write per batch, not per piece', async () => {
    const handle = await fs.open(file, 'w+');
    const writev = vi.spyOn(handle, 'writev');
    const write = vi.spyOn(handle, 'write');
    try {
      const source = pieces(32, 64 * 1024);
      const total = await writeAtPosition(handle, Readable.from(source), {
        position: 100,
        batchBytes: 1024 * 1024,
      });
      expect(total).toBe(2 * 1024 * 1024);
      expect(writev).toHaveBeenCalledTimes(2);
      expect(write).not.toHaveBeenCalled();
    } finally {
      await handle.close();
    }
    const bytes = await fs.readFile(file);
    // Buffer.equals: a deep comparison of 2 MiB element by element takes seconds.
    expect(bytes.subarray(0, 100).equals(Buffer.alloc(100))).toBe(true);
    expect(bytes.subarray(100).equals(Buffer.concat(pieces(32, 64 * 1024)))).toBe(true);
  });

  it('writes again what a short write left', async () => {
    const handle = await fs.open(file, 'w+');
    const real = handle.writev.bind(handle);
    // The first write takes 3 bytes only.
    vi.spyOn(handle, 'writev').mockImplementationOnce(async (buffers, position) => {
      const first = buffers[0] as Buffer;
      return real([first.subarray(0, 3)], position);
    });
    try {
      await writeAtPosition(handle, [Buffer.from('abcdef'), Buffer.from('ghij')], { position: 0 });
    } finally {
      await handle.close();
    }
    expect(await fs.readFile(file, 'utf8')).toBe('abcdefghij');
  });

  it('stops when a piece is refused (a size limit), and stops the source', async () => {
    const handle = await fs.open(file, 'w+');
    const source = Readable.from(pieces(10, 1000));
    try {
      await expect(
        writeAtPosition(handle, source, {
          position: 0,
          onPiece: (_piece, total) => {
            if (total > 2500) throw new RangeError('too large');
          },
        }),
      ).rejects.toBeInstanceOf(RangeError);
    } finally {
      await handle.close();
    }
    await vi.waitFor(() => expect(source.destroyed).toBe(true));
  });

  it('gives up at once when aborted while the source waits for bytes that never come', async () => {
    const handle = await fs.open(file, 'w+');
    async function* stalled() {
      yield Buffer.from('first');
      await new Promise(() => undefined);
    }
    const abort = new AbortController();
    try {
      const written = writeAtPosition(handle, stalled(), { position: 0, signal: abort.signal });
      await new Promise((resolve) => setTimeout(resolve, 20));
      abort.abort();
      await expect(written).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await handle.close();
    }
  });
});
