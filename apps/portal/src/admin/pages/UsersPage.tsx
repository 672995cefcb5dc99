import {
  App,
  Alert,
  Badge,
  Button,
  Dropdown,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Typography,
  type MenuProps,
  type TableColumnsType,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  adminDirectoryEndpoints as E,
  type AdminUser,
  type AdminUserPage,
} from '@campus/contracts/admin-directory';
import { BodyStatus } from '@campus/contracts/envelope';
import { USER_TYPES } from '@campus/contracts/user-types';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import { unitName } from '../admin-rules.ts';
import { useLayoutWidth } from '../useLayoutWidth.ts';
import { UsersDrawer, type DrawerTarget } from './UsersDrawer.tsx';
import {
  PAGE_SIZE_DEFAULT,
  userActions,
  userState,
  userTypeWord,
  usersQuery,
  type ShownPassword,
  type UserAction,
  type UserFilters,
  type UserStateFilter,
} from './users-rules.ts';

// A dot beside text in the normal colour: antd's coloured tags fall short of 4.5:1 (WCAG AA).
const STATE_BADGES: Record<UserStateFilter, 'success' | 'default' | 'warning'> = {
  enabled: 'success',
  disabled: 'default',
  locked: 'warning',
};

/** The filters' "all" entry: a real option rather than antd's pale placeholder (WCAG AA). */
const ALL = 'all';

const STATES: readonly UserStateFilter[] = ['enabled', 'disabled', 'locked'];

/**
 * The unit's accounts (issue 13 §2 Users): search by login name, real name or phone, filter by
 * user type and state, paged by the server; create and edit in a drawer (with the account's
 * teacher–parent link and a parent's children); per row disable or enable, reset the password,
 * unlock, sign out everywhere, each confirmed first. A password the server makes is shown once.
 */
export function UsersPage({ context }: AdminPageProps) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { modal, message } = App.useApp();
  const width = useLayoutWidth();
  const unitId = context.unit.unitId;
  const [filters, setFilters] = useState<UserFilters>({ q: '', userType: null, state: null });
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE_DEFAULT);
  const [reload, setReload] = useState(0);
  // The answer kept with the query it answers: loading while the query in hand has none yet.
  const [answered, setAnswered] = useState<{
    key: string;
    list: AdminUserPage | null;
    failed: string | null;
  } | null>(null);
  const [drawer, setDrawer] = useState<DrawerTarget | null>(null);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const query = useMemo(
    () => usersQuery(unitId, filters, page, size),
    [unitId, filters, page, size],
  );
  const key = `${JSON.stringify(query)}#${reload}`;

  useEffect(() => {
    let live = true;
    callEndpoint(http, E.users, { query }).then(
      (answer) => {
        if (!live) return;
        if (answer.status === BodyStatus.ok && answer.data) {
          setAnswered({ key, list: answer.data, failed: null });
        } else {
          setAnswered((prev) => ({ key, list: prev?.list ?? null, failed: answer.message ?? '' }));
        }
      },
      () => {
        if (live) setAnswered((prev) => ({ key, list: prev?.list ?? null, failed: '' }));
      },
    );
    return () => {
      live = false;
    };
  }, [http, query, key]);

  const loading = answered?.key !== key;
  const list = answered?.list ?? null;
  const failed = answered?.failed ?? null;

  const refresh = useCallback(() => setReload((n) => n + 1), []);

  const search = (q: string) => {
    setPage(1);
    setFilters((f) => ({ ...f, q }));
  };

  /** A row action's call; the client shows a refusal's envelope message. */
  const run = async (user: AdminUser, action: UserAction): Promise<void> => {
    const name = `${user.realName} (${user.loginName})`;
    const input = { params: { userId: user.userId }, query: { unitId } };
    let done = false;
    try {
      switch (action) {
        case 'disable':
          done = (await callEndpoint(http, E.disableUser, input)).status === BodyStatus.ok;
          break;
        case 'enable':
          done = (await callEndpoint(http, E.enableUser, input)).status === BodyStatus.ok;
          break;
        case 'unlock':
          done = (await callEndpoint(http, E.unlockUser, input)).status === BodyStatus.ok;
          break;
        case 'signOut':
          done = (await callEndpoint(http, E.signOutUser, input)).status === BodyStatus.ok;
          break;
        case 'resetPassword': {
          const answer = await callEndpoint(http, E.resetPassword, { ...input, body: {} });
          if (answer.status === BodyStatus.ok && answer.data) {
            setShown({ loginName: answer.data.loginName, password: answer.data.password });
            done = true;
          }
          break;
        }
      }
    } catch {
      // A transport failure: the client has shown its notice.
    }
    if (done) {
      void message.success(t(`admin.users.actions.${action}.done`, { name }));
      refresh();
    }
  };

  /** Asks before a row action; the confirmation closes at once and the call's outcome follows. */
  const act = (user: AdminUser, action: UserAction) => {
    const name = `${user.realName} (${user.loginName})`;
    modal.confirm({
      title: t(`admin.users.actions.${action}.confirmTitle`),
      content: t(`admin.users.actions.${action}.confirmText`, { name }),
      okText: t(`admin.users.actions.${action}.label`),
      cancelText: t('admin.users.cancel'),
      okButtonProps: {
        danger: action === 'disable' || action === 'signOut',
        // A test id beside antd's typed props (passed through to the button element).
        ...{ 'data-testid': 'users.confirm' },
      },
      onOk: () => {
        void run(user, action);
      },
    });
  };

  const typeOptions = USER_TYPES.map((type) => ({
    value: type,
    label: t(`admin.users.userTypes.${userTypeWord(type)}`),
  }));

  const columns: TableColumnsType<AdminUser> = [
    {
      key: 'loginName',
      title: t('admin.users.columns.loginName'),
      dataIndex: 'loginName',
      render: (value: string) => <span data-testid="users.loginName">{value}</span>,
    },
    { key: 'realName', title: t('admin.users.columns.realName'), dataIndex: 'realName' },
    {
      key: 'userType',
      title: t('admin.users.columns.userType'),
      dataIndex: 'userType',
      render: (value: number) => t(`admin.users.userTypes.${userTypeWord(value)}`),
    },
    {
      key: 'phone',
      title: t('admin.users.columns.phone'),
      dataIndex: 'phone',
      responsive: ['lg'],
      render: (value: string | null) => value ?? '',
    },
    {
      key: 'state',
      title: t('admin.users.columns.state'),
      render: (_: unknown, user) => {
        const state = userState(user);
        return (
          <span data-testid="users.state" data-state={state}>
            <Badge status={STATE_BADGES[state]} text={t(`admin.users.states.${state}`)} />
          </span>
        );
      },
    },
    {
      key: 'actions',
      title: t('admin.users.columns.actions'),
      render: (_: unknown, user) => {
        const items: MenuProps['items'] = userActions(user).map((action) => ({
          key: action,
          danger: action === 'disable',
          label: (
            <span data-testid={`users.action.${action}`}>
              {t(`admin.users.actions.${action}.label`)}
            </span>
          ),
        }));
        return (
          <Space size={4} wrap>
            <Button
              type="link"
              size="small"
              data-testid="users.edit"
              onClick={() => setDrawer({ kind: 'edit', userId: user.userId })}
            >
              {t('admin.users.edit')}
              <span className="adm-visually-hidden">{` ${user.loginName}`}</span>
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{ items, onClick: ({ key }) => act(user, key as UserAction) }}
            >
              <Button type="link" size="small" data-testid="users.more">
                {t('admin.users.more')}
                <span className="adm-visually-hidden">{` ${user.loginName}`}</span>
              </Button>
            </Dropdown>
          </Space>
        );
      },
    },
  ];

  return (
    <div className="adm-page" data-testid="admin.users">
      <Typography.Title level={1} className="adm-page__title">
        {t('admin.pages.users')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('admin.users.intro', { unit: unitName(context.unit, lang) })}
      </Typography.Paragraph>
      <div
        role="search"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}
        data-testid="users.filters"
      >
        <Input.Search
          allowClear
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={search}
          placeholder={t('admin.users.searchPlaceholder')}
          aria-label={t('admin.users.searchLabel')}
          enterButton={t('admin.users.search')}
          style={{ flex: '1 1 260px', maxWidth: width === 'narrow' ? undefined : 420 }}
          data-testid="users.search"
        />
        <Select<number | typeof ALL>
          value={filters.userType ?? ALL}
          aria-label={t('admin.users.columns.userType')}
          options={[{ value: ALL, label: t('admin.users.allTypes') }, ...typeOptions]}
          style={{ flex: '0 1 160px', minWidth: 140 }}
          onChange={(value) => {
            setPage(1);
            setFilters((f) => ({ ...f, userType: value === ALL ? null : value }));
          }}
          data-testid="users.typeFilter"
        />
        <Select<UserStateFilter | typeof ALL>
          value={filters.state ?? ALL}
          aria-label={t('admin.users.columns.state')}
          options={[
            { value: ALL, label: t('admin.users.allStates') },
            ...STATES.map((state) => ({ value: state, label: t(`admin.users.states.${state}`) })),
          ]}
          style={{ flex: '0 1 140px', minWidth: 120 }}
          onChange={(value) => {
            setPage(1);
            setFilters((f) => ({ ...f, state: value === ALL ? null : value }));
          }}
          data-testid="users.stateFilter"
        />
        <span style={{ flex: '1 1 0' }} />
        <Button
          type="primary"
          data-testid="users.create"
          onClick={() => setDrawer({ kind: 'create' })}
        >
          {t('admin.users.create')}
        </Button>
      </div>
      {failed !== null ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={failed || t('admin.users.loadFailed')}
          action={
            <Button size="small" onClick={refresh}>
              {t('admin.users.retry')}
            </Button>
          }
        />
      ) : null}
      <Table<AdminUser>
        rowKey="userId"
        size={width === 'wide' ? 'middle' : 'small'}
        columns={columns}
        dataSource={list?.items ?? []}
        loading={loading}
        scroll={{ x: 'max-content' }}
        data-testid="users.table"
        locale={{ emptyText: t('admin.users.empty') }}
        pagination={{
          current: page,
          pageSize: size,
          total: list?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('admin.users.total', { total }),
          onChange: (next, nextSize) => {
            setPage(nextSize !== size ? 1 : next);
            setSize(nextSize);
          },
        }}
      />
      {drawer !== null ? (
        <UsersDrawer
          key={drawer.kind === 'edit' ? drawer.userId : 'create'}
          context={context}
          target={drawer}
          onClose={() => setDrawer(null)}
          onChanged={refresh}
          onPassword={setShown}
          onOpen={setDrawer}
        />
      ) : null}
      <Modal
        open={shown !== null}
        // Above the drawer, which a new account's form turns into its edit drawer meanwhile.
        zIndex={1100}
        title={t('admin.users.password.title')}
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" data-testid="users.passwordDone" onClick={() => setShown(null)}>
            {t('admin.users.password.done')}
          </Button>
        }
      >
        {shown ? (
          <div data-testid="users.passwordShown">
            <Typography.Paragraph>
              {t('admin.users.password.text', { login: shown.loginName })}
            </Typography.Paragraph>
            <Typography.Paragraph>
              <Typography.Text code copyable strong data-testid="users.password">
                {shown.password}
              </Typography.Text>
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">
              {t('admin.users.password.once')}
            </Typography.Paragraph>
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
