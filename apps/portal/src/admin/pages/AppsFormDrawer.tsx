import { Alert, App, Button, Checkbox, Drawer, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { adminAppEndpoints, type AdminApp, type AdminAppGroup } from '@campus/contracts/admin-apps';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import {
  appBodyOf,
  formValuesOf,
  groupName,
  outcomeOf,
  USER_TYPES,
  type AppFormValues,
} from './apps-rules.ts';

/** The form's fields in order; each maps to the body field of the same name. */
const TEXT_FIELDS = [
  'name',
  'shortName',
  'englishName',
  'englishShortName',
  'serverId',
  'deployPath',
  'menuRoute',
  'iconColor',
] as const;

const OPTIONAL = new Set<string>(['deployPath', 'menuRoute']);

const NEW_APP: Partial<AppFormValues> = {
  frontUserType: [1, 2, 3, 4],
  limitUserType: [1, 2, 3, 4],
  iconColor: '#1677FF',
  deployPath: '',
  menuRoute: '',
};

/**
 * Registers an app or edits one (issue 13 §2: code, names, short names, serverId, deployPath,
 * limitUserType, frontUserType). Only presence is checked here: the rules are the server's (the
 * same as the CLI's), and its refusal is shown as it words it, under each field it names and
 * above the form. The page mounts it afresh each time it opens (its `key`), so the values and
 * a refusal are those of this opening.
 */
export function AppsFormDrawer({
  open,
  app,
  unitId,
  groups,
  narrow,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The app being edited; absent to register one. */
  app: AdminApp | undefined;
  unitId: string;
  groups: AdminAppGroup[];
  narrow: boolean;
  onClose: () => void;
  onSaved: (app: AdminApp) => void;
}) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { message } = App.useApp();
  const [form] = Form.useForm<AppFormValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (values: AppFormValues) => {
    setSaving(true);
    setRefusal(null);
    try {
      const answer = await callEndpoint(
        http,
        app ? adminAppEndpoints.updateApp : adminAppEndpoints.createApp,
        { body: appBodyOf(unitId, { ...values, code: app ? app.code : values.code }) },
        { noIntercept: true },
      ).catch(() => undefined);
      const outcome = outcomeOf(answer, lang);
      if (outcome.ok) {
        void message.success(app ? t('admin.apps.form.saved') : t('admin.apps.form.registered'));
        onSaved(outcome.data);
        return;
      }
      const known = new Set<string>(['code', 'groupCode', 'frontUserType', 'limitUserType']);
      for (const name of TEXT_FIELDS) known.add(name);
      form.setFields(
        outcome.fields
          .filter((f) => known.has(f.field))
          .map((f) => ({ name: f.field as keyof AppFormValues, errors: [f.message] })),
      );
      setRefusal(outcome.message ?? t('admin.apps.failed'));
    } finally {
      setSaving(false);
    }
  };

  const required = (label: string) => [
    { required: true, whitespace: true, message: t('admin.apps.form.required', { field: label }) },
  ];
  const typeOptions = USER_TYPES.map((type) => ({
    value: type,
    label: t(`admin.apps.userTypes.${type}`),
  }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={app ? t('admin.apps.form.editTitle', { code: app.code }) : t('admin.apps.register')}
      size={narrow ? '100%' : 520}
      destroyOnHidden
      closable={{ 'aria-label': t('admin.apps.close') }}
      data-testid="apps.form"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('admin.apps.cancel')}</Button>
          <Button
            type="primary"
            loading={saving}
            data-testid="apps.form.save"
            onClick={() => form.submit()}
          >
            {app ? t('admin.apps.form.save') : t('admin.apps.form.create')}
          </Button>
        </Flex>
      }
    >
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={refusal}
          className="adm-apps__refusal"
          data-testid="apps.form.error"
          role="alert"
        />
      ) : null}
      <Form<AppFormValues>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={app ? formValuesOf(app) : { ...NEW_APP, groupCode: groups[0]?.code }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="code"
          label={t('admin.apps.form.code')}
          extra={app ? undefined : t('admin.apps.form.codeHelp')}
          rules={app ? [] : required(t('admin.apps.form.code'))}
        >
          <Input disabled={Boolean(app)} data-testid="apps.form.code" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="groupCode"
          label={t('admin.apps.form.groupCode')}
          rules={required(t('admin.apps.form.groupCode'))}
        >
          <Select
            data-testid="apps.form.groupCode"
            options={groups.map((g) => ({ value: g.code, label: groupName(g, lang) }))}
            optionRender={(option) => (
              <span data-testid={`apps.groupOption.${String(option.value)}`}>{option.label}</span>
            )}
          />
        </Form.Item>
        {TEXT_FIELDS.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`admin.apps.form.${name}`)}
            extra={
              name === 'deployPath' || name === 'serverId' || name === 'iconColor'
                ? t(`admin.apps.form.${name}Help`)
                : undefined
            }
            rules={OPTIONAL.has(name) ? [] : required(t(`admin.apps.form.${name}`))}
          >
            <Input data-testid={`apps.form.${name}`} autoComplete="off" />
          </Form.Item>
        ))}
        <Form.Item
          name="frontUserType"
          label={t('admin.apps.form.frontUserType')}
          extra={t('admin.apps.form.frontUserTypeHelp')}
          rules={[
            {
              required: true,
              message: t('admin.apps.form.required', { field: t('admin.apps.form.frontUserType') }),
            },
          ]}
        >
          <Checkbox.Group options={typeOptions} data-testid="apps.form.frontUserType" />
        </Form.Item>
        <Form.Item
          name="limitUserType"
          label={t('admin.apps.form.limitUserType')}
          extra={t('admin.apps.form.limitUserTypeHelp')}
          rules={[
            {
              required: true,
              message: t('admin.apps.form.required', { field: t('admin.apps.form.limitUserType') }),
            },
          ]}
        >
          <Checkbox.Group options={typeOptions} data-testid="apps.form.limitUserType" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
