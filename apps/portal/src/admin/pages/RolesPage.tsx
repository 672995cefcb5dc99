import {
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import {
  adminAppEndpoints,
  type AdminApp,
  type AdminResource,
  type AdminRoles,
} from '@campus/contracts/admin-apps';
import { adminDirectoryEndpoints } from '@campus/contracts/admin-directory';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import { FailureAlert, LoadedView, outcomeOf, OWN_FAILURE, useLoaded } from './access-calls.tsx';
import { AccessDialog } from './AccessDialog.tsx';
import { AccessPage } from './AccessPage.tsx';
import { CatalogueAppPicker } from './CatalogueAppPicker.tsx';
import { roleGrantChanges, rolesOfApp, type AppRole } from './access-rules.ts';
import { useDialogSave } from './useDialogSave.ts';

const USER_TYPES = [1, 2, 3, 4] as const;
const RESOURCE_TYPES = [1, 2, 3] as const;

/**
 * Roles and permissions (issue 13 §2, spec §6): per app its menus and permission codes (the
 * resources of type 1 to 3, pages with their menu routes), the roles that grant them (a role is
 * the name an entry lists: making one is naming it on the entries it grants), and who in the
 * unit holds which role. Changing the menus is for a top-level unit's administrator (the
 * catalogue's `editable`); giving roles to the unit's users is for every administrator.
 */
export function RolesPage({ context }: AdminPageProps) {
  const { t } = useTranslation();
  const unitId = context.unit.unitId;
  return (
    <AccessPage page="roles" intro={t('admin.roles.intro')}>
      <CatalogueAppPicker unitId={unitId} page="roles">
        {(app, editable) =>
          app ? <AppAccess key={app.code} unitId={unitId} app={app} editable={editable} /> : null
        }
      </CatalogueAppPicker>
    </AccessPage>
  );
}

interface Access {
  resources: AdminResource[];
  roles: AdminRoles;
}

function AppAccess({
  unitId,
  app,
  editable,
}: {
  unitId: string;
  app: AdminApp;
  editable: boolean;
}) {
  const { http } = useRuntime();
  const { lang } = useTranslation();
  const access = useLoaded<Access>(`access:${unitId}:${app.code}`, async () => {
    const [resources, roles] = await Promise.all([
      outcomeOf(
        callEndpoint(
          http,
          adminAppEndpoints.resources,
          { query: { unitId, code: app.code } },
          OWN_FAILURE,
        ),
        lang,
      ),
      outcomeOf(
        callEndpoint(http, adminAppEndpoints.roles, { query: { unitId } }, OWN_FAILURE),
        lang,
      ),
    ]);
    if (!resources.ok) return resources;
    if (!roles.ok) return roles;
    return { ok: true, data: { resources: resources.data, roles: roles.data } };
  });
  return (
    <LoadedView loaded={access.loaded} reload={access.reload} testId="roles.access">
      {(data) => (
        <>
          <ResourcesCard
            unitId={unitId}
            app={app}
            editable={editable}
            resources={data.resources}
            onChanged={access.reload}
          />
          <RolesCard
            unitId={unitId}
            app={app}
            editable={editable}
            resources={data.resources}
            roles={data.roles}
            onChanged={access.reload}
          />
          <HoldersCard unitId={unitId} app={app} roles={data.roles} onChanged={access.reload} />
        </>
      )}
    </LoadedView>
  );
}

// ---------------------------------------------------------------------------------------------
// Menus and permission codes

function ResourcesCard({
  unitId,
  app,
  editable,
  resources,
  onChanged,
}: {
  unitId: string;
  app: AdminApp;
  editable: boolean;
  resources: AdminResource[];
  onChanged: () => void;
}) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const [editing, setEditing] = useState<AdminResource | 'new' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const nameOf = (r: AdminResource) => (lang === 'en' && r.enName ? r.enName : r.name);

  const remove = async (r: AdminResource) => {
    const outcome = await outcomeOf(
      callEndpoint(
        http,
        adminAppEndpoints.deleteResource,
        { body: { unitId, id: r.id } },
        OWN_FAILURE,
      ),
      lang,
    );
    setFailure(outcome.ok ? null : outcome.message);
    if (outcome.ok) onChanged();
  };

  return (
    <Card
      className="adm-card"
      title={t('admin.roles.resources')}
      data-testid="roles.resources"
      extra={
        editable ? (
          <Button type="primary" data-testid="roles.addResource" onClick={() => setEditing('new')}>
            {t('admin.roles.addResource')}
          </Button>
        ) : null
      }
    >
      {editable ? null : (
        <Typography.Paragraph type="secondary" data-testid="roles.readOnly">
          {t('admin.access.sharedReadOnly')}
        </Typography.Paragraph>
      )}
      <FailureAlert message={failure} testId="roles.resourceError" />
      <Table<AdminResource>
        rowKey="id"
        size="middle"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={resources}
        locale={{ emptyText: t('admin.roles.noResources') }}
        onRow={(r) => ({ 'data-testid': `roles.resource.${r.code}` }) as object}
        columns={[
          {
            key: 'code',
            title: t('admin.roles.code'),
            render: (_, r) => <Typography.Text code>{r.code}</Typography.Text>,
          },
          { key: 'name', title: t('admin.roles.name'), render: (_, r) => nameOf(r) },
          {
            key: 'type',
            title: t('admin.roles.type'),
            render: (_, r) => t(`admin.roles.types.t${r.resourceType as 1 | 2 | 3}`),
          },
          { key: 'route', title: t('admin.roles.menuRoute'), render: (_, r) => r.menuRoute ?? '—' },
          {
            key: 'holders',
            title: t('admin.roles.heldBy'),
            render: (_, r) => (
              <Space size={[4, 4]} wrap>
                {r.userTypes.map((u) => (
                  <Tag key={`u${u}`}>{t(`admin.access.userTypes.u${u as 1 | 2 | 3 | 4}`)}</Tag>
                ))}
                {r.roles.map((role) => (
                  <Tag key={role} color="blue">
                    {role}
                  </Tag>
                ))}
              </Space>
            ),
          },
          ...(editable
            ? [
                {
                  key: 'actions',
                  title: t('admin.access.actions'),
                  render: (_: unknown, r: AdminResource) => (
                    <Space>
                      <Button
                        size="small"
                        data-testid="roles.editResource"
                        onClick={() => setEditing(r)}
                      >
                        {t('admin.access.edit')}
                      </Button>
                      <Popconfirm
                        title={t('admin.roles.deleteConfirm', { code: r.code })}
                        okText={t('admin.access.delete')}
                        cancelText={t('admin.access.cancel')}
                        onConfirm={() => void remove(r)}
                      >
                        <Button size="small" danger data-testid="roles.deleteResource">
                          {t('admin.access.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing !== null ? (
        <ResourceDialog
          unitId={unitId}
          app={app}
          resources={resources}
          editing={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) onChanged();
          }}
        />
      ) : null}
    </Card>
  );
}

interface ResourceForm {
  code: string;
  name: string;
  enName: string;
  resourceType: number;
  menuRoute?: string;
  parentId?: string;
  userTypes: number[];
  roles: string[];
  sort: number;
}

function ResourceDialog({
  unitId,
  app,
  resources,
  editing,
  onClose,
}: {
  unitId: string;
  app: AdminApp;
  resources: AdminResource[];
  editing: AdminResource | 'new';
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { http } = useRuntime();
  const [form] = Form.useForm<ResourceForm>();
  const { failure, saving, save } = useDialogSave();
  const current = editing === 'new' ? undefined : editing;
  const initial: ResourceForm = current
    ? {
        code: current.code,
        name: current.name,
        enName: current.enName,
        resourceType: current.resourceType,
        menuRoute: current.menuRoute ?? '',
        ...(current.parentId ? { parentId: current.parentId } : {}),
        userTypes: current.userTypes,
        roles: current.roles,
        sort: current.sort,
      }
    : { code: '', name: '', enName: '', resourceType: 3, userTypes: [], roles: [], sort: 0 };

  const submit = (values: ResourceForm) => {
    const route = values.menuRoute?.trim() ?? '';
    return save(
      callEndpoint(
        http,
        adminAppEndpoints.saveResource,
        {
          body: {
            unitId,
            appCode: app.code,
            ...(current ? { id: current.id } : {}),
            parentId: values.parentId ?? null,
            code: values.code.trim(),
            name: values.name.trim(),
            enName: values.enName.trim(),
            resourceType: values.resourceType,
            menuRoute: route === '' ? null : route,
            userTypes: values.userTypes ?? [],
            roles: values.roles ?? [],
            sort: values.sort ?? 0,
          },
        },
        OWN_FAILURE,
      ),
      () => onClose(true),
    );
  };

  return (
    <AccessDialog
      title={current ? t('admin.roles.editResource') : t('admin.roles.addResource')}
      testId="roles.resourceDialog"
      errorTestId="roles.resourceDialogError"
      failure={failure}
      saving={saving}
      onCancel={() => onClose(false)}
      form={form}
      initialValues={initial}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="code" label={t('admin.roles.code')} rules={[{ required: true }]}>
        <Input maxLength={100} data-testid="roles.field.code" />
      </Form.Item>
      <Form.Item name="name" label={t('admin.roles.name')} rules={[{ required: true }]}>
        <Input maxLength={100} data-testid="roles.field.name" />
      </Form.Item>
      <Form.Item name="enName" label={t('admin.roles.enName')} rules={[{ required: true }]}>
        <Input maxLength={100} lang="en" data-testid="roles.field.enName" />
      </Form.Item>
      <Form.Item name="resourceType" label={t('admin.roles.type')}>
        <Select
          options={RESOURCE_TYPES.map((v) => ({ value: v, label: t(`admin.roles.types.t${v}`) }))}
        />
      </Form.Item>
      <Form.Item name="menuRoute" label={t('admin.roles.menuRoute')}>
        <Input maxLength={200} placeholder="/notices" />
      </Form.Item>
      <Form.Item name="parentId" label={t('admin.roles.parent')}>
        <Select
          allowClear
          options={resources
            .filter((r) => r.id !== current?.id)
            .map((r) => ({ value: r.id, label: r.code }))}
        />
      </Form.Item>
      <Form.Item name="userTypes" label={t('admin.roles.userTypes')}>
        <Checkbox.Group
          options={USER_TYPES.map((u) => ({
            value: u,
            label: t(`admin.access.userTypes.u${u}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="roles" label={t('admin.roles.grantingRoles')}>
        <Select mode="tags" tokenSeparators={[',', ' ']} data-testid="roles.field.roles" />
      </Form.Item>
      <Form.Item name="sort" label={t('admin.roles.sort')}>
        <InputNumber min={0} max={100000} />
      </Form.Item>
    </AccessDialog>
  );
}

// ---------------------------------------------------------------------------------------------
// Roles of the app

function RolesCard({
  unitId,
  app,
  editable,
  resources,
  roles,
  onChanged,
}: {
  unitId: string;
  app: AdminApp;
  editable: boolean;
  resources: AdminResource[];
  roles: AdminRoles;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AppRole | 'new' | null>(null);
  const appRoles = rolesOfApp(app.code, resources, roles);
  const codeOf = new Map(resources.map((r) => [r.id, r.code]));
  return (
    <Card
      className="adm-card"
      title={t('admin.roles.roles')}
      data-testid="roles.roles"
      extra={
        editable ? (
          <Button type="primary" data-testid="roles.addRole" onClick={() => setEditing('new')}>
            {t('admin.roles.addRole')}
          </Button>
        ) : null
      }
    >
      <Table<AppRole>
        rowKey="role"
        size="middle"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={appRoles}
        locale={{ emptyText: t('admin.roles.noRoles') }}
        onRow={(r) => ({ 'data-testid': `roles.role.${r.role}` }) as object}
        columns={[
          {
            key: 'role',
            title: t('admin.roles.role'),
            render: (_, r) => <Typography.Text code>{r.role}</Typography.Text>,
          },
          {
            key: 'grants',
            title: t('admin.roles.grants'),
            render: (_, r) =>
              r.resourceIds.length === 0 ? (
                <Typography.Text type="secondary">{t('admin.roles.grantsNothing')}</Typography.Text>
              ) : (
                <Space size={[4, 4]} wrap>
                  {r.resourceIds.map((id) => (
                    <Tag key={id}>{codeOf.get(id)}</Tag>
                  ))}
                </Space>
              ),
          },
          { key: 'holders', title: t('admin.roles.holders'), render: (_, r) => r.holders },
          ...(editable
            ? [
                {
                  key: 'actions',
                  title: t('admin.access.actions'),
                  render: (_: unknown, r: AppRole) => (
                    <Button size="small" data-testid="roles.editRole" onClick={() => setEditing(r)}>
                      {t('admin.access.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing !== null ? (
        <RoleDialog
          unitId={unitId}
          resources={resources}
          editing={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) onChanged();
          }}
        />
      ) : null}
    </Card>
  );
}

function RoleDialog({
  unitId,
  resources,
  editing,
  onClose,
}: {
  unitId: string;
  resources: AdminResource[];
  editing: AppRole | 'new';
  onClose: (saved: boolean) => void;
}) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const [form] = Form.useForm<{ role: string; grants: string[] }>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const current = editing === 'new' ? undefined : editing;

  const submit = async ({ role, grants }: { role: string; grants: string[] }) => {
    setSaving(true);
    setFailure(null);
    // One save per entry that gains or loses the role; the first refusal stops and is shown.
    for (const body of roleGrantChanges(unitId, role.trim(), resources, grants ?? [])) {
      const outcome = await outcomeOf(
        callEndpoint(http, adminAppEndpoints.saveResource, { body }, OWN_FAILURE),
        lang,
      );
      if (!outcome.ok) {
        setSaving(false);
        setFailure(outcome.message);
        return;
      }
    }
    setSaving(false);
    onClose(true);
  };

  return (
    <AccessDialog
      title={current ? t('admin.roles.editRole', { role: current.role }) : t('admin.roles.addRole')}
      testId="roles.roleDialog"
      errorTestId="roles.roleDialogError"
      failure={failure}
      saving={saving}
      onCancel={() => onClose(false)}
      form={form}
      initialValues={{ role: current?.role ?? '', grants: current?.resourceIds ?? [] }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="role"
        label={t('admin.roles.role')}
        extra={t('admin.roles.roleHint')}
        rules={[{ required: true }, { pattern: /^\w+$/, message: t('admin.roles.roleRule') }]}
      >
        <Input maxLength={64} disabled={current !== undefined} data-testid="roles.field.role" />
      </Form.Item>
      <Form.Item name="grants" label={t('admin.roles.grants')}>
        <Select
          mode="multiple"
          data-testid="roles.field.grants"
          optionFilterProp="label"
          options={resources.map((r) => ({ value: r.id, label: r.code }))}
        />
      </Form.Item>
    </AccessDialog>
  );
}

// ---------------------------------------------------------------------------------------------
// Who holds the roles

function HoldersCard({
  unitId,
  app,
  roles,
  onChanged,
}: {
  unitId: string;
  app: AdminApp;
  roles: AdminRoles;
  onChanged: () => void;
}) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<{ userId: string; role: string }>();
  const [users, setUsers] = useState<{ value: string; label: string }[]>([]);
  const [saving, setSaving] = useState(false);
  const assignments = roles.assignments.filter((a) => a.appCode === app.code);
  const roleChoices = [
    ...new Set([
      ...roles.known.filter((k) => k.appCode === app.code).map((k) => k.role),
      ...assignments.map((a) => a.role),
    ]),
  ].sort();

  const search = async (q: string) => {
    const outcome = await outcomeOf(
      callEndpoint(
        http,
        adminDirectoryEndpoints.users,
        { query: { unitId, ...(q.trim() ? { q: q.trim() } : {}), size: 20 } },
        OWN_FAILURE,
      ),
      lang,
    );
    if (outcome.ok) {
      setUsers(
        outcome.data.items.map((u) => ({
          value: u.userId,
          label: `${u.realName} (${u.loginName})`,
        })),
      );
    } else setFailure(outcome.message);
  };

  const grant = async ({ userId, role }: { userId: string; role: string }) => {
    setSaving(true);
    const outcome = await outcomeOf(
      callEndpoint(
        http,
        adminAppEndpoints.grantRole,
        { body: { unitId, userId, appCode: app.code, role: role.trim() } },
        OWN_FAILURE,
      ),
      lang,
    );
    setSaving(false);
    setFailure(outcome.ok ? null : outcome.message);
    if (outcome.ok) {
      form.resetFields();
      onChanged();
    }
  };

  const revoke = async (userId: string, role: string) => {
    const outcome = await outcomeOf(
      callEndpoint(
        http,
        adminAppEndpoints.revokeRole,
        { body: { unitId, userId, appCode: app.code, role } },
        OWN_FAILURE,
      ),
      lang,
    );
    setFailure(outcome.ok ? null : outcome.message);
    if (outcome.ok) onChanged();
  };

  return (
    <Card className="adm-card" title={t('admin.roles.holdersTitle')} data-testid="roles.holders">
      <FailureAlert message={failure} testId="roles.holderError" />
      <Form
        form={form}
        layout="inline"
        className="adm-access__inline-form"
        onFinish={(values) => void grant(values)}
      >
        <Form.Item
          name="userId"
          label={t('admin.roles.user')}
          rules={[{ required: true, message: t('admin.roles.pickUser') }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: (q) => void search(q) }}
            className="adm-access__user"
            data-testid="roles.grant.user"
            placeholder={t('admin.roles.searchUser')}
            options={users}
            onFocus={() => (users.length === 0 ? void search('') : undefined)}
          />
        </Form.Item>
        <Form.Item
          name="role"
          label={t('admin.roles.role')}
          rules={[{ required: true, message: t('admin.roles.pickRole') }]}
        >
          <Select
            className="adm-access__role"
            data-testid="roles.grant.role"
            options={roleChoices.map((r) => ({ value: r, label: r }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="roles.grant">
            {t('admin.roles.grant')}
          </Button>
        </Form.Item>
      </Form>
      <Table
        rowKey={(a) => `${a.userId}:${a.role}`}
        size="middle"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={assignments}
        locale={{ emptyText: t('admin.roles.noHolders') }}
        onRow={(a) => ({ 'data-testid': `roles.holder.${a.loginName}.${a.role}` }) as object}
        columns={[
          { key: 'user', title: t('admin.roles.user'), render: (_, a) => a.realName },
          {
            key: 'login',
            title: t('admin.roles.login'),
            render: (_, a) => <Typography.Text code>{a.loginName}</Typography.Text>,
          },
          {
            key: 'role',
            title: t('admin.roles.role'),
            render: (_, a) => <Tag color="blue">{a.role}</Tag>,
          },
          {
            key: 'actions',
            title: t('admin.access.actions'),
            render: (_, a) => (
              <Popconfirm
                title={t('admin.roles.revokeConfirm', { role: a.role, user: a.realName })}
                okText={t('admin.roles.revoke')}
                cancelText={t('admin.access.cancel')}
                onConfirm={() => void revoke(a.userId, a.role)}
              >
                <Button size="small" danger data-testid="roles.revoke">
                  {t('admin.roles.revoke')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
