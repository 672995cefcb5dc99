import { App, ConfigProvider, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { DesktopHeader } from './DesktopHeader.tsx';
import { NoticeBridge } from './NoticeBridge.tsx';
import { useRequireSession } from './useRequireSession.ts';
import { WelcomePanel } from './WelcomePanel.tsx';

/** Spec §3 default theme colour; themes proper come with the theme issue. */
const THEME = {
  token: {
    colorPrimary: '#457CD6',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
};

/** The desktop home (spec §2 /desktop/home): signed-in users only. */
export function DesktopApp() {
  const { t, lang } = useTranslation();
  const session = useRequireSession();
  useEffect(() => {
    document.title = t('app.desktopTitle');
  }, [t, lang]);

  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={THEME}>
      <App className="dt">
        <NoticeBridge />
        {session.status === 'signedIn' && session.me ? (
          <>
            <DesktopHeader me={session.me} />
            <main className="dt-main">
              <WelcomePanel me={session.me} />
            </main>
          </>
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
