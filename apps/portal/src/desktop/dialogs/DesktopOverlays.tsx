import type { MeData } from '@campus/contracts/uaa';
import { useSession } from '@campus/ui/useSession';
import { useRuntime } from '../../shared/useRuntime.ts';
import { desktopDialogs, useDesktopDialog, type DesktopDialogName } from '../dialog-store.ts';
import { isDesktopHome, pageForPath } from '../pages/page-for-path.ts';
import { ChooseChildDialog } from './ChooseChildDialog.tsx';
import { DownloadClientDialog } from './DownloadClientDialog.tsx';
import { LicenceDialog } from './LicenceDialog.tsx';
import { LogoutDialog } from './LogoutDialog.tsx';
import { MessagesDialog } from './MessagesDialog.tsx';
import { ModuleExpiryDialog } from './ModuleExpiryDialog.tsx';
import { TodoPopup } from './TodoPopup.tsx';
import './dialogs.css';

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
      <OpenDialog name={dialog.open} payload={dialog.payload} me={me} />
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
