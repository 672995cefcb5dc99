/**
 * The md5 Worker (DESIGN.md §6: "md5 is computed in a Web Worker with a WebAssembly hasher,
 * reading 2 MB slices"): the page posts the Blob itself (a reference, no bytes copied), the
 * Worker reads it slice by slice and answers progress, then the hex digest. Started by `md5.ts`
 * as `new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' })`, which Vite
 * bundles into a file of its own.
 */
import { md5OfBlob } from './md5-core.ts';
import type { Md5WorkerReply, Md5WorkerRequest } from './md5.ts';

// The project's TypeScript library is the page's (DOM); a Worker's scope has these two.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Md5WorkerRequest>) => void) | null;
  postMessage: (message: Md5WorkerReply) => void;
};

scope.onmessage = (event) => {
  const { blob, sliceBytes, read } = event.data;
  const progress = (hashed: number) => scope.postMessage({ type: 'progress', hashed });
  md5OfBlob(blob, sliceBytes, progress, undefined, read).then(
    ({ md5, engine }) => scope.postMessage({ type: 'done', md5, engine }),
    (error: unknown) =>
      scope.postMessage({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
