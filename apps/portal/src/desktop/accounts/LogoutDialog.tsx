import { Button, Modal } from 'antd';
import { useState } from 'react';
import { LOGIN_PATH } from '@campus/contracts/pages';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { replaceWith } from '../../shared/navigation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';

/**
 * The logout confirmation (spec §2 Other dialogs), opened by name ('logout') from the header;
 * the same confirm as LogoutButton.tsx: logout (spec §4), then the login page.
 */
export function LogoutDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { session } = useRuntime();
  const [busy, setBusy] = useState(false);

  const confirm = () => {
    setBusy(true);
    void session.logout().finally(() => replaceWith(LOGIN_PATH));
  };

  return (
    <Modal
      open
      title={t('logout.title')}
      width={400}
      centered
      onCancel={onClose}
      footer={[
        <Button key="cancel" data-testid="logout.cancel" onClick={onClose}>
          {t('logout.cancel')}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          data-testid="logout.confirm"
          loading={busy}
          onClick={confirm}
        >
          {t('logout.confirm')}
        </Button>,
      ]}
    >
      <p className="dd-text">{t('logout.message')}</p>
    </Modal>
  );
}
