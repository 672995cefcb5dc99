import { useEffect } from 'react';
import type { SessionState } from '@campus/sdk/session';
import { useSession } from '@campus/ui/useSession';
import { loginUrlFor, replaceWith } from '../shared/navigation.ts';
import { useRuntime } from '../shared/useRuntime.ts';

/**
 * Runs the login check on load; a signed-out visit goes to the login page with this
 * address as redirect_uri (spec §2).
 */
export function useRequireSession(): SessionState {
  const { session } = useRuntime();
  const state = useSession(session);
  useEffect(() => {
    void session.checkLogin().then((signedIn) => {
      if (!signedIn) replaceWith(loginUrlFor(window.location.href));
    });
  }, [session]);
  return state;
}
