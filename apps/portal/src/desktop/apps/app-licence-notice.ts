/**
 * "This app's licence has expired" for an app opened from the desktop's menus or widgets (spec
 * §4 Licence, §8 message): open-app.ts asks the licence before leaving, and the licence dialog
 * shows this notice instead of opening an app that would only show its blocking dialog.
 */
import { useSyncExternalStore } from 'react';

/** The app whose licence was found expired, by its display name; null when none. */
export type ExpiredApp = { code: string; name: string } | null;

let current: ExpiredApp = null;
const listeners = new Set<() => void>();

function set(next: ExpiredApp): void {
  current = next;
  for (const listener of [...listeners]) listener();
}

export const appLicenceNotice = {
  show: (app: { code: string; name: string }) => set(app),
  clear: () => set(null),
  get: (): ExpiredApp => current,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useExpiredApp(): ExpiredApp {
  return useSyncExternalStore(
    appLicenceNotice.subscribe,
    appLicenceNotice.get,
    appLicenceNotice.get,
  );
}
