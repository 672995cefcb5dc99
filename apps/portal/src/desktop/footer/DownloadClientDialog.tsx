import { Button, Modal } from 'antd';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { CLIENT_PACKAGES } from './download-links.ts';

/**
 * The download-client dialog (spec §2 Other dialogs): the Windows installer and the portable
 * package, each a plain download link with its version and size.
 */
export function DownloadClientDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={560}
      centered
      mask={{ closable: false }}
      onCancel={onClose}
      className="dd-modal"
      title={t('dialogs.download.title')}
      footer={
        <Button onClick={onClose} data-testid="download.close">
          {t('dialogs.common.close')}
        </Button>
      }
    >
      <div data-testid="download.dialog">
        <p className="dd-lead">{t('dialogs.download.lead')}</p>
        <ul className="dd-downloads">
          {CLIENT_PACKAGES.map((pkg) => (
            <li key={pkg.kind} className="dd-download">
              <div className="dd-download__info">
                <span className="dd-download__name">{t(`dialogs.download.${pkg.kind}.name`)}</span>
                <span className="dd-download__desc">{t(`dialogs.download.${pkg.kind}.desc`)}</span>
                <span className="dd-download__meta" data-testid={`download.${pkg.kind}Meta`}>
                  {t('dialogs.download.meta', { version: pkg.version, size: pkg.sizeMb })}
                </span>
              </div>
              <Button
                type="primary"
                className="dd-download__link"
                href={pkg.href}
                download
                data-testid={`download.${pkg.kind}`}
              >
                {t('dialogs.download.action')}
              </Button>
            </li>
          ))}
        </ul>
        <p className="dd-hint">{t('dialogs.download.hint')}</p>
      </div>
    </Modal>
  );
}
