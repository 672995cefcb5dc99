/**
 * The uploader (spec §4 "Chunked upload", §5, §8, §9; DESIGN.md §7), framework-agnostic: one
 * small state machine per file.
 *
 * 1. The client's checks, mirroring the server's (the server still decides): not a file (spec
 *    §5's 501 'file type error'), the deny-list, the size limit, an empty file.
 * 2. The md5, in a Web Worker over 2 MB slices, unless a record of the same file (IndexedDB,
 *    by fingerprint) already holds it.
 * 3. `second_upload_check`: a descriptor means the unit holds these bytes, and the upload is
 *    done at once (the instant upload).
 * 4. A file of one chunk or less goes whole (simple upload); a larger one chunk by chunk:
 *    `block_upload_check`, send it if the server lacks it, advance, with a few chunks in flight.
 *    Each lane takes its next chunk when it starts a send and asks that chunk's check meanwhile,
 *    so no lane waits for a check between two sends.
 * 5. `merge_file`, which the server verifies against the md5 and size.
 *
 * Pause cancels what is in flight and keeps everything else; resume goes on where it stopped
 * (the chunks' checks tell what arrived). Network failures are retried with exponential
 * back-off; a refusal the server answers (HTTP 200 with a status, DESIGN.md §7) is not. A failure
 * notifies `status：message` (spec §8) through the notifier given, and `done` rejects with an
 * `UploadError`.
 */
import type { EndpointData } from '@campus/contracts/endpoint';
import { BodyStatus, type Envelope } from '@campus/contracts/envelope';
import { uploadEndpoints, type FileDescriptor } from '@campus/contracts/storage';
import {
  chunkCount,
  chunkRange,
  DEFAULT_UPLOAD_SERVER_ID,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_DEFAULT_MAX_BYTES,
  UPLOAD_MAX_CHUNK_BYTES,
  uploadRefusal,
} from '@campus/contracts/upload-rules';
import { HttpError, TransportError, type Notice } from '../http/http-core.ts';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/language.ts';
import { abortError, isAbortError, sleep } from './abort.ts';
import { computeMd5, type Md5Function } from './md5.ts';
import { createSpeedMeter, etaMs, SPEED_WINDOW_MS } from './speed-meter.ts';
import {
  refusalError,
  refusalType,
  uploadError,
  UploadError,
  type UploadErrorType,
} from './upload-errors.ts';
import {
  fileFingerprint,
  indexedDbUploadRecords,
  type UploadRecord,
  type UploadRecordStore,
} from './upload-records.ts';
import {
  createUploadTransport,
  type UploadTransport,
  type UploadTransportOptions,
} from './upload-transport.ts';

export { UploadError, type UploadErrorType } from './upload-errors.ts';
export type { UploadRecord, UploadRecordStore } from './upload-records.ts';
export type { FileDescriptor } from '@campus/contracts/storage';

/**
 * Chunks in flight at once, per uploader (issue 11 §2 "a few chunks in flight"), each send with
 * its lane's next check beside it: 3 sends and 3 checks fit the 6 connections a browser opens to
 * one host. Measured in Chromium (256 MiB): 4 lanes no faster than 3, 5 slower (docs/decisions.md).
 */
export const DEFAULT_UPLOAD_CONCURRENCY = 3;
/** Retries of a call that met a network failure, before the upload fails. */
export const DEFAULT_UPLOAD_RETRIES = 3;
/** The first back-off; each further retry waits twice as long, up to the cap. */
export const DEFAULT_RETRY_BASE_MS = 500;
export const DEFAULT_RETRY_MAX_MS = 10_000;

/** Where an upload is (the paused flag is separate: any running phase can be paused). */
export type UploadStatus =
  'pending' | 'hashing' | 'checking' | 'uploading' | 'merging' | 'done' | 'failed' | 'aborted';

/** What a progress bar shows; a new object on every change (for `useSyncExternalStore`). */
export interface UploadSnapshot {
  status: UploadStatus;
  paused: boolean;
  /** The name sent (the file's own unless the caller gave one). */
  name: string;
  md5: string | null;
  /** Bytes read into the md5 so far. */
  hashedBytes: number;
  /** Bytes the server holds (chunks it had already included) plus those in flight. */
  sentBytes: number;
  totalBytes: number;
  /** Bytes per second over a moving window (5 s by default). */
  speed: number;
  /** Milliseconds left at that speed, while uploading; null when unknown. */
  etaMs: number | null;
  chunks: number;
  chunksDone: number;
  /** Chunks the server already had (a resumed upload). */
  chunksSkipped: number;
  /** Finished by `second_upload_check` without sending a byte. */
  instant: boolean;
  /** The md5 came from the remembered record: the file was not hashed again. */
  resumed: boolean;
  descriptor: FileDescriptor | null;
  error: UploadError | null;
}

/** One file's upload. */
export interface UploadTask {
  /** The `uid` sent with every call (the client's own id of the file). */
  readonly uid: string;
  readonly file: Blob | null;
  /** The stored file's descriptor; rejects with an `UploadError`. */
  readonly done: Promise<FileDescriptor>;
  getSnapshot: () => UploadSnapshot;
  /** Called with every new snapshot; returns the unsubscribe. */
  subscribe: (listener: (snapshot: UploadSnapshot) => void) => () => void;
  /** Cancels what is in flight and waits; nothing is lost. */
  pause: () => void;
  resume: () => void;
  /** Stops for good: `done` rejects with type `aborted`, and the record is forgotten. */
  abort: () => void;
}

export interface UploaderOptions extends Omit<UploadTransportOptions, 'http'> {
  /** The app's HTTP client (`pageRuntime().httpFor(appCode)`). */
  http: UploadTransportOptions['http'];
  /** Spec §3 upload payload `serverid` (spec §9 default 'base'). */
  serverId?: string;
  /** Spec §9: 2 MB. */
  chunkBytes?: number;
  /**
   * Slots shared by all of this uploader's files (default `DEFAULT_UPLOAD_CONCURRENCY`): each
   * call takes one, and a chunk's send carries its lane's check of the next chunk in the same
   * slot, so at most this many sends, and twice as many requests, are in flight at once.
   */
  concurrency?: number;
  /** Spec §5 size limit in bytes; null for none. The server's default (2 GiB) when absent. */
  maxBytes?: number | null;
  retries?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Where failures are shown (spec §8); nothing is shown without one. */
  notify?: (notice: Notice) => void;
  /** The page's language, read when a failure is worded. */
  language?: () => Language;
  /** Remembered uploads; IndexedDB where the page has it, null for none. */
  records?: UploadRecordStore | null;
  /** The md5 function (the Worker's by default). */
  hash?: Md5Function;
  /** Replaces the wire (tests). */
  transport?: UploadTransport;
  /** The speed window in milliseconds (default 5 s). */
  speedWindowMs?: number;
  /** Clock and timer seams for tests. */
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** 0..1, the jitter of a back-off ("equal jitter": half fixed, half random). */
  random?: () => number;
}

/** Per-file options. */
export interface UploadOptions {
  /** The name sent; the File's own by default. */
  name?: string;
  uid?: string;
}

export interface Uploader {
  /**
   * Starts one file's upload at once.
   *
   * @example
   * const task = uploader.upload(input.files[0]);
   * task.subscribe((s) => render(s.sentBytes / s.totalBytes, s.speed, s.etaMs));
   * const descriptor = await task.done;
   */
  upload: (file: Blob | null | undefined, options?: UploadOptions) => UploadTask;
  /** Starts every file; none at all shows the 'Not find file' warning (spec §8). */
  uploadFiles: (files: Iterable<Blob> | ArrayLike<Blob> | null | undefined) => UploadTask[];
  /** The client's verdict on a file before it is sent (spec §5), or null when it may go. */
  check: (file: Blob | null | undefined, name?: string) => UploadError | null;
}

/** A chunk's `block_upload_check`. */
type ChunkCheck = (
  index: number,
  signal: AbortSignal,
) => Promise<Envelope<EndpointData<typeof uploadEndpoints.blockUploadCheck>>>;

/** A lane's check of its next chunk, asked while its current chunk is sent. */
interface LookAhead {
  index: number;
  /** The server's answer; null while asked, or when the try failed or was cancelled. */
  answer: Envelope<EndpointData<typeof uploadEndpoints.blockUploadCheck>> | null;
  /** Resolves (never rejects) once the try is over. */
  settled: Promise<void>;
}

/** A counting semaphore: at most `size` functions run at once. */
function createLimiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

type Limiter = ReturnType<typeof createLimiter>;

/** Whether a transport failure is worth retrying, and its HTTP status. */
function transportFailure(error: unknown): { status?: number; retryable: boolean } | null {
  let status: number | undefined;
  if (error instanceof HttpError) status = error.status;
  else if (error instanceof TransportError) status = error.details.status;
  else return null;
  // No answer (network down, timeout), a server error, or "try later": worth another go. Any
  // other HTTP status (a malformed body, too large) will be answered the same way again.
  const retryable = status === undefined || status >= 500 || status === 408 || status === 429;
  return status === undefined ? { retryable } : { status, retryable };
}

let uidCounter = 0;
function newUid(): string {
  uidCounter += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${uidCounter}`;
  return `u-${random}`;
}

function fileName(file: Blob, given: string | undefined): string {
  return given ?? ((file as Partial<File>).name || 'blob');
}

interface Config {
  transport: UploadTransport;
  serverId: string;
  chunkBytes: number;
  maxBytes: number | null;
  retries: number;
  retryBaseMs: number;
  retryMaxMs: number;
  notify: (notice: Notice) => void;
  language: () => Language;
  records: UploadRecordStore | null;
  hash: Md5Function;
  speedWindowMs: number;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
  /** Lanes per file (the limiter holds all files to as many slots together). */
  concurrency: number;
  limit: Limiter;
  hashLimit: Limiter;
}

function clientRefusal(
  file: Blob | null | undefined,
  name: string | undefined,
  config: Config,
): UploadError | null {
  const lang = config.language();
  if (file === null || file === undefined) return uploadError('notFound', lang);
  if (typeof Blob === 'undefined' || !(file instanceof Blob)) {
    return uploadError('fileTypeError', lang);
  }
  const refusal = uploadRefusal(fileName(file, name), file.size, config.maxBytes);
  return refusal ? uploadError(refusalType(refusal), lang) : null;
}

class Task implements UploadTask {
  readonly uid: string;
  readonly file: Blob | null;
  readonly done: Promise<FileDescriptor>;
  readonly #config: Config;
  readonly #name: string;
  readonly #listeners = new Set<(snapshot: UploadSnapshot) => void>();
  #snapshot: UploadSnapshot;
  #controller = new AbortController();
  #paused = false;
  #aborted = false;
  #fatal: UploadError | null = null;
  #waiters: (() => void)[] = [];
  readonly #inflight = new Map<number, number>();
  #doneBytes = 0;
  /** Bytes put on the wire in this session, only growing: what the speed is measured on. */
  #wireBytes = 0;
  readonly #meter;
  #recordKey: string | null = null;

  constructor(file: Blob | null, options: UploadOptions, config: Config) {
    this.file = file;
    this.uid = options.uid ?? newUid();
    this.#config = config;
    this.#name = file instanceof Blob ? fileName(file, options.name) : (options.name ?? '');
    this.#meter = createSpeedMeter(config.speedWindowMs);
    this.#snapshot = {
      status: 'pending',
      paused: false,
      name: this.#name,
      md5: null,
      hashedBytes: 0,
      sentBytes: 0,
      totalBytes: file instanceof Blob ? file.size : 0,
      speed: 0,
      etaMs: null,
      chunks: 0,
      chunksDone: 0,
      chunksSkipped: 0,
      instant: false,
      resumed: false,
      descriptor: null,
      error: null,
    };
    this.done = this.#run(options.name);
    // A caller that follows the snapshots only must not see an unhandled rejection.
    this.done.catch(() => undefined);
  }

  getSnapshot = (): UploadSnapshot => this.#snapshot;

  subscribe = (listener: (snapshot: UploadSnapshot) => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  pause = (): void => {
    if (this.#paused || this.#finished()) return;
    this.#paused = true;
    this.#controller.abort();
    this.#dropInflight();
    this.#meter.reset();
    this.#update({ paused: true });
  };

  resume = (): void => {
    if (!this.#paused || this.#finished()) return;
    this.#paused = false;
    this.#controller = new AbortController();
    this.#update({ paused: false });
    this.#wake();
  };

  abort = (): void => {
    if (this.#finished()) return;
    this.#aborted = true;
    this.#controller.abort();
    this.#wake();
  };

  #finished(): boolean {
    const { status } = this.#snapshot;
    return status === 'done' || status === 'failed' || status === 'aborted' || this.#aborted;
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  #update(patch: Partial<UploadSnapshot>): void {
    const next = { ...this.#snapshot, ...patch };
    const sending = next.status === 'uploading' && !next.paused;
    next.sentBytes = Math.min(next.totalBytes, this.#sentBytes(next));
    next.speed = sending ? this.#meter.speed() : 0;
    next.etaMs = sending ? etaMs(next.totalBytes - next.sentBytes, next.speed) : null;
    this.#snapshot = next;
    for (const listener of [...this.#listeners]) listener(next);
  }

  #sentBytes(next: UploadSnapshot): number {
    if (next.status === 'done') return next.totalBytes;
    let inflight = 0;
    for (const loaded of this.#inflight.values()) inflight += loaded;
    return this.#doneBytes + inflight;
  }

  #dropInflight(): void {
    this.#inflight.clear();
  }

  /** Waits while paused; throws once aborted, or once another lane failed. */
  async #gate(): Promise<void> {
    for (;;) {
      if (this.#aborted) throw uploadError('aborted', this.#config.language());
      if (this.#fatal) throw this.#fatal;
      if (!this.#paused) return;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  /**
   * Runs one call until it answers: retried with back-off on a network failure, again after a
   * pause, never after a refusal. `renew`: on a body 401 of a multipart send (which the HTTP
   * client's session recovery does not see), one form call through the client renews the
   * session (spec §4), then the send goes once more.
   */
  async #attempt<T>(
    type: UploadErrorType,
    step: (signal: AbortSignal) => Promise<Envelope<T>>,
    renew?: (signal: AbortSignal) => Promise<unknown>,
  ): Promise<T | undefined> {
    const config = this.#config;
    let failures = 0;
    let renewed = false;
    for (;;) {
      await this.#gate();
      const signal = this.#controller.signal;
      let envelope: Envelope<T>;
      try {
        envelope = await config.limit(() => {
          if (signal.aborted) throw abortError();
          return step(signal);
        });
      } catch (error) {
        // Paused, aborted or another lane failed: the gate says which.
        if (signal.aborted || this.#aborted || this.#fatal) continue;
        const failure = transportFailure(error);
        const lang = config.language();
        if (!failure) throw uploadError('uploadunkerror', lang, { cause: error });
        if (!failure.retryable || failures >= config.retries) {
          throw uploadError(type, lang, { status: failure.status ?? type, cause: error });
        }
        failures += 1;
        const delay = Math.min(config.retryMaxMs, config.retryBaseMs * 2 ** (failures - 1));
        try {
          await config.sleep(Math.round(delay / 2 + (delay / 2) * config.random()), signal);
        } catch {
          // Paused or aborted while waiting: the gate decides.
        }
        continue;
      }
      if (envelope.status === BodyStatus.ok) return envelope.data;
      if (envelope.status === BodyStatus.unauthorized && renew && !renewed) {
        renewed = true;
        try {
          await renew(signal);
        } catch {
          // The send itself will tell.
        }
        continue;
      }
      throw refusalError(type, envelope, config.language());
    }
  }

  async #hash(file: Blob): Promise<string> {
    const config = this.#config;
    for (;;) {
      await this.#gate();
      const signal = this.#controller.signal;
      try {
        return await config.hashLimit(() => {
          if (signal.aborted) throw abortError();
          return config.hash(file, {
            signal,
            onProgress: (hashedBytes) => {
              if (!signal.aborted) this.#update({ hashedBytes });
            },
          });
        });
      } catch (error) {
        if (signal.aborted || this.#aborted || isAbortError(error)) continue;
        throw uploadError('uploadunkerror', config.language(), { cause: error });
      }
    }
  }

  #progress(index: number, loaded: number, signal: AbortSignal): void {
    if (signal.aborted) return;
    const before = this.#inflight.get(index) ?? 0;
    if (loaded > before) this.#wireBytes += loaded - before;
    this.#inflight.set(index, loaded);
    this.#meter.record(this.#wireBytes, this.#config.now());
    this.#update({});
  }

  /**
   * One try of chunk `index`'s `block_upload_check`, asked beside the lane's current send and
   * outside the limiter (that send's slot covers it). Its answer, if any, is kept for the lane;
   * a failure or a cancellation leaves `answer` unset and the lane asks again the usual way.
   */
  #lookAhead(index: number, signal: AbortSignal, check: ChunkCheck): LookAhead {
    const ahead: LookAhead = { index, answer: null, settled: Promise.resolve() };
    ahead.settled = check(index, signal).then(
      (envelope) => {
        if (!signal.aborted) ahead.answer = envelope;
      },
      () => undefined,
    );
    return ahead;
  }

  /**
   * Whether the server already holds chunk `index`: the look-ahead's answer when it has one for
   * this chunk (read as `#attempt` reads an answer), else `block_upload_check` with retries.
   */
  async #chunkStored(index: number, ahead: LookAhead | null, check: ChunkCheck): Promise<boolean> {
    const answer = ahead?.index === index ? ahead.answer : null;
    if (!answer) {
      const stored = await this.#attempt('checkchunkerror', (signal) => check(index, signal));
      return stored?.data === true;
    }
    await this.#gate();
    if (answer.status !== BodyStatus.ok) {
      throw refusalError('checkchunkerror', answer, this.#config.language());
    }
    return answer.data?.data === true;
  }

  #chunkDone(index: number, bytes: number, skipped: boolean): void {
    this.#inflight.delete(index);
    this.#doneBytes += bytes;
    const snapshot = this.#snapshot;
    this.#update({
      chunksDone: snapshot.chunksDone + 1,
      chunksSkipped: snapshot.chunksSkipped + (skipped ? 1 : 0),
    });
  }

  async #rememberedRecord(file: Blob, key: string): Promise<UploadRecord | undefined> {
    const records = this.#config.records;
    if (!records) return undefined;
    try {
      const record = await records.get(key);
      if (!record || !/^[0-9a-f]{32}$/i.test(record.md5) || record.size !== file.size) {
        return undefined;
      }
      return record;
    } catch {
      return undefined;
    }
  }

  async #forget(): Promise<void> {
    if (this.#recordKey === null || !this.#config.records) return;
    try {
      await this.#config.records.delete(this.#recordKey);
    } catch {
      // Forgotten by age instead.
    }
  }

  async #run(givenName: string | undefined): Promise<FileDescriptor> {
    const config = this.#config;
    try {
      // Let the caller subscribe before the first change.
      await Promise.resolve();
      const refusal = clientRefusal(this.file, givenName, config);
      if (refusal) throw refusal;
      const file = this.file as Blob;
      const descriptor = await this.#upload(file);
      this.#update({ status: 'done', descriptor });
      return descriptor;
    } catch (caught) {
      const error =
        caught instanceof UploadError
          ? caught
          : uploadError('uploadunkerror', config.language(), { cause: caught });
      if (this.#aborted || error.type === 'aborted') {
        await this.#forget();
        const aborted =
          error.type === 'aborted' ? error : uploadError('aborted', config.language());
        this.#update({ status: 'aborted', paused: false, error: aborted });
        throw aborted;
      }
      this.#controller.abort();
      this.#update({ status: 'failed', paused: false, error });
      if (error.notice) config.notify(error.notice);
      throw error;
    }
  }

  async #upload(file: Blob): Promise<FileDescriptor> {
    const config = this.#config;
    const name = this.#name;
    const size = file.size;
    const lastModified = (file as Partial<File>).lastModified ?? 0;
    const key = fileFingerprint({ name, size, lastModified });
    this.#recordKey = key;

    // 2. The md5: remembered, or read in the Worker.
    const record = await this.#rememberedRecord(file, key);
    const chunkBytes =
      record && record.chunkBytes > 0 && record.chunkBytes <= UPLOAD_MAX_CHUNK_BYTES
        ? record.chunkBytes
        : config.chunkBytes;
    const chunks = chunkCount(size, chunkBytes);
    let md5: string;
    if (record) {
      md5 = record.md5.toLowerCase();
      this.#update({ md5, hashedBytes: size, resumed: true, chunks });
    } else {
      this.#update({ status: 'hashing', chunks });
      md5 = await this.#hash(file);
      this.#update({ md5, hashedBytes: size });
    }
    await config.records
      ?.put({ key, name, size, lastModified, md5, chunkBytes, chunks, updatedAt: Date.now() })
      .catch(() => undefined);

    // 3. The instant upload.
    this.#update({ status: 'checking' });
    const common = { md5, name, uid: this.uid, serverid: config.serverId };
    const checkFile = (signal: AbortSignal) =>
      config.transport.call(uploadEndpoints.secondUploadCheck, { ...common, size }, signal);
    const existing = await this.#attempt('checkerror', checkFile);
    if (existing) {
      this.#doneBytes = size;
      this.#update({ instant: true });
      await this.#forget();
      return existing;
    }

    // 4. Whole, or chunk by chunk.
    this.#update({ status: 'uploading' });
    this.#meter.record(0, config.now());
    let descriptor: FileDescriptor | undefined;
    if (size <= chunkBytes) {
      descriptor = await this.#attempt(
        'uploaderror',
        (signal) =>
          config.transport
            .send(
              uploadEndpoints.simpleUpload,
              { serverid: config.serverId, uid: this.uid, md5 },
              file,
              name,
              { signal, onProgress: (loaded) => this.#progress(0, loaded, signal) },
            )
            .finally(() => this.#inflight.delete(0)),
        checkFile,
      );
      if (descriptor) this.#chunkDone(0, size, false);
    } else {
      await this.#sendChunks(file, { ...common, size, chunks, chunkBytes });
      // 5. Merge.
      if (this.#snapshot.chunksDone !== chunks) {
        throw uploadError('chunkmerge', config.language(), { key: 'abnormalChunkCount' });
      }
      this.#update({ status: 'merging' });
      try {
        descriptor = await this.#attempt('chunkmerge', (signal) =>
          config.transport.call(uploadEndpoints.mergeFile, { ...common, size, chunks }, signal),
        );
      } catch (error) {
        // Refused (a chunk missing, the md5 not matching): the remembered md5 may be the
        // culprit (the file changed in place), so the next pick hashes again.
        if (error instanceof UploadError && error.type === 'chunkmerge') await this.#forget();
        throw error;
      }
    }
    if (!descriptor || typeof descriptor.fileId !== 'string') {
      throw uploadError('uploadunkerror', config.language());
    }
    await this.#forget();
    return descriptor;
  }

  async #sendChunks(
    file: Blob,
    upload: {
      md5: string;
      name: string;
      uid: string;
      serverid: string;
      size: number;
      chunks: number;
      chunkBytes: number;
    },
  ): Promise<void> {
    const config = this.#config;
    const { chunks, chunkBytes, size, md5, name, uid, serverid } = upload;
    let next = 0;
    /** The next chunk no lane has taken yet, or null when every chunk is taken. */
    const claim = (): number | null => (next < chunks ? next++ : null);
    const check = (index: number, signal: AbortSignal) =>
      config.transport.call(
        uploadEndpoints.blockUploadCheck,
        { md5, name, size, chunks, chunk: index, uid, serverid },
        signal,
      );
    /**
     * One lane: check a chunk, send it if the server lacks it, advance (spec §4). While a chunk
     * is sent, the lane has already taken its next one and asks that one's check alongside
     * (`#lookAhead`), so the next send starts as soon as this one ends.
     */
    const lane = async (): Promise<void> => {
      let ahead: LookAhead | null = null;
      for (let index = claim(); index !== null;) {
        const current: number = index;
        const { start, end } = chunkRange(current, size, chunkBytes);
        const stored = await this.#chunkStored(current, ahead, check);
        ahead = null;
        if (stored) {
          this.#chunkDone(current, end - start, true);
          index = claim();
          continue;
        }
        const following = claim();
        const blob = file.slice(start, end);
        // Spec §3 upload payload, in its order; `size` is this chunk's, `fullSize` the file's.
        const fields = {
          serverid,
          md5,
          name,
          uid,
          chunk: current,
          chunks,
          eachSize: chunkBytes,
          fullSize: size,
          fileName: name,
          chunked: true,
          size: end - start,
        };
        await this.#attempt(
          'uploaderror',
          (signal) => {
            // Asked once the send has its slot; again on a later try if it got no answer.
            if (following !== null && !ahead?.answer) {
              ahead = this.#lookAhead(following, signal, check);
            }
            const settled = ahead?.settled;
            return (
              config.transport
                .send(uploadEndpoints.chunkUpload, fields, blob, name, {
                  signal,
                  onProgress: (loaded) => this.#progress(current, loaded, signal),
                })
                // The slot is held until the look-ahead is over too (at most two requests a
                // slot); the chunk's bytes stay counted as in flight meanwhile.
                .finally(() => settled)
                .finally(() => this.#inflight.delete(current))
            );
          },
          (signal) => check(current, signal),
        );
        this.#chunkDone(current, end - start, false);
        index = following;
      }
    };
    const lanes = Math.min(config.concurrency, chunks);
    await Promise.all(
      Array.from({ length: lanes }, () =>
        lane().catch((error: unknown) => {
          // The first failure stops the others (their requests are cancelled).
          if (!this.#fatal && !this.#aborted && error instanceof UploadError) {
            this.#fatal = error;
            this.#controller.abort();
          }
          throw error;
        }),
      ),
    );
  }
}

/**
 * Makes the uploader of one app.
 *
 * @example
 * const runtime = pageRuntime();
 * const uploader = createUploader({
 *   http: runtime.httpFor('cms'), appCode: 'cms', language: runtime.language,
 *   notify: showNotice, maxBytes: 500 * 1024 * 1024,
 * });
 * const task = uploader.upload(file);
 * const unsubscribe = task.subscribe(({ sentBytes, totalBytes, speed, etaMs }) => draw(...));
 * button.onclick = () => (task.getSnapshot().paused ? task.resume() : task.pause());
 * const { fileId, url } = await task.done;
 */
export function createUploader(options: UploaderOptions): Uploader {
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_UPLOAD_CONCURRENCY);
  const config: Config = {
    transport: options.transport ?? createUploadTransport(options),
    serverId: options.serverId ?? DEFAULT_UPLOAD_SERVER_ID,
    chunkBytes: Math.min(UPLOAD_MAX_CHUNK_BYTES, options.chunkBytes ?? UPLOAD_CHUNK_BYTES),
    maxBytes: options.maxBytes === undefined ? UPLOAD_DEFAULT_MAX_BYTES : options.maxBytes,
    retries: options.retries ?? DEFAULT_UPLOAD_RETRIES,
    retryBaseMs: options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS,
    retryMaxMs: options.retryMaxMs ?? DEFAULT_RETRY_MAX_MS,
    notify: options.notify ?? (() => undefined),
    language: options.language ?? (() => DEFAULT_LANGUAGE),
    records:
      options.records !== undefined
        ? options.records
        : typeof indexedDB === 'undefined'
          ? null
          : indexedDbUploadRecords(),
    hash: options.hash ?? computeMd5,
    speedWindowMs: options.speedWindowMs ?? SPEED_WINDOW_MS,
    now: options.now ?? (() => Date.now()),
    sleep: options.sleep ?? sleep,
    random: options.random ?? Math.random,
    concurrency,
    limit: createLimiter(concurrency),
    // One file hashed at a time: the reads share one disk, and the page keeps a core.
    hashLimit: createLimiter(1),
  };
  const upload = (file: Blob | null | undefined, uploadOptions: UploadOptions = {}) =>
    new Task(file ?? null, uploadOptions, config);
  return {
    upload,
    uploadFiles(files) {
      const list = files ? Array.from(files as ArrayLike<Blob>) : [];
      if (list.length === 0) {
        const notice = uploadError('notFound', config.language()).notice;
        if (notice) config.notify(notice);
        return [];
      }
      return list.map((file) => upload(file));
    },
    check: (file, name) => clientRefusal(file, name, config),
  };
}
