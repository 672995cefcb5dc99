import { App, Button, Space, Table, Tag, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import {
  FACE_BULK_MAX_BYTES,
  FACE_BULK_MAX_PHOTOS,
  faceAdminEndpoints,
  type FaceBulkOutcome,
  type FaceBulkResult,
} from '@campus/contracts/face';
import { PORTAL_APP_CODE } from '@campus/sdk/create-page-runtime';
import { failureMessage } from '@campus/sdk/http-core';
import { createUploadTransport } from '@campus/sdk/upload-transport';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';

/** The models take about 0.4 s a photo: a full .zip may take minutes. */
const BULK_TIMEOUT_MS = 15 * 60 * 1000;

type BulkFile = FaceBulkResult['files'][number];

const OUTCOME_COLOUR: Record<FaceBulkOutcome, string> = {
  enrolled: 'success',
  'no-face': 'warning',
  'several-faces': 'warning',
  'face-too-small': 'warning',
  'not-an-image': 'error',
  'too-large': 'error',
  'unknown-login': 'error',
  'outside-unit': 'error',
  'not-a-photo': 'default',
  'too-many-photos': 'default',
};

/**
 * Bulk enrolment (issue 14 §2 Privacy): a .zip of photos named by login (`teacher.jpg`), each
 * enrolled on the server as `face/check` would; the answer says what became of every file.
 */
export function FacesBulkTab({ unitId }: { unitId: string }) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<FaceBulkResult | null>(null);
  const transport = useMemo(
    () => createUploadTransport({ http, appCode: PORTAL_APP_CODE, timeoutMs: BULK_TIMEOUT_MS }),
    [http],
  );

  const send = async () => {
    if (!file) return;
    setSending(true);
    try {
      const reply = await transport.send(
        faceAdminEndpoints.bulkEnrol,
        { unitId },
        file,
        file.name,
        { signal: new AbortController().signal },
      );
      if (reply.status === 200 && reply.data) setResult(reply.data);
      else void message.error(failureMessage(reply, lang));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <div data-testid="faces.bulk">
      <Typography.Paragraph>
        {t('admin.faces.bulk.help', {
          photos: FACE_BULK_MAX_PHOTOS,
          mb: FACE_BULK_MAX_BYTES / 1024 / 1024,
        })}
      </Typography.Paragraph>
      <Space wrap>
        <Upload
          accept=".zip,application/zip"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setResult(null);
            return false;
          }}
        >
          <Button data-testid="faces.bulk.choose">{t('admin.faces.bulk.choose')}</Button>
        </Upload>
        <Typography.Text data-testid="faces.bulk.fileName">
          {file ? file.name : t('admin.faces.bulk.noFile')}
        </Typography.Text>
        <Button
          type="primary"
          disabled={!file}
          loading={sending}
          data-testid="faces.bulk.send"
          onClick={() => void send()}
        >
          {t('admin.faces.bulk.send')}
        </Button>
      </Space>
      {result ? (
        <>
          <Typography.Paragraph style={{ marginTop: 16 }} data-testid="faces.bulk.summary">
            {t('admin.faces.bulk.summary', { enrolled: result.enrolled, total: result.total })}
          </Typography.Paragraph>
          <Table<BulkFile>
            rowKey="file"
            size="middle"
            pagination={false}
            dataSource={result.files}
            scroll={{ x: 'max-content' }}
            onRow={(row) => ({ 'data-testid': `faces.bulk.row.${row.file}` }) as object}
            columns={[
              { key: 'file', title: t('admin.faces.columns.file'), dataIndex: 'file' },
              {
                key: 'loginName',
                title: t('admin.faces.columns.loginName'),
                dataIndex: 'loginName',
              },
              {
                key: 'outcome',
                title: t('admin.faces.columns.outcome'),
                render: (_: unknown, row) => (
                  <Tag color={OUTCOME_COLOUR[row.outcome]}>
                    {t(`admin.faces.outcomes.${row.outcome}`)}
                  </Tag>
                ),
              },
            ]}
          />
        </>
      ) : null}
    </div>
  );
}
