import { useTranslation } from '../i18n/useTranslation.ts';
import { FaceSignIn } from './FaceSignIn.tsx';
import { LoginForm } from './LoginForm.tsx';
import { SocialIcons } from './SocialIcons.tsx';
import { useLoginFlow } from './useLoginFlow.ts';
import type { SignInOptionsState } from './useSignInOptions.ts';
import { useSocialSignIn } from './useSocialSignIn.ts';
import { useTicketSignIn } from './useTicketSignIn.ts';
import type { UnitConfigState } from './useUnitConfig.ts';

/**
 * The /login screen: heading and the login box, driven by the sign-in flow; a `?ticket=` visit
 * signs in with the ticket, and a unit with an SSO URL offers it (issue 12 §3); the unit's WeCom
 * and WeChat sign-in shows its icons, and signs the chat clients' users in at once (issue 12 §2).
 */
export function LoginScreen({
  unit,
  options,
}: {
  unit: UnitConfigState;
  options: SignInOptionsState;
}) {
  const { t } = useTranslation();
  const flow = useLoginFlow(unit);
  const ticketBusy = useTicketSignIn(options);
  const social = useSocialSignIn(flow.phase === 'ready');
  const busy =
    ticketBusy ||
    social.busy ||
    flow.phase === 'submitting' ||
    flow.phase === 'auto' ||
    flow.phase === 'leaving';
  // Checked by the server (http(s) only); rendered as a link's address, never as markup.
  const ssoUrl = options.status === 'ready' ? options.options.ssoUrl : null;
  return (
    <>
      <h1 className="lp-heading">{t('login.heading')}</h1>
      <p className="lp-subheading">{t('login.subheading')}</p>
      <LoginForm
        initialUsername={flow.saved?.username ?? ''}
        initialRemember={flow.saved?.remember ?? false}
        hasRememberedPassword={Boolean(flow.saved?.rememberToken)}
        busy={busy}
        busyLabel={
          ticketBusy
            ? t('login.ticketSigningIn')
            : social.busy
              ? t('login.social.signingIn')
              : flow.phase === 'auto'
                ? t('login.autoSigningIn')
                : t('login.submitting')
        }
        serverError={flow.error}
        onSubmit={flow.submit}
      />
      {ssoUrl ? (
        <div className="lp-sso">
          <span className="lp-sso__or">{t('login.or')}</span>
          <a className="lp-sso__link" href={ssoUrl} data-testid="login.sso">
            {t('login.sso')}
          </a>
        </div>
      ) : null}
      <FaceSignIn options={options} />
      <SocialIcons social={social} />
    </>
  );
}
