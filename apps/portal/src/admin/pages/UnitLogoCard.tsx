/**
 * The unit's logo (issue 13 §2 Units, spec §7 `show/unit`): an image uploaded through the file
 * service (the SDK's base64 image upload, resized as spec §5 asks), then set as the logo; the
 * preview is the public address the login page uses. At most 1 MiB (the server checks again).
 */
import { App, Button, Card, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { adminDirectoryEndpoints as E } from '@campus/contracts/admin-directory';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { uploadBase64Image } from '@campus/sdk/image-upload';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { FailureAlert } from './admin-feedback.tsx';
import { QUIET, settle } from './admin-call.ts';
import type { UnitCardProps } from './UnitPage.tsx';

/** The image kinds offered in the file picker (the server's list is the rule). */
const LOGO_ACCEPT = 'image/png,image/jpeg,image/gif,image/bmp';

export function UnitLogoCard({ detail, onSaved }: UnitCardProps) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The logo's address does not change with its file: a new one is asked for by its id.
  const preview = detail.logoUrl
    ? `${detail.logoUrl}${detail.logoUrl.includes('?') ? '&' : '?'}v=${encodeURIComponent(detail.logoFileId ?? '')}`
    : null;

  const setLogo = async (fileId: string | null) => {
    const outcome = await settle(
      callEndpoint(
        http,
        E.setUnitLogo,
        { params: { unitId: detail.unitId }, body: { fileId } },
        QUIET,
      ),
      lang,
    );
    if (outcome.ok) {
      setFailure(null);
      onSaved(outcome.data);
      void message.success(t(fileId ? 'admin.unit.logo.uploaded' : 'admin.unit.logo.removed'));
    } else {
      setFailure(outcome.message);
    }
  };

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const stored = await uploadBase64Image(file, {
        http,
        language: () => lang,
        // Kept as a png when it is one: a logo's transparency matters.
        maxWidth: 400,
        maxHeight: 400,
      });
      await setLogo(stored.fileId);
    } catch (error) {
      setFailure(
        (error as { notice?: { message?: string } }).notice?.message ??
          (error instanceof Error ? error.message : String(error)),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('admin.unit.logo.title')} className="adm-card" data-testid="unit.logo">
      <Space align="start" size={24} wrap>
        <div className="adm-logo-preview" data-testid="unit.logo.preview">
          {preview ? (
            <img
              src={preview}
              alt={t('admin.unit.logo.alt')}
              style={{ maxWidth: 160, maxHeight: 96, objectFit: 'contain' }}
            />
          ) : (
            <Typography.Text type="secondary">{t('admin.unit.logo.none')}</Typography.Text>
          )}
        </div>
        <Space orientation="vertical">
          <Typography.Text type="secondary">{t('admin.unit.logo.hint')}</Typography.Text>
          <Space wrap>
            <Upload
              accept={LOGO_ACCEPT}
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button loading={busy} data-testid="unit.logo.upload">
                {t('admin.unit.logo.upload')}
              </Button>
            </Upload>
            {detail.logoFileId ? (
              <Button
                disabled={busy}
                data-testid="unit.logo.remove"
                onClick={() => void setLogo(null)}
              >
                {t('admin.unit.logo.remove')}
              </Button>
            ) : null}
          </Space>
        </Space>
      </Space>
      <div style={{ marginTop: 16 }}>
        <FailureAlert message={failure} testId="unit.logo.error" />
      </div>
    </Card>
  );
}
