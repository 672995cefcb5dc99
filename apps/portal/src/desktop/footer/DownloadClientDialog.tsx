import { Button, Modal } from 'antd';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { DialogScroll } from '../common/DialogScroll.tsx';
import { useRuntime } from '../../shared/useRuntime.ts';
import { useLoad } from '@campus/ui/useLoad';
import { loadClientDownloads, sizeInMb } from './download-links.ts';

/**
 * The download-client dialog (spec §2 Other dialogs): the Windows installer and the portable
 * package the server offers the user's unit (issue 10 §4): a file of CLIENT_DOWNLOADS_DIR is a
 * plain download link with its version and its size read from the file; an address the unit's
 * administrator gave opens in a new tab, without a size (the server does not fetch it); with
 * neither, a line that says so.
 */
export function DownloadClientDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { http } = useRuntime();
  const { data } = useLoad('client-downloads', () => loadClientDownloads(http));
  const packages = data?.packages ?? [];
  const version = data?.version ?? null;
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
      <DialogScroll label={t('dialogs.download.title')}>
        <div data-testid="download.dialog">
          <p className="dd-lead">{t('dialogs.download.lead')}</p>
          {data && packages.length === 0 ? (
            <p className="dd-lead" role="status" data-testid="download.none">
              {t('dialogs.download.none')}
            </p>
          ) : null}
          <ul className="dd-downloads" aria-busy={!data}>
            {packages.map((pkg) => (
              <li key={pkg.kind} className="dd-download">
                <div className="dd-download__info">
                  <span className="dd-download__name">
                    {t(`dialogs.download.${pkg.kind}.name`)}
                  </span>
                  <span className="dd-download__desc">
                    {t(`dialogs.download.${pkg.kind}.desc`)}
                  </span>
                  <span className="dd-download__meta" data-testid={`download.${pkg.kind}Meta`}>
                    {'url' in pkg
                      ? t('dialogs.download.external')
                      : version
                        ? t('dialogs.download.meta', { version, size: sizeInMb(pkg.size) })
                        : t('dialogs.download.size', { size: sizeInMb(pkg.size) })}
                  </span>
                </div>
                {'url' in pkg ? (
                  // Another site: a new tab that cannot reach back into the portal's page.
                  <Button
                    type="primary"
                    className="dd-download__link"
                    href={pkg.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid={`download.${pkg.kind}`}
                  >
                    {t('dialogs.download.action')}
                  </Button>
                ) : (
                  <Button
                    type="primary"
                    className="dd-download__link"
                    href={pkg.href}
                    download
                    data-testid={`download.${pkg.kind}`}
                  >
                    {t('dialogs.download.action')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {packages.length > 0 ? (
            <p className="dd-hint">
              {packages.some((pkg) => 'url' in pkg)
                ? t('dialogs.download.hintExternal')
                : t('dialogs.download.hint')}
            </p>
          ) : null}
        </div>
      </DialogScroll>
    </Modal>
  );
}
