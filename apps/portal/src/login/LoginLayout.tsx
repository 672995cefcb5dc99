import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { CampusIllustration } from './CampusIllustration.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LoginFooter } from './LoginFooter.tsx';
import { Toasts } from './Toasts.tsx';
import { UnitBrand } from './UnitBrand.tsx';
import type { UnitConfigState } from './useUnitConfig.ts';

/** The frame every login-entry screen shares: background, language switch, card, footer. */
export function LoginLayout({ unit, children }: { unit: UnitConfigState; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="lp">
      <Toasts />
      <header className="lp-top">
        <span className="lp-top__product">{t('app.name')}</span>
        <LanguageSwitch />
      </header>
      <main className="lp-main">
        <div className="lp-card">
          <aside className="lp-art">
            <p className="lp-art__title">{t('login.artTitle')}</p>
            <p className="lp-art__text">{t('login.artText')}</p>
            <CampusIllustration />
          </aside>
          <section className="lp-panel">
            <UnitBrand unit={unit} />
            {children}
          </section>
        </div>
      </main>
      <LoginFooter unit={unit} />
    </div>
  );
}
