import { Button, Card, Descriptions, Form, Input, Popconfirm, Table, Typography } from 'antd';
import { useState } from 'react';
import {
  adminAppEndpoints,
  type AdminApp,
  type AdminRelease,
  type AdminVersions,
} from '@campus/contracts/admin-apps';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import {
  dayOf,
  FailureAlert,
  LoadedView,
  outcomeOf,
  OWN_FAILURE,
  useLoaded,
} from './access-calls.tsx';
import { AccessDialog } from './AccessDialog.tsx';
import { AccessPage } from './AccessPage.tsx';
import { CatalogueAppPicker } from './CatalogueAppPicker.tsx';
import { lines } from './access-rules.ts';
import { useDialogSave } from './useDialogSave.ts';

/**
 * Version records (issue 13 §2; spec §3 server version reply and version record, §7): per app
 * what its `{code}_package_versions` answers and its release notes, newest first. Changing them
 * is a top-level unit's administrator's (the catalogue's `editable`).
 */
export function VersionsPage({ context }: AdminPageProps) {
  const { t } = useTranslation();
  const unitId = context.unit.unitId;
  return (
    <AccessPage page="versions" intro={t('admin.versions.intro')}>
      <CatalogueAppPicker unitId={unitId} page="versions">
        {(app, editable) => (
          <>
            {editable ? null : (
              <Typography.Paragraph type="secondary" data-testid="versions.readOnly">
                {t('admin.access.sharedReadOnly')}
              </Typography.Paragraph>
            )}
            {app ? (
              <AppVersions key={app.code} unitId={unitId} app={app} editable={editable} />
            ) : null}
          </>
        )}
      </CatalogueAppPicker>
    </AccessPage>
  );
}

function AppVersions({
  unitId,
  app,
  editable,
}: {
  unitId: string;
  app: AdminApp;
  editable: boolean;
}) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const versions = useLoaded(`versions:${unitId}:${app.code}`, () =>
    outcomeOf(
      callEndpoint(
        http,
        adminAppEndpoints.versions,
        { query: { unitId, code: app.code } },
        OWN_FAILURE,
      ),
      lang,
    ),
  );
  const [editingServer, setEditingServer] = useState(false);
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async (id: string) => {
    const outcome = await outcomeOf(
      callEndpoint(http, adminAppEndpoints.deleteRelease, { body: { unitId, id } }, OWN_FAILURE),
      lang,
    );
    setFailure(outcome.ok ? null : outcome.message);
    if (outcome.ok) versions.reload();
  };

  return (
    <LoadedView loaded={versions.loaded} reload={versions.reload} testId="versions.app">
      {(data) => (
        <>
          <Card
            className="adm-card"
            title={t('admin.versions.server')}
            data-testid="versions.server"
            extra={
              editable ? (
                <Button data-testid="versions.editServer" onClick={() => setEditingServer(true)}>
                  {t('admin.access.edit')}
                </Button>
              ) : null
            }
          >
            {data.server ? (
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 1, md: 3, lg: 3, xl: 3, xxl: 3 }}
                items={[
                  {
                    key: 'server',
                    label: t('admin.versions.serverVersion'),
                    children: data.server.serverVersion,
                  },
                  {
                    key: 'web',
                    label: t('admin.versions.webCodeVersion'),
                    children: data.server.webCodeVersion,
                  },
                  { key: 'date', label: t('admin.versions.date'), children: data.server.date },
                ]}
              />
            ) : (
              <Typography.Text type="secondary">{t('admin.versions.noServer')}</Typography.Text>
            )}
          </Card>
          <Card
            className="adm-card"
            title={t('admin.versions.releases')}
            data-testid="versions.releases"
            extra={
              editable ? (
                <Button type="primary" data-testid="versions.add" onClick={() => setCreating(true)}>
                  {t('admin.versions.add')}
                </Button>
              ) : null
            }
          >
            <FailureAlert message={failure} testId="versions.error" />
            <Table<AdminRelease>
              rowKey="id"
              size="middle"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.releases}
              locale={{ emptyText: t('admin.versions.none') }}
              onRow={(r) => ({ 'data-testid': `versions.row.${r.version}` }) as object}
              columns={[
                {
                  key: 'version',
                  title: t('admin.versions.version'),
                  render: (_, r) => <Typography.Text strong>{r.version}</Typography.Text>,
                },
                { key: 'date', title: t('admin.versions.date'), render: (_, r) => r.date },
                {
                  key: 'notes',
                  title: t('admin.versions.notes'),
                  render: (_, r) => (
                    <ul className="adm-access__notes">
                      {r.metto.map((note, i) => (
                        <li key={i}>{lang === 'en' && note.en ? note.en : note.cn || note.en}</li>
                      ))}
                    </ul>
                  ),
                },
                ...(editable
                  ? [
                      {
                        key: 'actions',
                        title: t('admin.access.actions'),
                        render: (_: unknown, r: AdminRelease) => (
                          <Popconfirm
                            title={t('admin.versions.deleteConfirm', { version: r.version })}
                            okText={t('admin.access.delete')}
                            cancelText={t('admin.access.cancel')}
                            onConfirm={() => void remove(r.id)}
                          >
                            <Button size="small" danger data-testid="versions.delete">
                              {t('admin.access.delete')}
                            </Button>
                          </Popconfirm>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
          {editingServer ? (
            <ServerDialog
              unitId={unitId}
              app={app}
              current={data}
              onClose={(next) => {
                setEditingServer(false);
                if (next) versions.set(next);
              }}
            />
          ) : null}
          {creating ? (
            <ReleaseDialog
              unitId={unitId}
              app={app}
              onClose={(next) => {
                setCreating(false);
                if (next) versions.set(next);
              }}
            />
          ) : null}
        </>
      )}
    </LoadedView>
  );
}

interface ServerForm {
  serverVersion: string;
  webCodeVersion: string;
  date: string;
}

function ServerDialog({
  unitId,
  app,
  current,
  onClose,
}: {
  unitId: string;
  app: AdminApp;
  current: AdminVersions;
  onClose: (next: AdminVersions | null) => void;
}) {
  const { t } = useTranslation();
  const { http } = useRuntime();
  const [form] = Form.useForm<ServerForm>();
  // No spinner on Save here: the dialog closes on the answer.
  const { failure, save } = useDialogSave();
  const [today] = useState(() => dayOf(Date.now()));
  const submit = (values: ServerForm) => {
    return save(
      callEndpoint(
        http,
        adminAppEndpoints.setServerVersion,
        {
          body: {
            unitId,
            appCode: app.code,
            serverVersion: values.serverVersion.trim(),
            webCodeVersion: values.webCodeVersion.trim(),
            date: values.date.trim(),
          },
        },
        OWN_FAILURE,
      ),
      onClose,
    );
  };
  return (
    <AccessDialog
      title={t('admin.versions.server')}
      testId="versions.serverDialog"
      errorTestId="versions.serverError"
      failure={failure}
      onCancel={() => onClose(null)}
      form={form}
      initialValues={current.server ?? { serverVersion: '', webCodeVersion: '', date: today }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="serverVersion"
        label={t('admin.versions.serverVersion')}
        rules={[{ required: true }]}
      >
        <Input maxLength={30} placeholder="1.2.0" data-testid="versions.field.serverVersion" />
      </Form.Item>
      <Form.Item
        name="webCodeVersion"
        label={t('admin.versions.webCodeVersion')}
        rules={[{ required: true }]}
      >
        <Input maxLength={30} placeholder="1.2.0" data-testid="versions.field.webCodeVersion" />
      </Form.Item>
      <Form.Item name="date" label={t('admin.versions.date')} rules={[{ required: true }]}>
        <Input maxLength={10} placeholder="YYYY-MM-DD" data-testid="versions.field.serverDate" />
      </Form.Item>
    </AccessDialog>
  );
}

interface ReleaseForm {
  version: string;
  date: string;
  cn?: string;
  en?: string;
}

function ReleaseDialog({
  unitId,
  app,
  onClose,
}: {
  unitId: string;
  app: AdminApp;
  onClose: (next: AdminVersions | null) => void;
}) {
  const { t } = useTranslation();
  const { http } = useRuntime();
  const [form] = Form.useForm<ReleaseForm>();
  // No spinner on Save here: the dialog closes on the answer.
  const { failure, save } = useDialogSave();
  const [today] = useState(() => dayOf(Date.now()));
  const submit = (values: ReleaseForm) => {
    // The n-th line of each language is one note (spec §3 metto: cn and en side by side).
    const cn = lines(values.cn);
    const en = lines(values.en);
    const metto = Array.from({ length: Math.max(cn.length, en.length) }, (_, i) => ({
      cn: cn[i] ?? '',
      en: en[i] ?? '',
    }));
    return save(
      callEndpoint(
        http,
        adminAppEndpoints.saveRelease,
        {
          body: {
            unitId,
            appCode: app.code,
            version: values.version.trim(),
            date: values.date.trim(),
            metto,
          },
        },
        OWN_FAILURE,
      ),
      onClose,
    );
  };
  return (
    <AccessDialog
      title={t('admin.versions.add')}
      testId="versions.dialog"
      errorTestId="versions.dialogError"
      failure={failure}
      onCancel={() => onClose(null)}
      form={form}
      initialValues={{ version: '', date: today, cn: '', en: '' }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="version" label={t('admin.versions.version')} rules={[{ required: true }]}>
        <Input maxLength={30} placeholder="1.2.0" data-testid="versions.field.version" />
      </Form.Item>
      <Form.Item name="date" label={t('admin.versions.date')} rules={[{ required: true }]}>
        <Input maxLength={10} placeholder="YYYY-MM-DD" data-testid="versions.field.date" />
      </Form.Item>
      <Form.Item
        name="cn"
        label={t('admin.versions.notesCn')}
        extra={t('admin.versions.notesHint')}
      >
        <Input.TextArea rows={3} lang="zh-CN" data-testid="versions.field.cn" />
      </Form.Item>
      <Form.Item name="en" label={t('admin.versions.notesEn')}>
        <Input.TextArea rows={3} lang="en" data-testid="versions.field.en" />
      </Form.Item>
    </AccessDialog>
  );
}
