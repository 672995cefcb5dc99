import { LOGIN_PATH } from '@campus/contracts/pages';
import { useTranslation } from '../i18n/useTranslation.ts';
import { Icon } from '../shared/Icon.tsx';

/** The way back from the secondary screens to the login box. */
export function BackToLogin({ label }: { label: 'forget.back' | 'bind.back' }) {
  const { t } = useTranslation();
  return (
    <a className="lp-back" href={LOGIN_PATH} data-testid="login.back">
      <Icon name="back" size={16} />
      <span>{t(label)}</span>
    </a>
  );
}
