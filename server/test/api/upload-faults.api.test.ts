/**
 * The upload fault test (issue 11 Tests; spec §4 chunked upload, DESIGN.md §7): the real server
 * as a process of its own is killed with SIGKILL 20 times at random moments while clients upload
 * through the chunked protocol (`second_upload_check` → `block_upload_check` → chunk upload →
 * `merge_file`), and started again each time on the same data folder and the same database
 * (SQLite, or PostgreSQL with API_DB=postgres). A share of the kills is aimed at merges in
 * flight. Three users upload file after file (now and then the same bytes as another, at once),
 * their chunks paced like a slow uplink so kills find them half received; the clients retry
 * across the restarts as the SDK's uploader does, and after half of the cut chunks start the
 * upload over from the checks, as after a reload (so a chunk kept half-written would show).
 *
 * It holds when:
 * - every upload resumes to a completion whose download has the uploaded bytes' md5;
 * - every download that answers 200 has the right md5 (a download cut by a kill is no answer);
 * - an upload whose merge was never asked for is never found by another user's instant-upload
 *   check (a prober in the same unit asks for every upload in progress, and downloads and
 *   verifies whatever it is given);
 * - at the end every file record points at a blob whose bytes have the record's size and md5,
 *   and every blob's bytes hash to its name: nothing partial or corrupt can be served;
 * - no answer is a 5xx, and no merge is refused for anything but a chunk missing after a kill.
 *
 * The randomness (file sizes and contents, when to kill, which kills aim at a merge) comes from
 * one seed, printed, and replayed with FAULT_SEED=<seed>; the timing of a loaded machine is not
 * replayed. FAULT_KILLS changes the number of kills (20).
 *
 * Twenty start-ups must fit the API stage's budget on a busy 2-core machine, so:
 * - the server's sources are bundled once by esbuild (the compiler tsx runs on each file as it
 *   loads it; the packages stay in node_modules, loaded as they are), which halves the loading;
 * - the next server process is started ahead, loads the server's modules and waits; once the
 *   running one is killed, it builds the app (migrations, stores, routes) on the same data folder
 *   and database and listens on the same port, as server/src/main.ts does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BlockUploadCheckData,
  ChunkUploadData,
  FileDescriptor,
} from '@campus/contracts/storage';
import { uploadEndpoints as E } from '@campus/contracts/storage';
import { ACCESS_COOKIE, uaaEndpoints } from '@campus/contracts/uaa';
import { openDatabase } from '../../src/db/database.ts';
import { UploadErrorCode } from '../../src/modules/storage/upload-errors.ts';
import { DEMO, TestClient, dbKind, type Reply } from './helpers/test-server.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const KILLS = Number(process.env.FAULT_KILLS ?? 20);
const SEED = Number(process.env.FAULT_SEED ?? randomBytes(4).readUInt32BE(0));
/** Chunks of 512 KiB (any size up to the server's 16 MiB is allowed): more requests to cut. */
const CHUNK = 512 * 1024;
/** Files of 1.5 to 6 MiB: 3 to 12 chunks, each upload a second or two on a busy machine. */
const MIN_FILE = 1.5 * 1024 * 1024;
const MAX_FILE = 6 * 1024 * 1024;
/** A chunk goes 64 KiB at a time, one piece every 6 ms: about 10 MB/s, a school's uplink. */
const PACE_BYTES = 64 * 1024;
const PACE_MS = 6;
/** Chunks of one upload in flight at once (the uploader's default is 3 for all its files). */
const LANES_PER_UPLOAD = 2;
/** Share of the kills aimed at a merge: the next `merge_file` sent, 0 to 30 ms later. */
const MERGE_AIM = 0.35;
/** The whole test gives up after this long, so a stuck resume fails instead of hanging. */
const DEADLINE_MS = 200_000;

/** Mulberry32: a small seeded generator, so a run's choices replay from its seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `size` pseudo-random bytes from a seed (AES-CTR over zeros: fast and replayable). */
function bytesFrom(seed: string, size: number): Buffer {
  const key = createHash('sha256').update(seed).digest();
  return createCipheriv('aes-256-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(size));
}

function md5Of(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * What a server process runs: load the server's modules, say so, and on the parent's word build
 * the app from the environment's configuration and listen (server/src/main.ts's start-up), once
 * the port is free again.
 */
const LAUNCHER = `
const { createServer } = await import('node:net');
const { buildApp } = await import(process.env.FAULT_APP_URL);
const { loadConfig } = await import(process.env.FAULT_CONFIG_URL);
process.send({ type: 'loaded' });
/** Waits while something else holds the port (a socket of the killed process on its way out). */
async function portFree(host, port) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const free = await new Promise((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, host, () => probe.close(() => resolve(true)));
    });
    if (free) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
process.once('message', () => {
  (async () => {
    const config = loadConfig();
    await portFree(config.host, config.port);
    const app = await buildApp(config);
    await app.listen({ host: config.host, port: config.port });
    process.send({ type: 'listening' });
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
});
`;

interface ServerProcess {
  child: ChildProcess;
  loaded: Promise<void>;
  listening: Promise<void>;
  exited: Promise<void>;
  go(): void;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-faults-'));
/** Inside the repository, so the bundle's packages resolve from its node_modules. */
const bundleDir = path.join(
  repoRoot,
  'node_modules',
  '.cache',
  `campus-upload-faults-${randomBytes(4).toString('hex')}`,
);
let databaseUrl = '';
let dropDatabase: (() => Promise<void>) | undefined;
let port = 0;
let baseUrl = '';
/** The last lines the server processes wrote, shown when something fails. */
let output = '';

function launch(): ServerProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FAULT_APP_URL: pathToFileURL(path.join(bundleDir, 'app.js')).href,
    FAULT_CONFIG_URL: pathToFileURL(path.join(bundleDir, 'config.js')).href,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    HOST: '127.0.0.1',
    PORT: String(port),
    PORTAL_DEMO: '1',
    LOG_LEVEL: 'error',
  };
  // The disk store under the data folder, whatever the environment names.
  for (const name of ['FILE_STORE', 'PUBLIC_URL', 'PAGES_DIR', 'UPLOAD_MAX_BYTES'])
    delete env[name];
  const child = spawn(process.execPath, ['--input-type=module', '--eval', LAUNCHER], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const keep = (data: Buffer) => {
    output = (output + data.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const said = (type: string) =>
    new Promise<void>((resolve, reject) => {
      child.on('message', (message: { type?: string }) => {
        if (message.type === type) resolve();
      });
      void exited.then(() => reject(new Error(`the server exited before '${type}':\n${output}`)));
    });
  const loaded = said('loaded');
  const listening = said('listening');
  // Rejections that nobody awaits (a standby killed at the end) are not failures.
  loaded.catch(() => undefined);
  listening.catch(() => undefined);
  return { child, loaded, listening, exited, go: () => child.send({ type: 'go' }) };
}

/**
 * The server's entry modules bundled with our sources inside (packages stay external). Each
 * source's `import.meta.dirname` is written in as its own folder, so files read beside a module
 * (the dead-end stylesheet) and the repository root (config.ts) are found as from the sources.
 */
async function bundleServer(): Promise<void> {
  await build({
    entryPoints: {
      app: path.join(repoRoot, 'server/src/app.ts'),
      config: path.join(repoRoot, 'server/src/config.ts'),
    },
    outdir: bundleDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'campus-sources',
        setup(bundler) {
          bundler.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@campus/') ? undefined : { path: args.path, external: true },
          );
          bundler.onLoad({ filter: /\/(server|packages)\/.*\.ts$/ }, async (args) => ({
            contents: (await fs.promises.readFile(args.path, 'utf8')).replaceAll(
              'import.meta.dirname',
              JSON.stringify(path.dirname(args.path)),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
}

async function createPostgresDatabase(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('API_DB=postgres needs TEST_DATABASE_URL');
  const name = `campus_faults_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}

/** What the run saw; printed at the end, and what the assertions read. */
const seen = {
  kills: 0,
  killsDuringMerge: 0,
  killsDuringChunks: 0,
  uploads: 0,
  resumed: 0,
  instant: 0,
  mergeRetries: 0,
  reloads: 0,
  downloads: 0,
  probes: 0,
  probeHits: 0,
  /** Everything that breaks the rules above; the test expects none. */
  violations: [] as string[],
};
const inFlight = { chunks: 0, merges: 0 };
/** The md5s whose merge some client has asked for (an instant-upload hit is legitimate then). */
const mergeAsked = new Set<string>();
/** The md5s of uploads started and not yet verified: what the prober asks about. */
const inProgress = new Map<string, number>();
let mergeWaiters: (() => void)[] = [];
/** One line per kill, shown when the test fails. */
const trace: string[] = [];
let running = true;
const started = Date.now();

/** The client gives up what it was doing and starts the upload over, as after a page reload. */
class Reload extends Error {}

/** Network failures (the server being killed or down) are retried; a 5xx is a violation. */
class Actor {
  readonly client: TestClient;
  /** Set whenever a call of this actor met a dead server. */
  interrupted = false;

  constructor(readonly account: { username: string; password: string }) {
    this.client = new TestClient(baseUrl);
  }

  async signIn(): Promise<void> {
    const reply = await this.call(
      () => this.client.postForm(uaaEndpoints.login.path, this.account),
      { renew: false },
    );
    if (reply.body.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(reply.body)}`);
  }

  /**
   * Runs `send` until the server answers it; renews the session on a 401 unless told not to;
   * after a network failure, throws {@link Reload} when `reload` says so.
   */
  async call<T>(
    send: () => Promise<Reply<T>>,
    options: { renew?: boolean; reload?: () => boolean } = {},
  ): Promise<Reply<T>> {
    const renew = options.renew ?? true;
    for (;;) {
      if (Date.now() - started > DEADLINE_MS) throw new Error('the fault test ran out of time');
      let reply: Reply<T>;
      try {
        reply = await send();
      } catch {
        this.interrupted = true;
        if (options.reload?.()) throw new Reload();
        await sleep(40 + Math.random() * 80);
        continue;
      }
      if (reply.http >= 500) {
        seen.violations.push(`HTTP ${reply.http}: ${JSON.stringify(reply.body).slice(0, 200)}`);
        await sleep(100);
        continue;
      }
      if (renew && reply.body.status === 401) {
        await this.signIn();
        continue;
      }
      return reply;
    }
  }

  /**
   * Downloads a file until an answer arrives whole: a 200 must carry bytes of `md5`. An answer
   * cut by a kill is no answer (fetch fails on the missing bytes) and is asked again.
   */
  async verifyDownload(file: FileDescriptor, md5: string, who: string): Promise<void> {
    for (;;) {
      if (Date.now() - started > DEADLINE_MS) throw new Error('the fault test ran out of time');
      let answer: { http: number; headers: Headers; bytes: Buffer };
      try {
        answer = await this.client.fetchBytes(file.url);
      } catch {
        this.interrupted = true;
        await sleep(40 + Math.random() * 80);
        continue;
      }
      const json = answer.headers.get('content-type')?.includes('application/json') ?? false;
      const envelope = json ? (JSON.parse(answer.bytes.toString()) as { status?: number }) : null;
      if (envelope?.status === 401) {
        await this.signIn();
        continue;
      }
      if (answer.http !== 200 || envelope) {
        seen.violations.push(
          `${who}: download of ${file.fileId} answered HTTP ${answer.http} ${answer.bytes.toString().slice(0, 200)}`,
        );
        return;
      }
      seen.downloads += 1;
      if (md5Of(answer.bytes) !== md5 || answer.bytes.length !== file.size) {
        seen.violations.push(
          `${who}: download of ${file.fileId} served ${answer.bytes.length} bytes with md5 ${md5Of(answer.bytes)}, not ${file.size} bytes of ${md5}`,
        );
      }
      return;
    }
  }
}

function expectOk(reply: Reply<unknown>, what: string): void {
  if (reply.body.status !== 200)
    seen.violations.push(`${what} answered ${JSON.stringify(reply.body).slice(0, 300)}`);
}

/**
 * Chunk `index` as a multipart body (spec §3 upload payload) sent at a slow uplink's pace, 64 KiB
 * every few milliseconds, so the server is still receiving and writing chunks when a kill comes,
 * as it would be from a phone; the chunk must then be kept whole or not at all.
 */
async function sendChunk(
  actor: Actor,
  upload: { bytes: Buffer; md5: string; name: string; chunks: number },
  index: number,
): Promise<Reply<ChunkUploadData>> {
  const { bytes, md5, name, chunks } = upload;
  const body = bytes.subarray(index * CHUNK, (index + 1) * CHUNK);
  const fields = {
    serverid: 'base',
    md5,
    name,
    uid: `fault-${md5.slice(0, 8)}`,
    chunk: index,
    chunks,
    eachSize: CHUNK,
    fullSize: bytes.length,
    fileName: name,
    chunked: true,
    size: body.length,
  };
  const boundary = `fault${randomBytes(12).toString('hex')}`;
  const head = Object.entries(fields)
    .map(
      ([key, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  async function* paced(): AsyncGenerator<Buffer> {
    yield Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    for (let at = 0; at < body.length; at += PACE_BYTES) {
      yield body.subarray(at, at + PACE_BYTES);
      await sleep(PACE_MS);
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const response = await fetch(new URL(E.chunkUpload.path, baseUrl), {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      device: 'pc:desktop',
      cookie: `${ACCESS_COOKIE}=${actor.client.cookie(ACCESS_COOKIE) ?? ''}`,
    },
    body: Readable.toWeb(Readable.from(paced())) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
  const text = await response.text();
  let parsed: Reply<ChunkUploadData>['body'];
  try {
    parsed = JSON.parse(text) as Reply<ChunkUploadData>['body'];
  } catch {
    parsed = { status: -1, message: text };
  }
  return { http: response.status, headers: response.headers, body: parsed, setCookies: [] };
}

/**
 * One upload to its verified end, as the SDK's uploader does it and does it again after a reload:
 * instant-upload check, each chunk checked and sent when missing (a few in flight), merge; a
 * merge that finds a chunk missing (the kill came while it was removing the chunks it had
 * merged) starts over from the check. A chunk cut off by a kill is sent again at once (the
 * uploader's retry) or, half the time, the whole upload starts over from the checks (the page
 * was reloaded): then a chunk the server kept half-written would be taken as stored and the
 * merge would fail on it.
 */
async function upload(
  actor: Actor,
  bytes: Buffer,
  name: string,
  random: () => number,
): Promise<void> {
  const md5 = md5Of(bytes);
  const size = bytes.length;
  const chunks = Math.ceil(size / CHUNK);
  const { client } = actor;
  actor.interrupted = false;
  inProgress.set(md5, (inProgress.get(md5) ?? 0) + 1);
  let file: FileDescriptor | undefined;
  for (let round = 0; !file; round += 1) {
    const known = await actor.call(() =>
      client.postForm<FileDescriptor | null>(E.secondUploadCheck.path, { md5, name, size }),
    );
    expectOk(known, 'second_upload_check');
    if (known.body.data) {
      file = known.body.data;
      if (!actor.interrupted) seen.instant += 1;
      break;
    }
    let next = 0;
    let reload = false;
    const lane = async () => {
      for (let index = next++; index < chunks && !reload; index = next++) {
        const has = await actor.call(() =>
          client.postForm<BlockUploadCheckData>(E.blockUploadCheck.path, {
            md5,
            name,
            size,
            chunks,
            chunk: index,
          }),
        );
        expectOk(has, 'block_upload_check');
        if (has.body.data?.data === true) continue;
        const sent = await actor.call(
          async () => {
            inFlight.chunks += 1;
            try {
              return await sendChunk(actor, { bytes, md5, name, chunks }, index);
            } finally {
              inFlight.chunks -= 1;
            }
          },
          { reload: () => (reload ||= random() < 0.5) },
        );
        expectOk(sent, 'chunk upload');
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: LANES_PER_UPLOAD }, lane));
    const failed = lanes.find((result) => result.status === 'rejected');
    if (failed && !(failed.reason instanceof Reload)) throw failed.reason;
    if (reload) {
      seen.reloads += 1;
      continue;
    }
    mergeAsked.add(md5);
    const merged = await actor.call(async () => {
      inFlight.merges += 1;
      const waiters = mergeWaiters;
      mergeWaiters = [];
      for (const wake of waiters) wake();
      try {
        return await client.postForm<FileDescriptor>(E.mergeFile.path, {
          md5,
          name,
          size,
          chunks,
        });
      } finally {
        inFlight.merges -= 1;
      }
    });
    if (merged.body.status === 200 && merged.body.data) file = merged.body.data;
    else if (merged.body.code === UploadErrorCode.chunkCount) seen.mergeRetries += 1;
    else expectOk(merged, 'merge_file');
  }
  await actor.verifyDownload(file, md5, actor.account.username);
  seen.uploads += 1;
  if (actor.interrupted) seen.resumed += 1;
  const left = (inProgress.get(md5) ?? 1) - 1;
  if (left > 0) inProgress.set(md5, left);
  else inProgress.delete(md5);
}

/** One user uploading file after file until the kills are over; `shared` lends contents. */
async function uploader(
  account: { username: string; password: string },
  lane: number,
  shared: Map<number, Buffer>,
): Promise<void> {
  const actor = new Actor(account);
  await actor.signIn();
  const random = seeded(SEED + lane * 7919);
  for (let n = 0; running; n += 1) {
    // Now and then the same bytes another user is sending: two uploads of one content at once.
    const borrowed = random() < 0.15 ? shared.get((lane + 1) % 3) : undefined;
    const size = Math.round(MIN_FILE + random() * (MAX_FILE - MIN_FILE));
    const bytes = borrowed ?? bytesFrom(`${SEED}:${lane}:${n}`, size);
    shared.set(lane, bytes);
    await upload(actor, bytes, `lesson-${lane}-${n}.mp4`, random);
  }
}

/**
 * Another user of the same unit asks, again and again, whether the unit holds the content of an
 * upload in progress. A hit before anyone asked for that content's merge would be a partial file
 * made visible; a hit after must download whole.
 */
async function prober(): Promise<void> {
  const actor = new Actor(DEMO.admin);
  await actor.signIn();
  const random = seeded(SEED + 104729);
  while (running || inProgress.size > 0) {
    const md5s = [...inProgress.keys()];
    const md5 = md5s[Math.floor(random() * md5s.length)];
    if (md5 === undefined) {
      await sleep(50);
      continue;
    }
    const reply = await actor.call(() =>
      actor.client.postForm<FileDescriptor | null>(E.secondUploadCheck.path, {
        md5,
        name: 'probe.mp4',
      }),
    );
    seen.probes += 1;
    expectOk(reply, 'probe');
    const found = reply.body.data;
    if (found) {
      seen.probeHits += 1;
      if (!mergeAsked.has(md5))
        seen.violations.push(`an upload whose merge was never asked for was found: ${md5}`);
      await actor.verifyDownload(found, md5, 'prober');
    }
    await sleep(20 + random() * 60);
  }
}

/** A merge request sent from now on (or none within `ms`). */
function nextMerge(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    mergeWaiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

let server: ServerProcess;
let standby: ServerProcess | undefined;

beforeAll(async () => {
  await bundleServer();
  if (dbKind() === 'postgres') await createPostgresDatabase();
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = launch();
  await server.loaded;
  server.go();
  standby = launch();
  await server.listening;
}, 120_000);

afterAll(async () => {
  running = false;
  for (const process of [server, standby]) {
    if (process && process.child.exitCode === null && process.child.signalCode === null) {
      process.child.kill('SIGKILL');
      await process.exited;
    }
  }
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(bundleDir, { recursive: true, force: true });
});

describe('uploads across kill -9 of the server (issue 11 fault test)', () => {
  it(`resumes every upload to an md5-verified file through ${KILLS} kills, and serves nothing partial`, async () => {
    const random = seeded(SEED);
    const shared = new Map<number, Buffer>();
    const accounts = [DEMO.teacher, DEMO.staff, DEMO.parent];
    const uploaders = accounts.map((account, lane) => uploader(account, lane, shared));
    const probing = prober();
    for (let kill = 0; kill < KILLS; kill += 1) {
      const waited = Date.now();
      if (!standby) throw new Error('no server process waiting');
      await standby.loaded;
      const aim = random() < MERGE_AIM ? 'merge' : 'any';
      const ran = Date.now();
      if (aim === 'merge') {
        await nextMerge(3000);
        await sleep(random() * 30);
      } else {
        await sleep(150 + random() * 850);
      }
      const during = { ...inFlight };
      if (during.merges > 0) seen.killsDuringMerge += 1;
      if (during.chunks > 0) seen.killsDuringChunks += 1;
      server.child.kill('SIGKILL');
      await server.exited;
      seen.kills += 1;
      const killed = Date.now();
      server = standby;
      server.go();
      // The next one loads while this one starts.
      standby = kill + 1 < KILLS ? launch() : undefined;
      await server.listening;
      trace.push(
        `kill ${kill + 1} (${aim}): standby ready after ${ran - waited} ms, killed after ${killed - ran} ms with ${during.chunks} chunks and ${during.merges} merges in flight, up again in ${Date.now() - killed} ms`,
      );
    }
    running = false;
    await Promise.all([...uploaders, probing]);

    // Every record the server could serve points at whole bytes of its size and md5.
    const database = openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
    const records = await database.db
      .selectFrom('files')
      .select(['id', 'sha256', 'size', 'md5'])
      .where('uploaded_by', 'is not', null)
      .execute()
      .finally(() => database.close());
    for (const record of records) {
      const blob = path.join(dataDir, 'files', record.sha256.slice(0, 2), record.sha256);
      const bytes = fs.existsSync(blob) ? fs.readFileSync(blob) : null;
      if (!bytes || bytes.length !== Number(record.size) || md5Of(bytes) !== record.md5)
        seen.violations.push(`file record ${record.id} points at missing or different bytes`);
    }
    // And every blob's bytes are the ones its name says.
    const filesDir = path.join(dataDir, 'files');
    for (const fan of fs.readdirSync(filesDir).filter((d) => /^[0-9a-f]{2}$/.test(d))) {
      for (const name of fs.readdirSync(path.join(filesDir, fan))) {
        const digest = createHash('sha256')
          .update(fs.readFileSync(path.join(filesDir, fan, name)))
          .digest('hex');
        if (digest !== name) seen.violations.push(`blob ${name} holds bytes of ${digest}`);
      }
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `upload faults (${dbKind()}, FAULT_SEED=${SEED}): ${seen.kills} kills (${seen.killsDuringMerge} during a merge, ${seen.killsDuringChunks} with chunks in flight); ${seen.uploads} uploads completed md5-verified, ${seen.resumed} of them resumed after a kill, ${seen.instant} instant, ${seen.reloads} started over after a cut chunk, ${seen.mergeRetries} after a merge found a chunk missing; ${seen.downloads} downloads verified, ${records.length} records checked; ${seen.probes} probes (${seen.probeHits} found a merged file); ${seen.violations.length} violations; ${seconds} s`,
    );
    expect(seen.violations, `${trace.join('\n')}\n${output}`).toEqual([]);
    expect(seen.kills).toBe(KILLS);
    expect(seen.killsDuringMerge).toBeGreaterThan(0);
    expect(seen.resumed).toBeGreaterThan(0);
  }, 240_000);
});
