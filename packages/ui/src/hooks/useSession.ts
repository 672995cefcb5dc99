/**
 * React binding of the sdk session store: the store stays framework-agnostic and React
 * reads it through useSyncExternalStore, so every component sees the same snapshot.
 */
import { useSyncExternalStore } from 'react';
import type { SessionState, SessionStore } from '@campus/sdk/session';

/**
 * The current session state; re-renders when the store changes.
 *
 * @example
 * const { status, me } = useSession(sessionStore);
 * if (status === 'signedIn') return <Welcome name={me?.realName} />;
 */
export function useSession(store: SessionStore): SessionState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
