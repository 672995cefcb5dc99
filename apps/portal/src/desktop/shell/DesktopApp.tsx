import { App, ConfigProvider, Spin, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import type { MeData } from '@campus/contracts/uaa';
import { accessibleShades } from '@campus/sdk/theme-rules';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { AppMenuBar } from '../apps/AppMenuBar.tsx';
import { ChromeDialogs } from '@campus/ui/ChromeDialogs';
import { ChromeFooter } from '@campus/ui/ChromeFooter';
import { ChromeHeader } from '@campus/ui/ChromeHeader';
import { DesktopChromeProvider } from './DesktopChrome.tsx';
import { DesktopOverlays } from './DesktopOverlays.tsx';
import { DesktopMain } from '../pages/DesktopMain.tsx';
import { pageForPath } from '../common/page-for-path.ts';
import { LeftSidebar } from '../apps/LeftSidebar.tsx';
import { NoticeBridge } from './NoticeBridge.tsx';
import { usePageTheme } from '@campus/ui/page-theme';
import { useDesktopApi } from '../common/desktop-data.ts';
import { useAppMenuData } from '../apps/app-menu-data.ts';
import { useOpenApp } from '../apps/useOpenApp.ts';
import { useRequireSession } from './useRequireSession.ts';
import { useScreen } from './useScreen.ts';
import { ZoomWarning } from './ZoomWarning.tsx';

const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif";

/**
 * The desktop home (spec §2 /desktop/home): signed-in users only. The theme colour in force
 * (spec §3) is antd's primary colour, so it reaches the whole UI kit.
 */
export function DesktopApp() {
  const { t, lang } = useTranslation();
  const session = useRequireSession();
  const theme = usePageTheme();
  useEffect(() => {
    document.title = t('app.desktopTitle');
  }, [t, lang]);

  const antdTheme = useMemo<ThemeConfig>(
    () => ({
      // Issue 10 §5: the theme colour, darkened only as far as white text on it needs.
      token: {
        colorPrimary: accessibleShades(theme.themeColor)['--ph-primary-fill'],
        borderRadius: 8,
        fontFamily: FONT_FAMILY,
      },
    }),
    [theme.themeColor],
  );

  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={antdTheme}>
      <App className="dt">
        <NoticeBridge />
        {session.status === 'signedIn' && session.me ? (
          <DesktopChrome me={session.me} />
        ) : (
          <div className="dt-loading" data-testid="desktop.loading">
            <Spin size="large" />
            <span>{t('desktop.loading')}</span>
          </div>
        )}
      </App>
    </ConfigProvider>
  );
}

/**
 * The signed-in page (spec §2, §4 Layout): the shared chrome's header (@campus/ui), then the top app-icon bar (top layout)
 * or the left sidebar (left layout), the page body and the shared footer. The sidebar does not fit a
 * phone (spec §4 screen class mobile), which shows the top bar in either layout; the mobile
 * desktop page has its own app grid instead of either.
 */
function DesktopChrome({ me }: { me: MeData }) {
  const api = useDesktopApi();
  const theme = usePageTheme();
  const screen = useScreen();
  const menu = useAppMenuData(api, me);
  // The mobile desktop (mobile_desktop_*) lists every app in its own grid: no menu there.
  const mobilePage = pageForPath(window.location.pathname, me.unitType) === 'mobile';
  const left = theme.layout === 'left' && screen !== 'mobile' && !mobilePage;
  const { open } = useOpenApp(me);

  return (
    <DesktopChromeProvider screen={screen}>
      <div
        className={`dt-shell dt-shell--${left ? 'left' : 'top'}`}
        data-layout={left ? 'left' : 'top'}
      >
        <ChromeHeader />
        {left || mobilePage ? null : <AppMenuBar me={me} menu={menu} onOpen={open} />}
        <div className="dt-body">
          {left ? <LeftSidebar me={me} menu={menu} api={api} onOpen={open} /> : null}
          <div className="dt-content">
            <main className="dt-main">
              <DesktopMain me={me} screen={screen} />
            </main>
            <ChromeFooter />
          </div>
        </div>
        <ChromeDialogs />
        <DesktopOverlays />
        <ZoomWarning mobile={screen === 'mobile'} />
      </div>
    </DesktopChromeProvider>
  );
}
