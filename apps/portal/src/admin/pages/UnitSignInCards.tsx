/**
 * Sign-in settings of a unit (issue 13 §2 Units): the single-sign-on URL (spec §7), the
 * trusted ticket issuer (issue 12 §3 ticket path) and the face sign-in switch (issue 14 §1), then the WeCom (`qy`) and WeChat (`mp`)
 * providers of issue 12 §2. A provider's secret is write-only: the console only knows whether
 * one is stored, and an empty secret keeps it.
 */
import { Button, Card, Col, Form, Input, Row, Space, Switch, Tag, Typography } from 'antd';
import {
  adminDirectoryEndpoints as E,
  type AdminSocialProvider,
  type AdminUnitDetail,
} from '@campus/contracts/admin-directory';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { FailureAlert } from './admin-feedback.tsx';
import { orNull, QUIET } from './admin-call.ts';
import { useFormSave } from './useFormSave.ts';
import type { UnitCardProps } from './UnitPage.tsx';

interface SignInValues {
  ssoUrl: string;
  ticketIssuerUrl: string;
  faceSignIn: boolean;
}

export function UnitSignInCard({ detail, onSaved }: UnitCardProps) {
  const { t } = useTranslation();
  const { http } = useRuntime();
  const [form] = Form.useForm<SignInValues>();
  const { failure, busy, save } = useFormSave(form, ['ssoUrl', 'ticketIssuerUrl']);

  const submit = (values: SignInValues) =>
    save(
      callEndpoint(
        http,
        E.setSignIn,
        {
          params: { unitId: detail.unitId },
          body: {
            ssoUrl: orNull(values.ssoUrl),
            ticketIssuerUrl: orNull(values.ticketIssuerUrl),
            faceSignIn: values.faceSignIn,
          },
        },
        QUIET,
      ),
      (saved) => {
        onSaved(saved);
        form.setFieldsValue({
          ssoUrl: saved.ssoUrl ?? '',
          ticketIssuerUrl: saved.ticketIssuerUrl ?? '',
          faceSignIn: saved.faceSignIn,
        });
        return t('admin.unit.saved');
      },
    );

  return (
    <Card title={t('admin.unit.signIn.title')} className="adm-card" data-testid="unit.signIn">
      <Form<SignInValues>
        form={form}
        layout="vertical"
        initialValues={{
          ssoUrl: detail.ssoUrl ?? '',
          ticketIssuerUrl: detail.ticketIssuerUrl ?? '',
          faceSignIn: detail.faceSignIn,
        }}
        onFinish={(values) => void submit(values)}
      >
        <Typography.Paragraph type="secondary">{t('admin.unit.signIn.hint')}</Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="ssoUrl" label={t('admin.unit.signIn.ssoUrl')}>
              <Input inputMode="url" placeholder="https://" data-testid="unit.signIn.ssoUrl" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="ticketIssuerUrl" label={t('admin.unit.signIn.ticketIssuerUrl')}>
              <Input inputMode="url" placeholder="https://" data-testid="unit.signIn.ticket" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item extra={t('admin.unit.signIn.faceSignInHint')}>
          <Space>
            <Form.Item name="faceSignIn" valuePropName="checked" noStyle>
              <Switch id="unit-signIn-face" data-testid="unit.signIn.face" />
            </Form.Item>
            <label htmlFor="unit-signIn-face">{t('admin.unit.signIn.faceSignIn')}</label>
          </Space>
        </Form.Item>
        <FailureAlert message={failure} testId="unit.signIn.error" />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="unit.signIn.save">
          {t('admin.unit.save')}
        </Button>
      </Form>
    </Card>
  );
}

const PROVIDERS = ['qy', 'mp'] as const;
type ProviderType = (typeof PROVIDERS)[number];

export function UnitSocialCard({ detail, onSaved }: UnitCardProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('admin.unit.social.title')} className="adm-card" data-testid="unit.social">
      <Row gutter={[24, 16]}>
        {PROVIDERS.map((type) => (
          <Col xs={24} lg={12} key={type}>
            <ProviderForm
              type={type}
              detail={detail}
              provider={detail.socialProviders.find((p) => p.type === type) ?? null}
              onSaved={onSaved}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

interface ProviderValues {
  appId: string;
  agentId: string;
  secret: string;
}

function ProviderForm({
  type,
  detail,
  provider,
  onSaved,
}: {
  type: ProviderType;
  detail: AdminUnitDetail;
  provider: AdminSocialProvider | null;
  onSaved: (detail: AdminUnitDetail) => void;
}) {
  const { t } = useTranslation();
  const { http } = useRuntime();
  const [form] = Form.useForm<ProviderValues>();
  const { failure, busy, save } = useFormSave(form, ['appId', 'agentId', 'secret']);
  const params = { unitId: detail.unitId, type };

  // Saved or removed, the form shows what the answer holds (never a secret).
  const take = (saved: AdminUnitDetail, done: string) => {
    onSaved(saved);
    const now = saved.socialProviders.find((p) => p.type === type);
    form.setFieldsValue({ appId: now?.appId ?? '', agentId: now?.agentId ?? '', secret: '' });
    return done;
  };

  const submit = (values: ProviderValues) => {
    const secret = values.secret?.trim() ?? '';
    return save(
      callEndpoint(
        http,
        E.setSocialProvider,
        {
          params,
          body: {
            appId: values.appId?.trim() ?? '',
            agentId: type === 'qy' ? orNull(values.agentId) : null,
            ...(secret ? { secret } : {}),
          },
        },
        QUIET,
      ),
      (saved) => take(saved, t('admin.unit.saved')),
    );
  };

  const remove = () =>
    save(callEndpoint(http, E.removeSocialProvider, { params }, QUIET), (saved) =>
      take(saved, t('admin.unit.social.removed')),
    );

  return (
    <section aria-labelledby={`unit-social-${type}`} data-testid={`unit.social.${type}`}>
      <Space style={{ marginBottom: 8 }}>
        <Typography.Title level={3} id={`unit-social-${type}`} style={{ fontSize: 16, margin: 0 }}>
          {t(`admin.unit.social.${type}`)}
        </Typography.Title>
        <Tag color={provider ? 'success' : 'default'}>
          {provider ? t('admin.unit.social.set') : t('admin.unit.social.notSet')}
        </Tag>
      </Space>
      <Form<ProviderValues>
        form={form}
        layout="vertical"
        initialValues={{
          appId: provider?.appId ?? '',
          agentId: provider?.agentId ?? '',
          secret: '',
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="appId" label={t('admin.unit.social.appId')}>
          <Input autoComplete="off" />
        </Form.Item>
        {type === 'qy' ? (
          <Form.Item name="agentId" label={t('admin.unit.social.agentId')}>
            <Input autoComplete="off" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="secret"
          label={t('admin.unit.social.secret')}
          extra={provider?.secretSet ? t('admin.unit.social.secretKept') : undefined}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <FailureAlert message={failure} testId={`unit.social.${type}.error`} />
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('admin.unit.save')}
          </Button>
          {provider ? (
            <Button disabled={busy} onClick={() => void remove()}>
              {t('admin.unit.social.remove')}
            </Button>
          ) : null}
        </Space>
      </Form>
    </section>
  );
}
