import { lazy, Suspense } from 'react';
import { useSession } from '@campus/ui/useSession';
import { useRuntime } from '../../shared/useRuntime.ts';
import {
  desktopDialogs,
  useDesktopDialog,
  type DesktopDialogName,
} from '../common/dialog-store.ts';
import { isDesktopHome, pageForPath } from '../common/page-for-path.ts';
import { LicenceDialog } from '../apps/LicenceDialog.tsx';
import { TodoPopup } from '../todos/TodoPopup.tsx';
import './dialogs.css';

// Loaded when first opened: their tables (antd Table with its pagination, select and tree)
// stay out of the desktop's first load (issue 4 weight goal: 300 kB gz of JS and CSS).
const DownloadClientDialog = lazy(() =>
  import('../footer/DownloadClientDialog.tsx').then((m) => ({ default: m.DownloadClientDialog })),
);
const ModuleExpiryDialog = lazy(() =>
  import('../apps/ModuleExpiryDialog.tsx').then((m) => ({ default: m.ModuleExpiryDialog })),
);

/**
 * The desktop's overlays (spec §2 Other dialogs): whichever of the messages, module-expiry,
 * choose-child, download-client and logout dialogs is open in `desktopDialogs`, plus the
 * always-on ones: the to-do popup on the desktop home (spec §4) and the licence dialog.
 * The theme dialog is ThemeDialogHost's; the chrome's dialogs are @campus/ui's ChromeDialogs.
 */
export function DesktopOverlays() {
  const { session } = useRuntime();
  const { status, me } = useSession(session);
  const dialog = useDesktopDialog();
  if (status !== 'signedIn' || !me) return null;
  const page = pageForPath(window.location.pathname, me.unitType);
  return (
    <>
      <Suspense fallback={null}>
        <OpenDialog name={dialog.open} payload={dialog.payload} />
      </Suspense>
      {isDesktopHome(page) ? <TodoPopup /> : null}
      <LicenceDialog me={me} />
    </>
  );
}

function OpenDialog({ name, payload }: { name: DesktopDialogName | null; payload: unknown }) {
  const close = desktopDialogs.close;
  switch (name) {
    case 'moduleExpiry':
      return <ModuleExpiryDialog payload={payload} onClose={close} />;
    case 'downloadClient':
      return <DownloadClientDialog onClose={close} />;
    case 'theme':
    case null:
      return null;
  }
}
