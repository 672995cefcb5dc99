// @vitest-environment jsdom
/**
 * The uploader's state machine against a real local server speaking DESIGN.md §7's storage
 * protocol, through the real transport (the axios client for the form calls, XHR multipart for
 * the sends), with the spec's numbers: 2 MiB chunks (spec §9), chunks numbered 0..chunks-1, the
 * flow of spec §4 (second check → simple or chunked → merge), and the §8 failures.
 */
import { createHash } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '@campus/contracts/endpoint';
import type { Envelope } from '@campus/contracts/envelope';
import { uploadEndpoints } from '@campus/contracts/storage';
import { UPLOAD_CHUNK_BYTES } from '@campus/contracts/upload-rules';
import { createHttpClient } from '../http/client.ts';
import { TransportError, type Notice } from '../http/http-core.ts';
import {
  startStorageProtocolServer,
  type StorageProtocolServer,
} from './test-support/storage-protocol-server.ts';
import { UploadError } from './upload-errors.ts';
import { indexedDbUploadRecords, memoryUploadRecords } from './upload-records.ts';
import type { UploadTransport } from './upload-transport.ts';
import { createUploader, type UploaderOptions, type UploadSnapshot } from './uploader.ts';

const MiB = 1024 * 1024;

let server: StorageProtocolServer;
beforeAll(async () => {
  server = await startStorageProtocolServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.resetCounters();
  server.files.clear();
  server.chunks.clear();
  server.setFault(null);
});

/** Pseudo-random bytes (xorshift), so every test file has its own md5. */
function bytes(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let x = seed || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

function file(size: number, seed: number, name = 'lesson.mp4', lastModified = 1_700_000_000_000) {
  const content = bytes(size, seed);
  return {
    file: new File([content], name, { lastModified }),
    md5: createHash('md5').update(content).digest('hex'),
  };
}

function setup(extra: Partial<UploaderOptions> = {}) {
  const notices: Notice[] = [];
  const delays: number[] = [];
  const http = createHttpClient({ baseURL: server.base, device: 'pc', appCode: 'cms' });
  const uploader = createUploader({
    http,
    appCode: 'cms',
    device: 'pc',
    baseURL: server.base,
    language: () => 'en',
    notify: (notice) => notices.push(notice),
    records: null,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 1,
    ...extra,
  });
  return { uploader, notices, delays };
}

const calls = () => server.requests.map((r) => r.call);

describe('the flow of spec §4', () => {
  it('sends a file of one chunk or less whole: second check, then the simple upload', async () => {
    const { uploader } = setup();
    const { file: small, md5 } = file(UPLOAD_CHUNK_BYTES, 1, 'notice.pdf');
    const task = uploader.upload(small);
    const descriptor = await task.done;
    expect(calls()).toEqual(['secondUploadCheck', 'simpleUpload']);
    expect(descriptor).toMatchObject({ md5, size: UPLOAD_CHUNK_BYTES, name: 'notice.pdf' });
    const [check, send] = server.requests;
    expect(check?.fields).toMatchObject({ md5, name: 'notice.pdf', serverid: 'base' });
    // Text fields first, the file part last (the server streams the file part).
    expect(send?.partOrder).toEqual(['serverid', 'uid', 'md5', 'file']);
    expect(send?.headers.device).toBe('pc:cms');
    expect(task.getSnapshot()).toMatchObject({
      status: 'done',
      sentBytes: UPLOAD_CHUNK_BYTES,
      totalBytes: UPLOAD_CHUNK_BYTES,
      instant: false,
      chunks: 1,
      chunksDone: 1,
    });
  });

  it('cuts a larger file into 2 MiB chunks numbered from 0, checks each, sends it, then merges', async () => {
    const { uploader } = setup();
    const size = 5 * MiB + 123;
    const { file: big, md5 } = file(size, 2);
    const descriptor = await uploader.upload(big).done;
    expect(descriptor).toMatchObject({ md5, size });
    expect(calls()[0]).toBe('secondUploadCheck');
    expect(calls().at(-1)).toBe('mergeFile');
    const checks = server.requests.filter((r) => r.call === 'blockUploadCheck');
    const sends = server.requests.filter((r) => r.call === 'chunkUpload');
    expect(checks.map((r) => Number(r.fields.chunk)).sort()).toEqual([0, 1, 2]);
    expect(sends.map((r) => Number(r.fields.chunk)).sort()).toEqual([0, 1, 2]);
    for (const send of sends) {
      const chunk = Number(send.fields.chunk);
      const expected = chunk < 2 ? UPLOAD_CHUNK_BYTES : size - 2 * UPLOAD_CHUNK_BYTES;
      // DESIGN.md §7: `size` is the chunk's length, `fullSize` the file's.
      expect(send.fields).toMatchObject({
        md5,
        chunks: '3',
        size: String(expected),
        fullSize: String(size),
        eachSize: String(UPLOAD_CHUNK_BYTES),
        chunked: 'true',
        serverid: 'base',
      });
      expect(send.file?.bytes.length).toBe(expected);
      expect(send.partOrder.at(-1)).toBe('file');
      expect(send.partOrder.slice(0, -1)).toEqual([
        'serverid',
        'md5',
        'name',
        'uid',
        'chunk',
        'chunks',
        'eachSize',
        'fullSize',
        'fileName',
        'chunked',
        'size',
      ]);
    }
    // Each chunk is checked before it is sent.
    for (const chunk of [0, 1, 2]) {
      const at = (call: string) =>
        server.requests.findIndex((r) => r.call === call && Number(r.fields.chunk) === chunk);
      expect(at('blockUploadCheck')).toBeLessThan(at('chunkUpload'));
    }
    expect(server.requests.find((r) => r.call === 'mergeFile')?.fields).toMatchObject({
      md5,
      size: String(size),
      chunks: '3',
    });
  });

  it('finishes at once when second_upload_check answers a descriptor (instant upload)', async () => {
    const { uploader } = setup();
    const { file: known } = file(5 * MiB, 3);
    await uploader.upload(known).done;
    server.resetCounters();
    const task = uploader.upload(known);
    const descriptor = await task.done;
    expect(calls()).toEqual(['secondUploadCheck']);
    expect(descriptor.size).toBe(5 * MiB);
    expect(task.getSnapshot()).toMatchObject({ status: 'done', instant: true, sentBytes: 5 * MiB });
  });

  it('sends only the chunks the server lacks', async () => {
    const { uploader } = setup();
    const { file: big, md5 } = file(7 * MiB, 4);
    // The server already holds chunks 0 and 2, as after an interrupted upload.
    const content = new Uint8Array(await big.arrayBuffer());
    server.chunks.set(
      md5,
      new Map([
        [0, Buffer.from(content.subarray(0, UPLOAD_CHUNK_BYTES))],
        [2, Buffer.from(content.subarray(2 * UPLOAD_CHUNK_BYTES, 3 * UPLOAD_CHUNK_BYTES))],
      ]),
    );
    const task = uploader.upload(big);
    await task.done;
    const sent = server.requests.filter((r) => r.call === 'chunkUpload');
    expect(sent.map((r) => Number(r.fields.chunk)).sort()).toEqual([1, 3]);
    expect(task.getSnapshot()).toMatchObject({ chunks: 4, chunksDone: 4, chunksSkipped: 2 });
  });

  it("keeps at most 3 chunks in flight, each with at most its lane's next check beside it", async () => {
    const { uploader } = setup();
    server.setFault((r) => (r.call === 'chunkUpload' ? { kind: 'delay', ms: 30 } : undefined));
    const { file: big } = file(18 * MiB, 5);
    await uploader.upload(big).done;
    expect(server.requests.filter((r) => r.call === 'chunkUpload')).toHaveLength(9);
    expect(server.maxInFlight('chunkUpload')).toBeLessThanOrEqual(3);
    expect(server.maxInFlight('chunkUpload')).toBeGreaterThan(1);
    expect(server.maxInFlight()).toBeLessThanOrEqual(6);
  });

  it('holds several files together to the same limit', async () => {
    const { uploader } = setup({ concurrency: 2 });
    server.setFault((r) => (r.call === 'chunkUpload' ? { kind: 'delay', ms: 20 } : undefined));
    const tasks = uploader.uploadFiles([file(6 * MiB, 6).file, file(6 * MiB, 7, 'b.mp4').file]);
    await Promise.all(tasks.map((t) => t.done));
    expect(server.maxInFlight('chunkUpload')).toBeLessThanOrEqual(2);
    expect(server.maxInFlight()).toBeLessThanOrEqual(4);
  });

  it('reports progress: hashing, then bytes sent up to the total, then done', async () => {
    const { uploader } = setup();
    const { file: big } = file(5 * MiB, 8);
    const task = uploader.upload(big);
    const seen: UploadSnapshot[] = [];
    task.subscribe((s) => seen.push(s));
    await task.done;
    const statuses = [...new Set(seen.map((s) => s.status))];
    expect(statuses).toEqual(['hashing', 'checking', 'uploading', 'merging', 'done']);
    // md5 slices of 2 MiB (spec §9): progress after each.
    const hashed = [...new Set(seen.map((s) => s.hashedBytes))].filter((n) => n > 0);
    expect(hashed).toEqual([2 * MiB, 4 * MiB, 5 * MiB]);
    const sent = seen.map((s) => s.sentBytes);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(seen.at(-1)?.sentBytes).toBe(5 * MiB);
  });
});

/**
 * A wire the test drives by hand: `second_upload_check` finds nothing, `block_upload_check`
 * answers from `answers` (stored or not by default), and each chunk's send waits until the test
 * settles it (`finish`), or until it is cancelled. `events` lists the calls in the order asked.
 */
function handDriven(answers: (chunk: number, asked: number) => Promise<Envelope<unknown>> = ok) {
  const events: string[] = [];
  const sends: { chunk: number; finish: () => void }[] = [];
  const checks = new Map<number, number>();
  const transport = {
    call: async (endpoint: EndpointDefinition, body: Record<string, unknown>) => {
      if (endpoint === uploadEndpoints.secondUploadCheck) return { status: 200, data: null };
      if (endpoint === uploadEndpoints.mergeFile) {
        events.push('merge');
        return { status: 200, data: { ...DESCRIPTOR, size: body.size } };
      }
      const chunk = Number(body.chunk);
      checks.set(chunk, (checks.get(chunk) ?? 0) + 1);
      events.push(`check ${chunk}`);
      return answers(chunk, checks.get(chunk) ?? 0);
    },
    send: (
      _endpoint: EndpointDefinition,
      fields: Record<string, unknown>,
      _file: Blob,
      _name: string,
      { signal }: { signal: AbortSignal },
    ) =>
      new Promise((resolve, reject) => {
        const chunk = Number(fields.chunk);
        let over = false;
        events.push(`send ${chunk}`);
        signal.addEventListener('abort', () => {
          if (over) return;
          over = true;
          events.push(`cancelled ${chunk}`);
          reject(new TransportError('canceled', { canceled: true }));
        });
        sends.push({
          chunk,
          finish: () => {
            if (over) return;
            over = true;
            events.push(`sent ${chunk}`);
            resolve({ status: 200, data: { chunk } });
          },
        });
      }),
  } as unknown as UploadTransport;
  /** Lets every pending promise and timer of the uploader run. */
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  };
  /** Settles the oldest unsettled send. */
  const finishNext = async (): Promise<void> => {
    await settle();
    sends.shift()?.finish();
    await settle();
  };
  return { transport, events, sends, checks, settle, finishNext };
}

const ok = async (): Promise<Envelope<unknown>> => ({ status: 200, data: { data: false } });
const DESCRIPTOR = {
  fileId: 'f1',
  name: 'lesson.mp4',
  md5: 'a'.repeat(32),
  contentType: 'application/octet-stream',
  url: '/file/f1',
  createdAt: 0,
};
const fakeHash = async () => 'a'.repeat(32);

describe("the chunk loop's look-ahead: each lane asks its next chunk's check while it sends", () => {
  it('asks the check of chunk i+1 before the send of chunk i has finished', async () => {
    const wire = handDriven();
    const { uploader } = setup({ transport: wire.transport, hash: fakeHash, concurrency: 1 });
    const task = uploader.upload(file(5 * MiB, 30).file);
    await wire.settle();
    // Chunk 0 is being sent, and chunk 1's check has been asked meanwhile.
    expect(wire.events).toEqual(['check 0', 'check 1', 'send 0']);
    await wire.finishNext();
    expect(wire.events.slice(3)).toEqual(['sent 0', 'check 2', 'send 1']);
    await wire.finishNext();
    await wire.finishNext();
    await expect(task.done).resolves.toMatchObject({ fileId: 'f1' });
    // The last chunk has no next one to look at; every chunk was checked once, before its send.
    expect(wire.events.slice(6)).toEqual(['sent 1', 'send 2', 'sent 2', 'merge']);
    expect([...wire.checks.values()]).toEqual([1, 1, 1]);
    expect(task.getSnapshot()).toMatchObject({ chunksDone: 3, sentBytes: 5 * MiB });
  });

  it('does not send a chunk its look-ahead found stored', async () => {
    const wire = handDriven(async (chunk) => ({ status: 200, data: { data: chunk === 1 } }));
    const { uploader } = setup({ transport: wire.transport, hash: fakeHash, concurrency: 1 });
    const task = uploader.upload(file(7 * MiB, 31).file);
    for (let i = 0; i < 3; i++) await wire.finishNext();
    await expect(task.done).resolves.toMatchObject({ fileId: 'f1' });
    expect(wire.events.filter((e) => e.startsWith('send'))).toEqual(['send 0', 'send 2', 'send 3']);
    expect(wire.checks.get(1)).toBe(1);
    expect(task.getSnapshot()).toMatchObject({ chunks: 4, chunksDone: 4, chunksSkipped: 1 });
  });

  it('sends nothing while paused; on resume the send goes again, the look-ahead answer kept', async () => {
    const wire = handDriven();
    const { uploader } = setup({ transport: wire.transport, hash: fakeHash, concurrency: 1 });
    const task = uploader.upload(file(5 * MiB, 32).file);
    await wire.settle();
    expect(wire.events).toEqual(['check 0', 'check 1', 'send 0']);
    task.pause();
    await wire.settle();
    expect(wire.events.at(-1)).toBe('cancelled 0');
    const whilePaused = wire.events.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(wire.events.length).toBe(whilePaused);
    expect(task.getSnapshot()).toMatchObject({ paused: true, sentBytes: 0, chunksDone: 0 });
    wire.sends.length = 0;
    task.resume();
    for (let i = 0; i < 3; i++) await wire.finishNext();
    await expect(task.done).resolves.toMatchObject({ fileId: 'f1' });
    expect(wire.events.slice(whilePaused)).toEqual([
      'send 0',
      'sent 0',
      'check 2',
      'send 1',
      'sent 1',
      'send 2',
      'sent 2',
      'merge',
    ]);
    expect(wire.checks.get(1)).toBe(1);
  });

  it('asks again, with the retries, when the look-ahead got no answer', async () => {
    const wire = handDriven(async (chunk, asked) => {
      if (chunk === 1 && asked === 1) throw new TransportError('Network Error');
      return ok();
    });
    const { uploader, delays } = setup({
      transport: wire.transport,
      hash: fakeHash,
      concurrency: 1,
    });
    const task = uploader.upload(file(5 * MiB, 33).file);
    for (let i = 0; i < 3; i++) await wire.finishNext();
    await expect(task.done).resolves.toMatchObject({ fileId: 'f1' });
    expect(wire.checks.get(1)).toBe(2);
    // Asked again before chunk 1's send, at once: the failed look-ahead is not a retry.
    expect(wire.events.indexOf('check 1', 2)).toBeLessThan(wire.events.indexOf('send 1'));
    expect(delays).toEqual([]);
  });

  it("fails with checkchunkerror when the look-ahead's check is refused, sending no more", async () => {
    const wire = handDriven(async (chunk) =>
      chunk === 1 ? { status: 500, message: '出错|||broken' } : ok(),
    );
    const { uploader, notices } = setup({
      transport: wire.transport,
      hash: fakeHash,
      concurrency: 1,
    });
    const task = uploader.upload(file(5 * MiB, 34).file);
    await wire.finishNext();
    await expect(task.done).rejects.toMatchObject({ type: 'checkchunkerror', status: 500 });
    expect(wire.events).toEqual(['check 0', 'check 1', 'send 0', 'sent 0']);
    expect(notices).toEqual([{ type: 'error', message: '500：broken' }]);
  });

  it('aborts while a send and its look-ahead are in flight', async () => {
    const wire = handDriven();
    const { uploader } = setup({ transport: wire.transport, hash: fakeHash, concurrency: 1 });
    const task = uploader.upload(file(5 * MiB, 35).file);
    await wire.settle();
    task.abort();
    await expect(task.done).rejects.toMatchObject({ type: 'aborted' });
    await wire.settle();
    expect(wire.events).toEqual(['check 0', 'check 1', 'send 0', 'cancelled 0']);
  });
});

describe('pause, resume and abort', () => {
  it('pauses in flight, sends nothing while paused, and resumes to completion', async () => {
    const { uploader } = setup();
    server.setFault((r) => (r.call === 'chunkUpload' ? { kind: 'delay', ms: 40 } : undefined));
    const { file: big, md5 } = file(12 * MiB, 9);
    const task = uploader.upload(big);
    await new Promise<void>((resolve) => {
      const off = task.subscribe((s) => {
        if (s.chunksDone >= 1) {
          off();
          resolve();
        }
      });
    });
    task.pause();
    expect(task.getSnapshot()).toMatchObject({ paused: true, speed: 0, etaMs: null });
    await new Promise((r) => setTimeout(r, 150));
    const whilePaused = server.requests.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(server.requests.length).toBe(whilePaused);
    task.resume();
    const descriptor = await task.done;
    expect(descriptor).toMatchObject({ md5, size: 12 * MiB });
    expect(task.getSnapshot().chunksDone).toBe(6);
  });

  it('aborts: done rejects with type aborted, nothing is notified, nothing more is sent', async () => {
    const { uploader, notices } = setup();
    server.setFault((r) => (r.call === 'chunkUpload' ? { kind: 'delay', ms: 40 } : undefined));
    const task = uploader.upload(file(12 * MiB, 10).file);
    await new Promise<void>((resolve) => {
      const off = task.subscribe((s) => {
        if (s.status === 'uploading') {
          off();
          resolve();
        }
      });
    });
    task.abort();
    await expect(task.done).rejects.toMatchObject({ type: 'aborted' });
    const after = server.requests.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(server.requests.length).toBe(after);
    expect(server.requests.some((r) => r.call === 'mergeFile')).toBe(false);
    expect(notices).toEqual([]);
    expect(task.getSnapshot().status).toBe('aborted');
  });

  it('aborts while paused', async () => {
    const { uploader } = setup();
    const task = uploader.upload(file(3 * MiB, 11).file);
    task.pause();
    task.abort();
    await expect(task.done).rejects.toMatchObject({ type: 'aborted' });
  });
});

describe('retries', () => {
  it('retries a reset connection with exponential back-off, then succeeds', async () => {
    const { uploader, delays } = setup();
    let resets = 0;
    server.setFault((r) =>
      r.call === 'chunkUpload' && r.fields.chunk === '1' && resets++ < 2
        ? { kind: 'reset' }
        : undefined,
    );
    const { file: big, md5 } = file(5 * MiB, 12);
    await expect(uploader.upload(big, { name: 'a.mp4' }).done).resolves.toMatchObject({ md5 });
    expect(delays).toEqual([500, 1000]);
  });

  it('gives up after 3 retries with uploaderror and notifies status：message (spec §8)', async () => {
    const { uploader, delays, notices } = setup({ concurrency: 1 });
    server.setFault((r) =>
      r.call === 'chunkUpload' ? { kind: 'status', status: 503 } : undefined,
    );
    const task = uploader.upload(file(5 * MiB, 13).file);
    const error = await task.done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ type: 'uploaderror', status: 503, message: 'upload failed' });
    // One try and 3 retries, 500 ms doubling between them.
    expect(delays).toEqual([500, 1000, 2000]);
    expect(server.requests.filter((r) => r.call === 'chunkUpload')).toHaveLength(4);
    expect(notices).toEqual([{ type: 'error', message: '503：upload failed' }]);
    expect(task.getSnapshot()).toMatchObject({ status: 'failed' });
    expect(server.requests.some((r) => r.call === 'mergeFile')).toBe(false);
  });

  it('does not retry a refusal the server answered', async () => {
    const { uploader, delays, notices } = setup();
    server.setFault((r) =>
      r.call === 'chunkUpload'
        ? { kind: 'envelope', envelope: { status: 400, message: '不允许|||not allowed' } }
        : undefined,
    );
    const error = await uploader
      .upload(file(5 * MiB, 14).file)
      .done.catch((e: unknown) => e as UploadError);
    expect(error).toMatchObject({ type: 'uploaderror', status: 400, message: 'not allowed' });
    expect(delays).toEqual([]);
    expect(notices).toEqual([{ type: 'error', message: '400：not allowed' }]);
  });

  it('caps the back-off', async () => {
    const { uploader, delays } = setup({ retries: 6, retryMaxMs: 4000 });
    server.setFault((r) => (r.call === 'secondUploadCheck' ? { kind: 'reset' } : undefined));
    await uploader.upload(file(MiB, 15).file).done.catch(() => undefined);
    expect(delays).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
  });
});

describe('the §8 errors', () => {
  it('checkerror when second_upload_check cannot be asked', async () => {
    const { uploader, notices } = setup();
    server.setFault((r) => (r.call === 'secondUploadCheck' ? { kind: 'reset' } : undefined));
    const error = await uploader.upload(file(MiB, 16).file).done.catch((e: unknown) => e);
    expect(error).toMatchObject({
      type: 'checkerror',
      status: 'checkerror',
      message: 'failed to check whether file exists',
    });
    expect(notices).toEqual([
      { type: 'error', message: 'checkerror：failed to check whether file exists' },
    ]);
  });

  it('checkchunkerror when block_upload_check is refused', async () => {
    const { uploader } = setup();
    server.setFault((r) =>
      r.call === 'blockUploadCheck' ? { kind: 'envelope', envelope: { status: 500 } } : undefined,
    );
    await expect(uploader.upload(file(3 * MiB, 17).file).done).rejects.toMatchObject({
      type: 'checkchunkerror',
      status: 500,
      message: 'failed to check whether the chunk exists',
    });
  });

  it("chunkmerge with the server's 'abnormal chunk count'", async () => {
    const { uploader, notices } = setup();
    // The server loses a chunk between its upload and the merge.
    server.setFault((r) => {
      if (r.call === 'mergeFile') server.chunks.get(r.fields.md5 ?? '')?.delete(1);
      return undefined;
    });
    const error = await uploader.upload(file(5 * MiB, 18).file).done.catch((e: unknown) => e);
    expect(error).toMatchObject({
      type: 'chunkmerge',
      status: 400,
      message: 'abnormal chunk count',
    });
    expect(notices).toEqual([{ type: 'error', message: '400：abnormal chunk count' }]);
  });

  it('chunkmerge in Chinese by default, with the full-width colon', async () => {
    const { uploader, notices } = setup({ language: () => 'zh-CN' });
    server.setFault((r) =>
      r.call === 'mergeFile'
        ? { kind: 'envelope', envelope: { status: 400, message: '文件校验失败|||md5 mismatch' } }
        : undefined,
    );
    await uploader.upload(file(3 * MiB, 19).file).done.catch(() => undefined);
    expect(notices).toEqual([{ type: 'error', message: '400：文件校验失败' }]);
  });

  it('uploadunkerror when the answer carries no descriptor', async () => {
    const { uploader } = setup();
    server.setFault((r) =>
      r.call === 'simpleUpload' ? { kind: 'envelope', envelope: { status: 200 } } : undefined,
    );
    await expect(uploader.upload(file(1000, 20).file).done).rejects.toMatchObject({
      type: 'uploadunkerror',
      message: 'upload failed',
    });
  });

  it("'Not find file' as a warning when there is nothing to upload", async () => {
    const { uploader, notices } = setup();
    expect(uploader.uploadFiles([])).toEqual([]);
    await expect(uploader.upload(undefined).done).rejects.toMatchObject({
      type: 'notFound',
      message: 'Not find file',
    });
    expect(notices).toEqual([
      { type: 'warning', message: 'Not find file' },
      { type: 'warning', message: 'Not find file' },
    ]);
    expect(server.requests).toEqual([]);
  });

  it("'file type error' (501) for something that is not a file (spec §5)", async () => {
    const { uploader, notices } = setup();
    await expect(uploader.upload('a.txt' as unknown as Blob).done).rejects.toMatchObject({
      type: 'fileTypeError',
      status: 501,
      message: 'file type error',
    });
    expect(notices).toEqual([{ type: 'error', message: '501：file type error' }]);
  });
});

describe("the client's checks mirror the server's (spec §5)", () => {
  it.each(['setup.exe', 'a.PHP', 'a.php.', 'a.jsp;.jpg', 'notes.txt'])(
    'refuses %s before any request',
    async (name) => {
      const { uploader, notices } = setup();
      await expect(uploader.upload(new File(['x'], name)).done).rejects.toMatchObject({
        type: 'forbiddenType',
        message: 'this file type may not be uploaded',
      });
      expect(notices).toEqual([{ type: 'error', message: 'this file type may not be uploaded' }]);
      expect(server.requests).toEqual([]);
    },
  );

  it("refuses a file over the size limit with 'size exceeds limit'", async () => {
    const { uploader, notices } = setup({ maxBytes: MiB });
    const over = file(MiB + 1, 21).file;
    expect(uploader.check(over)?.type).toBe('sizeLimit');
    expect(uploader.check(file(MiB, 22).file)).toBeNull();
    await expect(uploader.upload(over).done).rejects.toMatchObject({
      type: 'sizeLimit',
      message: 'size exceeds limit',
    });
    expect(notices).toEqual([{ type: 'error', message: 'size exceeds limit' }]);
    expect(server.requests).toEqual([]);
  });

  it('refuses an empty file', async () => {
    const { uploader } = setup();
    await expect(uploader.upload(new File([], 'empty.pdf')).done).rejects.toMatchObject({
      type: 'empty',
    });
  });
});

describe('resume after the browser was closed (IndexedDB record)', () => {
  let factory: IDBFactory;
  beforeEach(() => {
    factory = new IDBFactory();
  });
  afterEach(() => {
    server.setFault(null);
  });

  it('a new page picks the same file: no rehash, and only the missing chunks are sent', async () => {
    const { file: big, md5 } = file(9 * MiB, 23, 'video.mp4', 1_700_000_123_000);
    // First page: the upload dies after two chunks (the tab is closed).
    let hashes = 0;
    const hash = async (blob: Blob, o?: Parameters<NonNullable<UploaderOptions['hash']>>[1]) => {
      hashes += 1;
      const { computeMd5 } = await import('./md5.ts');
      return computeMd5(blob, o);
    };
    const first = setup({ records: indexedDbUploadRecords({ factory }), hash, concurrency: 1 });
    let sentChunks = 0;
    server.setFault((r) =>
      r.call === 'chunkUpload' && ++sentChunks > 2 ? { kind: 'status', status: 400 } : undefined,
    );
    await first.uploader.upload(big).done.catch(() => undefined);
    expect(hashes).toBe(1);
    expect(server.chunks.get(md5)?.size).toBe(2);

    // Second page: a new uploader over the same IndexedDB, the same file picked again.
    server.setFault(null);
    server.resetCounters();
    const second = setup({ records: indexedDbUploadRecords({ factory }), hash });
    const repicked = new File([big], 'video.mp4', { lastModified: 1_700_000_123_000 });
    const task = second.uploader.upload(repicked);
    await expect(task.done).resolves.toMatchObject({ md5, size: 9 * MiB });
    expect(hashes).toBe(1);
    expect(task.getSnapshot()).toMatchObject({ resumed: true, chunksSkipped: 2, chunksDone: 5 });
    const sent = server.requests.filter((r) => r.call === 'chunkUpload').map((r) => r.fields.chunk);
    expect(sent.sort()).toEqual(['2', '3', '4']);
    // Done: the record is gone, so a changed file with the same stamp is hashed again.
    expect(
      await indexedDbUploadRecords({ factory }).get(
        JSON.stringify(['video.mp4', 9 * MiB, 1_700_000_123_000]),
      ),
    ).toBeUndefined();
  });

  it('forgets the record when the merge is refused, so the next pick hashes again', async () => {
    const records = memoryUploadRecords();
    const { uploader } = setup({ records });
    server.setFault((r) =>
      r.call === 'mergeFile'
        ? { kind: 'envelope', envelope: { status: 400, message: '文件校验失败|||md5 mismatch' } }
        : undefined,
    );
    await uploader.upload(file(3 * MiB, 24).file).done.catch(() => undefined);
    expect(records.records.size).toBe(0);
  });
});

describe('session expiry during a multipart send (spec §4)', () => {
  it('renews through a form call (which the client recovers) and sends the chunk once more', async () => {
    const { uploader, notices } = setup();
    let expired = true;
    server.setFault((r) => {
      if (r.call === 'chunkUpload' && r.fields.chunk === '0' && expired) {
        expired = false;
        return { kind: 'envelope', envelope: { status: 401, message: '会话过期|||expired' } };
      }
      return undefined;
    });
    const { file: big, md5 } = file(3 * MiB, 25);
    await expect(uploader.upload(big).done).resolves.toMatchObject({ md5 });
    const chunk0 = server.requests.filter((r) => Number(r.fields.chunk) === 0).map((r) => r.call);
    expect(chunk0).toEqual(['blockUploadCheck', 'chunkUpload', 'blockUploadCheck', 'chunkUpload']);
    expect(notices).toEqual([]);
  });
});

describe('speed and ETA', () => {
  it('measures the speed over the window and the time left from it', async () => {
    let clock = 0;
    const { uploader } = setup({ now: () => clock, concurrency: 1 });
    // Each chunk "takes" one second of the fake clock: 2 MiB/s.
    server.setFault((r) => {
      if (r.call === 'chunkUpload') clock += 1000;
      return undefined;
    });
    const task = uploader.upload(file(8 * MiB, 26).file);
    const seen: UploadSnapshot[] = [];
    task.subscribe((s) => seen.push(s));
    await task.done;
    const sending = seen.filter((s) => s.status === 'uploading' && s.speed > 0);
    expect(sending.length).toBeGreaterThan(0);
    for (const s of sending) {
      expect(s.speed).toBeCloseTo(2 * MiB, -3);
      expect(s.etaMs).toBe(Math.round(((s.totalBytes - s.sentBytes) / s.speed) * 1000));
    }
    expect(seen.at(-1)).toMatchObject({ status: 'done', speed: 0, etaMs: null });
  });
});
