import { lazy, Suspense } from 'react';
import type { MeData } from '@campus/contracts/uaa';
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
const ChooseChildDialog = lazy(() =>
  import('../accounts/ChooseChildDialog.tsx').then((m) => ({ default: m.ChooseChildDialog })),
);
const DownloadClientDialog = lazy(() =>
  import('../footer/DownloadClientDialog.tsx').then((m) => ({ default: m.DownloadClientDialog })),
);
const LogoutDialog = lazy(() =>
  import('../accounts/LogoutDialog.tsx').then((m) => ({ default: m.LogoutDialog })),
);
const MessagesDialog = lazy(() =>
  import('../messages/MessagesDialog.tsx').then((m) => ({ default: m.MessagesDialog })),
);
const ModuleExpiryDialog = lazy(() =>
  import('../apps/ModuleExpiryDialog.tsx').then((m) => ({ default: m.ModuleExpiryDialog })),
);

/** Spec §1, §6: parents (user type 3) pick a child. */
const PARENT = 3;

/**
 * The desktop's overlays (spec §2 Other dialogs): whichever of the messages, module-expiry,
 * choose-child, download-client and logout dialogs is open in `desktopDialogs`, plus the
 * always-on ones: the to-do popup on the desktop home (spec §4) and the licence dialog.
 * The theme and About dialogs are hosted by the header.
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
        <OpenDialog name={dialog.open} payload={dialog.payload} me={me} />
      </Suspense>
      {isDesktopHome(page) ? <TodoPopup /> : null}
      <LicenceDialog me={me} />
    </>
  );
}

function OpenDialog({
  name,
  payload,
  me,
}: {
  name: DesktopDialogName | null;
  payload: unknown;
  me: MeData;
}) {
  const close = desktopDialogs.close;
  switch (name) {
    case 'messages':
      return <MessagesDialog onClose={close} />;
    case 'moduleExpiry':
      return <ModuleExpiryDialog payload={payload} onClose={close} />;
    case 'chooseChild':
      return me.userType === PARENT ? <ChooseChildDialog me={me} onClose={close} /> : null;
    case 'downloadClient':
      return <DownloadClientDialog onClose={close} />;
    case 'logout':
      return <LogoutDialog onClose={close} />;
    case 'theme':
    case 'about':
    case null:
      return null;
  }
}
