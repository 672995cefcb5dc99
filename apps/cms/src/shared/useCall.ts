/**
 * Loads one call's data for a page: loading, the data, or a failure the user can retry. The
 * HTTP rules of spec §8 already showed the reason; the page shows only "could not load".
 */
import { useCallback, useEffect, useState } from 'react';
import type { Envelope } from '@campus/contracts/envelope';

export type CallState<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed' };

export function useCall<T>(call: () => Promise<Envelope<T>>): {
  state: CallState<T>;
  reload: () => void;
} {
  const [state, setState] = useState<CallState<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  // The first closure is kept: a page's call depends only on the app's HTTP client, which
  // does not change while the page is shown.
  const [run] = useState(() => call);
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    run().then(
      (answer) => {
        if (!live) return;
        setState(
          answer.status === 200 && answer.data != null
            ? { kind: 'ready', data: answer.data }
            : { kind: 'failed' },
        );
      },
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [run, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, reload };
}
