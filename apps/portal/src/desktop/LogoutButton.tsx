import { Button, Modal } from 'antd';
import { useState } from 'react';
import { LOGIN_PATH } from '@campus/contracts/pages';
import { useTranslation } from '../i18n/useTranslation.ts';
import { Icon } from '../shared/Icon.tsx';
import { replaceWith } from '../shared/navigation.ts';
import { useRuntime } from '../shared/useRuntime.ts';

/** Logout with a confirmation (spec §2 Other dialogs), then the login page (spec §4). */
export function LogoutButton() {
  const { t } = useTranslation();
  const { session } = useRuntime();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = () => {
    setBusy(true);
    void session.logout().finally(() => replaceWith(LOGIN_PATH));
  };

  return (
    <>
      <Button
        type="text"
        className="dt-header__button"
        data-testid="header.logout"
        aria-label={t('header.logout')}
        icon={<Icon name="logout" size={16} />}
        onClick={() => setOpen(true)}
      >
        <span className="dt-header__button-label">{t('header.logout')}</span>
      </Button>
      <Modal
        open={open}
        title={t('logout.title')}
        width={400}
        centered
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="cancel" data-testid="logout.cancel" onClick={() => setOpen(false)}>
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
        <p className="dt-dialog-text">{t('logout.message')}</p>
      </Modal>
    </>
  );
}
