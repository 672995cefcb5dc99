import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import type { MeData } from '@campus/contracts/uaa';
import { LOGIN_PATH } from '@campus/contracts/pages';
import { checkLicence } from '@campus/sdk/licence';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { replaceWith } from '../../shared/navigation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { appLicenceNotice, useExpiredApp } from './app-licence-notice.ts';

/**
 * The app code the desktop's own licence is checked under: the desktop's page folder
 * (`/pages/desktop/pc_desktop_all`, spec §2). The server needs no licence for codes that are
 * not licensed apps, so a unit is blocked here only once `desktop` is made a licensed app
 * (docs/decisions.md).
 */
export const DESKTOP_LICENCE_CODE = 'desktop';

/** Spec §9: the base z-index of modal layers; the blocking dialog sits above everything. */
const MODAL_BASE_Z_INDEX = 200_000;

/**
 * The licence-expired dialog (spec §2 Other dialogs, §4 Licence, §8 message). For the desktop
 * itself it blocks: no close button, no Escape, no backdrop click, only signing out. For an app
 * opened from the desktop (its menus or widgets, open-app.ts) it explains why the app did not
 * open, and closes.
 */
export function LicenceDialog({ me }: { me: MeData }) {
  const { t } = useTranslation();
  const { http, session } = useRuntime();
  const [desktopExpired, setDesktopExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const expiredApp = useExpiredApp();

  useEffect(() => {
    let live = true;
    void checkLicence({ http, unitId: me.unitId, appCode: DESKTOP_LICENCE_CODE }).then((valid) => {
      if (live) setDesktopExpired(!valid);
    });
    return () => {
      live = false;
    };
  }, [http, me.unitId]);

  // Spec §8 wording; a unit test keeps it equal to the SDK's LICENCE_EXPIRED_MESSAGE.
  const message = t('dialogs.licence.message');

  if (!desktopExpired && !expiredApp) return null;
  // The desktop's own licence blocks everything; an app's only explains why it did not open.
  const blocking = desktopExpired;
  const signOut = () => {
    setBusy(true);
    void session.logout().finally(() => replaceWith(LOGIN_PATH));
  };
  return (
    <Modal
      open
      centered
      width={420}
      zIndex={MODAL_BASE_Z_INDEX}
      closable={!blocking}
      keyboard={!blocking}
      mask={{ closable: false }}
      title={t('dialogs.licence.title')}
      className="dd-licence"
      onCancel={blocking ? undefined : appLicenceNotice.clear}
      footer={
        blocking ? (
          <Button type="primary" loading={busy} onClick={signOut} data-testid="licence.logout">
            {t('dialogs.licence.logout')}
          </Button>
        ) : (
          <Button type="primary" onClick={appLicenceNotice.clear} data-testid="licence.back">
            {t('dialogs.licence.back')}
          </Button>
        )
      }
    >
      <div role="alert" data-testid="licence.dialog">
        {!blocking && expiredApp ? (
          <p className="dd-licence__app" data-testid="licence.app">
            {expiredApp.name}
          </p>
        ) : null}
        <p className="dd-licence__text" data-testid="licence.text">
          {message}
        </p>
      </div>
    </Modal>
  );
}
