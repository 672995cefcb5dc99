import { useState } from 'react';
import type { AppIcon } from '@campus/contracts/desktop';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { appName, appShortName } from './open-app.ts';

/** An app's icon and short name as one button (spec §3 App icon); the initial if the image fails. */
export function AppTile({
  app,
  busy,
  onOpen,
  testId,
}: {
  app: AppIcon;
  busy: boolean;
  onOpen: (app: AppIcon) => void;
  testId: string;
}) {
  const { lang } = useTranslation();
  const [broken, setBroken] = useState(false);
  const label = appShortName(app, lang);
  return (
    <li className="dp-tile">
      <button
        type="button"
        className="dp-tile__button"
        onClick={() => onOpen(app)}
        disabled={busy}
        aria-busy={busy || undefined}
        title={appName(app, lang)}
        data-testid={testId}
        data-code={app.code}
      >
        {broken ? (
          <span className="dp-tile__icon dp-tile__icon--initial" aria-hidden="true">
            {label.slice(0, 1)}
          </span>
        ) : (
          <img
            className="dp-tile__icon"
            src={app.iconImg}
            alt=""
            width={44}
            height={44}
            loading="lazy"
            onError={() => setBroken(true)}
          />
        )}
        <span className="dp-tile__name">{label}</span>
      </button>
    </li>
  );
}
