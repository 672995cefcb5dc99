/**
 * Argon2id in a worker thread (password-threads.ts): one hash at a time, synchronously, taken in
 * the order they were posted. The worker's own message queue holds the next ones, so a thread
 * starts its next hash the moment one ends, without a trip through the server's event loop.
 *
 * Plain JavaScript so that the worker runs in Node as it is, under tsx, Vitest or the bundle
 * (scripts/build-server.mjs copies it beside main.mjs); its messages are typed on the other side.
 *
 * In:  { id, op: 'hash', plain, options } or { id, op: 'verify', stored, plain }
 * Out: { id, ok: true, value } (the PHC string, or whether the password matches), or
 *      { id, ok: false, message } (a stored hash that cannot be read, say).
 */
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

parentPort.on('message', (task) => {
  try {
    const value =
      task.op === 'hash' ? hashSync(task.plain, task.options) : verifySync(task.stored, task.plain);
    parentPort.postMessage({ id: task.id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({
      id: task.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  }
});
