/**
 * The one data-loading hook of the front ends (issue 10 §2): the desktop's widgets and dialogs
 * and the sub-apps' pages load with it. A failed call has already shown its notice (the HTTP
 * rules of spec §8), so a page shows only what to do instead: nothing, or "could not load" and
 * a retry.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { Envelope } from '@campus/contracts/envelope';

/** What {@link useLoad} gives back. */
export interface Loaded<T> {
  /** The last data loaded; kept while a reload is on its way and after a failed one. */
  data: T | undefined;
  /** A load for the current key (or reload) is on its way. */
  loading: boolean;
  /** The last load for the current key (or reload) rejected. */
  failed: boolean;
  /** Asks again; the old data stays in `data` meanwhile. */
  reload: () => void;
}

/**
 * Loads data when the component mounts, when `key` changes and on `reload()`. The latest `load`
 * is called each time; `key` names what it loads, so a new key loads again. `load` is told
 * `again` once `reload()` has been asked, so that a page reloading after its own change can ask
 * the server for a fresh answer (the SDK's `fresh` reads).
 *
 * @example
 * const recent = useLoad('recentApps', async () => (await dataOf(api.recentApps())) ?? []);
 * const notices = useLoad('cms.list', () => envelopeData(cmsApi(http).list()));
 */
export function useLoad<T>(key: string, load: (again: boolean) => Promise<T>): Loaded<T> {
  const [round, setRound] = useState(0);
  const ticket = `${key}#${round}`;
  const [state, setState] = useState<{
    data: T | undefined;
    ticket: string | null;
    failed: boolean;
  }>({ data: undefined, ticket: null, failed: false });
  const run = useEffectEvent(() => load(round > 0));

  useEffect(() => {
    let live = true;
    run().then(
      (data) => live && setState({ data, ticket, failed: false }),
      () => live && setState((previous) => ({ ...previous, ticket, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [ticket]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const current = state.ticket === ticket;
  return { data: state.data, loading: !current, failed: current && state.failed, reload };
}

/**
 * The data of a status-200 answer that carries data; rejects otherwise, so {@link useLoad}
 * reports `failed`.
 */
export async function envelopeData<T>(request: Promise<Envelope<T>>): Promise<T> {
  const answer = await request;
  if (answer.status !== 200 || answer.data == null) {
    throw new Error(`no data (status ${String(answer.status)})`);
  }
  return answer.data;
}
