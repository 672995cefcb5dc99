import type { AppIcon } from '@campus/contracts/desktop';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { appName } from './app-menu-rules.ts';
import { AppTileFace } from './AppTileFace.tsx';

/**
 * An app tile of the desktop's widgets (recent apps, the mobile app grid): the face the menus'
 * tiles share (AppTileFace) as one button in a list, held busy while its app is opening. Unlike
 * the menus' AppTile it cannot be dragged: the order here is the server's.
 */
export function WidgetAppTile({
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
        <AppTileFace app={app} block="dp-tile" />
      </button>
    </li>
  );
}
