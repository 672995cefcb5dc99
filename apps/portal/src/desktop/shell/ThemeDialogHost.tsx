import { lazy, Suspense } from 'react';
import type { MeData } from '@campus/contracts/uaa';
import { desktopDialogs, useDesktopDialog } from '../common/dialog-store.ts';

// Loaded when first opened: the colour picker stays out of the desktop's first load (issue 4
// weight goal).
const ThemeDialog = lazy(() =>
  import('../theme/ThemeDialog.tsx').then((module) => ({ default: module.ThemeDialog })),
);

/**
 * The theme dialog (spec §2 Theme dialog), opened by name through dialog-store.ts from the
 * header's theme button. The chrome's own dialogs (messages, choose child, logout, About) are
 * hosted by @campus/ui's ChromeDialogs; the desktop's others by DesktopOverlays.
 */
export function ThemeDialogHost({ me }: { me: MeData }) {
  const { open } = useDesktopDialog();
  return (
    <Suspense fallback={null}>
      {open === 'theme' ? <ThemeDialog me={me} onClose={desktopDialogs.close} /> : null}
    </Suspense>
  );
}
