import type { MeData } from '@campus/contracts/uaa';
import { clientKindFromUserAgent } from '@campus/sdk/redirect';
import { useTranslation } from '../i18n/useTranslation.ts';
import { HeaderLanguageButton } from './HeaderLanguageButton.tsx';
import { LogoutButton } from './LogoutButton.tsx';
import { UnitLogo } from './UnitLogo.tsx';

/**
 * The header of spec §2: unit logo and name (English when en), the welcome line, the
 * language switch and logout (hidden in the enterprise-chat client, spec §2).
 */
export function DesktopHeader({ me }: { me: MeData }) {
  const { t, lang } = useTranslation();
  const unitName = lang === 'en' && me.unitEnName ? me.unitEnName : me.unitName;
  const canLogout = clientKindFromUserAgent(navigator.userAgent) !== 'enterprise-chat';
  return (
    <header className="dt-header">
      <div className="dt-header__inner">
        <div className="dt-header__brand">
          <UnitLogo unitId={me.unitId} unitName={unitName} />
          <span className="dt-header__unit" data-testid="header.unitName">
            {unitName}
          </span>
        </div>
        <span className="dt-header__welcome" data-testid="header.welcome">
          {t('header.welcome', { name: me.realName })}
        </span>
        <div className="dt-header__actions">
          <HeaderLanguageButton />
          {canLogout ? <LogoutButton /> : null}
        </div>
      </div>
    </header>
  );
}
