import { useTranslation } from '../i18n/useTranslation.ts';
import { LoginForm } from './LoginForm.tsx';
import { useLoginFlow } from './useLoginFlow.ts';
import type { UnitConfigState } from './useUnitConfig.ts';

/** The /login screen: heading and the login box, driven by the sign-in flow. */
export function LoginScreen({ unit }: { unit: UnitConfigState }) {
  const { t } = useTranslation();
  const flow = useLoginFlow(unit);
  const busy = flow.phase === 'submitting' || flow.phase === 'auto' || flow.phase === 'leaving';
  return (
    <>
      <h1 className="lp-heading">{t('login.heading')}</h1>
      <p className="lp-subheading">{t('login.subheading')}</p>
      <LoginForm
        initialUsername={flow.saved?.username ?? ''}
        initialRemember={flow.saved?.remember ?? false}
        hasRememberedPassword={Boolean(flow.saved?.rememberToken)}
        busy={busy}
        busyLabel={flow.phase === 'auto' ? t('login.autoSigningIn') : t('login.submitting')}
        serverError={flow.error}
        onSubmit={flow.submit}
      />
    </>
  );
}
