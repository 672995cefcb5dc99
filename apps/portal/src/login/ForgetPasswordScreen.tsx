import { useTranslation } from '../i18n/useTranslation.ts';
import { BackToLogin } from './BackToLogin.tsx';

/** /forgetPassword: passwords are reset by the unit administrator (the admin CLI does it). */
export function ForgetPasswordScreen() {
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
