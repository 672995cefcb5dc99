import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import {
  adminAppEndpoints,
  type AdminOAuthClient,
  type AdminOAuthClientSecret,
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
import { lines } from './access-rules.ts';
import { useDialogSave } from './useDialogSave.ts';

interface ClientForm {
  clientId: string;
  name: string;
  redirectUris: string;
  confidential: boolean;
}

/**
 * The OpenID Connect clients (issue 13 §2, DESIGN.md §8): listed without secrets; registered
 * with exact redirect URIs (the server's rule: full http(s) addresses, no fragment, no user
 * name; its message is shown as it is), a confidential client's secret shown this once; a new
 * secret, or removal. Shared by every unit: a top-level unit's administrator's (the server
 * refuses others, and that refusal is the page).
 */
export function OAuthClientsPage({ context }: AdminPageProps) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const unitId = context.unit.unitId;
  const clients = useLoaded(`oauth:${unitId}`, () =>
    outcomeOf(
      callEndpoint(http, adminAppEndpoints.oauthClients, { query: { unitId } }, OWN_FAILURE),
      lang,
    ),
  );
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<AdminOAuthClientSecret | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async (clientId: string) => {
    const outcome = await outcomeOf(
      callEndpoint(
        http,
        adminAppEndpoints.deleteOAuthClient,
        { body: { unitId, clientId } },
        OWN_FAILURE,
      ),
      lang,
    );
    setFailure(outcome.ok ? null : outcome.message);
    if (outcome.ok) clients.reload();
  };

  const rotate = async (clientId: string) => {
    const outcome = await outcomeOf(
      callEndpoint(
        http,
        adminAppEndpoints.rotateOAuthSecret,
        { body: { unitId, clientId } },
        OWN_FAILURE,
      ),
      lang,
    );
    setFailure(outcome.ok ? null : outcome.message);
    if (outcome.ok) {
      setSecret(outcome.data);
      clients.reload();
    }
  };

  return (
    <AccessPage page="oauth" intro={t('admin.oauth.intro')}>
      <LoadedView loaded={clients.loaded} reload={clients.reload} testId="oauth">
        {(rows) => (
          <Card
            className="adm-card"
            extra={
              <Button type="primary" data-testid="oauth.add" onClick={() => setCreating(true)}>
                {t('admin.oauth.add')}
              </Button>
            }
            title={t('admin.oauth.listTitle')}
          >
            <FailureAlert message={failure} testId="oauth.error" />
            <Table<AdminOAuthClient>
              rowKey="clientId"
              size="middle"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={rows}
              locale={{ emptyText: t('admin.oauth.none') }}
              onRow={(c) => ({ 'data-testid': `oauth.row.${c.clientId}` }) as object}
              columns={[
                {
                  key: 'clientId',
                  title: t('admin.oauth.clientId'),
                  render: (_, c) => <Typography.Text code>{c.clientId}</Typography.Text>,
                },
                { key: 'name', title: t('admin.oauth.name'), render: (_, c) => c.name },
                {
                  key: 'uris',
                  title: t('admin.oauth.redirectUris'),
                  render: (_, c) => (
                    <ul className="adm-access__uris">
                      {c.redirectUris.map((uri) => (
                        <li key={uri}>
                          <Typography.Text code>{uri}</Typography.Text>
                        </li>
                      ))}
                    </ul>
                  ),
                },
                {
                  key: 'kind',
                  title: t('admin.oauth.kind'),
                  render: (_, c) => (
                    <Tag color={c.confidential ? 'blue' : 'default'}>
                      {c.confidential ? t('admin.oauth.confidential') : t('admin.oauth.public')}
                    </Tag>
                  ),
                },
                {
                  key: 'created',
                  title: t('admin.oauth.created'),
                  render: (_, c) => dayOf(c.createdAt),
                },
                {
                  key: 'actions',
                  title: t('admin.access.actions'),
                  render: (_, c) => (
                    <Space wrap>
                      <Popconfirm
                        title={t('admin.oauth.rotateConfirm', { client: c.clientId })}
                        okText={t('admin.oauth.rotate')}
                        cancelText={t('admin.access.cancel')}
                        onConfirm={() => void rotate(c.clientId)}
                      >
                        <Button size="small" data-testid="oauth.rotate">
                          {t('admin.oauth.rotate')}
                        </Button>
                      </Popconfirm>
                      <Popconfirm
                        title={t('admin.oauth.deleteConfirm', { client: c.clientId })}
                        okText={t('admin.access.delete')}
                        cancelText={t('admin.access.cancel')}
                        onConfirm={() => void remove(c.clientId)}
                      >
                        <Button size="small" danger data-testid="oauth.delete">
                          {t('admin.access.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
        )}
      </LoadedView>
      {creating ? (
        <ClientDialog
          unitId={unitId}
          onClose={(made) => {
            setCreating(false);
            if (made) {
              setSecret(made);
              clients.reload();
            }
          }}
        />
      ) : null}
      {secret ? <SecretDialog made={secret} onClose={() => setSecret(null)} /> : null}
    </AccessPage>
  );
}

function ClientDialog({
  unitId,
  onClose,
}: {
  unitId: string;
  onClose: (made: AdminOAuthClientSecret | null) => void;
}) {
  const { t } = useTranslation();
  const { http } = useRuntime();
  const [form] = Form.useForm<ClientForm>();
  const { failure, saving, save } = useDialogSave();

  const submit = (values: ClientForm) =>
    save(
      callEndpoint(
        http,
        adminAppEndpoints.createOAuthClient,
        {
          body: {
            unitId,
            clientId: values.clientId.trim(),
            name: values.name.trim(),
            redirectUris: lines(values.redirectUris),
            confidential: values.confidential,
          },
        },
        OWN_FAILURE,
      ),
      onClose,
    );

  return (
    <AccessDialog
      title={t('admin.oauth.add')}
      testId="oauth.dialog"
      errorTestId="oauth.dialogError"
      failure={failure}
      saving={saving}
      okText={t('admin.oauth.create')}
      onCancel={() => onClose(null)}
      form={form}
      initialValues={{ clientId: '', name: '', redirectUris: '', confidential: true }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="clientId" label={t('admin.oauth.clientId')} rules={[{ required: true }]}>
        <Input maxLength={64} data-testid="oauth.field.clientId" />
      </Form.Item>
      <Form.Item name="name" label={t('admin.oauth.name')} rules={[{ required: true }]}>
        <Input maxLength={100} data-testid="oauth.field.name" />
      </Form.Item>
      <Form.Item
        name="redirectUris"
        label={t('admin.oauth.redirectUris')}
        extra={t('admin.oauth.redirectHint')}
        rules={[{ required: true }]}
      >
        <Input.TextArea
          rows={3}
          placeholder="https://app.example.edu/callback"
          data-testid="oauth.field.redirectUris"
        />
      </Form.Item>
      <Form.Item
        name="confidential"
        label={t('admin.oauth.confidential')}
        extra={t('admin.oauth.confidentialHint')}
        valuePropName="checked"
      >
        <Switch data-testid="oauth.field.confidential" />
      </Form.Item>
    </AccessDialog>
  );
}

/** The secret, this once: the server keeps only what the provider needs and never answers it. */
function SecretDialog({ made, onClose }: { made: AdminOAuthClientSecret; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('admin.oauth.madeTitle', { client: made.client.clientId })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="oauth.secretDone">
          {t('admin.oauth.secretDone')}
        </Button>
      }
      data-testid="oauth.secretDialog"
    >
      {made.secret ? (
        <>
          <Alert type="warning" showIcon title={t('admin.oauth.secretOnce')} />
          <Typography.Paragraph className="adm-access__secret">
            <Typography.Text code copyable data-testid="oauth.secret">
              {made.secret}
            </Typography.Text>
          </Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph data-testid="oauth.noSecret">
          {t('admin.oauth.publicMade')}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
