/**
 * React binding of one SDK `UploadTask`: the task stays framework-agnostic (`subscribe`,
 * `getSnapshot`, a new snapshot object on every change) and React reads it through
 * `useSyncExternalStore`, as `useSession` reads the session store.
 */
import { useSyncExternalStore } from 'react';
import type { UploadSnapshot, UploadTask } from '@campus/sdk/uploader';

/**
 * The task's current snapshot; the calling component re-renders on every change (progress,
 * state, pause).
 *
 * @example
 * const { status, sentBytes, totalBytes, speed, etaMs } = useUploadTask(task);
 */
export function useUploadTask(task: UploadTask): UploadSnapshot {
  return useSyncExternalStore(task.subscribe, task.getSnapshot, task.getSnapshot);
}
