/**
 * The files of one upload component (issue 11 §4): what was picked, each file's `UploadTask`
 * (the SDK's uploader), the client's refusals (spec §5 deny-list and size limit, worded by the
 * SDK in spec §8's terms) and the descriptors of the finished files, in the order shown. A
 * vanilla store (`subscribe`, `getState`) like the SDK's, so the form around the component can
 * read it as well as the component, through `useUploadQueueState`.
 *
 * It changes when a file is added, removed or retried and when a file's state changes (hashing,
 * uploading, paused, done, ...), not on every progress event: the rows follow their own task
 * for the bytes (`useUploadTask`).
 */
import type { FileDescriptor, UploadError, Uploader, UploadTask } from '@campus/sdk/uploader';
import type { PickedFile } from './picked-files.ts';

/** One row: a picked file and its upload, or the reason it was refused before any byte went. */
export interface UploadItem {
  readonly id: string;
  readonly file: File;
  /** Where the file sat inside a picked folder; '' when picked on its own. */
  readonly relativePath: string;
  /** Null when the client refused the file (`refusal` says why). */
  readonly task: UploadTask | null;
  readonly refusal: UploadError | null;
}

export interface UploadQueueState {
  readonly items: readonly UploadItem[];
  /** The finished files' descriptors, in list order (what a form sends as `fileIds`). */
  readonly descriptors: readonly FileDescriptor[];
  /** Files still on their way (paused ones included). */
  readonly pending: number;
  /** Files refused or failed: a form should not go until they are removed or retried. */
  readonly failed: number;
  /** How many of the last files given were left out by `maxFiles`. */
  readonly overflow: number;
}

export interface UploadQueue {
  /** The most rows the queue holds; null for no limit. */
  readonly maxFiles: number | null;
  getState: () => UploadQueueState;
  subscribe: (listener: () => void) => () => void;
  /** Checks each file and starts the ones the client accepts; none at all warns (spec §8). */
  add: (files: readonly PickedFile[]) => void;
  /** Cancels the file if it is still on its way, and drops its row. */
  remove: (id: string) => void;
  /** Starts a failed file again (the server's chunks and the remembered md5 are reused). */
  retry: (id: string) => void;
  /** Resolves once no file is on its way any more. */
  settled: () => Promise<UploadQueueState>;
  /** Cancels every file still on its way (the component is gone); the queue stays usable. */
  dispose: () => void;
}

export interface UploadQueueOptions {
  /** At most this many rows; files beyond it are not added (`overflow` counts them). */
  maxFiles?: number;
}

const FINISHED = new Set(['done', 'failed', 'aborted']);

function isPending(item: UploadItem): boolean {
  return item.task !== null && !FINISHED.has(item.task.getSnapshot().status);
}

function isFailed(item: UploadItem): boolean {
  return item.refusal !== null || item.task?.getSnapshot().status === 'failed';
}

let nextId = 0;

/**
 * The queue of one upload component, over one app's uploader.
 *
 * @example
 * const queue = createUploadQueue(createUploader({ http, appCode: 'cms' }), { maxFiles: 10 });
 * queue.add([{ file, relativePath: '' }]);
 * const { descriptors } = await queue.settled();
 */
export function createUploadQueue(
  uploader: Uploader,
  options: UploadQueueOptions = {},
): UploadQueue {
  const maxFiles = options.maxFiles ?? Number.POSITIVE_INFINITY;
  const listeners = new Set<() => void>();
  const watching = new Map<string, () => void>();
  let items: UploadItem[] = [];
  let overflow = 0;
  let state = compute();

  function compute(): UploadQueueState {
    const descriptors: FileDescriptor[] = [];
    for (const item of items) {
      const snapshot = item.task?.getSnapshot();
      if (snapshot?.status === 'done' && snapshot.descriptor) descriptors.push(snapshot.descriptor);
    }
    return {
      items,
      descriptors,
      pending: items.filter(isPending).length,
      failed: items.filter(isFailed).length,
      overflow,
    };
  }

  function emit(): void {
    state = compute();
    for (const listener of [...listeners]) listener();
  }

  /** Follows a task's state changes (not its bytes), for the counts and descriptors. */
  function watch(id: string, task: UploadTask): void {
    let last = task.getSnapshot();
    watching.get(id)?.();
    watching.set(
      id,
      task.subscribe((next) => {
        if (next.status === last.status && next.paused === last.paused) return;
        last = next;
        emit();
      }),
    );
  }

  function start(file: File): Pick<UploadItem, 'task' | 'refusal'> {
    const refusal = uploader.check(file);
    if (refusal) return { task: null, refusal };
    return { task: uploader.upload(file), refusal: null };
  }

  const queue: UploadQueue = {
    maxFiles: Number.isFinite(maxFiles) ? maxFiles : null,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(files) {
      if (files.length === 0) {
        // Spec §8 'Not find file': the uploader's own warning when nothing was given.
        uploader.uploadFiles([]);
        return;
      }
      const room = Math.max(0, maxFiles - items.length);
      const taken = files.slice(0, room);
      overflow = files.length - taken.length;
      const added = taken.map(({ file, relativePath }) => {
        const item: UploadItem = { id: `upload-${++nextId}`, file, relativePath, ...start(file) };
        if (item.task) watch(item.id, item.task);
        return item;
      });
      items = [...items, ...added];
      emit();
    },
    remove(id) {
      const item = items.find((candidate) => candidate.id === id);
      if (!item) return;
      watching.get(id)?.();
      watching.delete(id);
      item.task?.abort();
      items = items.filter((candidate) => candidate.id !== id);
      overflow = 0;
      emit();
    },
    retry(id) {
      const index = items.findIndex((candidate) => candidate.id === id);
      const item = items[index];
      if (!item || !isFailed(item)) return;
      const next: UploadItem = { ...item, ...start(item.file) };
      if (next.task) watch(id, next.task);
      items = items.with(index, next);
      emit();
    },
    settled() {
      const waiting = items.flatMap((item) =>
        item.task && isPending(item) ? [item.task.done.catch(() => undefined)] : [],
      );
      if (waiting.length === 0) return Promise.resolve(state);
      // A file added or retried meanwhile is waited for too.
      return Promise.all(waiting).then(() => queue.settled());
    },
    // Only cancels: React's strict mode runs an effect's clean-up and the effect again on the
    // same queue, which must still work afterwards.
    dispose() {
      for (const item of items) if (isPending(item)) item.task?.abort();
    },
  };
  return queue;
}
