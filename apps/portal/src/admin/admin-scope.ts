/**
 * The caller's administration scope (`GET /api/admin/scope`, issue 13 §1) through the SDK's
 * typed call. Asked once the session is known, without the client's failure notice: a refusal
 * is a page of its own here (not an administrator), never a toast over a blank page.
 */
import { useCallback, useEffect, useState } from 'react';
import { adminEndpoints, type AdminScope } from '@campus/contracts/admin';
import { BodyStatus, type Envelope } from '@campus/contracts/envelope';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import type { HttpClient } from '@campus/sdk/http-core';
import { useRuntime } from '../shared/useRuntime.ts';

export type ScopeState =
  | { kind: 'loading' }
  | { kind: 'ready'; scope: AdminScope }
  /** 403, or a scope with no unit: the caller administers nothing. */
  | { kind: 'notAdmin' }
  /** 401: the session ended meanwhile; the session guard sends the page to the login. */
  | { kind: 'signedOut' }
  /** Anything else (network, server): the console offers to try again. */
  | { kind: 'failed' };

/** Reads the scope call's answer (an envelope, or a transport failure as `undefined`). */
export function scopeStateOf(answer: Envelope<AdminScope> | undefined): ScopeState {
  if (!answer) return { kind: 'failed' };
  switch (answer.status) {
    case BodyStatus.ok:
      return answer.data && answer.data.units.length > 0
        ? { kind: 'ready', scope: answer.data }
        : { kind: 'notAdmin' };
    case BodyStatus.forbidden:
      return { kind: 'notAdmin' };
    case BodyStatus.unauthorized:
      return { kind: 'signedOut' };
    default:
      return { kind: 'failed' };
  }
}

/**
 * Asks for the scope. Without the session recovery of spec §4: the page's login check does that,
 * and a 401 here is answered by asking again once the session is known (`useAdminScope`).
 */
export function requestScope(http: HttpClient): Promise<ScopeState> {
  return callEndpoint(http, adminEndpoints.scope, undefined, {
    noIntercept: true,
    noRecover: true,
  }).then(scopeStateOf, () => ({ kind: 'failed' }) as const);
}

/**
 * The scope, once `enabled` (the session is signed in). `early` is the request main.tsx started
 * beside the login check, so the console's first screen waits for one round trip, not two; when
 * it came back 401 (the access token was renewed meanwhile), the scope is asked again. `retry`
 * asks again after a failure.
 */
export function useAdminScope(
  enabled: boolean,
  early?: Promise<ScopeState>,
): { state: ScopeState; retry: () => void; refresh: () => Promise<void> } {
  const { http } = useRuntime();
  const [state, setState] = useState<ScopeState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    const first = attempt === 0 && early !== undefined;
    void (first ? early : requestScope(http)).then((next) => {
      if (!live) return;
      if (first && next.kind === 'signedOut') setAttempt(1);
      else setState(next);
    });
    return () => {
      live = false;
    };
  }, [http, enabled, early, attempt]);
  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  // Quietly: the page stays while asking, and only a newer scope replaces the one in hand.
  const refresh = useCallback(
    () =>
      requestScope(http).then((next) => {
        if (next.kind === 'ready') setState(next);
      }),
    [http],
  );
  return { state, retry, refresh };
}
