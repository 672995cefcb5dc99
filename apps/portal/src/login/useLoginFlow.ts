import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorCode } from '@campus/contracts/envelope';
import { DESKTOP_PATH } from '@campus/contracts/pages';
import type { LoginData } from '@campus/contracts/uaa';
import type { LoginRequest } from '@campus/sdk/auth';
import { HttpError } from '@campus/sdk/http-core';
import { beginAutoLogin } from '@campus/sdk/login-rules';
import {
  classifyLoginResult,
  clientKindFromUserAgent,
  resolvePostLoginTarget,
  type LoginOutcome,
} from '@campus/sdk/redirect';
import {
  clearSavedLogin,
  forgetRememberToken,
  readSavedLogin,
  rememberLogin,
  type SavedLogin,
} from '@campus/sdk/saved-login';
import { currentScreenClass } from '@campus/sdk/screen';
import { currentLanguage, t } from '../i18n/i18n.ts';
import { goTo, replaceWith } from '../shared/navigation.ts';
import { PORTAL_APP_CODE as APP_CODE } from '@campus/sdk/create-page-runtime';
import { useRuntime } from '../shared/useRuntime.ts';
import type { LoginFormValues } from './LoginForm.tsx';
import { pushToast } from './toast-store.ts';
import type { UnitConfigState } from './useUnitConfig.ts';

/** How long the success notice shows before the page changes. */
const SUCCESS_PAUSE_MS = 600;

export type LoginPhase = 'checking' | 'ready' | 'submitting' | 'auto' | 'leaving';

export interface LoginFlow {
  phase: LoginPhase;
  /** The saved-login record read at page load (prefill, remembered token). */
  saved: SavedLogin | null;
  /** The failed sign-in's message for the login box. */
  error: string | null;
  submit: (values: LoginFormValues) => void;
}

function postLoginTarget(userType: number | undefined): string {
  return (
    resolvePostLoginTarget({
      pageUrl: window.location.href,
      screen: currentScreenClass(),
      client: clientKindFromUserAgent(navigator.userAgent),
      userType,
    }) ?? DESKTOP_PATH
  );
}

/**
 * The sign-in flow of spec §4 behind the login box: skip the page when /me already says
 * signed in, auto-login when the rule allows, and act on the login result.
 */
export function useLoginFlow(unit: UnitConfigState): LoginFlow {
  const { auth, session, storage } = useRuntime();
  const [phase, setPhase] = useState<LoginPhase>('checking');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedLogin | null>(() => readSavedLogin(storage));
  // Refs, not state: a second submit in the same tick must already see the first.
  const pending = useRef(false);
  const autoTried = useRef(false);

  const succeed = useCallback(
    (data: LoginData, username: string, remember: boolean) => {
      // `setUser` keeps only unit and user-type fields: no token reaches `user`.
      storage.setUser(data);
      storage.setLoggedOut(false);
      storage.setUserClientId(APP_CODE, data.userClientId);
      if (remember && data.rememberToken) rememberLogin(storage, username, data.rememberToken);
      else if (remember) forgetRememberToken(storage, username);
      else clearSavedLogin(storage);
      session.setState({ baselogined: true });
      setPhase('leaving');
      pushToast({ kind: 'success', message: t('login.success') });
      const target = postLoginTarget(data.userType);
      setTimeout(() => goTo(target), SUCCESS_PAUSE_MS);
    },
    [session, storage],
  );

  const submit = useCallback(
    (values: LoginFormValues & { auto?: boolean }) => {
      if (pending.current) return;
      pending.current = true;
      setError(null);
      setPhase(values.auto ? 'auto' : 'submitting');
      const deviceId = storage.getDeviceId();
      const token = values.useToken ? saved?.rememberToken : null;
      const common = { username: values.username, rememberMe: values.remember, deviceId };
      const request: LoginRequest = token
        ? { ...common, rememberToken: token }
        : { ...common, password: values.password };

      const finish = (outcome: LoginOutcome, code?: string) => {
        switch (outcome.kind) {
          case 'success':
            succeed(outcome.data, values.username, values.remember);
            return;
          case 'bind':
            setPhase('leaving');
            goTo(outcome.target);
            return;
          case 'failure':
            if (token && code === ErrorCode.invalidGrant) {
              // The server refused the token (revoked, expired, other device): type it again.
              forgetRememberToken(storage, values.username);
              setSaved(readSavedLogin(storage));
            }
            setError(outcome.message);
            setPhase('ready');
            pending.current = false;
            return;
        }
      };

      auth
        .login(request)
        .then((res) =>
          finish(classifyLoginResult(res, { deviceId, lang: currentLanguage() }), res.code),
        )
        .catch((caught: unknown) =>
          finish({
            kind: 'failure',
            message: caught instanceof HttpError ? caught.notice.message : String(caught),
          }),
        );
    },
    [auth, saved, storage, succeed],
  );

  // Already signed in: straight to where the user was going (spec §4).
  useEffect(() => {
    let live = true;
    void session.checkLogin().then((signedIn) => {
      if (!live) return;
      if (signedIn) {
        setPhase('leaving');
        replaceWith(postLoginTarget(session.getState().me?.userType));
      } else {
        setPhase((current) => (current === 'checking' ? 'ready' : current));
      }
    });
    return () => {
      live = false;
    };
  }, [session]);

  // Auto-login once the unit's setting is known (spec §4 "Auto-login").
  useEffect(() => {
    if (phase !== 'ready' || unit.status === 'loading' || autoTried.current) return;
    autoTried.current = true;
    if (unit.status !== 'ready') return;
    const hasToken = Boolean(saved?.remember && saved.rememberToken);
    if (beginAutoLogin(storage, unit.config.autoLogin, hasToken) && saved) {
      submit({
        username: saved.username,
        password: '',
        remember: true,
        useToken: true,
        auto: true,
      });
    }
  }, [phase, unit, saved, storage, submit]);

  return { phase, saved, error, submit };
}
