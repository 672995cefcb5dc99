/**
 * The host of the chrome's dialogs (spec §2 Other dialogs: messages, module expiry, choose
 * child, logout; the Theme and About dialogs) and of its short confirmations. Each dialog loads when first opened, so neither
 * the desktop's first load nor a sub-app page pays for them up front.
 */
import { lazy, Suspense } from 'react';
import { isParent } from '@campus/contracts/user-types';
import { useSession } from '../hooks/useSession.ts';
import { chromeDialogs, useChrome, useChromeState, type ChromeDialogName } from './chrome-env.ts';
import '../components/button.css';
import './chrome.css';

const MessagesDialog = lazy(() =>
  import('./messages/MessagesDialog.tsx').then((m) => ({ default: m.MessagesDialog })),
);
const ChooseChildDialog = lazy(() =>
  import('./accounts/ChooseChildDialog.tsx').then((m) => ({ default: m.ChooseChildDialog })),
);
const LogoutDialog = lazy(() =>
  import('./accounts/LogoutDialog.tsx').then((m) => ({ default: m.LogoutDialog })),
);
const ThemeDialog = lazy(() =>
  import('./theme/ThemeDialog.tsx').then((m) => ({ default: m.ThemeDialog })),
);
const ModuleExpiryDialog = lazy(() =>
  import('./modules/ModuleExpiryDialog.tsx').then((m) => ({ default: m.ModuleExpiryDialog })),
);
const AboutDialog = lazy(() =>
  import('./footer/AboutDialog.tsx').then((m) => ({ default: m.AboutDialog })),
);

export function ChromeDialogs() {
  const { open, payload, flash } = useChromeState();
  return (
    <>
      <Suspense fallback={null}>
        <OpenDialog name={open} payload={payload} />
      </Suspense>
      {flash ? (
        <div className="ph-chrome-flash" role="status">
          <span data-testid={flash.testId}>{flash.text}</span>
        </div>
      ) : null}
    </>
  );
}

function OpenDialog({ name, payload }: { name: ChromeDialogName | null; payload: unknown }) {
  const { session } = useChrome();
  const { me } = useSession(session);
  const close = chromeDialogs.close;
  if (!me) return null;
  switch (name) {
    case 'messages':
      return <MessagesDialog onClose={close} />;
    case 'chooseChild':
      return isParent(me.userType) ? <ChooseChildDialog me={me} onClose={close} /> : null;
    case 'logout':
      return <LogoutDialog onClose={close} />;
    case 'about':
      return <AboutDialog onClose={close} />;
    case 'theme':
      return <ThemeDialog me={me} onClose={close} />;
    case 'moduleExpiry':
      return <ModuleExpiryDialog payload={payload} onClose={close} />;
    case null:
      return null;
  }
}
