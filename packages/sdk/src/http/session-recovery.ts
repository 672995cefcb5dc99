/**
 * Session recovery (spec §4 "Session expiry", §7, §8 "Body 401: refresh and retry, else
 * re-login"). When an answer carries body status 401 the HTTP core asks a `SessionRecovery`
 * what to do:
 *
 * 1. refresh the token (GET /api/uaa/oauth/refresh), then retry the original request once;
 * 2. if the refresh is refused, sign the app client in again with the stored client id
 *    (POST /api/uaa/oauth/login_user_client), store the NEW id it answers (single-use), retry;
 * 3. if that is refused too, run the re-login flow (`onRelogin`, which the portal points at
 *    /login?redirect_uri=…).
 *
 * Concurrent 401s share one renewal (single flight), and a 401 for a request sent before a
 * renewal finished is simply retried, so one expired token costs one refresh however many
 * requests were in the air. The renewal calls go out without recovery, so they cannot loop.
 * This module holds no wire code: the core hands it the calls to make.
 */
import type { Envelope } from '@campus/contracts/envelope';
import { uaaEndpoints, type SessionData } from '@campus/contracts/uaa';
import type { Payload } from './http-core.ts';
import type { PortalStorage } from '../platform/storage.ts';

/**
 * Calls whose 401 means "these credentials are refused", never "renew and retry": the
 * renewal calls themselves (no loops) and the sign-in/sign-out calls around them.
 */
const NEVER_RECOVER = new Set<string>(
  [
    uaaEndpoints.refresh,
    uaaEndpoints.loginUserClient,
    uaaEndpoints.relogin,
    uaaEndpoints.login,
    uaaEndpoints.logout,
  ].map((endpoint) => endpoint.path),
);

/**
 * True for the calls that must never start a recovery, whatever base URL or query they carry.
 *
 * @example
 * isRecoveryExempt('https://portal.example/api/uaa/oauth/refresh?_t=1'); // true
 * isRecoveryExempt(desktopEndpoints.unhandleCount.path); // false
 */
export function isRecoveryExempt(url: string): boolean {
  const noQuery = url.split(/[?#]/, 1)[0] ?? '';
  const path = noQuery.replace(/^[a-z][a-z\d+\-.]*:\/\/[^/]*/i, '');
  return NEVER_RECOVER.has(`/${path.replace(/^\/+/, '').replace(/\/+$/, '')}`);
}

/**
 * What the core does with a 401 answer:
 * - `retry`: the session was renewed (or was renewed since the request went out): send the
 *   original request once more;
 * - `relogin`: nothing could renew it and the re-login flow has been started: answer the
 *   401 without a notification, the re-login flow is what the user sees;
 * - `give-up`: no recovery possible or a renewal call got no answer: the 401 goes through
 *   the ordinary error rules of spec §8.
 */
export type RecoveryOutcome = 'retry' | 'relogin' | 'give-up';

/** The calls a recovery may make: silent (no notification) and never recovering themselves. */
export interface RecoveryCalls {
  /** The app code of the client that met the 401 (the per-app client id key, spec §3). */
  appCode: string;
  get: <T>(url: string) => Promise<Envelope<T>>;
  post: <T>(url: string, body: Payload) => Promise<Envelope<T>>;
}

/** The session-recovery seam of the HTTP core. One object may serve several clients of one app. */
export interface SessionRecovery {
  /** A token taken before a request goes out; tells later whether a renewal happened since. */
  ticket: () => number;
  /** Decides what to do with a body 401 for a request sent under `ticket`. Never rejects. */
  recover: (
    ticket: number,
    failed: Envelope<unknown>,
    calls: RecoveryCalls,
  ) => Promise<RecoveryOutcome>;
  /** An answer other than 401 arrived: the session works, a later 401 may re-login again. */
  confirm: () => void;
}

/** One renewal attempt; must not reject. */
export type Renewal = (failed: Envelope<unknown>, calls: RecoveryCalls) => Promise<RecoveryOutcome>;

/**
 * Wraps one renewal attempt in the rules every recovery shares: single flight, a request
 * sent before the last renewal is retried without renewing again, and after a re-login
 * further 401s stay quiet (no second `onRelogin`, no notification storm) until an answer
 * shows the session works again.
 *
 * @example
 * const recovery = createRecoveryGate(async () => ((await refresh()) ? 'retry' : 'give-up'));
 */
export function createRecoveryGate(renew: Renewal): SessionRecovery {
  let epoch = 0;
  let flight: Promise<RecoveryOutcome> | null = null;
  let reloginStarted = false;

  return {
    ticket: () => epoch,
    recover: (ticket, failed, calls) => {
      if (ticket !== epoch) return Promise.resolve('retry');
      if (reloginStarted) return Promise.resolve('relogin');
      flight ??= renew(failed, calls)
        .catch((): RecoveryOutcome => 'give-up')
        .then((outcome) => {
          flight = null;
          if (outcome === 'retry') epoch += 1;
          if (outcome === 'relogin') reloginStarted = true;
          return outcome;
        });
      return flight;
    },
    confirm: () => {
      reloginStarted = false;
    },
  };
}

/** Where the per-app client id lives (spec §3 `userClientId_{appCode}`). */
export type UserClientIdStore = Pick<PortalStorage, 'getUserClientId' | 'setUserClientId'>;

/** How the standard recovery of spec §4 is set up. */
export interface SessionRecoveryOptions {
  /** Holds the client id; `browserStorage()` in the browser. */
  storage: UserClientIdStore;
  /**
   * The re-login flow (spec §4), e.g. go to `/login?redirect_uri=…`. Called once per failed
   * recovery, however many requests were waiting. Without it a failed recovery gives up and
   * the 401 is reported by the ordinary error rules.
   */
  onRelogin?: () => void;
}

type Attempt = 'renewed' | 'refused' | 'no-answer';

async function attempt(
  call: () => Promise<Envelope<SessionData>>,
  calls: RecoveryCalls,
  storage: UserClientIdStore,
): Promise<Attempt> {
  let answer: Envelope<SessionData>;
  try {
    answer = await call();
  } catch {
    // No answer (network down, 5xx): the session may well be fine; do not escalate.
    return 'no-answer';
  }
  if (answer.status !== 200) return 'refused';
  // A fresh session comes with a fresh single-use client id: keep the newest (spec §3, §4).
  const id = answer.data?.userClientId;
  if (typeof id === 'string' && id !== '') storage.setUserClientId(calls.appCode, id);
  return 'renewed';
}

/**
 * The recovery of spec §4: refresh, else login_user_client with the stored id, else re-login.
 * Pass the same object to every client of the app on the page so they share one renewal.
 *
 * @example
 * const recovery = createSessionRecovery({
 *   storage: browserStorage(),
 *   onRelogin: () => location.assign(loginUrlFor(location.href)),
 * });
 * const http = createHttpClient({ device: 'pc', appCode: 'cms', sessionRecovery: recovery });
 */
export function createSessionRecovery(options: SessionRecoveryOptions): SessionRecovery {
  const { storage, onRelogin } = options;
  return createRecoveryGate(async (_failed, calls) => {
    // Step 1 (spec §4): refresh the token.
    const refreshed = await attempt(
      () => calls.get<SessionData>(uaaEndpoints.refresh.path),
      calls,
      storage,
    );
    if (refreshed === 'renewed') return 'retry';
    if (refreshed === 'no-answer') return 'give-up';

    // Step 2 (spec §4): the app client signs in with its stored client id.
    const userClientId = storage.getUserClientId(calls.appCode);
    if (userClientId) {
      const signedIn = await attempt(
        () => calls.post<SessionData>(uaaEndpoints.loginUserClient.path, { userClientId }),
        calls,
        storage,
      );
      if (signedIn === 'renewed') return 'retry';
      if (signedIn === 'no-answer') return 'give-up';
    }

    // Step 3 (spec §4, §8): the re-login flow.
    if (!onRelogin) return 'give-up';
    try {
      onRelogin();
    } catch {
      // The page's handler failed; the requests still end as refused.
    }
    return 'relogin';
  });
}
