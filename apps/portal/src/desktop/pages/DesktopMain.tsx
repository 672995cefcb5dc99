import { lazy, Suspense } from 'react';
import type { MeData } from '@campus/contracts/uaa';
import type { ScreenClass } from '@campus/sdk/screen';
import { NotFound } from '@campus/ui/NotFound';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { HomePage } from './HomePage.tsx';
import { pageForPath, type DesktopPageKind } from '../common/page-for-path.ts';
import './pages.css';

// The PC home is what nearly every sign-in lands on; the other pages load with their own
// chunk, so their parts (tables, collapses, switches) stay out of the home's first load.
const AreaHomePage = lazy(() =>
  import('./AreaHomePage.tsx').then((m) => ({ default: m.AreaHomePage })),
);
const HelpCentrePage = lazy(() =>
  import('./HelpCentrePage.tsx').then((m) => ({ default: m.HelpCentrePage })),
);
const MobileDesktopPage = lazy(() =>
  import('./MobileDesktopPage.tsx').then((m) => ({ default: m.MobileDesktopPage })),
);
const SettingsPage = lazy(() =>
  import('./SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })),
);

/**
 * The desktop entry's page body (spec §2 routes), chosen by the address: the PC home, the area
 * home (unit type 1), the mobile desktop, the two settings pages, the help centre. The root
 * carries the spec §4 screen class (pc, ipad or mobile) the chrome follows (useScreen).
 */
export function DesktopMain({ me, screen }: { me: MeData; screen: ScreenClass }) {
  const page = pageForPath(window.location.pathname, me.unitType);
  return (
    <div className={`dp-page ${screen}`} data-screen={screen} data-page={page}>
      <Suspense fallback={null}>
        <PageBody page={page} me={me} />
      </Suspense>
    </div>
  );
}

function PageBody({ page, me }: { page: DesktopPageKind; me: MeData }) {
  const { lang } = useTranslation();
  switch (page) {
    case 'home':
      return <HomePage me={me} />;
    case 'areaHome':
      return <AreaHomePage me={me} />;
    case 'mobile':
      return <MobileDesktopPage me={me} />;
    case 'setting':
      return <SettingsPage me={me} area={false} />;
    case 'areaSetting':
      return <SettingsPage me={me} area />;
    case 'help':
      return <HelpCentrePage />;
    case 'notFound':
      return <NotFound lang={lang} />;
  }
}
