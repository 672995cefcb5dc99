/**
 * The header of spec §2, one for the desktop and every sub-app (spec §1 "the same … header"):
 * unit logo and name (English when en), the welcome line, the message bell, desktop home, the
 * child picker (parents with more than one child), theme, the linked teacher/parent switch
 * (spec §6), full screen, the language switch (more than one language) and logout (hidden in
 * the desktop and enterprise-chat clients); on the desktop, the admin console for base admins
 * (issue 13 §1). On a phone (spec §4 screen class mobile) the secondary actions fold into a
 * "more" menu, so nothing overflows. No UI kit: a sub-app page gets it from the shared runtime.
 */
import { useMemo, useState } from 'react';
import { DESKTOP_PATH } from '@campus/contracts/pages';
import type { MeData } from '@campus/contracts/uaa';
import { UserType } from '@campus/contracts/user-types';
import { switchAccount } from '@campus/sdk/account-calls';
import { createDesktopApi } from '@campus/sdk/desktop-api';
import type { Language } from '@campus/sdk/language';
import { clientKindFromUserAgent } from '@campus/sdk/platform';
import { useSession } from '../../hooks/useSession.ts';
import { chromeDialogs, useChrome } from '../chrome-env.ts';
import { HeaderBell } from '../messages/HeaderBell.tsx';
import { useBellData } from '../messages/useBellData.ts';
import { useBaseAdmin } from '../theme/useBaseAdmin.ts';
import { CHROME_ICONS } from './chrome-icons.ts';
import { ChromeIcon } from './ChromeIcon.tsx';
import {
  accountSwitcherVisible,
  childPickerVisible,
  isDesktopHome,
  languageSwitcherVisible,
  logoutVisible,
  unitDisplayName,
} from './header-rules.ts';
import { UnitLogo } from './UnitLogo.tsx';
import { useFullscreen } from './useFullscreen.ts';
import '../../components/button.css';
import '../chrome.css';

/** One header action: a button on wide screens, an item of the "more" menu on phones. */
interface HeaderAction {
  id: string;
  testId: string;
  label: string;
  icon: string;
  onClick: () => void;
  disabled?: boolean;
}

/** The header for the signed-in user; nothing until /me is known. */
export function ChromeHeader() {
  const env = useChrome();
  const { me } = useSession(env.session);
  if (!me) return null;
  return <HeaderFor me={me} />;
}

function HeaderFor({ me }: { me: MeData }) {
  const env = useChrome();
  const { t, lang } = env;
  const api = useMemo(() => createDesktopApi(env.http), [env.http]);
  const bell = useBellData(api);
  const [switching, setSwitching] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const fullscreen = useFullscreen();
  const unitName = unitDisplayName(me, lang);
  const clientKind = clientKindFromUserAgent(navigator.userAgent);
  const subapp = env.variant === 'subapp';
  // Issue 13 §1: the way into the admin console, for base admins, where the page offers one.
  const adminConsoleHref = env.adminConsoleHref;
  const admin = useBaseAdmin(me.userId, adminConsoleHref !== undefined);

  const actions: HeaderAction[] = [];
  const onHome = isDesktopHome(window.location.pathname);
  actions.push({
    id: 'home',
    testId: 'header.home',
    label: t('header.home'),
    icon: CHROME_ICONS.home,
    // On the home desktop the button brings its top back into view.
    onClick: onHome
      ? () => window.scrollTo({ top: 0, behavior: 'smooth' })
      : () => env.goTo(DESKTOP_PATH),
  });
  if (childPickerVisible(me)) {
    actions.push({
      id: 'child',
      testId: 'header.child',
      label: me.currentChirden
        ? `${t('header.chooseChild')} · ${me.currentChirden.realName}`
        : t('header.chooseChild'),
      icon: CHROME_ICONS.children,
      onClick: () => chromeDialogs.open('chooseChild'),
    });
  }
  actions.push({
    id: 'theme',
    testId: 'theme.open',
    label: t('header.theme'),
    icon: CHROME_ICONS.palette,
    onClick: () => chromeDialogs.open('theme'),
  });
  if (admin && adminConsoleHref !== undefined) {
    actions.push({
      id: 'admin',
      testId: 'header.admin',
      label: t('header.adminConsole'),
      icon: CHROME_ICONS.admin,
      onClick: () => env.goTo(adminConsoleHref),
    });
  }
  if (
    accountSwitcherVisible({
      linkedUserId: me.linkedUserId,
      desktopApp: !subapp,
      limitUserType: env.limitUserType ?? null,
    })
  ) {
    const linked = me.linkedUserId ?? '';
    actions.push({
      id: 'switch',
      testId: 'header.switchAccount',
      label:
        me.linkedUserType === UserType.parent
          ? t('header.switchToParent')
          : me.linkedUserType === UserType.teacher
            ? t('header.switchToTeacher')
            : t('header.switchToLinked'),
      icon: CHROME_ICONS.swap,
      disabled: switching,
      onClick: () => {
        setSwitching(true);
        void switchAccount(
          { http: env.http, session: env.session, storage: env.storage, appCode: env.appCode },
          linked,
        )
          .then((answer) => {
            // The page opens again for the other account; a refusal was notified (spec §8).
            if (answer.status === 200) env.afterAccountSwitch();
            else setSwitching(false);
          })
          .catch(() => setSwitching(false));
      },
    });
  }
  if (fullscreen.supported) {
    actions.push({
      id: 'fullscreen',
      testId: 'header.fullscreen',
      label: fullscreen.active ? t('header.exitFullscreen') : t('header.fullscreen'),
      icon: fullscreen.active ? CHROME_ICONS.fullscreenExit : CHROME_ICONS.fullscreen,
      onClick: fullscreen.toggle,
    });
  }

  if (env.devSwitch) {
    actions.push({
      id: 'dev-switch',
      testId: 'header.devSwitch',
      label: t('header.devSwitch'),
      icon: CHROME_ICONS.user,
      onClick: env.devSwitch,
    });
  }

  const compact = env.screen === 'mobile';
  const next: Language = lang === 'en' ? 'zh-CN' : 'en';
  return (
    <header
      className="ph-chrome-header"
      data-testid={subapp ? 'appHeader' : 'header'}
      data-screen={env.screen}
    >
      <div className="ph-chrome-header__inner">
        <div className="ph-chrome-header__brand">
          <UnitLogo unitId={me.unitId} unitName={unitName} />
          <span
            className="ph-chrome-header__unit"
            data-testid={subapp ? 'appHeader.unit' : 'header.unitName'}
            title={unitName}
          >
            {unitName}
          </span>
          {subapp && env.appName ? (
            <span className="ph-chrome-header__app" data-testid="appHeader.app">
              {env.appName}
            </span>
          ) : null}
        </div>
        <span className="ph-chrome-header__welcome" data-testid="header.welcome">
          {t('header.welcome', { name: me.realName })}
        </span>
        <div className="ph-chrome-header__actions" role="toolbar" aria-label={t('header.actions')}>
          <HeaderBell bell={bell} api={api} />
          {compact ? null : actions.map((action) => <ActionButton key={action.id} {...action} />)}
          {languageSwitcherVisible(env.languages) ? (
            <button
              type="button"
              className="ph-chrome-header__button ph-chrome-header__button--text"
              data-testid={subapp ? 'appHeader.language' : 'header.lang'}
              lang={next}
              // Issue 10 §5: the name is the visible language name; what it does is the title.
              title={t('lang.switchLabel')}
              onClick={() => env.switchLanguage(next)}
            >
              <ChromeIcon path={CHROME_ICONS.globe} size={16} />
              <span className="ph-chrome-header__label">{t('lang.switchTo')}</span>
            </button>
          ) : null}
          {logoutVisible(clientKind) ? (
            <button
              type="button"
              className="ph-chrome-header__button ph-chrome-header__button--text"
              data-testid="header.logout"
              onClick={() => chromeDialogs.open('logout')}
            >
              <ChromeIcon path={CHROME_ICONS.logout} size={18} />
              <span className="ph-chrome-header__label">{t('header.logout')}</span>
            </button>
          ) : null}
          {compact ? (
            <span className="ph-chrome-pop">
              <button
                type="button"
                className="ph-chrome-header__button"
                data-testid="header.more"
                aria-label={t('header.more')}
                aria-expanded={moreOpen}
                onClick={() => setMoreOpen((open) => !open)}
              >
                <ChromeIcon path={CHROME_ICONS.menu} size={20} />
              </button>
              {moreOpen ? (
                <ul className="ph-chrome-pop__panel ph-chrome-more" data-testid="header.moreMenu">
                  {actions.map((action) => (
                    <li key={action.id}>
                      <button
                        type="button"
                        className="ph-chrome-more__item"
                        data-testid={action.testId}
                        disabled={action.disabled ?? false}
                        onClick={() => {
                          setMoreOpen(false);
                          action.onClick();
                        }}
                      >
                        <ChromeIcon path={action.icon} size={18} />
                        <span>{action.label}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </span>
          ) : null}
        </div>
      </div>
    </header>
  );
}

function ActionButton({ testId, label, icon, onClick, disabled }: HeaderAction) {
  return (
    <button
      type="button"
      className="ph-chrome-header__button"
      data-testid={testId}
      aria-label={label}
      title={label}
      disabled={disabled ?? false}
      onClick={onClick}
    >
      <ChromeIcon path={icon} size={20} />
    </button>
  );
}
