import { useState } from 'react';
import { LOGIN_PATH } from '@campus/contracts/pages';
import { LightDialogFrame } from '../ChromeDialogFrame.tsx';
import { useChrome } from '../chrome-env.ts';

/**
 * The logout confirmation (spec §2 Other dialogs), opened from the header's logout button:
 * logout (spec §4), then the login page.
 */
export function LogoutDialog({ onClose }: { onClose: () => void }) {
  const { t, lang, session, DialogFrame } = useChrome();
  const Frame = DialogFrame ?? LightDialogFrame;
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    void session.logout().finally(() => window.location.replace(LOGIN_PATH));
  };
  return (
    <Frame
      width={400}
      lang={lang}
      testId="logoutDialog"
      onClose={onClose}
      title={t('logout.title')}
      footer={
        <div className="ph-chrome-dialog-footer">
          <button type="button" className="ph-button" data-testid="logout.cancel" onClick={onClose}>
            {t('logout.cancel')}
          </button>
          <button
            type="button"
            className="ph-button ph-button--primary"
            data-testid="logout.confirm"
            disabled={busy}
            onClick={confirm}
          >
            {t('logout.confirm')}
          </button>
        </div>
      }
    >
      <p className="ph-chrome-text">{t('logout.message')}</p>
    </Frame>
  );
}
