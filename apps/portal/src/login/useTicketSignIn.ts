import { useEffect, useRef, useState } from 'react';
import { accountRecoveryEndpoints, TICKET_PARAM } from '@campus/contracts/account-recovery';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { PORTAL_APP_CODE as APP_CODE } from '@campus/sdk/create-page-runtime';
import { t } from '../i18n/i18n.ts';
import { goTo } from '../shared/navigation.ts';
import { useRuntime } from '../shared/useRuntime.ts';
import { pushToast } from './toast-store.ts';
import { postLoginTarget } from './useLoginFlow.ts';
import type { SignInOptionsState } from './useSignInOptions.ts';

/** How long the success notice shows before the page changes (as after a password sign-in). */
const SUCCESS_PAUSE_MS = 600;

/** The page address without the ticket: the `service` the issuer sent the user back to. */
function addressWithoutTicket(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete(TICKET_PARAM);
  return url.href;
}

/**
 * A visit with `?ticket=` (issue 12 §3, spec §7 "GET configured ticket path"): the ticket
 * goes to the unit's ticket path once, and the user is signed in; a unit without one gets the
 * spec §8 error notification. The ticket leaves the address either way, so a reload does not
 * present it again. Answers true while the sign-in runs.
 */
export function useTicketSignIn(options: SignInOptionsState): boolean {
  const { http, storage, session } = useRuntime();
  const ticket = useRef(new URLSearchParams(window.location.search).get(TICKET_PARAM));
  const [busy, setBusy] = useState(ticket.current !== null);

  useEffect(() => {
    const value = ticket.current;
    if (value === null || options.status === 'loading') return;
    ticket.current = null;
    const service = addressWithoutTicket();
    window.history.replaceState(window.history.state, '', service);
    if (options.status !== 'ready' || options.options.ticketPath === null) {
      pushToast({ kind: 'error', message: t('login.ticketNotConfigured') }, 5000);
      setBusy(false);
      return;
    }
    const unit = options.options;
    callEndpoint(http, accountRecoveryEndpoints.ticketLogin, {
      query: { ticket: value, unitId: unit.unitId, unitHost: window.location.host, service },
    })
      .then((res) => {
        if (res.status !== 200 || !res.data) {
          setBusy(false);
          return;
        }
        const data = res.data;
        storage.setUser(data);
        storage.setLoggedOut(false);
        storage.setUserClientId(APP_CODE, data.userClientId);
        session.setState({ baselogined: true });
        pushToast({ kind: 'success', message: t('login.success') });
        const target = postLoginTarget(data.userType);
        setTimeout(() => goTo(target), SUCCESS_PAUSE_MS);
      })
      .catch(() => setBusy(false));
  }, [options, http, storage, session]);

  return busy;
}
