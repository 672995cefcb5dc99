/**
 * How the desktop (chrome, dialogs and page bodies) reads the server: one DesktopApi per page, identical
 * requests made at the same moment shared (the home card and the to-do popup both ask for the
 * first to-do page at start-up), and a tiny loading hook. Everything is asked in parallel, so
 * the desktop's first load stays within two sequential round trips (issue 4 performance goal).
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { Envelope } from '@campus/contracts/envelope';
import { createDesktopApi, type DesktopApi } from '@campus/sdk/desktop-api';
import { useRuntime } from '../../shared/useRuntime.ts';

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

/**
 * The data of a status-200 answer, else undefined. Never rejects: the HTTP client has already
 * shown the spec §8 notice for a failure, so callers only decide what to show instead.
 */
export async function dataOf<T>(request: Promise<Envelope<T>>): Promise<T | undefined> {
  try {
    const answer = await request;
    return answer.status === 200 ? answer.data : undefined;
  } catch {
    return undefined;
  }
}

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

/** What {@link useLoad} gives back. */
export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  /** Asks again; the old data stays on screen meanwhile. */
  reload: () => void;
}

/**
 * Loads data when the component mounts (and when `key` changes); a failed load leaves `data`
 * undefined, since the HTTP client has shown its notice already (spec §8).
 *
 * @example
 * const recent = useLoad('recent', () => api.recentApps().then((r) => r.data ?? []));
 */
export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [round, setRound] = useState(0);
  const ticket = `${key}#${round}`;
  const [state, setState] = useState<{ data: T | undefined; ticket: string | null }>({
    data: undefined,
    ticket: null,
  });
  const run = useEffectEvent(() => load());

  useEffect(() => {
    let live = true;
    run().then(
      (data) => live && setState({ data, ticket }),
      () => live && setState((previous) => ({ ...previous, ticket })),
    );
    return () => {
      live = false;
    };
  }, [ticket]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data: state.data, loading: state.ticket !== ticket, reload };
}
