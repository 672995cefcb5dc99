import { useCallback, useEffect, useRef, useState } from 'react';
import { BodyStatus } from '@campus/contracts/envelope';
import { BIND_PATH } from '@campus/contracts/pages';
import {
  SOCIAL_CODE_PARAM,
  SOCIAL_STATE_PARAM,
  SOCIAL_UNBOUND_CODE,
  socialEndpoints,
  socialInfoEndpoint,
  type SocialAuthorize,
  type SocialBindData,
  type SocialProviderType,
} from '@campus/contracts/social';
import { uaaEndpoints, type LoginData, type SocialProvider } from '@campus/contracts/uaa';
import { PORTAL_APP_CODE as APP_CODE } from '@campus/sdk/create-page-runtime';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { failureMessage } from '@campus/sdk/http-core';
import { clientKindFromUserAgent, REDIRECT_PARAM } from '@campus/sdk/redirect';
import { currentScreenClass } from '@campus/sdk/screen';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { goTo, replaceWith } from '../shared/navigation.ts';
import { useRuntime } from '../shared/useRuntime.ts';
import { pushToast } from './toast-store.ts';
import { postLoginTarget } from './useLoginFlow.ts';

/** How long the success notice shows before the page changes (as after a password sign-in). */
const SUCCESS_PAUSE_MS = 600;

/** The provider the chat client in use belongs to (spec §1 user agents), if any. */
export function chatClientProvider(userAgent: string): SocialProviderType | null {
  const client = clientKindFromUserAgent(userAgent);
  if (client === 'enterprise-chat') return 'qy';
  if (client === 'social-chat') return 'mp';
  return null;
}

/** The bind page's address for an unbound identity (spec §2: id, openid, unionid, deviceId). */
export function bindPageAddress(data: SocialBindData, deviceId: string): string {
  const params = new URLSearchParams({
    id: data.id,
    openid: data.openid,
    unionid: data.unionid ?? '',
    deviceId: data.deviceId ?? deviceId,
  });
  const back = new URLSearchParams(window.location.search).get(REDIRECT_PARAM);
  if (back) params.set(REDIRECT_PARAM, back);
  return `${BIND_PATH}?${params.toString()}`;
}

/** Stores a signed-in answer as the password sign-in does, and leaves for the spec §4 target. */
export function finishSignIn(runtime: ReturnType<typeof useRuntime>, data: LoginData): void {
  runtime.storage.setUser(data);
  runtime.storage.setLoggedOut(false);
  runtime.storage.setUserClientId(APP_CODE, data.userClientId);
  runtime.session.setState({ baselogined: true });
  pushToast({ kind: 'success', message: t('login.success') });
  const target = postLoginTarget(data.userType);
  setTimeout(() => goTo(target), SUCCESS_PAUSE_MS);
}

export interface SocialSignIn {
  /** The unit's providers (icons). */
  providers: SocialProvider[];
  /** A sign-in with a provider's code, or the trip to the provider, is under way. */
  busy: boolean;
  /** The scan-code widget shown on PC, if one was opened. */
  widget: SocialAuthorize | null;
  /** An icon was chosen: the scan-code widget on PC, the provider's OAuth page elsewhere. */
  choose: (type: SocialProviderType) => void;
  closeWidget: () => void;
}

/**
 * WeCom and WeChat sign-in on the login page (issue 12 §2, DESIGN.md §8):
 * - back from the provider with `code` and `state`, they go to `POST social/{state}` once (and
 *   leave the address); success signs in, an unbound identity goes to the bind page (spec §4),
 *   anything else is a notice;
 * - inside the WeCom or WeChat client (spec §1 user agents) with that provider configured, the
 *   page sends the user through the provider's OAuth at once, once the login check says signed
 *   out (`ready`);
 * - an icon opens the scan-code widget on PC, and the OAuth page on other screens.
 */
export function useSocialSignIn(ready: boolean): SocialSignIn {
  const runtime = useRuntime();
  const { http, storage } = runtime;
  const query = useRef(new URLSearchParams(window.location.search));
  const returned = useRef(
    query.current.get(SOCIAL_CODE_PARAM) && query.current.get(SOCIAL_STATE_PARAM)
      ? {
          code: query.current.get(SOCIAL_CODE_PARAM) ?? '',
          state: query.current.get(SOCIAL_STATE_PARAM) ?? '',
        }
      : null,
  );
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(returned.current !== null);
  const [widget, setWidget] = useState<SocialAuthorize | null>(null);
  const autoTried = useRef(false);

  useEffect(() => {
    let live = true;
    const unitId = query.current.get('unitId') ?? undefined;
    // Started inside a promise: a client that cannot call at all offers no icons, nothing more.
    Promise.resolve()
      .then(() =>
        callEndpoint(
          http,
          uaaEndpoints.socialInfo,
          { query: unitId ? { unitId } : {} },
          { noIntercept: true },
        ),
      )
      .then((res) => {
        if (live && res.status === 200 && res.data) setProviders(res.data);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, [http]);

  const authorize = useCallback(
    async (type: SocialProviderType): Promise<SocialAuthorize | null> => {
      const unitId = query.current.get('unitId') ?? undefined;
      const redirect = query.current.get(REDIRECT_PARAM) ?? undefined;
      const res = await callEndpoint(http, socialInfoEndpoint(type), {
        query: {
          unitHost: window.location.host,
          ...(unitId ? { unitId } : {}),
          ...(redirect ? { redirect } : {}),
        },
      });
      return res.status === 200 && res.data ? res.data : null;
    },
    [http],
  );

  // Back from the provider: the code goes to the server once, and leaves the address.
  useEffect(() => {
    const back = returned.current;
    if (!back) return;
    returned.current = null;
    const url = new URL(window.location.href);
    url.searchParams.delete(SOCIAL_CODE_PARAM);
    url.searchParams.delete(SOCIAL_STATE_PARAM);
    window.history.replaceState(window.history.state, '', url.href);
    const deviceId = storage.getDeviceId();
    callEndpoint(
      http,
      socialEndpoints.login,
      {
        params: { state: back.state },
        body: { code: back.code, deviceId, unitHost: window.location.host },
      },
      { noIntercept: true },
    )
      .then((res) => {
        if (res.status === BodyStatus.ok && res.data && 'accessToken' in res.data) {
          finishSignIn(runtime, res.data);
          return;
        }
        if (res.code === SOCIAL_UNBOUND_CODE && res.data && 'id' in res.data) {
          goTo(bindPageAddress(res.data, deviceId));
          return;
        }
        pushToast({ kind: 'error', message: failureMessage(res, currentLanguage()) }, 5000);
        setBusy(false);
      })
      .catch(() => {
        pushToast({ kind: 'error', message: t('login.socialFailed') }, 5000);
        setBusy(false);
      });
  }, [http, storage, runtime]);

  // Inside the chat client: straight through the provider's OAuth (never after a failed return).
  useEffect(() => {
    if (!ready || !loaded || autoTried.current || busy) return;
    autoTried.current = true;
    const type = chatClientProvider(navigator.userAgent);
    if (!type || !providers.some((p) => p.providerId === type)) return;
    if (query.current.has(SOCIAL_STATE_PARAM)) return;
    setBusy(true);
    authorize(type)
      .then((answer) => {
        if (answer) replaceWith(answer.authorizeUrl);
        else setBusy(false);
      })
      .catch(() => setBusy(false));
  }, [ready, loaded, busy, providers, authorize]);

  const choose = useCallback(
    (type: SocialProviderType) => {
      const inClient = chatClientProvider(navigator.userAgent) !== null;
      authorize(type)
        .then((answer) => {
          if (!answer) return;
          if (!inClient && currentScreenClass() === 'pc') setWidget(answer);
          else goTo(answer.authorizeUrl);
        })
        .catch(() => undefined);
    },
    [authorize],
  );

  return { providers, busy, widget, choose, closeWidget: () => setWidget(null) };
}
