/**
 * The password hashes' threads: one worker thread per core, each computing Argon2id
 * synchronously (`password-worker.mjs`), with its own queue of the hashes posted to it.
 *
 * Why not @node-rs/argon2's async calls on libuv's pool (four threads): on 2 cores, four hashes
 * at once only share the caches (each walks its 19 MiB), and capping them at one per core from
 * JavaScript leaves a core idle between one hash's end and the next one's start, until the
 * event loop has run. Measured on 2 cores (2026-12-03), raw verifies a second: libuv's pool with
 * 8 in flight 183, with 2 in flight 212, these threads 233; through the login route
 * (bench/login-throughput) 140–176 before. The pool's own threads stay free for file and DNS
 * work meanwhile.
 *
 * Started on the first hash, not with the server (an idle server keeps no threads), and
 * unreferenced while they hold no hash, so they never keep a process from exiting. A thread that dies fails only the hashes it
 * held; the next hash starts a new one.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** What a worker is asked (password-worker.mjs). */
export type PasswordTask =
  | { op: 'hash'; plain: string; options: Record<string, number> }
  | { op: 'verify'; stored: string; plain: string };

type Reply =
  { id: number; ok: true; value: string | boolean } | { id: number; ok: false; message: string };

interface Pending {
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

interface Lane {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** The thread could not run the task at all (it failed to start or died): not the task's fault. */
export class PasswordThreadError extends Error {}

/** Threads for the password hashes: one per core. */
export const PASSWORD_THREADS = Math.max(1, os.availableParallelism());

const lanes: (Lane | undefined)[] = Array.from({ length: PASSWORD_THREADS }, () => undefined);
let nextId = 0;

function startLane(index: number): Lane {
  const worker = new Worker(new URL('./password-worker.mjs', import.meta.url));
  const lane: Lane = { worker, pending: new Map() };
  worker.unref();
  worker.on('message', (reply: Reply) => {
    const task = lane.pending.get(reply.id);
    if (!task) return;
    lane.pending.delete(reply.id);
    if (lane.pending.size === 0) worker.unref();
    if (reply.ok) task.resolve(reply.value);
    else task.reject(new Error(reply.message));
  });
  const fail = (error: Error) => {
    if (lanes[index] === lane) lanes[index] = undefined;
    const held = [...lane.pending.values()];
    lane.pending.clear();
    for (const task of held) task.reject(new PasswordThreadError(error.message));
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`password worker exited with code ${code}`)));
  lanes[index] = lane;
  return lane;
}

/** An idle running thread, else a new one while there is room for it, else the least busy. */
function leastBusyLane(): Lane {
  let best: Lane | undefined;
  let free = -1;
  for (let i = 0; i < lanes.length; i += 1) {
    const lane = lanes[i];
    if (!lane) {
      if (free === -1) free = i;
    } else if (!best || lane.pending.size < best.pending.size) {
      best = lane;
    }
  }
  if (best && best.pending.size === 0) return best;
  if (free !== -1) return startLane(free);
  return best as Lane;
}

/**
 * Runs one hash or verify on a password thread. Rejects with a {@link PasswordThreadError} when
 * no thread could run it, and with the hasher's error when the input cannot be hashed.
 *
 * @example
 * const matches = await runOnPasswordThread({ op: 'verify', stored, plain }); // true | false
 */
export function runOnPasswordThread(task: PasswordTask): Promise<string | boolean> {
  return new Promise((resolve, reject) => {
    let lane: Lane;
    try {
      lane = leastBusyLane();
    } catch (error) {
      reject(new PasswordThreadError(error instanceof Error ? error.message : String(error)));
      return;
    }
    const id = nextId++;
    lane.pending.set(id, { resolve, reject });
    lane.worker.ref();
    lane.worker.postMessage({ id, ...task });
  });
}
