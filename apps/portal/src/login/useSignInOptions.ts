import { useEffect, useState } from 'react';
import { accountRecoveryEndpoints, type SignInOptions } from '@campus/contracts/account-recovery';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useRuntime } from '../shared/useRuntime.ts';

/** What the login page offers beyond the password box, as the page sees it while it loads. */
export type SignInOptionsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; options: SignInOptions };

/**
 * Loads the unit's sign-in options once (issue 12 §3, §4): its SSO URL, its ticket path and
 * how a forgotten password is reset, for `?unitId=` or the server's unit for this host. A
 * failure offers none of them, so it is not notified.
 */
export function useSignInOptions(): SignInOptionsState {
  const { http } = useRuntime();
  const [state, setState] = useState<SignInOptionsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    const unitId = new URLSearchParams(window.location.search).get('unitId') ?? undefined;
    callEndpoint(
      http,
      accountRecoveryEndpoints.signInOptions,
      { query: unitId ? { unitId } : {} },
      { noIntercept: true },
    )
      .then((res) => {
        if (!live) return;
        setState(
          res.status === 200 && res.data
            ? { status: 'ready', options: res.data }
            : { status: 'failed' },
        );
      })
      .catch(() => {
        if (live) setState({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [http]);
  return state;
}
