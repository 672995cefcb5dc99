/**
 * What the console shows instead of its pages: loading, not an administrator (a 403 from the
 * scope call, issue 13 §1: a clear page with a way back, never a blank one), a failed load with
 * a retry, and a console address with no page behind it.
 */
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { DESKTOP_PATH } from '@campus/contracts/pages';
import { useTranslation } from '../i18n/useTranslation.ts';

export function AdminLoading() {
  const { t } = useTranslation();
  return (
    <div className="adm-status" data-testid="admin.loading" role="status">
      <Spin size="large" />
      <span>{t('admin.loading')}</span>
    </div>
  );
}

export function NotAdminPage() {
  const { t, lang } = useTranslation();
  useEffect(() => {
    document.title = t('admin.documentTitle', { page: t('admin.notAdmin.title') });
  }, [t, lang]);
  return (
    <main className="adm-status" data-testid="admin.notAdmin">
      <Result
        status="403"
        title={<h1 className="adm-status__title">{t('admin.notAdmin.title')}</h1>}
        subTitle={t('admin.notAdmin.text')}
        extra={
          <Button type="primary" href={DESKTOP_PATH} data-testid="admin.backToDesktop">
            {t('admin.backToDesktop')}
          </Button>
        }
      />
    </main>
  );
}

export function LoadFailedPage({ onRetry }: { onRetry: () => void }) {
  const { t, lang } = useTranslation();
  useEffect(() => {
    document.title = t('admin.documentTitle', { page: t('admin.failed.title') });
  }, [t, lang]);
  return (
    <main className="adm-status" data-testid="admin.failed">
      <Result
        status="warning"
        title={<h1 className="adm-status__title">{t('admin.failed.title')}</h1>}
        extra={[
          <Button key="retry" type="primary" onClick={onRetry} data-testid="admin.retry">
            {t('admin.failed.retry')}
          </Button>,
          <Button key="desktop" href={DESKTOP_PATH}>
            {t('admin.backToDesktop')}
          </Button>,
        ]}
      />
    </main>
  );
}

/** An address inside a unit's console with no page the caller may see. */
export function AdminNotFound({ home }: { home: string }) {
  const { t, lang } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = t('admin.documentTitle', { page: t('admin.notFound.title') });
  }, [t, lang]);
  return (
    <div className="adm-page" data-testid="admin.notFound">
      <Result
        status="404"
        title={<h1 className="adm-status__title">{t('admin.notFound.title')}</h1>}
        subTitle={t('admin.notFound.text')}
        extra={
          <Button type="primary" onClick={() => void navigate(home)}>
            {t('admin.notFound.back')}
          </Button>
        }
      />
    </div>
  );
}
