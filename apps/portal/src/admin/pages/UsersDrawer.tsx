import {
  Alert,
  App,
  Button,
  Descriptions,
  Divider,
  Drawer,
  Form,
  Input,
  List,
  Popconfirm,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import {
  adminDirectoryEndpoints as E,
  type AdminUserDetail,
} from '@campus/contracts/admin-directory';
import { BodyStatus, type Envelope } from '@campus/contracts/envelope';
import { USER_TYPES, isParent } from '@campus/contracts/user-types';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { failureMessage } from '@campus/sdk/http-core';
import { splitBilingual } from '@campus/sdk/language';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import type { AdminContext } from '../admin-rules.ts';
import { useLayoutWidth } from '../useLayoutWidth.ts';
import {
  formValuesOf,
  newUserBody,
  placeFieldErrors,
  profileBody,
  userFieldProblem,
  type ShownPassword,
  userTypeWord,
  type UserFormField,
  type UserFormValues,
} from './users-rules.ts';

/** What the drawer shows: a new account's form, or one account to edit. */
export type DrawerTarget = { kind: 'create' } | { kind: 'edit'; userId: string };

const FORM_FIELDS: readonly UserFormField[] = [
  'loginName',
  'realName',
  'userType',
  'sex',
  'phone',
  'email',
  'password',
];

const EMPTY: UserFormValues = {
  loginName: '',
  realName: '',
  phone: '',
  email: '',
  userType: 2,
  sex: 0,
  password: '',
};

interface ChildForm {
  realName: string;
  gradeName: string;
  className: string;
}

/**
 * Creates or edits one account (issue 13 §2 Users), checked by the shared field rules before it
 * is sent and by the server again (mounted per target, so each opens with fresh state); a refusal's message and field errors show in the drawer.
 * When editing: the account's linked teacher or parent account (spec §6) and a parent's
 * children with their grade and class.
 */
export function UsersDrawer({
  context,
  target,
  onClose,
  onChanged,
  onPassword,
  onOpen,
}: {
  context: AdminContext;
  target: DrawerTarget;
  onClose: () => void;
  onChanged: () => void;
  onPassword: (shown: ShownPassword) => void;
  onOpen: (target: DrawerTarget) => void;
}) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { message } = App.useApp();
  const width = useLayoutWidth();
  const unitId = context.unit.unitId;
  const [form] = Form.useForm<UserFormValues>();
  const [detail, setDetail] = useState<AdminUserDetail | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const editId = target.kind === 'edit' ? target.userId : null;

  useEffect(() => {
    if (target.kind === 'create') return undefined;
    let live = true;
    void callEndpoint(http, E.user, {
      params: { userId: target.userId },
      query: { unitId },
    }).then(
      (answer) => {
        if (!live) return;
        if (answer.status === BodyStatus.ok && answer.data) {
          setDetail(answer.data);
          form.setFieldsValue(formValuesOf(answer.data));
        } else setLoadFailed(true);
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [http, unitId, target, form]);

  const rule = (field: UserFormField) => ({
    validator: (_: unknown, value: unknown) => {
      const problem = userFieldProblem(field, value);
      return problem === null
        ? Promise.resolve()
        : Promise.reject(new Error(t(`admin.users.form.problems.${problem}`)));
    },
  });

  const showRefusal = (answer: Envelope<unknown>) => {
    const placed = placeFieldErrors(answer.fieldErrors, FORM_FIELDS, lang);
    form.setFields(placed.fields);
    const text =
      placed.other.join(lang === 'en' ? '; ' : '；') ||
      (answer.message ? splitBilingual(answer.message, lang) : failureMessage(answer, lang));
    setRefusal(text);
  };

  const save = async (values: UserFormValues) => {
    setSaving(true);
    setRefusal(null);
    try {
      if (editId === null) {
        const answer = await callEndpoint(
          http,
          E.createUser,
          { query: { unitId }, body: newUserBody(values) },
          { noIntercept: true },
        );
        if (answer.status === BodyStatus.ok && answer.data) {
          const created = answer.data;
          void message.success(t('admin.users.form.created', { login: created.user.loginName }));
          onChanged();
          if (created.generated) {
            onPassword({ loginName: created.user.loginName, password: created.password });
          }
          // On to the new account's links and children.
          onOpen({ kind: 'edit', userId: created.user.userId });
        } else showRefusal(answer);
      } else {
        const answer = await callEndpoint(
          http,
          E.updateUser,
          { params: { userId: editId }, query: { unitId }, body: profileBody(values) },
          { noIntercept: true },
        );
        if (answer.status === BodyStatus.ok && answer.data) {
          setDetail(answer.data);
          void message.success(t('admin.users.form.saved', { login: answer.data.loginName }));
          onChanged();
        } else showRefusal(answer);
      }
    } catch {
      setRefusal(t('admin.users.loadFailed'));
    } finally {
      setSaving(false);
    }
  };

  const creating = target.kind === 'create';
  const typeOptions = USER_TYPES.map((type) => ({
    value: type,
    label: t(`admin.users.userTypes.${userTypeWord(type)}`),
  }));
  const sexOptions = [0, 1, 2].map((sex) => ({
    value: sex,
    label: t(`admin.users.sexes.${sex === 1 ? 'male' : sex === 2 ? 'female' : 'unknown'}`),
  }));

  return (
    <Drawer
      open
      onClose={onClose}
      size={width === 'narrow' ? '100%' : 560}
      title={creating ? t('admin.users.form.createTitle') : t('admin.users.form.editTitle')}
      closable={{ 'aria-label': t('admin.users.close') }}
      data-testid="users.drawer"
      extra={
        <Button
          type="primary"
          loading={saving}
          disabled={!creating && detail === null}
          onClick={() => form.submit()}
          data-testid="users.save"
        >
          {creating ? t('admin.users.form.create') : t('admin.users.form.save')}
        </Button>
      }
    >
      {loadFailed ? <Alert type="error" showIcon title={t('admin.users.loadFailed')} /> : null}
      {!creating && detail === null && !loadFailed ? <Spin /> : null}
      {refusal !== null ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={refusal}
          data-testid="users.formError"
        />
      ) : null}
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => void save(values)}
        hidden={!creating && detail === null}
        data-testid="users.form"
        requiredMark
      >
        <Form.Item
          name="loginName"
          label={t('admin.users.columns.loginName')}
          required
          rules={[rule('loginName')]}
          extra={creating ? t('admin.users.form.loginHelp') : undefined}
        >
          <Input disabled={!creating} autoComplete="off" data-testid="users.form.loginName" />
        </Form.Item>
        <Form.Item
          name="realName"
          label={t('admin.users.columns.realName')}
          required
          rules={[rule('realName')]}
        >
          <Input autoComplete="off" data-testid="users.form.realName" />
        </Form.Item>
        <Space wrap size={16} style={{ display: 'flex' }}>
          <Form.Item
            name="userType"
            label={t('admin.users.columns.userType')}
            required
            rules={[rule('userType')]}
          >
            <Select
              options={typeOptions}
              style={{ minWidth: 160 }}
              data-testid="users.form.userType"
            />
          </Form.Item>
          <Form.Item name="sex" label={t('admin.users.form.sex')}>
            <Select options={sexOptions} style={{ minWidth: 120 }} data-testid="users.form.sex" />
          </Form.Item>
        </Space>
        <Form.Item name="phone" label={t('admin.users.columns.phone')} rules={[rule('phone')]}>
          <Input inputMode="tel" autoComplete="off" data-testid="users.form.phone" />
        </Form.Item>
        <Form.Item name="email" label={t('admin.users.form.email')} rules={[rule('email')]}>
          <Input type="email" autoComplete="off" data-testid="users.form.email" />
        </Form.Item>
        {creating ? (
          <Form.Item
            name="password"
            label={t('admin.users.form.password')}
            rules={[rule('password')]}
            extra={t('admin.users.form.passwordHelp')}
          >
            <Input.Password autoComplete="new-password" data-testid="users.form.password" />
          </Form.Item>
        ) : null}
      </Form>
      {detail !== null ? (
        <UserFamily
          detail={detail}
          unitId={unitId}
          onDetail={(next) => {
            setDetail(next);
            onChanged();
          }}
        />
      ) : null}
    </Drawer>
  );
}

/** The linked account (spec §6) and, for a parent, the children (spec §3 Child). */
function UserFamily({
  detail,
  unitId,
  onDetail,
}: {
  detail: AdminUserDetail;
  unitId: string;
  onDetail: (detail: AdminUserDetail) => void;
}) {
  const { t } = useTranslation();
  const { http } = useRuntime();
  const { message } = App.useApp();
  const [linkLogin, setLinkLogin] = useState('');
  const [busy, setBusy] = useState(false);
  const [childForm] = Form.useForm<ChildForm>();
  // The child whose names the form below corrects; null: the form adds a child.
  const [editingChild, setEditingChild] = useState<string | null>(null);
  const input = { params: { userId: detail.userId }, query: { unitId } };

  /** Runs a family call; the client shows a refusal's envelope message. */
  const run = async (call: Promise<Envelope<AdminUserDetail>>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      const answer = await call;
      if (answer.status === BodyStatus.ok && answer.data) {
        onDetail(answer.data);
        void message.success(done);
        return true;
      }
      return false;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <section data-testid="users.family">
      <Divider titlePlacement="start">{t('admin.users.family.linked')}</Divider>
      {detail.linked ? (
        <Space wrap data-testid="users.linked">
          <span>
            {detail.linked.realName} ({detail.linked.loginName}) ·{' '}
            {t(`admin.users.userTypes.${userTypeWord(detail.linked.userType)}`)}
          </span>
          <Popconfirm
            title={t('admin.users.family.unlinkConfirm')}
            okText={t('admin.users.family.unlink')}
            cancelText={t('admin.users.cancel')}
            onConfirm={() =>
              void run(callEndpoint(http, E.unlinkAccount, input), t('admin.users.family.unlinked'))
            }
          >
            <Button size="small" danger loading={busy} data-testid="users.unlink">
              {t('admin.users.family.unlink')}
            </Button>
          </Popconfirm>
        </Space>
      ) : (
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={linkLogin}
            onChange={(event) => setLinkLogin(event.target.value)}
            placeholder={t('admin.users.family.linkPlaceholder')}
            aria-label={t('admin.users.family.linkPlaceholder')}
            data-testid="users.linkLogin"
          />
          <Button
            loading={busy}
            disabled={linkLogin.trim() === ''}
            data-testid="users.link"
            onClick={() =>
              void run(
                callEndpoint(http, E.linkAccount, {
                  ...input,
                  body: { loginName: linkLogin.trim() },
                }),
                t('admin.users.family.linkedDone'),
              ).then((ok) => ok && setLinkLogin(''))
            }
          >
            {t('admin.users.family.link')}
          </Button>
        </Space.Compact>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('admin.users.family.linkedHelp')}
      </Typography.Paragraph>

      {isParent(detail.userType) ? (
        <>
          <Divider titlePlacement="start">{t('admin.users.family.children')}</Divider>
          <List
            size="small"
            dataSource={detail.children}
            locale={{ emptyText: t('admin.users.family.noChildren') }}
            data-testid="users.children"
            renderItem={(child) => (
              <List.Item
                data-testid="users.child"
                actions={[
                  <Button
                    key="edit"
                    size="small"
                    type="link"
                    data-testid="users.editChild"
                    onClick={() => {
                      setEditingChild(child.id);
                      childForm.setFieldsValue({
                        realName: child.realName,
                        gradeName: child.gradeName,
                        className: child.className,
                      });
                    }}
                  >
                    {t('admin.users.edit')}
                    <span className="adm-visually-hidden">{` ${child.realName}`}</span>
                  </Button>,
                  <Popconfirm
                    key="remove"
                    title={t('admin.users.family.removeChildConfirm', { name: child.realName })}
                    okText={t('admin.users.family.removeChild')}
                    cancelText={t('admin.users.cancel')}
                    onConfirm={() =>
                      void run(
                        callEndpoint(http, E.unlinkChild, {
                          params: { userId: detail.userId, studentId: child.id },
                          query: { unitId },
                        }),
                        t('admin.users.family.childRemoved', { name: child.realName }),
                      )
                    }
                  >
                    <Button size="small" type="link" danger>
                      {t('admin.users.family.removeChild')}
                      <span className="adm-visually-hidden">{` ${child.realName}`}</span>
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <Descriptions
                  size="small"
                  column={{ xs: 1, sm: 3, md: 3, lg: 3, xl: 3, xxl: 3 }}
                  items={[
                    {
                      key: 'name',
                      label: t('admin.users.family.childName'),
                      children: child.realName,
                    },
                    {
                      key: 'grade',
                      label: t('admin.users.family.grade'),
                      children: child.gradeName,
                    },
                    {
                      key: 'class',
                      label: t('admin.users.family.class'),
                      children: child.className,
                    },
                  ]}
                />
              </List.Item>
            )}
          />
          <Form<ChildForm>
            form={childForm}
            layout="vertical"
            style={{ marginTop: 12 }}
            data-testid="users.childForm"
            onFinish={(values) => {
              const body = {
                realName: values.realName.trim(),
                gradeName: values.gradeName.trim(),
                className: values.className.trim(),
              };
              const call =
                editingChild === null
                  ? callEndpoint(http, E.linkChild, { ...input, body })
                  : callEndpoint(http, E.updateChild, {
                      params: { userId: detail.userId, studentId: editingChild },
                      query: { unitId },
                      body,
                    });
              const done =
                editingChild === null
                  ? t('admin.users.family.childAdded', { name: body.realName })
                  : t('admin.users.family.childSaved', { name: body.realName });
              void run(call, done).then((ok) => {
                if (!ok) return;
                childForm.resetFields();
                setEditingChild(null);
              });
            }}
          >
            <Space wrap align="end" size={8}>
              {(['realName', 'gradeName', 'className'] as const).map((name) => (
                <Form.Item
                  key={name}
                  name={name}
                  label={t(
                    name === 'realName'
                      ? 'admin.users.family.childName'
                      : name === 'gradeName'
                        ? 'admin.users.family.grade'
                        : 'admin.users.family.class',
                  )}
                  rules={[
                    {
                      required: true,
                      whitespace: true,
                      message: t('admin.users.form.problems.required'),
                    },
                    { max: 100, message: t('admin.users.form.problems.tooLong') },
                  ]}
                  style={{ marginBottom: 8 }}
                >
                  <Input style={{ width: 140 }} data-testid={`users.child.${name}`} />
                </Form.Item>
              ))}
              <Form.Item style={{ marginBottom: 8 }}>
                <Space size={8}>
                  <Button htmlType="submit" loading={busy} data-testid="users.addChild">
                    {editingChild === null
                      ? t('admin.users.family.addChild')
                      : t('admin.users.family.saveChild')}
                  </Button>
                  {editingChild !== null ? (
                    <Button
                      onClick={() => {
                        setEditingChild(null);
                        childForm.resetFields();
                      }}
                    >
                      {t('admin.users.cancel')}
                    </Button>
                  ) : null}
                </Space>
              </Form.Item>
            </Space>
          </Form>
        </>
      ) : null}
    </section>
  );
}
