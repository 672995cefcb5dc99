import { useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { safeHref } from '@campus/ui/safe-href';
import type { UnitConfigState } from './useUnitConfig.ts';

/** The unit's logo and name from unit_config; the English name when the page is in en. */
export function UnitBrand({ unit }: { unit: UnitConfigState }) {
  const { t, lang } = useTranslation();
  const [logoFailed, setLogoFailed] = useState(false);
  const config = unit.status === 'ready' ? unit.config : null;
  const name = config
    ? lang === 'en' && config.unitEnName
      ? config.unitEnName
      : config.unitName
    : t('app.name');
  const logo = safeHref(config?.logoUrl);

  return (
    <div className="lp-brand">
      {logo && !logoFailed ? (
        <img
          className="lp-brand__logo"
          src={logo}
          alt={t('login.logoAlt', { name })}
          data-testid="login.logo"
          onError={() => setLogoFailed(true)}
        />
      ) : (
        <span className="lp-brand__logo lp-brand__logo--default" data-testid="login.logo">
          <svg viewBox="0 0 48 48" role="img" aria-label={t('login.defaultLogo')}>
            <path d="M24 9 4 19l20 10 20-10z" fill="currentColor" />
            <path
              d="M12 23.5V32c0 3 5.4 6 12 6s12-3 12-6v-8.5L24 29.5z"
              fill="currentColor"
              opacity=".75"
            />
            <path d="M42 20v11" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </span>
      )}
      <span className="lp-brand__name" data-testid="login.unitName">
        {unit.status === 'loading' ? '\u00a0' : name}
      </span>
    </div>
  );
}
