/**
 * A real S3 API on loopback for tests (issue 11: "tested against s3rver on loopback"): s3rver
 * in a child process (s3rver-process.mjs says why), on a free port of 127.0.0.1, keeping its
 * objects in a temporary folder that {@link S3rverHandle.stop} removes. It answers the
 * configuration a server needs to keep its files in the bucket (`FILE_STORE=s3://…` and the
 * S3_* variables of DESIGN.md §7 "Stores"):
 *
 * @example
 * const s3 = await startS3rver();
 * const server = await startTestServer({ env: s3.env });
 * // …
 * await server.close();
 * await s3.stop();
 *
 * s3rver checks that a request is signed by its one account (S3RVER / S3RVER), not the
 * signature itself; it keeps an object's bytes as they arrive, so the S3 store must send plain
 * bodies (see the checksum setting in s3-object-store.ts).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { FileStoreLocation } from '../../../src/config.ts';
import { parseFileStore } from '../../../src/config.ts';

const RUNNER = path.join(import.meta.dirname, 's3rver-process.mjs');

/** s3rver's built-in account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3rverHandle {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** The key prefix inside the bucket that `env` names ('' for none). */
  prefix: string;
  /** The folder where s3rver keeps the buckets. */
  directory: string;
  /** FILE_STORE and the S3_* variables, for `startTestServer({ env })` or `loadConfig`. */
  env: Record<string, string>;
  /** The bucket as config.ts reads it from `env`; `scratchDir` is a folder of the caller's. */
  location(scratchDir: string, prefix?: string): FileStoreLocation & { kind: 's3' };
  stop(): Promise<void>;
}

/** Starts s3rver with one empty bucket (a fresh name unless given). */
export async function startS3rver(
  options: { bucket?: string; prefix?: string } = {},
): Promise<S3rverHandle> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'campus-s3rver-'));
  const bucket = options.bucket ?? `campus-test-${randomBytes(4).toString('hex')}`;
  const prefix = options.prefix ?? '';
  let child: ChildProcessByStdio<Writable, Readable, null>;
  let port: number;
  try {
    child = spawn(
      process.execPath,
      ['--openssl-legacy-provider', RUNNER, JSON.stringify({ directory, bucket })],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    port = await listeningPort(child);
  } catch (error) {
    await fs.rm(directory, { recursive: true, force: true });
    throw error;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  const envFor = (keyPrefix: string): Record<string, string> => ({
    FILE_STORE: keyPrefix ? `s3://${bucket}/${keyPrefix}` : `s3://${bucket}`,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  });
  return {
    endpoint,
    bucket,
    prefix,
    directory,
    env: envFor(prefix),
    location(scratchDir, keyPrefix = prefix) {
      const location = parseFileStore(envFor(keyPrefix), os.tmpdir());
      if (location.kind !== 's3') throw new Error('not a bucket');
      return { ...location, scratchDir };
    },
    async stop() {
      child.stdin.end(); // the runner's cue to close
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** The port the runner prints once it listens; its exit before that is an error. */
function listeningPort(child: ChildProcessByStdio<Writable, Readable, null>): Promise<number> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const failed = (code: number | null) =>
      reject(new Error(`s3rver exited (${code}) before it listened`));
    child.once('error', reject);
    child.once('exit', failed);
    lines.once('line', (line) => {
      child.off('exit', failed);
      lines.close();
      const { port } = JSON.parse(line) as { port: number };
      resolve(port);
    });
  });
}
