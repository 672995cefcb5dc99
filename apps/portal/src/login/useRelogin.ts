/**
 * The re-login of the desktop client (spec §2 /needtologinpagerelogin, §7 POST relogin): when
 * the client hands over its still-valid access token, it is exchanged for a session of this
 * browser and the user goes on to the desktop (or the page asked for) without typing anything.
 * Without a token, or when the server refuses it (expired, signed out), the screen asks the
 * user to sign in again, as before.
 */
import { useEffect, useState } from 'react';
import { replaceWith } from '../shared/navigation.ts';
import { PORTAL_APP_CODE as APP_CODE } from '@campus/sdk/create-page-runtime';
import { useRuntime } from '../shared/useRuntime.ts';
import { takeReloginToken } from './relogin-token.ts';
import { postLoginTarget } from './useLoginFlow.ts';

/** `exchanging`: the token is with the server; `signIn`: the user must sign in again. */
export type ReloginPhase = 'exchanging' | 'signIn';

export function useRelogin(): ReloginPhase {
  const { auth, session, storage } = useRuntime();
  // Read once, at the first render, before anything else can see the address.
  const [handOff] = useState(() => takeReloginToken(window.location.href));
  const [phase, setPhase] = useState<ReloginPhase>(handOff.token ? 'exchanging' : 'signIn');

  useEffect(() => {
    const { token, cleanUrl } = handOff;
    if (!token) return;
    window.history.replaceState(window.history.state, '', cleanUrl);
    let live = true;
    void (async () => {
      const answer = await auth.relogin(token).catch(() => null);
      if (answer?.status === 200 && answer.data) {
        storage.setLoggedOut(false);
        if (answer.data.userClientId) storage.setUserClientId(APP_CODE, answer.data.userClientId);
        await session.checkLogin().catch(() => false);
        replaceWith(postLoginTarget(answer.data.userType));
        return;
      }
      if (live) setPhase('signIn');
    })();
    return () => {
      live = false;
    };
  }, [auth, handOff, session, storage]);

  return phase;
}
