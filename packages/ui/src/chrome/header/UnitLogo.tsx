import { useState } from 'react';
import { unitLogoUrl } from '@campus/contracts/storage';
import { useChrome } from '../chrome-env.ts';

/** The unit's logo from storage (spec §7), or its initial when there is none. */
export function UnitLogo({ unitId, unitName }: { unitId: string; unitName: string }) {
  const { t } = useChrome();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span
        className="ph-chrome-logo ph-chrome-logo--initial"
        data-testid="header.logo"
        aria-hidden="true"
      >
        {unitName.slice(0, 1)}
      </span>
    );
  }
  return (
    <img
      className="ph-chrome-logo"
      src={unitLogoUrl(unitId)}
      alt={t('header.logoAlt', { name: unitName })}
      data-testid="header.logo"
      onError={() => setFailed(true)}
    />
  );
}
