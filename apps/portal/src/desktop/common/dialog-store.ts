/**
 * Which of the desktop's own dialogs is open (spec §2 "Other dialogs": module expiry, download
 * client; Theme dialog). The chrome's dialogs (messages, choose child, logout, About) are
 * @campus/ui's `chromeDialogs`. The header, the menu and the pages open dialogs by name; one
 * host renders whichever is open. A vanilla
 * store, so openers and the host never import each other.
 */
import { useSyncExternalStore } from 'react';

/** The desktop's dialogs. */
export type DesktopDialogName = 'downloadClient';

export interface DialogState {
  open: DesktopDialogName | null;
  /** What the opener passed, e.g. the message whose module-expiry table to show. */
  payload?: unknown;
}

export interface DialogStore {
  getState: () => DialogState;
  subscribe: (listener: () => void) => () => void;
  open: (name: DesktopDialogName, payload?: unknown) => void;
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
    open: (name, payload) => set(payload === undefined ? { open: name } : { open: name, payload }),
    close: () => set({ open: null }),
  };
}

/** The desktop page's one dialog store. */
export const desktopDialogs = createDialogStore();

/** The open dialog; re-renders when it changes. */
export function useDesktopDialog(store: DialogStore = desktopDialogs): DialogState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
