import { lazy, Suspense } from 'react';
import type { MeData } from '@campus/contracts/uaa';
import { desktopDialogs, useDesktopDialog } from '../common/dialog-store.ts';

// Loaded when first opened: the colour picker and the version calls stay out of the desktop's
// first load (issue 4 weight goal).
const ThemeDialog = lazy(() =>
  import('../theme/ThemeDialog.tsx').then((module) => ({ default: module.ThemeDialog })),
);
const AboutDialog = lazy(() =>
  import('../footer/AboutDialog.tsx').then((module) => ({ default: module.AboutDialog })),
);

/**
 * The chrome's own dialogs, opened by name through dialog-store.ts: the theme dialog (spec §2
 * Theme dialog) and the About dialog (spec §2 About dialog). The other dialogs are hosted by
 * DesktopOverlays.
 */
export function ChromeDialogs({ me }: { me: MeData }) {
  const { open } = useDesktopDialog();
  return <Suspense fallback={null}>{dialogFor(open, me)}</Suspense>;
}

function dialogFor(open: ReturnType<typeof useDesktopDialog>['open'], me: MeData) {
  switch (open) {
    case 'theme':
      return <ThemeDialog me={me} onClose={desktopDialogs.close} />;
    case 'about':
      return <AboutDialog onClose={desktopDialogs.close} />;
    case 'messages':
    case 'moduleExpiry':
    case 'chooseChild':
    case 'downloadClient':
    case 'logout':
    case null:
      return null;
  }
}
