import { useEffect, useState } from 'react';
import type { DecorationSet, UnitConfigData } from '@campus/contracts/uaa';
import { parseDecorationSet } from '@campus/sdk/auth';
import { useRuntime } from '../shared/useRuntime.ts';

/** The unit's login page configuration as the page sees it while it loads. */
export type UnitConfigState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; config: UnitConfigData; decoration: DecorationSet };

/**
 * Loads unit_config once (spec §7), for `?unitId=` or the server's unit for this host.
 * A failure leaves the page usable without branding, so it is not notified.
 */
export function useUnitConfig(): UnitConfigState {
  const { auth } = useRuntime();
  const [state, setState] = useState<UnitConfigState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    const unitId = new URLSearchParams(window.location.search).get('unitId') ?? undefined;
    auth
      .unitConfig(unitId, { noIntercept: true })
      .then((res) => {
        if (!live) return;
        setState(
          res.status === 200 && res.data
            ? {
                status: 'ready',
                config: res.data,
                decoration: parseDecorationSet(res.data.decorationSet),
              }
            : { status: 'failed' },
        );
      })
      .catch(() => {
        if (live) setState({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [auth]);
  return state;
}
