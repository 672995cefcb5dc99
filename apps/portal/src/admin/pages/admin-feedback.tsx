/**
 * How a console form tells its outcome (DESIGN.md §4, HELPERS: the envelope's message on
 * screen): a refusal stays above the form's button, in words, until the next try; a success is
 * a short antd message.
 */
import { Alert } from 'antd';

export function FailureAlert({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="adm-form-alert"
      title={message}
      data-testid={testId}
      style={{ marginBottom: 16 }}
    />
  );
}
