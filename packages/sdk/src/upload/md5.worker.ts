/**
 * The md5 Worker (DESIGN.md §6: "md5 is computed in a Web Worker with a WebAssembly hasher,
 * reading 2 MB slices"): the page reads the file and hands each 2 MB slice over (transferred, no
 * bytes copied), so the reading, on the page's thread, and the hashing, here, run side by side;
 * the Worker answers progress after each slice, then the hex digest. Started by `md5.ts` as
 * `new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' })`, which Vite
 * bundles into a file of its own.
 */
import { createIncrementalMd5 } from './md5-core.ts';
import type { Md5WorkerReply, Md5WorkerRequest } from './md5.ts';

// The project's TypeScript library is the page's (DOM); a Worker's scope has these two.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Md5WorkerRequest>) => void) | null;
  postMessage: (message: Md5WorkerReply) => void;
};

// The hasher is made once (hash-wasm compiles its module asynchronously); the slices that
// arrive meanwhile wait in this chain, which keeps them in the order they were posted.
const hasher = createIncrementalMd5();
let chain: Promise<void> = Promise.resolve();
let hashed = 0;
let failed = false;

const fail = (error: unknown) => {
  if (failed) return;
  failed = true;
  scope.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
  });
};

scope.onmessage = (event) => {
  const request = event.data;
  chain = chain
    .then(async () => {
      if (failed) return;
      const md5 = await hasher;
      if (request.type === 'slice') {
        md5.update(request.bytes);
        hashed += request.bytes.byteLength;
        scope.postMessage({ type: 'progress', hashed });
      } else {
        scope.postMessage({ type: 'done', md5: md5.digest(), engine: md5.engine });
      }
    }, fail)
    .catch(fail);
};
