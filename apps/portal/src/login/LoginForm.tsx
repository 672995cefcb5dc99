import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FORGET_PASSWORD_PATH } from '@campus/contracts/pages';
import { validateLoginForm, type LoginMessageId } from '@campus/sdk/login-rules';
import { useTranslation } from '../i18n/useTranslation.ts';
import { Icon } from '../shared/Icon.tsx';

/** What the form hands to the sign-in flow. */
export interface LoginFormValues {
  username: string;
  password: string;
  remember: boolean;
  /** Sign in with the remembered token: the user left the password field alone. */
  useToken: boolean;
}

export interface LoginFormProps {
  initialUsername: string;
  initialRemember: boolean;
  /** A remember token can stand in for the password. */
  hasRememberedPassword: boolean;
  busy: boolean;
  busyLabel: string;
  /** The failed sign-in's message, shown under the password field (spec §8). */
  serverError: string | null;
  onSubmit: (values: LoginFormValues) => void;
}

type FieldErrors = Partial<Record<'username' | 'password', LoginMessageId>>;

/** The login box of spec §2/§5: account, password, remember, forgot link, sign-in. */
export function LoginForm(props: LoginFormProps) {
  const { t } = useTranslation();
  const ids = useId();
  const [username, setUsername] = useState(props.initialUsername);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(props.initialRemember);
  const [passwordEdited, setPasswordEdited] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const useToken = props.hasRememberedPassword && !passwordEdited;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = validateLoginForm({ username, password, hasRememberToken: useToken });
    setErrors(check.errors);
    if (!check.valid) {
      (check.errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    props.onSubmit({ username: check.username, password: check.password, remember, useToken });
  };

  // Enter in the account field moves on to the password instead of submitting (spec §2).
  const onUsernameKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    passwordRef.current?.focus();
  };

  const usernameErrorId = `${ids}-username-error`;
  const passwordErrorId = `${ids}-password-error`;
  const passwordMessage = errors.password ? t(`login.${errors.password}`) : props.serverError;

  return (
    <form className="lp-form" noValidate onSubmit={submit} aria-busy={props.busy}>
      <div className={`lp-field${errors.username ? ' lp-field--invalid' : ''}`}>
        <label className="lp-field__label" htmlFor={`${ids}-username`}>
          {t('login.username')}
        </label>
        <div className="lp-field__control">
          <Icon name="user" />
          <input
            ref={usernameRef}
            id={`${ids}-username`}
            name="username"
            data-testid="login.username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="next"
            placeholder={t('login.usernamePlaceholder')}
            value={username}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={usernameErrorId}
            onChange={(e) => {
              setUsername(e.target.value);
              if (errors.username) setErrors((prev) => ({ ...prev, username: undefined }));
            }}
            onKeyDown={onUsernameKeyDown}
          />
        </div>
        <p className="lp-field__message" id={usernameErrorId} role="alert">
          {errors.username ? (
            <span data-testid="login.usernameError">{t(`login.${errors.username}`)}</span>
          ) : null}
        </p>
      </div>

      <div className={`lp-field${passwordMessage ? ' lp-field--invalid' : ''}`}>
        <label className="lp-field__label" htmlFor={`${ids}-password`}>
          {t('login.password')}
        </label>
        <div className="lp-field__control">
          <Icon name="lock" />
          <input
            ref={passwordRef}
            id={`${ids}-password`}
            name="password"
            data-testid="login.password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            enterKeyHint="go"
            placeholder={useToken ? t('login.passwordRemembered') : t('login.passwordPlaceholder')}
            value={password}
            aria-invalid={passwordMessage ? true : undefined}
            aria-describedby={passwordErrorId}
            onChange={(e) => {
              setPassword(e.target.value);
              setPasswordEdited(true);
              if (errors.password) setErrors((prev) => ({ ...prev, password: undefined }));
            }}
          />
          <button
            type="button"
            className="lp-field__reveal"
            aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((v) => !v)}
          >
            <Icon name={showPassword ? 'eyeOff' : 'eye'} />
          </button>
        </div>
        <p className="lp-field__message" id={passwordErrorId} role="alert">
          {errors.password ? (
            <span data-testid="login.passwordError">{t(`login.${errors.password}`)}</span>
          ) : props.serverError ? (
            <span data-testid="login.error">{props.serverError}</span>
          ) : null}
        </p>
      </div>

      <div className="lp-form__row">
        <label className="lp-check">
          <input
            type="checkbox"
            data-testid="login.remember"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <span>{t('login.remember')}</span>
        </label>
        <a className="lp-link" href={FORGET_PASSWORD_PATH} data-testid="login.forgot">
          {t('login.forgot')}
        </a>
      </div>

      <button
        type="submit"
        className="lp-submit"
        data-testid="login.submit"
        disabled={props.busy}
        aria-disabled={props.busy}
      >
        {props.busy ? <span className="lp-spinner" aria-hidden="true" /> : null}
        <span>{props.busy ? props.busyLabel : t('login.submit')}</span>
      </button>
    </form>
  );
}
