import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Drawer,
  Flex,
  Popconfirm,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import {
  adminAppEndpoints,
  type AdminApp,
  type AdminDeployResult,
} from '@campus/contracts/admin-apps';
import {
  adminFeedEndpoints,
  type AppCredentialSecret,
  type AppCredentialStatus,
} from '@campus/contracts/app-feed';
import { APP_ICON_VARIANTS, type AppIconVariant } from '@campus/contracts/storage';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { uploadBase64Image } from '@campus/sdk/image-upload';
import { createUploadTransport } from '@campus/sdk/upload-transport';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { appName, outcomeOf } from './apps-rules.ts';

/** Spec §3's icon kinds the server takes (PNG, JPEG, GIF), and the size icons are drawn at. */
const ICON_TYPES = 'image/png,image/jpeg,image/gif';
const ICON_SIZE = 256;

interface Props {
  /** The app in hand; absent closes the drawer. */
  app: AdminApp | undefined;
  unitId: string;
  /** Whether the caller may change the shared catalogue (icons, builds). */
  editable: boolean;
  narrow: boolean;
  onClose: () => void;
  onChanged: (app: AdminApp) => void;
  onDeployed: () => void;
}

/**
 * One app's icons per theme (spec §3: gray, colour, cartoon), its build (issue 13 §2 Deploying
 * a sub-app build: a zip of its `pages/` folder, checked and swapped in without a restart) and
 * its feed credential for the unit (issue 13 §4: shown once, rotatable).
 */
export function AppsManageDrawer({
  app,
  unitId,
  editable,
  narrow,
  onClose,
  onChanged,
  onDeployed,
}: Props) {
  const { t, lang } = useTranslation();
  return (
    <Drawer
      open={app !== undefined}
      onClose={onClose}
      title={app ? appName(app, lang) : ''}
      size={narrow ? '100%' : 600}
      destroyOnHidden
      closable={{ 'aria-label': t('admin.apps.close') }}
    >
      {app ? (
        <Flex vertical gap={16} data-testid="apps.manageDrawer">
          <IconsCard app={app} unitId={unitId} editable={editable} onChanged={onChanged} />
          {editable ? <DeployCard app={app} unitId={unitId} onDeployed={onDeployed} /> : null}
          <CredentialCard app={app} unitId={unitId} />
        </Flex>
      ) : null}
    </Drawer>
  );
}

function IconsCard({
  app,
  unitId,
  editable,
  onChanged,
}: {
  app: AdminApp;
  unitId: string;
  editable: boolean;
  onChanged: (app: AdminApp) => void;
}) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<AppIconVariant | null>(null);
  // Changes each time an icon is replaced (the new file's id), so the previews load the new
  // image rather than the cached one.
  const [stamp, setStamp] = useState<string | null>(null);

  const setIcon = async (variant: AppIconVariant, file: File | null) => {
    setBusy(variant);
    try {
      let fileId: string | null = null;
      if (file) {
        const stored = await uploadBase64Image(file, {
          http,
          maxWidth: ICON_SIZE,
          maxHeight: ICON_SIZE,
          language: () => lang,
        });
        fileId = stored.fileId;
      }
      const outcome = outcomeOf(
        await callEndpoint(
          http,
          adminAppEndpoints.appIcon,
          { body: { unitId, code: app.code, variant, fileId } },
          { noIntercept: true },
        ).catch(() => undefined),
        lang,
      );
      if (outcome.ok) {
        onChanged(outcome.data);
        setStamp(fileId ?? `drawn-${outcome.data.code}-${variant}`);
        void message.success(t('admin.apps.icons.saved'));
      } else {
        void message.error(outcome.message ?? t('admin.apps.failed'));
      }
    } catch (error) {
      // An upload refusal (uploadBase64Image's `UploadError`) is worded in the page language.
      void message.error(
        error instanceof Error && error.message ? error.message : t('admin.apps.failed'),
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card size="small" title={t('admin.apps.icons.title')} data-testid="apps.icons">
      <Typography.Paragraph type="secondary">{t('admin.apps.icons.help')}</Typography.Paragraph>
      <Flex wrap gap={16}>
        {APP_ICON_VARIANTS.map((variant) => {
          const icon = app.icons[variant];
          const label = t(`admin.apps.icons.${variant}`);
          return (
            <Flex
              key={variant}
              vertical
              align="center"
              gap={6}
              className="adm-apps__variant"
              data-testid={`apps.icon.${variant}`}
            >
              <img
                className="adm-apps__preview"
                src={stamp ? `${icon.url}?v=${stamp}` : icon.url}
                alt={t('admin.apps.icons.preview', { variant: label })}
                width={64}
                height={64}
                data-testid="apps.icon.preview"
              />
              <span>{label}</span>
              <Badge
                status={icon.uploaded ? 'processing' : 'default'}
                text={icon.uploaded ? t('admin.apps.icons.uploaded') : t('admin.apps.icons.drawn')}
                data-testid="apps.icon.state"
              />
              {editable ? (
                <>
                  <Upload
                    accept={ICON_TYPES}
                    showUploadList={false}
                    beforeUpload={(file) => {
                      void setIcon(variant, file);
                      return Upload.LIST_IGNORE;
                    }}
                  >
                    <Button size="small" loading={busy === variant} data-testid="apps.icon.upload">
                      {t('admin.apps.icons.upload')}
                    </Button>
                  </Upload>
                  {icon.uploaded ? (
                    <Button
                      size="small"
                      type="link"
                      disabled={busy !== null}
                      data-testid="apps.icon.reset"
                      onClick={() => void setIcon(variant, null)}
                    >
                      {t('admin.apps.icons.reset')}
                    </Button>
                  ) : null}
                </>
              ) : null}
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
}

type DeployState =
  | { kind: 'idle' }
  | { kind: 'sending'; name: string; percent: number }
  | { kind: 'done'; result: AdminDeployResult }
  | { kind: 'refused'; message: string };

function DeployCard({
  app,
  unitId,
  onDeployed,
}: {
  app: AdminApp;
  unitId: string;
  onDeployed: () => void;
}) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const [state, setState] = useState<DeployState>({ kind: 'idle' });

  const deploy = async (file: File) => {
    setState({ kind: 'sending', name: file.name, percent: 0 });
    const transport = createUploadTransport({ http, appCode: 'base' });
    const controller = new AbortController();
    try {
      const answer = await transport.send(
        adminAppEndpoints.deploy,
        { unitId, code: app.code },
        file,
        file.name,
        {
          signal: controller.signal,
          onProgress: (loaded) =>
            setState({
              kind: 'sending',
              name: file.name,
              percent: file.size ? Math.round((loaded / file.size) * 100) : 100,
            }),
        },
      );
      const outcome = outcomeOf(answer, lang);
      if (outcome.ok) {
        setState({ kind: 'done', result: outcome.data });
        onDeployed();
      } else {
        setState({ kind: 'refused', message: outcome.message ?? t('admin.apps.failed') });
      }
    } catch {
      setState({ kind: 'refused', message: t('admin.apps.failed') });
    }
  };

  return (
    <Card size="small" title={t('admin.apps.deploy.title')} data-testid="apps.deploy">
      <Typography.Paragraph type="secondary">
        {t('admin.apps.deploy.help', { serverId: app.serverId })}
      </Typography.Paragraph>
      <Flex gap={8} align="center" wrap>
        <Upload
          accept=".zip,application/zip"
          showUploadList={false}
          disabled={state.kind === 'sending'}
          beforeUpload={(file) => {
            void deploy(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button type="primary" loading={state.kind === 'sending'} data-testid="apps.deploy.pick">
            {t('admin.apps.deploy.pick')}
          </Button>
        </Upload>
        <Badge
          status={app.installed ? 'processing' : 'warning'}
          text={app.installed ? t('admin.apps.installed') : t('admin.apps.notInstalled')}
          data-testid="apps.deploy.installed"
        />
      </Flex>
      {state.kind === 'sending' ? (
        <Typography.Paragraph className="adm-apps__result" role="status">
          {t('admin.apps.deploy.sending', { name: state.name, percent: state.percent })}
        </Typography.Paragraph>
      ) : null}
      {state.kind === 'refused' ? (
        <Alert
          type="error"
          showIcon
          className="adm-apps__result"
          title={t('admin.apps.deploy.refused')}
          description={state.message}
          data-testid="apps.deploy.error"
          role="alert"
        />
      ) : null}
      {state.kind === 'done' ? (
        <Alert
          type="success"
          showIcon
          className="adm-apps__result"
          title={t('admin.apps.deploy.done', { version: state.result.appVersion })}
          data-testid="apps.deploy.result"
          role="status"
          description={
            <dl className="adm-apps__facts">
              <dt>{t('admin.apps.deploy.version')}</dt>
              <dd data-testid="apps.deploy.version">{state.result.appVersion}</dd>
              <dt>{t('admin.apps.deploy.folders')}</dt>
              <dd>{state.result.folders.join(', ')}</dd>
              <dt>{t('admin.apps.deploy.pages')}</dt>
              <dd>{state.result.pages.join(', ')}</dd>
              <dt>{t('admin.apps.deploy.files')}</dt>
              <dd>
                {t('admin.apps.deploy.size', {
                  files: state.result.files,
                  kib: Math.ceil(state.result.bytes / 1024),
                })}
              </dd>
            </dl>
          }
        />
      ) : null}
    </Card>
  );
}

function CredentialCard({ app, unitId }: { app: AdminApp; unitId: string }) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const [status, setStatus] = useState<AppCredentialStatus | null>(null);
  const [secret, setSecret] = useState<AppCredentialSecret | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void callEndpoint(
      http,
      adminFeedEndpoints.appCredential,
      { params: { appCode: app.code }, query: { unitId } },
      { noIntercept: true },
    )
      .catch(() => undefined)
      .then((answer) => {
        if (!live) return;
        const outcome = outcomeOf(answer, lang);
        if (outcome.ok) setStatus(outcome.data);
        else setRefusal(outcome.message ?? t('admin.apps.failed'));
      });
    return () => {
      live = false;
    };
    // Asked once per app and unit; the language changes only the words of a refusal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, app.code, unitId]);

  const rotate = async () => {
    setBusy(true);
    setRefusal(null);
    const outcome = outcomeOf(
      await callEndpoint(
        http,
        adminFeedEndpoints.rotateAppCredential,
        { params: { appCode: app.code }, body: { unitId } },
        { noIntercept: true },
      ).catch(() => undefined),
      lang,
    );
    setBusy(false);
    if (outcome.ok) {
      setSecret(outcome.data);
      setStatus({
        appCode: outcome.data.appCode,
        unitId: outcome.data.unitId,
        clientId: outcome.data.clientId,
        createdAt: outcome.data.createdAt,
      });
    } else {
      setRefusal(outcome.message ?? t('admin.apps.failed'));
    }
  };

  const has = Boolean(status?.clientId);
  const when = (ms: number) =>
    new Date(ms).toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN', { hour12: false });

  return (
    <Card size="small" title={t('admin.apps.credential.title')} data-testid="apps.credential">
      <Typography.Paragraph type="secondary">
        {t('admin.apps.credential.help')}
      </Typography.Paragraph>
      {status ? (
        <Typography.Paragraph data-testid="apps.credential.status">
          {has && status.createdAt !== null ? (
            <>
              {t('admin.apps.credential.has', { date: when(status.createdAt) })}{' '}
              <Typography.Text code>{status.clientId}</Typography.Text>
            </>
          ) : (
            t('admin.apps.credential.none')
          )}
        </Typography.Paragraph>
      ) : null}
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={refusal}
          className="adm-apps__result"
          data-testid="apps.credential.error"
          role="alert"
        />
      ) : null}
      {secret ? (
        <Alert
          type="warning"
          showIcon
          className="adm-apps__result"
          title={t('admin.apps.credential.once')}
          data-testid="apps.credential.secret"
          description={
            <Typography.Text
              code
              copyable={{
                text: secret.secret,
                tooltips: [t('admin.apps.credential.copy'), t('admin.apps.credential.copied')],
              }}
              className="adm-apps__secret"
              data-testid="apps.credential.secretText"
            >
              {secret.secret}
            </Typography.Text>
          }
        />
      ) : null}
      <Popconfirm
        title={
          has ? t('admin.apps.credential.rotateConfirm') : t('admin.apps.credential.createConfirm')
        }
        okText={t('admin.apps.credential.confirm')}
        cancelText={t('admin.apps.cancel')}
        onConfirm={() => void rotate()}
        okButtonProps={{ 'data-testid': 'apps.credential.confirm' }}
      >
        <Button loading={busy} disabled={status === null} data-testid="apps.credential.rotate">
          {has ? t('admin.apps.credential.rotate') : t('admin.apps.credential.create')}
        </Button>
      </Popconfirm>
    </Card>
  );
}
