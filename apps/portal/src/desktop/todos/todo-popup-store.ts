/**
 * Re-opening the to-do popup from elsewhere on the desktop (the home page's to-do card). The
 * popup opens by itself at start-up (spec §4); this asks it to open again.
 */
import { useSyncExternalStore } from 'react';

let requests = 0;
const listeners = new Set<() => void>();

export const todoPopup = {
  /** Asks the popup to show its first page again. */
  open: (): void => {
    requests += 1;
    for (const listener of [...listeners]) listener();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  requests: (): number => requests,
};

/** The number of open requests so far; changes on each. */
export function useTodoPopupRequests(): number {
  return useSyncExternalStore(todoPopup.subscribe, todoPopup.requests, todoPopup.requests);
}
