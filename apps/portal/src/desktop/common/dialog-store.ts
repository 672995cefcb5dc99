/**
 * Which of the desktop's own dialogs is open (spec §2 "Other dialogs": download client). The
 * chrome's dialogs (messages, module expiry, choose child, logout, theme, About) are
 * @campus/ui's `chromeDialogs`. The pages open a dialog by name; one host renders whichever is
 * open. A vanilla store, so openers and the host never import each other.
 */
import { useSyncExternalStore } from 'react';

/** The desktop's dialogs. */
export type DesktopDialogName = 'downloadClient';

export interface DialogState {
  open: DesktopDialogName | null;
}

export interface DialogStore {
  getState: () => DialogState;
  subscribe: (listener: () => void) => () => void;
  open: (name: DesktopDialogName) => void;
  close: () => void;
}

export function createDialogStore(): DialogStore {
  let state: DialogState = { open: null };
  const listeners = new Set<() => void>();
  const set = (next: DialogState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open: (name) => set({ open: name }),
    close: () => set({ open: null }),
  };
}

/** The desktop page's one dialog store. */
export const desktopDialogs = createDialogStore();

/** The open dialog; re-renders when it changes. */
export function useDesktopDialog(store: DialogStore = desktopDialogs): DialogState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
