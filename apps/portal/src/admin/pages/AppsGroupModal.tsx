import { Alert, App, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { adminAppEndpoints, type AdminAppGroup } from '@campus/contracts/admin-apps';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { outcomeOf } from './apps-rules.ts';

type GroupValues = AdminAppGroup;

/**
 * Creates or edits an app group (spec §3 App group: code, names, order among the groups). The
 * page mounts it afresh for each opening (its `key`); a refusal is the envelope's own words.
 */
export function AppsGroupModal({
  group,
  unitId,
  nextSort,
  onClose,
  onSaved,
}: {
  /** The group being edited; absent for a new one. */
  group: AdminAppGroup | undefined;
  unitId: string;
  /** The order a new group takes (after the others). */
  nextSort: number;
  onClose: () => void;
  onSaved: (group: AdminAppGroup) => void;
}) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (values: GroupValues) => {
    setSaving(true);
    setRefusal(null);
    const outcome = outcomeOf(
      await callEndpoint(
        http,
        adminAppEndpoints.saveGroup,
        { body: { unitId, ...values, code: group ? group.code : values.code.trim() } },
        { noIntercept: true },
      ).catch(() => undefined),
      lang,
    );
    setSaving(false);
    if (outcome.ok) {
      void message.success(t('admin.apps.groups.saved'));
      onSaved(outcome.data);
      return;
    }
    form.setFields(
      outcome.fields
        .filter((f) => ['code', 'name', 'enName', 'sort'].includes(f.field))
        .map((f) => ({ name: f.field as keyof GroupValues, errors: [f.message] })),
    );
    setRefusal(outcome.message ?? t('admin.apps.failed'));
  };

  const required = (label: string) => [
    { required: true, whitespace: true, message: t('admin.apps.form.required', { field: label }) },
  ];

  return (
    <Modal
      open
      title={
        group ? t('admin.apps.groups.editTitle', { code: group.code }) : t('admin.apps.groups.add')
      }
      okText={t('admin.apps.form.save')}
      cancelText={t('admin.apps.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'apps.groupForm.save' }}
      destroyOnHidden
    >
      <div data-testid="apps.groupForm">
        {refusal ? (
          <Alert type="error" showIcon title={refusal} className="adm-apps__refusal" role="alert" />
        ) : null}
        <Form<GroupValues>
          form={form}
          layout="vertical"
          initialValues={group ?? { code: '', name: '', enName: '', sort: nextSort }}
          onFinish={(values) => void save(values)}
        >
          <Form.Item
            name="code"
            label={t('admin.apps.groups.code')}
            rules={group ? [] : required(t('admin.apps.groups.code'))}
          >
            <Input disabled={Boolean(group)} autoComplete="off" data-testid="apps.groupForm.code" />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('admin.apps.groups.name')}
            rules={required(t('admin.apps.groups.name'))}
          >
            <Input autoComplete="off" data-testid="apps.groupForm.name" />
          </Form.Item>
          <Form.Item
            name="enName"
            label={t('admin.apps.groups.enName')}
            rules={required(t('admin.apps.groups.enName'))}
          >
            <Input autoComplete="off" data-testid="apps.groupForm.enName" />
          </Form.Item>
          <Form.Item
            name="sort"
            label={t('admin.apps.groups.sort')}
            extra={t('admin.apps.groups.sortHelp')}
          >
            <InputNumber min={0} max={100000} precision={0} data-testid="apps.groupForm.sort" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
