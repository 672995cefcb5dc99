/**
 * The form dialog of the access pages (roles, versions, OAuth clients): Save (or the dialog's own
 * word for it) and Cancel in the page language, Save submitting the dialog's form (validated first, antd's own rules), and a refusal shown
 * above the form in the server's words until the next try.
 */
import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { FailureAlert } from './access-calls.tsx';

export function AccessDialog<V extends object>({
  title,
  testId,
  errorTestId,
  failure,
  saving,
  okText,
  onCancel,
  form,
  initialValues,
  onFinish,
  children,
}: {
  title: string;
  testId: string;
  errorTestId: string;
  failure: string | null;
  /** Save's spinner while a save runs (left out where the dialog shows none). */
  saving?: boolean;
  /** Save's word where it is another (OAuth's Create); else `admin.access.save`. */
  okText?: string;
  onCancel: () => void;
  form: FormInstance<V>;
  initialValues: Partial<V>;
  /** The valid values, on Save. */
  onFinish: (values: V) => void;
  /** The form's items. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      okText={okText ?? t('admin.access.save')}
      cancelText={t('admin.access.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      data-testid={testId}
    >
      <FailureAlert message={failure} testId={errorTestId} />
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
  );
}
