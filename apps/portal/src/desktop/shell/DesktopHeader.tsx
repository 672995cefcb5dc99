import { Button, Popover, Tooltip } from 'antd';
import { UserType } from '@campus/contracts/user-types';
import { useState, useSyncExternalStore } from 'react';
import { DESKTOP_PATH, LOGIN_PATH } from '@campus/contracts/pages';
import type { MeData } from '@campus/contracts/uaa';
import { switchAccount } from '@campus/sdk/account-calls';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import { SUPPORTED_LANGUAGES } from '@campus/sdk/language';
import { clientKindFromUserAgent } from '@campus/sdk/platform';
import type { ScreenClass } from '@campus/sdk/screen';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { ICON_PATHS, Icon } from '../../shared/Icon.tsx';
import { goTo, replaceWith } from '../../shared/navigation.ts';
import { PORTAL_APP_CODE as APP_CODE } from '@campus/sdk/create-page-runtime';
import { useRuntime } from '../../shared/useRuntime.ts';
import { CHROME_ICONS } from '../common/chrome-icons.ts';
import { desktopDialogs } from '../common/dialog-store.ts';
import { HeaderBell } from '../messages/HeaderBell.tsx';
import { HeaderLanguageButton } from './HeaderLanguageButton.tsx';
import {
  accountSwitcherVisible,
  childPickerVisible,
  isDesktopHome,
  languageSwitcherVisible,
  logoutVisible,
  unitDisplayName,
} from '../common/header-rules.ts';
import { LogoutButton } from '../accounts/LogoutButton.tsx';
import { UnitLogo } from './UnitLogo.tsx';
import type { BellData } from '../messages/bell-data.ts';

/** One header action: a button on wide screens, an item of the "more" menu on phones. */
interface HeaderAction {
  id: string;
  testId: string;
  label: string;
  /** The line-icon path (`Icon`'s `path`). */
  icon: string;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * The header of spec §2: unit logo and name (English when en), the welcome line, the message
 * bell, desktop home, the child picker (parents with more than one child), theme, the linked
 * teacher/parent switch (spec §6), full screen, the language switch (more than one language)
 * and logout (hidden in the desktop and enterprise-chat clients). A switch-account button
 * appears in development only. On a phone (spec §4 screen class mobile) the secondary actions
 * fold into a "more" menu, so nothing overflows.
 */
export function DesktopHeader({
  me,
  bell,
  api,
  screen,
}: {
  me: MeData;
  bell: BellData;
  api: DesktopApi;
  screen: ScreenClass;
}) {
  const { t, lang } = useTranslation();
  const runtime = useRuntime();
  const fullscreen = useFullscreen();
  const [switching, setSwitching] = useState(false);
  const unitName = unitDisplayName(me, lang);
  const clientKind = clientKindFromUserAgent(navigator.userAgent);

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
      : () => goTo(DESKTOP_PATH),
  });
  if (childPickerVisible(me)) {
    actions.push({
      id: 'child',
      testId: 'header.child',
      label: me.currentChirden
        ? `${t('header.chooseChild')} · ${me.currentChirden.realName}`
        : t('header.chooseChild'),
      icon: CHROME_ICONS.children,
      onClick: () => desktopDialogs.open('chooseChild'),
    });
  }
  actions.push({
    id: 'theme',
    testId: 'theme.open',
    label: t('header.theme'),
    icon: CHROME_ICONS.palette,
    onClick: () => desktopDialogs.open('theme'),
  });
  // Spec §6: this header is the desktop app's, so a linked account is all it takes.
  if (accountSwitcherVisible({ linkedUserId: me.linkedUserId, desktopApp: true })) {
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
          {
            http: runtime.http,
            session: runtime.session,
            storage: runtime.storage,
            appCode: APP_CODE,
          },
          linked,
        )
          .then((answer) => {
            // The desktop is reloaded for the other account; a refusal was notified (spec §8).
            if (answer.status === 200) window.location.reload();
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
  if (import.meta.env.DEV) {
    actions.push({
      id: 'dev-switch',
      testId: 'header.devSwitch',
      label: t('header.devSwitch'),
      icon: ICON_PATHS.user,
      onClick: () => void runtime.session.logout().finally(() => replaceWith(LOGIN_PATH)),
    });
  }

  const compact = screen === 'mobile';
  const [moreOpen, setMoreOpen] = useState(false);
  const moreMenu = (
    <ul className="dt-more" data-testid="header.moreMenu">
      {actions.map((action) => (
        <li key={action.id}>
          <button
            type="button"
            className="dt-more__item"
            data-testid={action.testId}
            disabled={action.disabled ?? false}
            onClick={() => {
              setMoreOpen(false);
              action.onClick();
            }}
          >
            <Icon path={action.icon} size={18} />
            <span>{action.label}</span>
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <header className="dt-header ph-app-header" data-testid="header" data-screen={screen}>
      <div className="dt-header__inner">
        <div className="dt-header__brand">
          <UnitLogo unitId={me.unitId} unitName={unitName} />
          <span className="dt-header__unit" data-testid="header.unitName" title={unitName}>
            {unitName}
          </span>
        </div>
        <span className="dt-header__welcome" data-testid="header.welcome">
          {t('header.welcome', { name: me.realName })}
        </span>
        <div className="dt-header__actions" role="toolbar" aria-label={t('header.actions')}>
          <HeaderBell bell={bell} api={api} />
          {compact ? null : actions.map((action) => <ActionButton key={action.id} {...action} />)}
          {languageSwitcherVisible(SUPPORTED_LANGUAGES) ? <HeaderLanguageButton /> : null}
          {logoutVisible(clientKind) ? <LogoutButton /> : null}
          {compact ? (
            <Popover
              content={moreMenu}
              trigger="click"
              placement="bottomRight"
              open={moreOpen}
              onOpenChange={setMoreOpen}
            >
              <Button
                type="text"
                className="dt-header__button"
                data-testid="header.more"
                aria-label={t('header.more')}
                aria-expanded={moreOpen}
                icon={<Icon path={CHROME_ICONS.menu} size={20} />}
              />
            </Popover>
          ) : null}
        </div>
      </div>
    </header>
  );
}

function ActionButton({ testId, label, icon, onClick, disabled }: HeaderAction) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="dt-header__button"
        data-testid={testId}
        aria-label={label}
        disabled={disabled ?? false}
        icon={<Icon path={icon} size={20} />}
        onClick={onClick}
      />
    </Tooltip>
  );
}

function subscribeFullscreen(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

const isFullscreen = () => document.fullscreenElement !== null;

/** The Fullscreen API behind the header's toggle (spec §2 full-screen button). */
function useFullscreen(): { supported: boolean; active: boolean; toggle: () => void } {
  const active = useSyncExternalStore(subscribeFullscreen, isFullscreen, () => false);
  const supported = typeof document.documentElement.requestFullscreen === 'function';
  const toggle = () => {
    // A refused request (no user gesture, a sandboxed frame) leaves the page as it is.
    const request = isFullscreen()
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    request.catch(() => undefined);
  };
  return { supported, active, toggle };
}
