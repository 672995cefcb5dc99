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

// Loaded when first opened: its table stays out of the desktop's first load (issue 4 weight
// goal).
const DownloadClientDialog = lazy(() =>
  import('../footer/DownloadClientDialog.tsx').then((m) => ({ default: m.DownloadClientDialog })),
);

/**
 * The desktop's overlays (spec §2 Other dialogs): the download-client dialog when it is open in
 * `desktopDialogs`, plus the always-on ones: the to-do popup on the desktop home (spec §4) and
 * the licence dialog. The chrome's dialogs (messages, module expiry, choose child, logout,
 * theme, About) are @campus/ui's ChromeDialogs.
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
        <OpenDialog name={dialog.open} />
      </Suspense>
      {isDesktopHome(page) ? <TodoPopup /> : null}
      <LicenceDialog me={me} />
    </>
  );
}

function OpenDialog({ name }: { name: DesktopDialogName | null }) {
  const close = desktopDialogs.close;
  switch (name) {
    case 'downloadClient':
      return <DownloadClientDialog onClose={close} />;
    case null:
      return null;
  }
}
