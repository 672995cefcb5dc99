import { App, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { DEFAULT_THEME_COLOR } from '@campus/contracts/theme';
import { accessibleShades } from '@campus/sdk/theme-rules';
import { useSession } from '@campus/ui/useSession';
import { NoticeBridge } from '../desktop/shell/NoticeBridge.tsx';
import { useTranslation } from '../i18n/useTranslation.ts';
import { useRuntime } from '../shared/useRuntime.ts';
import { useAdminScope, type ScopeState } from './admin-scope.ts';
import { requireSession } from './admin-session.ts';
import { AdminRouter } from './AdminShell.tsx';
import { AdminLoading, LoadFailedPage, NotAdminPage } from './StatusPages.tsx';

/**
 * The console's root (issue 13 §1): antd in the portal's language, in the portal's own colour
 * rather than the user's desktop theme (an administration tool looks the same for every admin;
 * docs/decisions.md), around the shell or the page that stands in for it.
 */
export function AdminApp({ scope }: { scope?: Promise<ScopeState> }) {
  const { lang } = useTranslation();
  const theme = useMemo<ThemeConfig>(() => {
    const shades = accessibleShades(DEFAULT_THEME_COLOR);
    const primary = shades['--ph-primary-fill'];
    // The hover and pressed shades too: antd derives lighter ones from colorPrimary, and a link
    // under the mouse fell to 2.15:1 on the table's grey (axe, CI). The darker text shade keeps
    // 4.5:1 in every state.
    const darker = shades['--ph-primary-text'];
    return {
      token: {
        // Issue 10 §5 (WCAG 2.1 AA contrast): the primary dark enough for white text on it, so
        // also for links on white; antd's own link blue and its 45 % grey for descriptions
        // (secondary text, list and result captions) fall short of 4.5:1 on the console's grey.
        colorPrimary: primary,
        colorLink: primary,
        colorLinkHover: darker,
        colorLinkActive: darker,
        colorPrimaryHover: darker,
        colorPrimaryActive: darker,
        colorTextDescription: '#5c6370',
        borderRadius: 8,
        fontFamily: 'var(--portal-font)',
      },
      components: {
        Layout: {
          headerBg: '#ffffff',
          headerPadding: '0 16px',
          headerHeight: 56,
          siderBg: '#ffffff',
        },
      },
    };
  }, []);
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={theme}>
      <App className="adm">
        {/* The HTTP client's notices: the same bridge as the desktop's (one per page). */}
        <NoticeBridge />
        <AdminBody early={scope} />
      </App>
    </ConfigProvider>
  );
}

/** The shell once the scope is known; until then, or instead of it, a page that says why. */
function AdminBody({ early }: { early: Promise<ScopeState> | undefined }) {
  const { session } = useRuntime();
  const { status, me } = useSession(session);
  const signedIn = status === 'signedIn' && me !== null;
  const { state, retry, refresh } = useAdminScope(signedIn, early);
  useEffect(() => {
    // The session ended between the login check and the scope call: the login page, then back.
    if (state.kind === 'signedOut') requireSession(session);
  }, [state.kind, session]);
  if (!signedIn) return <AdminLoading />;
  switch (state.kind) {
    case 'ready':
      return <AdminRouter scope={state.scope} me={me} refreshScope={refresh} />;
    case 'notAdmin':
      return <NotAdminPage />;
    case 'failed':
      return <LoadFailedPage onRetry={retry} />;
    case 'loading':
    case 'signedOut':
      return <AdminLoading />;
  }
}
