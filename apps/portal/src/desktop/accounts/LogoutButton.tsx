import { Button } from 'antd';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { Icon } from '../../shared/Icon.tsx';
import { desktopDialogs } from '../common/dialog-store.ts';

/**
 * The header's logout button (spec §2 Header): it opens the logout confirmation (spec §2 Other
 * dialogs, the 'logout' dialog of DesktopOverlays), which logs out and goes to the login page.
 */
export function LogoutButton() {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      className="dt-header__button"
      data-testid="header.logout"
      aria-label={t('header.logout')}
      icon={<Icon name="logout" size={18} />}
      onClick={() => desktopDialogs.open('logout')}
    >
      <span className="dt-header__button-label">{t('header.logout')}</span>
    </Button>
  );
}
