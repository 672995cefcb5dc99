import { useState } from 'react';
import { unitLogoPath } from '@campus/sdk/auth';
import { useTranslation } from '../i18n/useTranslation.ts';

/** The unit's logo from storage (spec §7), or its initial when there is none. */
export function UnitLogo({ unitId, unitName }: { unitId: string; unitName: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="dt-logo dt-logo--initial" data-testid="header.logo" aria-hidden="true">
        {unitName.slice(0, 1)}
      </span>
    );
  }
  return (
    <img
      className="dt-logo"
      src={unitLogoPath(unitId)}
      alt={t('header.logoAlt', { name: unitName })}
      data-testid="header.logo"
      onError={() => setFailed(true)}
    />
  );
}
