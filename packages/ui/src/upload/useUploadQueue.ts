/**
 * React bindings of an upload queue (`upload-queue.ts`): one queue per component instance, kept
 * for its life and cancelled when it goes, and its state read through `useSyncExternalStore`.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Uploader } from '@campus/sdk/uploader';
import {
  createUploadQueue,
  type UploadQueue,
  type UploadQueueOptions,
  type UploadQueueState,
} from './upload-queue.ts';

export type { UploadItem, UploadQueue, UploadQueueState } from './upload-queue.ts';

/**
 * A queue over `uploader`, made once; the files still on their way are cancelled when the
 * component unmounts (a form left behind sends nothing more).
 *
 * @example
 * const queue = useUploadQueue(uploader, { maxFiles: 10 });
 * return <FileUpload queue={queue} lang={lang} />;
 */
export function useUploadQueue(uploader: Uploader, options: UploadQueueOptions = {}): UploadQueue {
  const [queue] = useState(() => createUploadQueue(uploader, options));
  useEffect(() => () => queue.dispose(), [queue]);
  return queue;
}

/**
 * The queue's state: its rows, the finished files' descriptors, how many are pending or failed.
 *
 * @example
 * const { descriptors, pending } = useUploadQueueState(queue);
 */
export function useUploadQueueState(queue: UploadQueue): UploadQueueState {
  return useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
}
