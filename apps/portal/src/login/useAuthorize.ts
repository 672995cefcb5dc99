/**
 * The authorize page's flow (spec §2, §7 `shiyue_webauth`, §8; DESIGN.md §8): read the
 * standard parameters from the address, sign in first when signed out (the login box, then
 * back here), show the client's name, and on Allow or Deny go where the server answers: the
 * client's redirect URI with `code` and `state`, or `error=access_denied`.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  AUTHORIZE_CLIENT_PARAM,
  isOidcScope,
  oidcEndpoints,
  type OidcScope,
  type WebAuthBody,
} from '@campus/contracts/oidc';
import { LOGIN_PATH, LOGIN_REDIRECT_PARAM } from '@campus/contracts/pages';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { replaceWith } from '../shared/navigation.ts';
import { useRuntime } from '../shared/useRuntime.ts';

export type AuthorizeState =
  | { phase: 'missingClient' }
  | { phase: 'checking' }
  | { phase: 'unknownClient' }
  | { phase: 'ready' | 'sending'; clientName: string; scopes: OidcScope[] };

/** The parameters of the address the page passes on (the authorization request's). */
const PASSED_ON = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
  'nonce',
] as const;

/** The body of `shiyue_webauth` from the page's address. */
export function webAuthBody(search: string, host: string, decision: 'allow' | 'deny'): WebAuthBody {
  const query = new URLSearchParams(search);
  const body: Record<string, string> = { unitHost: host, decision };
  for (const name of PASSED_ON) {
    const value = query.get(name);
    if (value !== null) body[name] = value;
  }
  return body as unknown as WebAuthBody;
}

/** The scopes asked for that the page can name, each once, in the order asked. */
export function requestedScopes(search: string): OidcScope[] {
  const scope = new URLSearchParams(search).get('scope') ?? '';
  return [...new Set(scope.split(' ').filter(isOidcScope))];
}

export function useAuthorize(): {
  state: AuthorizeState;
  decide: (decision: 'allow' | 'deny') => void;
} {
  const { http, session } = useRuntime();
  const [search] = useState(() => window.location.search);
  const clientId = new URLSearchParams(search).get(AUTHORIZE_CLIENT_PARAM);
  const [state, setState] = useState<AuthorizeState>(
    clientId ? { phase: 'checking' } : { phase: 'missingClient' },
  );

  useEffect(() => {
    if (!clientId) return;
    let live = true;
    void (async () => {
      const signedIn = await session.checkLogin().catch(() => false);
      if (!live) return;
      if (!signedIn) {
        // The whole address, `state` and `code_challenge` included (loginUrlFor would strip
        // the spec §2 login parameters, `state` among them).
        const back = `${window.location.pathname}${window.location.search}`;
        replaceWith(`${LOGIN_PATH}?${LOGIN_REDIRECT_PARAM}=${encodeURIComponent(back)}`);
        return;
      }
      const answer = await callEndpoint(
        http,
        oidcEndpoints.authorizeClient,
        { query: { client_id: clientId } },
        { noIntercept: true },
      ).catch(() => null);
      if (!live) return;
      setState(
        answer?.status === 200 && answer.data
          ? { phase: 'ready', clientName: answer.data.name, scopes: requestedScopes(search) }
          : { phase: 'unknownClient' },
      );
    })();
    return () => {
      live = false;
    };
  }, [clientId, http, search, session]);

  const decide = useCallback(
    (decision: 'allow' | 'deny') => {
      if (state.phase !== 'ready') return;
      setState({ ...state, phase: 'sending' });
      void (async () => {
        const answer = await callEndpoint(http, oidcEndpoints.webauth, {
          body: webAuthBody(search, window.location.host, decision),
        }).catch(() => null);
        if (answer?.status === 200 && answer.data) {
          replaceWith(answer.data.redirect);
          return;
        }
        // The client has told the user why (spec §8); the buttons come back.
        setState({ ...state, phase: 'ready' });
      })();
    },
    [http, search, state],
  );

  return { state, decide };
}
