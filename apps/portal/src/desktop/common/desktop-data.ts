/**
 * How the desktop (chrome, dialogs and page bodies) reads the server: one DesktopApi per page, identical
 * requests made at the same moment shared (the home card and the to-do popup both ask for the
 * first to-do page at start-up); components load with `useLoad` (`@campus/ui/useLoad`). Everything is asked in parallel, so
 * the desktop's first load stays within two sequential round trips (issue 4 performance goal).
 */
import { useMemo } from 'react';
import type { Envelope } from '@campus/contracts/envelope';
import { createDesktopApi, type DesktopApi } from '@campus/sdk/desktop-api';
import { useRuntime } from '../../shared/useRuntime.ts';
import { dataOf } from '@campus/ui/chrome-env';

const apis = new WeakMap<object, DesktopApi>();

/** The page's desktop calls (one object per HTTP client). */
export function useDesktopApi(): DesktopApi {
  const { http } = useRuntime();
  return useMemo(() => {
    let api = apis.get(http);
    if (!api) {
      api = createDesktopApi(http);
      apis.set(http, api);
    }
    return api;
  }, [http]);
}

/** The data of a status-200 answer, else undefined (the chrome's; never rejects). */
export { dataOf };

/** Whether a call succeeded (status 200). Never rejects, as {@link dataOf}. */
export async function succeeded(request: Promise<Envelope<unknown>>): Promise<boolean> {
  try {
    return (await request).status === 200;
  } catch {
    return false;
  }
}

const inFlight = new Map<string, Promise<unknown>>();

/**
 * Runs `load` unless a request with the same key is still on its way, in which case both
 * callers get that one answer. Nothing is kept once it settles: the next call asks again.
 */
export function shareRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const pending = inFlight.get(key) as Promise<T> | undefined;
  if (pending) return pending;
  const request = load().finally(() => inFlight.delete(key));
  inFlight.set(key, request);
  return request;
}
