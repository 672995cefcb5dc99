import { useEffect } from 'react';
import type { SessionState, SessionStore } from '@campus/sdk/session';
import { useSession } from '@campus/ui/useSession';
import { loginUrlFor } from '@campus/sdk/create-page-runtime';
import { replaceWith } from '../../shared/navigation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';

/**
 * Runs the login check; a signed-out visit goes to the login page with this address as
 * redirect_uri (spec §2). main.tsx calls it before React renders, beside the theme call, so the
 * desktop's own calls wait for one round trip rather than two (issue 4: at most 2 sequential
 * API round trips after the HTML).
 */
export function requireSession(session: SessionStore): void {
  void session.checkLogin().then((signedIn) => {
    if (!signedIn) replaceWith(loginUrlFor(window.location.href));
  });
}

/**
 * The session of the page. Starts the login check only when nothing has started it yet, so a
 * check already under way (or done) from main.tsx is not repeated with a second /me call.
 */
export function useRequireSession(): SessionState {
  const { session } = useRuntime();
  const state = useSession(session);
  useEffect(() => {
    if (session.getState().status === 'unknown') requireSession(session);
  }, [session]);
  return state;
}
