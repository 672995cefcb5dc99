import type { MeData } from '@campus/contracts/uaa';
import { NotFound } from '@campus/ui/NotFound';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { AreaHomePage } from './AreaHomePage.tsx';
import { HelpCentrePage } from './HelpCentrePage.tsx';
import { HomePage } from './HomePage.tsx';
import { MobileDesktopPage } from './MobileDesktopPage.tsx';
import { pageForPath, type DesktopPageKind } from './page-for-path.ts';
import { SettingsPage } from './SettingsPage.tsx';
import { useScreenClass } from './useScreenClass.ts';
import './pages.css';

/**
 * The desktop entry's page body (spec §2 routes), chosen by the address: the PC home, the area
 * home (unit type 1), the mobile desktop, the two settings pages, the help centre. The root
 * carries the spec §4 screen class (pc, ipad or mobile), following resizes every 50 ms.
 */
export function DesktopMain({ me }: { me: MeData }) {
  const screen = useScreenClass();
  const page = pageForPath(window.location.pathname, me.unitType);
  return (
    <div className={`dp-page ${screen}`} data-screen={screen} data-page={page}>
      <PageBody page={page} me={me} />
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
