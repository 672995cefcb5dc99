import { LOGIN_PATH } from '@campus/contracts/pages';
import { useTranslation } from '../i18n/useTranslation.ts';
import { useRelogin } from './useRelogin.ts';

/**
 * /needtologinpagerelogin: the desktop client needs a re-login. With its access token handed
 * over, the session is renewed without a password (useRelogin.ts); otherwise sign in again.
 */
export function ReloginScreen() {
  const { t } = useTranslation();
  const phase = useRelogin();
  if (phase === 'exchanging') {
    return (
      <div className="lp-info" data-testid="relogin.exchanging">
        <p className="lp-subheading" role="status">
          {t('relogin.exchanging')}
        </p>
      </div>
    );
  }
  return (
    <div className="lp-info" data-testid="relogin.page">
      <h1 className="lp-heading">{t('relogin.heading')}</h1>
      <p className="lp-subheading">{t('relogin.lead')}</p>
      <p className="lp-notice">{t('relogin.hint')}</p>
      <a className="lp-submit lp-submit--link" href={LOGIN_PATH} data-testid="relogin.signIn">
        {t('relogin.signIn')}
      </a>
    </div>
  );
}
