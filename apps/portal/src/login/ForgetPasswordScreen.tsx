import { useId, useState, type FormEvent } from 'react';
import { accountRecoveryEndpoints, RESET_TOKEN_PARAM } from '@campus/contracts/account-recovery';
import { LOGIN_PATH } from '@campus/contracts/pages';
import { defaultPasswordProblem } from '@campus/contracts/password-rules';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../i18n/useTranslation.ts';
import { useRuntime } from '../shared/useRuntime.ts';
import { BackToLogin } from './BackToLogin.tsx';
import type { SignInOptionsState } from './useSignInOptions.ts';

/**
 * /forgetPassword (spec §2; issue 12 §4, DESIGN.md §8): with mail set up, the account's
 * one-time reset link by email; the link comes back here with `?reset=` to choose the new
 * password. Without mail, the page says to ask the unit administrator.
 */
export function ForgetPasswordScreen({ options }: { options: SignInOptionsState }) {
  const token = new URLSearchParams(window.location.search).get(RESET_TOKEN_PARAM);
  if (token) return <ResetPasswordForm token={token} />;
  if (options.status === 'loading') return <div className="lp-info" aria-busy="true" />;
  if (options.status === 'ready' && options.options.passwordReset === 'email') {
    return <RequestLinkForm />;
  }
  return <AskTheAdministrator />;
}

function AskTheAdministrator() {
  const { t } = useTranslation();
  return (
    <div className="lp-info" data-testid="forget.page">
      <h1 className="lp-heading">{t('forget.heading')}</h1>
      <p className="lp-subheading">{t('forget.lead')}</p>
      <ol className="lp-steps">
        <li>{t('forget.step1')}</li>
        <li>{t('forget.step2')}</li>
        <li>{t('forget.step3')}</li>
      </ol>
      <BackToLogin label="forget.back" />
    </div>
  );
}

/** Asks for the account; the answer is the same whether or not it exists. */
function RequestLinkForm() {
  const { t } = useTranslation();
  const { http } = useRuntime();
  const ids = useId();
  const [account, setAccount] = useState('');
  const [error, setError] = useState(false);
  const [phase, setPhase] = useState<'ready' | 'sending' | 'sent'>('ready');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phase === 'sending') return;
    const value = account.trim();
    if (value === '') {
      setError(true);
      return;
    }
    setPhase('sending');
    callEndpoint(http, accountRecoveryEndpoints.forgotPassword, { body: { account: value } })
      .then((res) => setPhase(res.status === 200 ? 'sent' : 'ready'))
      .catch(() => setPhase('ready'));
  };

  if (phase === 'sent') {
    return (
      <div className="lp-info" data-testid="forget.page">
        <h1 className="lp-heading">{t('forget.sentHeading')}</h1>
        <p className="lp-subheading" role="status" data-testid="forget.sent">
          {t('forget.sent')}
        </p>
        <BackToLogin label="forget.back" />
      </div>
    );
  }
  return (
    <div className="lp-info" data-testid="forget.page">
      <h1 className="lp-heading">{t('forget.heading')}</h1>
      <p className="lp-subheading">{t('forget.emailLead')}</p>
      <form className="lp-form" noValidate onSubmit={submit} aria-busy={phase === 'sending'}>
        <div className={`lp-field${error ? ' lp-field--invalid' : ''}`}>
          <label className="lp-field__label" htmlFor={`${ids}-account`}>
            {t('forget.account')}
          </label>
          <div className="lp-field__control">
            <input
              id={`${ids}-account`}
              name="account"
              data-testid="forget.account"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('forget.accountPlaceholder')}
              value={account}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${ids}-account-error`}
              onChange={(e) => {
                setAccount(e.target.value);
                setError(false);
              }}
            />
          </div>
          <p className="lp-field__message" id={`${ids}-account-error`} role="alert">
            {error ? (
              <span data-testid="forget.accountError">{t('forget.accountRequired')}</span>
            ) : null}
          </p>
        </div>
        <button
          type="submit"
          className="lp-submit"
          data-testid="forget.submit"
          disabled={phase === 'sending'}
        >
          {phase === 'sending' ? <span className="lp-spinner" aria-hidden="true" /> : null}
          <span>{phase === 'sending' ? t('forget.sending') : t('forget.send')}</span>
        </button>
      </form>
      <BackToLogin label="forget.back" />
    </div>
  );
}

type ResetProblem = 'length' | 'whitespace' | 'chinese' | 'kinds' | 'mismatch';

/** The new password, twice, under the spec §5 default rule; the server checks it again. */
function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const { http } = useRuntime();
  const ids = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<ResetProblem | null>(null);
  const [phase, setPhase] = useState<'ready' | 'saving' | 'done'>('ready');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phase === 'saving') return;
    const found: ResetProblem | null =
      defaultPasswordProblem(password) ?? (password === confirm ? null : 'mismatch');
    setProblem(found);
    if (found) return;
    setPhase('saving');
    callEndpoint(http, accountRecoveryEndpoints.resetPassword, { body: { token, password } })
      .then((res) => setPhase(res.status === 200 ? 'done' : 'ready'))
      .catch(() => setPhase('ready'));
  };

  if (phase === 'done') {
    return (
      <div className="lp-info" data-testid="reset.page">
        <h1 className="lp-heading">{t('forget.doneHeading')}</h1>
        <p className="lp-subheading" role="status" data-testid="reset.done">
          {t('forget.done')}
        </p>
        <a className="lp-submit lp-submit--link" href={LOGIN_PATH} data-testid="reset.signIn">
          {t('forget.signIn')}
        </a>
      </div>
    );
  }
  const message = problem ? t(`forget.problem.${problem}`) : null;
  return (
    <div className="lp-info" data-testid="reset.page">
      <h1 className="lp-heading">{t('forget.resetHeading')}</h1>
      <p className="lp-subheading">{t('forget.rule')}</p>
      <form className="lp-form" noValidate onSubmit={submit} aria-busy={phase === 'saving'}>
        <div className="lp-field">
          <label className="lp-field__label" htmlFor={`${ids}-password`}>
            {t('forget.newPassword')}
          </label>
          <div className="lp-field__control">
            <input
              id={`${ids}-password`}
              type="password"
              name="new-password"
              autoComplete="new-password"
              data-testid="reset.password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setProblem(null);
              }}
            />
          </div>
        </div>
        <div className={`lp-field${message ? ' lp-field--invalid' : ''}`}>
          <label className="lp-field__label" htmlFor={`${ids}-confirm`}>
            {t('forget.confirmPassword')}
          </label>
          <div className="lp-field__control">
            <input
              id={`${ids}-confirm`}
              type="password"
              name="confirm-password"
              autoComplete="new-password"
              data-testid="reset.confirm"
              value={confirm}
              aria-invalid={message ? true : undefined}
              aria-describedby={`${ids}-error`}
              onChange={(e) => {
                setConfirm(e.target.value);
                setProblem(null);
              }}
            />
          </div>
          <p className="lp-field__message" id={`${ids}-error`} role="alert">
            {message ? <span data-testid="reset.error">{message}</span> : null}
          </p>
        </div>
        <button
          type="submit"
          className="lp-submit"
          data-testid="reset.submit"
          disabled={phase === 'saving'}
        >
          {phase === 'saving' ? <span className="lp-spinner" aria-hidden="true" /> : null}
          <span>{t('forget.save')}</span>
        </button>
      </form>
      <BackToLogin label="forget.back" />
    </div>
  );
}
