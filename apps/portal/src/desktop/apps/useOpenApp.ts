import { useState } from 'react';
import type { AppIcon } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { useDesktopApi } from '../common/desktop-data.ts';
import { openApp } from './open-app.ts';
import { pageForPath } from '../common/page-for-path.ts';

/**
 * Opens apps for the menus and the widgets (open-app.ts); `busy` is the code of the app being
 * opened. From the mobile desktop (spec §2 mobile_desktop_all) the app's mobile page opens.
 */
export function useOpenApp(me: MeData): { busy: string | null; open: (app: AppIcon) => void } {
  const { http } = useRuntime();
  const api = useDesktopApi();
  const { lang } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const mobile = pageForPath(window.location.pathname, me.unitType) === 'mobile';
  const open = (app: AppIcon) => {
    setBusy(app.code);
    void openApp({ http, api, me, lang, mobile }, app)
      .catch(() => false)
      .then((opened) => {
        // On success the page is changing; keep the tile busy until it does.
        if (!opened) setBusy(null);
      });
  };
  return { busy, open };
}
