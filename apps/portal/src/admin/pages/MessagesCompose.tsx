/**
 * The composer of `MessagesPage`: kind, audience (unit, grade, class or chosen users, searched
 * among the unit's accounts), importance 1–5 for a message, the text and an optional link. A
 * refusal shows the envelope's message above the button.
 */
import { App, Button, Card, Col, Form, Input, Radio, Row, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { adminDirectoryEndpoints } from '@campus/contracts/admin-directory';
import {
  adminFeedEndpoints,
  FEED_AUDIENCE_NAME_MAX,
  FEED_IMPORTANCE_MAX,
  FEED_IMPORTANCE_MIN,
  FEED_TEXT_MAX,
  FEED_URL_MAX,
  type FeedSendKind,
} from '@campus/contracts/app-feed';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { FailureAlert } from './admin-feedback.tsx';
import { formErrors, QUIET, settle } from './admin-call.ts';
import { AUDIENCE_KINDS, composeAudience, type AudienceValues } from './messages-audience.ts';

interface ComposeValues extends AudienceValues {
  kind: FeedSendKind;
  importance: number;
  title: string;
  url?: string;
}

const IMPORTANCES = Array.from(
  { length: FEED_IMPORTANCE_MAX - FEED_IMPORTANCE_MIN + 1 },
  (_, i) => FEED_IMPORTANCE_MIN + i,
);

export function MessagesCompose({ unitId, onSent }: { unitId: string; onSent: () => void }) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { message } = App.useApp();
  const [form] = Form.useForm<ComposeValues>();
  const kind = Form.useWatch('kind', form) ?? 'message';
  const audienceKind = Form.useWatch('audienceKind', form) ?? 'unit';
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('admin.messages.compose.required', { field }),
  });

  const submit = async (values: ComposeValues) => {
    setBusy(true);
    const url = values.url?.trim();
    const outcome = await settle(
      callEndpoint(
        http,
        adminFeedEndpoints.compose,
        {
          body: {
            kind: values.kind,
            audience: composeAudience(unitId, values),
            title: values.title.trim(),
            ...(values.kind === 'message' ? { importance: values.importance } : {}),
            ...(url ? { url } : {}),
          },
        },
        QUIET,
      ),
      lang,
    );
    setBusy(false);
    if (outcome.ok) {
      setFailure(null);
      form.setFieldsValue({ title: '', url: '' });
      void message.success(t('admin.messages.compose.sent', { count: outcome.data.recipients }));
      onSent();
    } else {
      setFailure(outcome.message);
      form.setFields(formErrors(outcome.fields, ['title', 'url', 'importance'] as const));
    }
  };

  return (
    <Card
      title={t('admin.messages.compose.title')}
      className="adm-card"
      data-testid="messages.compose"
    >
      <Form<ComposeValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ kind: 'message', audienceKind: 'unit', importance: 3 }}
        onFinish={(values) => void submit(values)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('admin.messages.compose.kind')}>
              <Radio.Group
                optionType="button"
                data-testid="messages.kind"
                options={(['message', 'todo'] as const).map((value) => ({
                  value,
                  label: t(`admin.messages.compose.kinds.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          {kind === 'message' ? (
            <Col xs={24} md={12}>
              <Form.Item
                name="importance"
                label={t('admin.messages.compose.importance')}
                extra={t('admin.messages.compose.importanceHint')}
              >
                <Radio.Group
                  optionType="button"
                  data-testid="messages.importance"
                  options={IMPORTANCES.map((value) => ({ value, label: String(value) }))}
                />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
        <Form.Item name="audienceKind" label={t('admin.messages.compose.audience')}>
          <Radio.Group
            data-testid="messages.audience"
            options={AUDIENCE_KINDS.map((value) => ({
              value,
              label: t(`admin.messages.compose.audiences.${value}`),
            }))}
          />
        </Form.Item>
        {audienceKind === 'grade' || audienceKind === 'class' ? (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="gradeName"
                label={t('admin.messages.compose.gradeName')}
                rules={[required(t('admin.messages.compose.gradeName'))]}
              >
                <Input maxLength={FEED_AUDIENCE_NAME_MAX} data-testid="messages.gradeName" />
              </Form.Item>
            </Col>
            {audienceKind === 'class' ? (
              <Col xs={24} md={12}>
                <Form.Item
                  name="className"
                  label={t('admin.messages.compose.className')}
                  rules={[required(t('admin.messages.compose.className'))]}
                >
                  <Input maxLength={FEED_AUDIENCE_NAME_MAX} data-testid="messages.className" />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        ) : null}
        {audienceKind === 'users' ? (
          <Form.Item
            name="userIds"
            label={t('admin.messages.compose.users')}
            rules={[
              {
                required: true,
                type: 'array',
                min: 1,
                message: t('admin.messages.compose.required', {
                  field: t('admin.messages.compose.users'),
                }),
              },
            ]}
          >
            <UserPicker unitId={unitId} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="title"
          label={t('admin.messages.compose.text')}
          rules={[required(t('admin.messages.compose.text'))]}
        >
          <Input.TextArea
            rows={3}
            maxLength={FEED_TEXT_MAX}
            showCount
            data-testid="messages.text"
          />
        </Form.Item>
        <Form.Item name="url" label={t('admin.messages.compose.url')}>
          <Input maxLength={FEED_URL_MAX} inputMode="url" data-testid="messages.url" />
        </Form.Item>
        <FailureAlert message={failure} testId="messages.error" />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="messages.send">
          {t('admin.messages.compose.send')}
        </Button>
      </Form>
    </Card>
  );
}

/** Chosen users: the unit's accounts found by name, login or phone as the admin types. */
function UserPicker({
  unitId,
  value,
  onChange,
}: {
  unitId: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const [q, setQ] = useState('');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [known, setKnown] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    // A short pause, so each key stroke does not ask the server.
    const timer = setTimeout(() => {
      setLoading(true);
      void settle(
        callEndpoint(
          http,
          adminDirectoryEndpoints.users,
          { query: { unitId, size: 20, ...(q.trim() ? { q: q.trim() } : {}) } },
          QUIET,
        ),
        lang,
      ).then((outcome) => {
        if (!live) return;
        setLoading(false);
        if (!outcome.ok) return;
        const found = outcome.data.items.map((u) => ({
          value: u.userId,
          label: `${u.realName} (${u.loginName})`,
        }));
        setOptions(found);
        setKnown((before) => ({
          ...before,
          ...Object.fromEntries(found.map((o) => [o.value, o.label])),
        }));
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [http, unitId, q, lang]);

  return (
    <Select
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value}
      onChange={onChange}
      placeholder={t('admin.messages.compose.usersPlaceholder')}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={[
        ...options,
        ...(value ?? [])
          .filter((id) => !options.some((o) => o.value === id))
          .map((id) => ({ value: id, label: known[id] ?? id })),
      ]}
      data-testid="messages.users"
    />
  );
}
