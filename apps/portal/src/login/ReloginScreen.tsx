import { LOGIN_PATH } from '@campus/contracts/pages';
import { useTranslation } from '../i18n/useTranslation.ts';

/** /needtologinpagerelogin: the desktop client's session ended; sign in again. */
export function ReloginScreen() {
  const { t } = useTranslation();
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
