/**
 * A worker thread that runs @node-rs/argon2's synchronous verify, one after another, for
 * bench/login-throughput's raw rate on threads (the way the portal's password threads run it,
 * without the portal): in { id, stored, plain }, out { id, ok }.
 */
import { parentPort } from 'node:worker_threads';
import { verifySync } from '@node-rs/argon2';

parentPort.on('message', ({ id, stored, plain }) => {
  parentPort.postMessage({ id, ok: verifySync(stored, plain) });
});
