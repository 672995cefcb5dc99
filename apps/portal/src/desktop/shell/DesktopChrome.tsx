/**
 * The desktop's side of the shared chrome (@campus/ui: header, messages and module expiry,
 * children and accounts, theme, footer and About; spec §2): the same components as every
 * sub-app page, given what the desktop does its own way. The language switches in place, an
 * account switch reloads the desktop for the other account, and the dialogs wear antd's modal
 * like the desktop's other dialogs.
 */
import { Modal } from 'antd';
import { DialogScroll } from '../common/DialogScroll.tsx';
import type { ReactNode } from 'react';
import type { ChromeDialogFrameProps } from '@campus/ui/ChromeDialogFrame';
import { ChromeContext, type ChromeEnv } from '@campus/ui/chrome-env';
import { DESKTOP_VERSION_SOURCE } from '@campus/ui/about-versions';
import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { LOGIN_PATH } from '@campus/contracts/pages';
import { PORTAL_APP_CODE } from '@campus/sdk/create-page-runtime';
import { SUPPORTED_LANGUAGES } from '@campus/sdk/language';
import type { ScreenClass } from '@campus/sdk/screen';
import { switchLanguage } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { goTo, replaceWith } from '../../shared/navigation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';

/**
 * The desktop's release notes, built in for when the deployed files cannot be read; loaded
 * with the About dialog, not with the page.
 */
const DESKTOP_VERSIONS = {
  source: DESKTOP_VERSION_SOURCE,
  loadBuiltIn: () => import('../footer/desktop-version.json').then((module) => module.default),
};

/** antd's modal around a chrome dialog. */
function AntdDialogFrame(props: ChromeDialogFrameProps) {
  return (
    <Modal
      open
      centered
      width={props.width}
      {...(props.zIndex === undefined ? {} : { zIndex: props.zIndex })}
      mask={{ closable: false }}
      onCancel={props.onClose}
      className="dd-modal"
      title={props.title}
      footer={props.footer}
    >
      <DialogScroll {...(typeof props.title === 'string' ? { label: props.title } : {})}>
        {props.children}
      </DialogScroll>
    </Modal>
  );
}

export function DesktopChromeProvider({
  screen,
  children,
}: {
  screen: ScreenClass;
  children: ReactNode;
}) {
  const { lang } = useTranslation();
  const runtime = useRuntime();
  const env: ChromeEnv = {
    variant: 'desktop',
    lang,
    languages: SUPPORTED_LANGUAGES,
    screen,
    session: runtime.session,
    http: runtime.http,
    storage: runtime.storage,
    appCode: PORTAL_APP_CODE,
    versions: DESKTOP_VERSIONS,
    switchLanguage: (next) => void switchLanguage(next, runtime.storage),
    // The desktop is reloaded for the other account; a refusal was notified (spec §8).
    afterAccountSwitch: () => window.location.reload(),
    goTo,
    // Issue 13 §1: the header offers the admin console to base admins.
    adminConsoleHref: ADMIN_PATH,
    DialogFrame: AntdDialogFrame,
    devSwitch: import.meta.env.DEV
      ? () => void runtime.session.logout().finally(() => replaceWith(LOGIN_PATH))
      : undefined,
  };
  return <ChromeContext value={env}>{children}</ChromeContext>;
}
