import { App, Button, Input } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import { accountRecoveryEndpoints } from '@campus/contracts/account-recovery';
import { defaultPasswordProblem } from '@campus/contracts/password-rules';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { Widget } from '../common/Widget.tsx';

type Field = 'oldPassword' | 'newPassword' | 'confirm';
type Problems = Partial<Record<Field, string>>;

/**
 * The settings page's password change (issue 12 §4, DESIGN.md §8): the current password and
 * the new one twice, under the spec §5 default rule. The server ends the user's other
 * sign-ins and revokes remembered passwords; its refusals (a wrong current password) come
 * through the HTTP client's spec §8 notice.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { http } = useRuntime();
  const { message: toast } = App.useApp();
  const ids = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: '',
    newPassword: '',
    confirm: '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);

  const check = (): Problems => {
    const found: Problems = {};
    if (values.oldPassword === '') found.oldPassword = t('pages.setting.required');
    const rule = defaultPasswordProblem(values.newPassword);
    if (rule) found.newPassword = t(`forget.problem.${rule}`);
    else if (values.confirm !== values.newPassword) found.confirm = t('forget.problem.mismatch');
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    callEndpoint(http, accountRecoveryEndpoints.changePassword, {
      body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
    })
      .then((res) => {
        if (res.status === 200) {
          setValues({ oldPassword: '', newPassword: '', confirm: '' });
          void toast.success({ content: t('pages.setting.passwordChanged'), duration: 3 });
        }
      })
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <div className="dp-password__field">
      <label className="dp-field__label" htmlFor={`${ids}-${name}`}>
        {label}
      </label>
      <Input.Password
        id={`${ids}-${name}`}
        autoComplete={autoComplete}
        value={values[name]}
        status={problems[name] ? 'error' : undefined}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={`${ids}-${name}-error`}
        data-testid={`setting.${name}`}
        onChange={(event) => {
          const value = event.target.value;
          setValues((previous) => ({ ...previous, [name]: value }));
          setProblems((previous) => ({ ...previous, [name]: undefined }));
        }}
      />
      <p className="dp-password__error" id={`${ids}-${name}-error`} role="alert">
        {problems[name] ? <span data-testid={`setting.${name}Error`}>{problems[name]}</span> : null}
      </p>
    </div>
  );

  return (
    <Widget title={t('pages.setting.password')} testId="setting.passwordCard">
      <p className="dp-muted">{t('pages.setting.passwordText')}</p>
      <form className="dp-password" noValidate onSubmit={submit}>
        {field('oldPassword', t('pages.setting.oldPassword'), 'current-password')}
        {field('newPassword', t('pages.setting.newPassword'), 'new-password')}
        {field('confirm', t('pages.setting.confirmPassword'), 'new-password')}
        <p className="dp-muted">{t('forget.rule')}</p>
        <Button
          type="primary"
          htmlType="submit"
          loading={saving}
          data-testid="setting.changePassword"
        >
          {t('pages.setting.changePassword')}
        </Button>
      </form>
    </Widget>
  );
}
