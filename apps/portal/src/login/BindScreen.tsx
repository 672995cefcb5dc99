import { useId, useState, type FormEvent } from 'react';
import { socialEndpoints } from '@campus/contracts/social';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { failureMessage } from '@campus/sdk/http-core';
import { validateLoginForm, type LoginMessageId } from '@campus/sdk/login-rules';
import { currentLanguage } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/useTranslation.ts';
import { Icon } from '../shared/Icon.tsx';
import { useRuntime } from '../shared/useRuntime.ts';
import { BackToLogin } from './BackToLogin.tsx';
import { finishSignIn } from './useSocialSignIn.ts';

const PARAMS = [
  ['openid', 'bind.openid'],
  ['unionid', 'bind.unionid'],
  ['deviceId', 'bind.deviceId'],
] as const;

/** Bind ids are the server's random tokens; anything shorter cannot be one. */
const MIN_BIND_ID_LENGTH = 16;

/**
 * /bind/ (spec §2: id, openid, unionid, deviceId): a WeCom or WeChat identity bound to no
 * account yet (issue 12 §2). The provider parameters show as text; the person signs in once
 * with account and password, which binds the identity for good and signs them in. Without a
 * bind id (an old or hand-made link), the page says to come back from the chat client.
 */
export function BindScreen() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const ids = useId();
  const query = new URLSearchParams(window.location.search);
  const bindId = query.get('id') ?? '';
  const usable = bindId.length >= MIN_BIND_ID_LENGTH;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'username' | 'password', LoginMessageId>>>(
    {},
  );
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = validateLoginForm({ username, password });
    setErrors(check.errors);
    setServerError(null);
    if (!check.valid) return;
    setBusy(true);
    const deviceId = query.get('deviceId') || runtime.storage.getDeviceId();
    callEndpoint(
      runtime.http,
      socialEndpoints.bind,
      { body: { id: bindId, username: check.username, password: check.password, deviceId } },
      { noIntercept: true },
    )
      .then((res) => {
        if (res.status === 200 && res.data) {
          finishSignIn(runtime, res.data);
          return;
        }
        setServerError(failureMessage(res, currentLanguage()));
        setBusy(false);
      })
      .catch((caught: unknown) => {
        setServerError(String(caught));
        setBusy(false);
      });
  };

  const passwordMessage = errors.password ? t(`login.${errors.password}`) : serverError;
  return (
    <div className="lp-info" data-testid="bind.page">
      <h1 className="lp-heading">{t('bind.heading')}</h1>
      <p className="lp-subheading">{t('bind.received')}</p>
      <dl className="lp-params">
        {PARAMS.map(([param, label]) => (
          <div key={param} className="lp-params__row">
            <dt>{t(label)}</dt>
            <dd data-testid={`bind.${param}`}>{query.get(param) || t('bind.empty')}</dd>
          </div>
        ))}
      </dl>
      {usable ? (
        <form className="lp-form" noValidate onSubmit={submit} aria-busy={busy}>
          <p className="lp-notice" role="note">
            {t('bind.explain')}
          </p>
          <div className={`lp-field${errors.username ? ' lp-field--invalid' : ''}`}>
            <label className="lp-field__label" htmlFor={`${ids}-username`}>
              {t('login.username')}
            </label>
            <div className="lp-field__control">
              <Icon name="user" />
              <input
                id={`${ids}-username`}
                name="username"
                data-testid="bind.username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                placeholder={t('login.usernamePlaceholder')}
                value={username}
                aria-invalid={errors.username ? true : undefined}
                aria-describedby={`${ids}-username-error`}
                onChange={(e) => setUsername(e.target.value)}
              />
            </div>
            <p className="lp-field__message" id={`${ids}-username-error`} role="alert">
              {errors.username ? t(`login.${errors.username}`) : null}
            </p>
          </div>
          <div className={`lp-field${passwordMessage ? ' lp-field--invalid' : ''}`}>
            <label className="lp-field__label" htmlFor={`${ids}-password`}>
              {t('login.password')}
            </label>
            <div className="lp-field__control">
              <Icon name="lock" />
              <input
                id={`${ids}-password`}
                name="password"
                type="password"
                data-testid="bind.password"
                autoComplete="current-password"
                placeholder={t('login.passwordPlaceholder')}
                value={password}
                aria-invalid={passwordMessage ? true : undefined}
                aria-describedby={`${ids}-password-error`}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <p className="lp-field__message" id={`${ids}-password-error`} role="alert">
              {passwordMessage ? <span data-testid="bind.error">{passwordMessage}</span> : null}
            </p>
          </div>
          <button
            type="submit"
            className="lp-submit"
            data-testid="bind.submit"
            disabled={busy}
            aria-disabled={busy}
          >
            {busy ? <span className="lp-spinner" aria-hidden="true" /> : null}
            <span>{busy ? t('login.submitting') : t('bind.submit')}</span>
          </button>
        </form>
      ) : (
        <p className="lp-notice" role="note">
          {t('bind.notEnabled')}
        </p>
      )}
      <BackToLogin label="bind.back" />
    </div>
  );
}
