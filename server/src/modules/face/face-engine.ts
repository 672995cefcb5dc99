/**
 * The face models' door on the server's thread: one worker thread (face-worker.mjs) holds the
 * models, loaded on first use and kept warm until the server closes (docs/decisions.md: lazy,
 * so the many test servers that never see a face do not pay about two seconds of CPU each;
 * FACE_PRELOAD=1 loads them at start instead). Photos are analysed one at a time in arrival
 * order; a queue longer than `maxQueue` is refused at once rather than left to time out.
 */
import { Worker } from 'node:worker_threads';

/** What the worker found in one photo, the largest face first. */
export interface FaceAnalysis {
  width: number;
  height: number;
  faces: DetectedFace[];
  /** Human's anti-spoof "real" score of the largest face (0..1), when asked for. */
  real: number | null;
  /** Human's liveness score of the largest face (0..1), when asked for. */
  live: number | null;
  /** The photo re-encoded as JPEG without metadata, when asked for (enrolment). */
  photo: Uint8Array | null;
  ms: { decode: number; detect: number; liveness: number };
}

export interface DetectedFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  /** face-api's 128-d descriptor. */
  descriptor: number[];
}

/** Why a photo could not be analysed at all (the caller's fault, answered 400). */
export type ImageProblem = 'not-an-image' | 'too-many-pixels';

export class FaceImageError extends Error {
  constructor(
    readonly reason: ImageProblem,
    readonly detail?: string,
  ) {
    super(`face image refused: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'FaceImageError';
  }
}

/** More photos are waiting than the worker can get through soon (answered 429). */
export class FaceBusyError extends Error {
  constructor() {
    super('face recognition queue full');
    this.name = 'FaceBusyError';
  }
}

export interface FaceEngineOptions {
  /** face-api's detector: 'tiny' (TinyFaceDetector, 320 px on the padded photo) or 'ssd' (SSD MobileNet v1). */
  detector: 'tiny' | 'ssd';
  /** Photos with a longer side are refused (a decompression bomb, not a face). */
  maxSide: number;
  /** Photos are scaled down to this longer side before detection. */
  analysisSide: number;
  /** The stored photo's longer side. */
  photoSide: number;
  /** Photos waiting beyond the one being analysed before new ones are refused. */
  maxQueue: number;
}

export const DEFAULT_FACE_ENGINE_OPTIONS: FaceEngineOptions = {
  detector: 'tiny',
  maxSide: 4096,
  analysisSide: 1024,
  photoSide: 640,
  maxQueue: 16,
};

interface Job {
  id: number;
  bytes: Uint8Array;
  photo: boolean;
  liveness: boolean;
  resolve: (analysis: FaceAnalysis) => void;
  reject: (error: Error) => void;
}

type WorkerReply =
  | { type: 'ready'; loadMs: number }
  | { id: number; ok: true; result: FaceAnalysis }
  | { id: number; ok: false; reason: ImageProblem | 'failed'; detail?: string };

export class FaceEngine {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private readonly queue: Job[] = [];
  private current: Job | undefined;
  private nextId = 1;
  private closed = false;
  /** How long the last model load took (ms), for the log and the benchmark. */
  loadMs: number | undefined;

  constructor(private readonly options: FaceEngineOptions = DEFAULT_FACE_ENGINE_OPTIONS) {}

  /** Starts the worker and loads the models, once; later calls wait for the same load. */
  warmUp(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('face engine closed'));
    this.ready ??= this.start();
    return this.ready;
  }

  /**
   * Analyses one photo: decode, detect, describe every face, and (when asked) score the largest
   * face's liveness and re-encode the photo for keeping.
   */
  async analyse(
    bytes: Uint8Array,
    want: { photo: boolean; liveness: boolean },
  ): Promise<FaceAnalysis> {
    if (this.queue.length >= this.options.maxQueue) throw new FaceBusyError();
    await this.warmUp();
    return new Promise<FaceAnalysis>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, bytes, ...want, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('face engine closed'));
    if (worker) await worker.terminate();
  }

  private start(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const { detector, maxSide, analysisSide, photoSide } = this.options;
      const worker = new Worker(new URL('./face-worker.mjs', import.meta.url), {
        workerData: { detector, maxSide, analysisSide, photoSide },
      });
      this.worker = worker;
      worker.on('message', (reply: WorkerReply) => {
        if ('type' in reply) {
          this.loadMs = reply.loadMs;
          resolve();
          this.pump();
          return;
        }
        this.settle(reply);
      });
      const fail = (error: Error) => {
        // A crashed worker takes its models along: the next photo starts a fresh one.
        if (this.worker === worker) this.worker = undefined;
        this.ready = undefined;
        reject(error);
        this.failAll(error);
      };
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (!this.closed) fail(new Error(`face worker exited with code ${code}`));
      });
    });
  }

  private pump(): void {
    if (this.current || !this.worker) return;
    const job = this.queue.shift();
    if (!job) {
      // The server may close while no photo waits: an idle worker must not keep it alive.
      this.worker.unref();
      return;
    }
    this.worker.ref();
    this.current = job;
    // A copy the worker owns (a Buffer's slice() is a view, which transferring would detach).
    const copy = new Uint8Array(job.bytes.byteLength);
    copy.set(job.bytes);
    const bytes = copy.buffer;
    this.worker.postMessage({ id: job.id, bytes, photo: job.photo, liveness: job.liveness }, [
      bytes,
    ]);
  }

  private settle(reply: Exclude<WorkerReply, { type: 'ready' }>): void {
    const job = this.current;
    if (!job || job.id !== reply.id) return;
    this.current = undefined;
    if (reply.ok) job.resolve(reply.result);
    else if (reply.reason === 'failed')
      job.reject(new Error(`face analysis failed: ${reply.detail}`));
    else job.reject(new FaceImageError(reply.reason, reply.detail));
    this.pump();
  }

  private failAll(error: Error): void {
    const jobs = [...(this.current ? [this.current] : []), ...this.queue.splice(0)];
    this.current = undefined;
    for (const job of jobs) job.reject(error);
  }
}
