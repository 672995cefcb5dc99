import { useEffect } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { AuthorizeScreen } from './AuthorizeScreen.tsx';
import { BindScreen } from './BindScreen.tsx';
import { ForgetPasswordScreen } from './ForgetPasswordScreen.tsx';
import { screenForPath } from './login-screens.ts';
import { LoginLayout } from './LoginLayout.tsx';
import { LoginScreen } from './LoginScreen.tsx';
import { ReloginScreen } from './ReloginScreen.tsx';
import { useSignInOptions } from './useSignInOptions.ts';
import { useUnitConfig } from './useUnitConfig.ts';

/** The login entry: one small page that picks its screen by path (spec §2). */
export function LoginApp() {
  const { t, lang } = useTranslation();
  const unit = useUnitConfig();
  const options = useSignInOptions();
  useEffect(() => {
    document.title = t('app.loginTitle');
  }, [t, lang]);

  const screen = screenForPath(window.location.pathname);
  return (
    <LoginLayout unit={unit}>
      {screen === 'login' ? <LoginScreen unit={unit} options={options} /> : null}
      {screen === 'forget' ? <ForgetPasswordScreen options={options} /> : null}
      {screen === 'bind' ? <BindScreen /> : null}
      {screen === 'relogin' ? <ReloginScreen /> : null}
      {screen === 'authorize' ? <AuthorizeScreen /> : null}
    </LoginLayout>
  );
}
