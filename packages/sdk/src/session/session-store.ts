/**
 * The session state of spec §3/§4 as a small vanilla store: `subscribe(listener) =>
 * unsubscribe` in the core, so React (or anything else) binds to it without the sdk
 * knowing (STYLE.md: TanStack Query's query-core / react-query split).
 */
import { BodyStatus } from '@campus/contracts/envelope';
import type { MeData } from '@campus/contracts/uaa';
import type { AuthApi } from '../auth/auth-api.ts';
import { FRESH_READ_HEADERS } from '../http/fresh-read.ts';
import type { PortalStorage } from '../platform/storage.ts';

/** Where the login check stands. */
export type SessionStatus = 'unknown' | 'checking' | 'signedIn' | 'signedOut';

/** The session state (spec §3 user state as /me reports it, plus the login flag of spec §4). */
export interface SessionState {
  status: SessionStatus;
  /** Spec §4 "Login state": true once the login check succeeded. */
  baselogined: boolean;
  me: MeData | null;
}

/**
 * A vanilla store over the session. Members are function-valued properties, so they can be
 * passed around unbound (e.g. straight into React's useSyncExternalStore).
 */
export interface SessionStore {
  getState: () => SessionState;
  setState: (patch: Partial<SessionState>) => void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /**
   * The login check of spec §4: /me with status 200 and data means signed in; anything else
   * (another status, no data, a network failure) ends the local session and resolves false.
   */
  checkLogin: () => Promise<boolean>;
  /**
   * The login check after a change the caller has just made (a child chosen, an account
   * switched): a check already running may have read /me before the change, so it is waited
   * for and /me is read again; checks that start later share the new one.
   */
  recheckLogin: () => Promise<boolean>;
  /**
   * Logout of spec §4: POST logout, then clear stored user data and session storage and set
   * the logged-out marker, even when the server could not be reached. Resolves whether the
   * server confirmed (status 200 with data, spec §7).
   */
  logout: () => Promise<boolean>;
}

type SessionArea = Pick<
  PortalStorage,
  'removeUser' | 'clearSession' | 'setLoggedOut' | 'clearAutoLoginCount'
>;

const INITIAL: SessionState = { status: 'unknown', baselogined: false, me: null };

/**
 * Creates the session store of one page.
 *
 * @example
 * const session = createSessionStore({ auth: createAuthApi(http), storage: browserStorage() });
 * if (!(await session.checkLogin())) location.replace('/login');
 * session.getState().me?.realName;
 */
export function createSessionStore(deps: { auth: AuthApi; storage: SessionArea }): SessionStore {
  const { auth, storage } = deps;
  let state: SessionState = INITIAL;
  const listeners = new Set<() => void>();
  let pendingCheck: Promise<boolean> | null = null;

  const setState = (patch: Partial<SessionState>): void => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };

  /**
   * Ends the session on this device. `byUser` sets the logged-out marker: it records that the
   * user chose to leave, which stops auto-login (spec §4). An expired session is not that
   * choice, so auto-login may still bring the user back.
   */
  const endLocalSession = (byUser: boolean): void => {
    storage.removeUser();
    storage.clearSession();
    if (byUser) storage.setLoggedOut(true);
    setState({ status: 'signedOut', baselogined: false, me: null });
  };

  /** `fresh`: asks the server for /me from its database, not its cache (after a change). */
  const runCheck = async (fresh = false): Promise<boolean> => {
    setState({ status: 'checking' });
    try {
      const res = await auth.me(fresh ? { headers: { ...FRESH_READ_HEADERS } } : undefined);
      if (res.status === BodyStatus.ok && res.data) {
        // A session that works ends any auto-login streak (the counter guards against loops).
        storage.clearAutoLoginCount();
        setState({ status: 'signedIn', baselogined: true, me: res.data });
        return true;
      }
    } catch {
      // A failed check resolves as not logged in (spec §4).
    }
    endLocalSession(false);
    return false;
  };

  const checkLogin = (fresh = false): Promise<boolean> => {
    // Several components may ask at once; one /me call answers them all.
    pendingCheck ??= runCheck(fresh).finally(() => {
      pendingCheck = null;
    });
    return pendingCheck;
  };

  return {
    getState: () => state,
    setState,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    checkLogin: () => checkLogin(),
    recheckLogin: async () => {
      // A check that began before the change answers what /me said then (a parent's previous
      // child after a quick second choice): let it finish, then ask again, for a fresh answer:
      // behind a proxy the next instance may not have heard of the change yet (its session cache
      // is told through Redis), and would answer the session as it was.
      await pendingCheck?.catch(() => false);
      return checkLogin(true);
    },
    logout: async () => {
      let confirmed = false;
      try {
        const res = await auth.logout();
        confirmed = res.status === BodyStatus.ok && res.data !== undefined && res.data !== null;
      } catch {
        // Still end the local session: the user asked to leave.
      }
      endLocalSession(true);
      return confirmed;
    },
  };
}
