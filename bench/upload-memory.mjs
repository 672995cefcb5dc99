#!/usr/bin/env node
/**
 * The server's memory under parallel uploads (issue 11 benchmarks, `bench/upload-memory`): 20
 * uploads of 200 MB at once from Node clients speaking the chunked protocol (spec §4:
 * `block_upload_check`, chunk upload, `merge_file`, 2 MiB chunks, one in flight per upload), to
 * the real portal on a fresh data folder. The server's resident memory (VmRSS of
 * /proc/<pid>/status, sampled every 50 ms, and the kernel's high-water mark VmHWM, which also
 * catches a peak between two samples) must stay flat: goal, a peak under 300 MB. No file is ever
 * held whole, on either side: the clients make each chunk's bytes when they send it.
 *
 * Peer, for context, in the same run: the same 20 uploads to @tus/server with @tus/file-store
 * (POST, then 2 MiB PATCHes one after another per upload), its RSS sampled the same way.
 *
 *   npm run upload-memory -w @campus/bench      or      npx tsx bench/upload-memory.mjs
 *   BENCH_MEMORY_UPLOADS (default 20) uploads of BENCH_MEMORY_MB (default 200) MB each.
 */
import { createCipheriv, createHash } from 'node:crypto';
import { uploadEndpoints as E } from '@campus/contracts/storage';
import { ACCESS_COOKIE, DEVICE_HEADER, uaaEndpoints } from '@campus/contracts/uaa';
import { ensure } from '../scripts/ensure.mjs';
import { memoryOf, resetPeakMemory, startPortal, startTus } from './lib/upload-servers.mjs';

const MiB = 1024 * 1024;
const UPLOADS = Number(process.env.BENCH_MEMORY_UPLOADS ?? 20);
const SIZE = Math.round(Number(process.env.BENCH_MEMORY_MB ?? 200) * 1e6);
const CHUNK = 2 * MiB;
const CHUNKS = Math.ceil(SIZE / CHUNK);
const GOAL = 300e6;
const SAMPLE_MS = 50;

const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;

/**
 * The bytes of upload `n`, any range of them on demand: AES-CTR over zeros, its counter set to
 * the range's first block, so no upload is ever held whole.
 */
function bytesOf(n, start, end) {
  const key = createHash('sha256').update(`upload-memory:${n}`).digest();
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(start / 16), 8);
  return createCipheriv('aes-256-ctr', key, iv).update(Buffer.alloc(end - start));
}

/** The md5 of upload `n`, read through in chunks (the protocol needs it before any byte). */
function md5Of(n) {
  const hash = createHash('md5');
  for (let start = 0; start < SIZE; start += CHUNK) {
    hash.update(bytesOf(n, start, Math.min(SIZE, start + CHUNK)));
  }
  return hash.digest('hex');
}

/** Samples a process's memory until stopped; answers the samples and the final VmHWM. */
function sampleMemory(pid) {
  const samples = [];
  const timer = setInterval(() => {
    const memory = memoryOf(pid);
    if (memory) samples.push({ at: Date.now(), rss: memory.rss });
  }, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      return { samples, hwm: memoryOf(pid)?.hwm ?? 0 };
    },
  };
}

/** A form-encoded call of our API, signed in; answers the envelope. */
async function call(base, cookie, endpoint, body) {
  const response = await fetch(`${base}${endpoint.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      [DEVICE_HEADER]: 'pc:desktop',
      cookie,
    },
    body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  return response.json();
}

function expectOk(envelope, what) {
  if (envelope.status !== 200) throw new Error(`${what}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** One upload to the portal through the chunked protocol (spec §4), one chunk at a time. */
async function uploadToPortal(base, cookie, n, md5) {
  const name = `lesson-${n}.mp4`;
  for (let index = 0; index < CHUNKS; index += 1) {
    const check = { md5, name, size: SIZE, chunks: CHUNKS, chunk: index };
    const stored = expectOk(await call(base, cookie, E.blockUploadCheck, check), 'block check');
    if (stored.data) continue;
    const start = index * CHUNK;
    const bytes = bytesOf(n, start, Math.min(SIZE, start + CHUNK));
    const form = new FormData();
    const fields = {
      serverid: 'base',
      md5,
      name,
      uid: `memory-${n}`,
      chunk: index,
      chunks: CHUNKS,
      eachSize: CHUNK,
      fullSize: SIZE,
      fileName: name,
      chunked: true,
      size: bytes.length,
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
    form.append('file', new Blob([bytes]), name);
    const response = await fetch(`${base}${E.chunkUpload.path}`, {
      method: 'POST',
      headers: { [DEVICE_HEADER]: 'pc:desktop', cookie },
      body: form,
    });
    expectOk(await response.json(), `chunk ${index}`);
  }
  const file = expectOk(
    await call(base, cookie, E.mergeFile, { md5, name, size: SIZE, chunks: CHUNKS }),
    'merge',
  );
  if (file.md5 !== md5 || file.size !== SIZE) throw new Error(`merged ${JSON.stringify(file)}`);
}

/** One upload to @tus/server: create it, then PATCH 2 MiB at a time (tus 1.0.0 core protocol). */
async function uploadToTus(endpoint, n) {
  const created = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(SIZE),
      'Upload-Metadata': `filename ${Buffer.from(`lesson-${n}.mp4`).toString('base64')}`,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus create: ${created.status}`);
  const url = new URL(location, endpoint).href;
  for (let offset = 0; offset < SIZE; offset += CHUNK) {
    const bytes = bytesOf(n, offset, Math.min(SIZE, offset + CHUNK));
    const response = await fetch(url, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: bytes,
    });
    await response.arrayBuffer();
    if (response.status !== 204) throw new Error(`tus PATCH at ${offset}: ${response.status}`);
  }
}

/** Runs the uploads at once while sampling `pid`; answers the memory figures and the time. */
async function measure(pid, uploads) {
  const baseline = memoryOf(pid)?.rss ?? 0;
  const reset = resetPeakMemory(pid);
  const sampler = sampleMemory(pid);
  const started = Date.now();
  await Promise.all(uploads.map((run) => run()));
  const seconds = (Date.now() - started) / 1000;
  const { samples, hwm } = sampler.stop();
  const peak = Math.max(hwm, ...samples.map((s) => s.rss));
  // RSS at each fifth of the run: flat means these stay near one another.
  const fifths = [1, 2, 3, 4, 5].map((i) => {
    const at = started + (seconds * 1000 * i) / 5;
    const sample = samples.findLast((s) => s.at <= at) ?? samples.at(-1);
    return sample?.rss ?? 0;
  });
  const sampledPeak = Math.max(...samples.map((s) => s.rss));
  return { baseline, peak, sampledPeak, reset, fifths, seconds };
}

await ensure();
console.log(`upload-memory: preparing ${UPLOADS} uploads of ${mb(SIZE)} (their md5s)...`);
const md5s = Array.from({ length: UPLOADS }, (_, n) => md5Of(n));

const portal = await startPortal();
let ours;
try {
  const login = await fetch(`${portal.base}${uaaEndpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', [DEVICE_HEADER]: 'pc:desktop' },
    body: new URLSearchParams({ username: 'teacher', password: 'Teacher@2026' }).toString(),
  });
  expectOk(await login.json(), 'sign-in');
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${ACCESS_COOKIE}=`));
  if (!cookie) throw new Error('sign-in set no session cookie');
  ours = await measure(
    portal.pid,
    md5s.map((md5, n) => () => uploadToPortal(portal.base, cookie, n, md5)),
  );
} finally {
  await portal.stop();
}

const tus = await startTus();
let peer;
try {
  peer = await measure(
    tus.pid,
    md5s.map((_, n) => () => uploadToTus(tus.endpoint, n)),
  );
} finally {
  await tus.stop();
}

const total = UPLOADS * SIZE;
console.log('');
console.log(
  `upload-memory: ${UPLOADS} uploads of ${mb(SIZE)} at once (${mb(total)} in all), 2 MiB chunks`,
);
console.log(
  `  ours: peak RSS ${mb(ours.peak)} (${ours.reset ? 'VmHWM reset when the uploads began' : "VmHWM: the process's lifetime peak"}; sampled peak ${mb(ours.sampledPeak)}), baseline ${mb(ours.baseline)}, +${mb(ours.peak - ours.baseline)} under load; goal < ${mb(GOAL)}: ${ours.peak < GOAL ? 'met' : 'NOT met'}`,
);
console.log(
  `        RSS at each fifth of the run: ${ours.fifths.map(mb).join(', ')}; ${ours.seconds.toFixed(1)} s, ${(total / 1e6 / ours.seconds).toFixed(0)} MB/s (merges included)`,
);
console.log(
  `  @tus/server (FileStore), same uploads: peak RSS ${mb(peer.peak)}, baseline ${mb(peer.baseline)}, +${mb(peer.peak - peer.baseline)}; fifths ${peer.fifths.map(mb).join(', ')}; ${peer.seconds.toFixed(1)} s, ${(total / 1e6 / peer.seconds).toFixed(0)} MB/s`,
);
console.log(`  ours / tus peak: ${(ours.peak / peer.peak).toFixed(2)} x`);
