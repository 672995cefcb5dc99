import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Popconfirm,
  Spin,
  Table,
  Badge,
  Typography,
  type TableProps,
} from 'antd';
import { useCallback, useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import {
  adminAppEndpoints,
  type AdminApp,
  type AdminAppCatalogue,
  type AdminAppGroup,
} from '@campus/contracts/admin-apps';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { Icon } from '../../shared/Icon.tsx';
import { useRuntime } from '../../shared/useRuntime.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import { useLayoutWidth } from '../useLayoutWidth.ts';
import { AppsFormDrawer } from './AppsFormDrawer.tsx';
import { AppsGroupModal } from './AppsGroupModal.tsx';
import { AppsManageDrawer } from './AppsManageDrawer.tsx';
import {
  appName,
  groupApps,
  groupName,
  moveApp,
  outcomeOf,
  type AppGroupRows,
} from './apps-rules.ts';
import './AppsPage.css';

const ARROW_UP = 'M12 19V5M6 11l6-6 6 6';
const ARROW_DOWN = 'M12 5v14M6 13l6 6 6-6';

type Load =
  | { kind: 'loading' }
  | { kind: 'ready'; catalogue: AdminAppCatalogue }
  | { kind: 'failed'; message: string | undefined };

/** Which drawer is open: the register/edit form, or one app's icons, build and credential. */
type Open = { kind: 'create' } | { kind: 'edit'; app: AdminApp } | { kind: 'manage'; code: string };

/**
 * The unit's apps (issue 13 §2 Apps, spec §3 App icon and App group): the catalogue group by
 * group in menu order, with registering and editing (a drawer form whose refusals are the
 * envelope's own words), the order within a group, hiding (updateStatus 0), and per app its
 * icons per theme, deploying a build and its feed credential (issue 13 §4). The catalogue is
 * shared by every unit, so a school's administrator reads it and manages only the school's
 * credentials; changing it is for the administrator of a top-level unit (the server says so too).
 */
export function AppsPage({ context }: AdminPageProps) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { message } = App.useApp();
  const unitId = context.unit.unitId;
  const [attempt, setAttempt] = useState(0);
  // The answer is kept with the unit and attempt it answers, so another unit (the same page
  // component, another address) or a retry reads as loading until its own answer comes.
  const key = `${unitId}#${attempt}`;
  const [answered, setAnswered] = useState<{ key: string; load: Load } | null>(null);
  const load = useMemo<Load>(
    () => (answered?.key === key ? answered.load : { kind: 'loading' }),
    [answered, key],
  );
  const setLoad = useCallback(
    (next: (current: Load) => Load) =>
      setAnswered((current) =>
        current?.key === key ? { key, load: next(current.load) } : current,
      ),
    [key],
  );
  const [open, setOpen] = useState<Open | null>(null);
  // Each opening of the form mounts it afresh (its values, no refusal from the last time).
  const [formSeq, setFormSeq] = useState(0);
  const openForm = (next: Open) => {
    setFormSeq((n) => n + 1);
    setOpen(next);
  };
  const [busy, setBusy] = useState<string | null>(null);
  // The group form: a group to edit, or null for a new one; mounted afresh per opening.
  const [groupOpen, setGroupOpen] = useState<{
    group: AdminAppGroup | undefined;
    seq: number;
  } | null>(null);
  const openGroup = (group: AdminAppGroup | undefined) =>
    setGroupOpen((current) => ({ group, seq: (current?.seq ?? 0) + 1 }));
  const putGroup = (group: AdminAppGroup | null, removed?: string) =>
    setLoad((current) => {
      if (current.kind !== 'ready') return current;
      const others = current.catalogue.groups.filter((g) => g.code !== (group?.code ?? removed));
      return {
        kind: 'ready',
        catalogue: { ...current.catalogue, groups: group ? [...others, group] : others },
      };
    });

  useEffect(() => {
    let live = true;
    callEndpoint(http, adminAppEndpoints.apps, { query: { unitId } }, { noIntercept: true }).then(
      (answer) => {
        if (!live) return;
        const outcome = outcomeOf(answer, lang);
        setAnswered({
          key,
          load: outcome.ok
            ? { kind: 'ready', catalogue: outcome.data }
            : { kind: 'failed', message: outcome.message },
        });
      },
      () => live && setAnswered({ key, load: { kind: 'failed', message: undefined } }),
    );
    return () => {
      live = false;
    };
    // The language changes only the words of a refusal: not asked again for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, key]);

  /** Puts changed apps into the catalogue in hand (an edit, a hide, a new icon, a deploy). */
  const merge = useCallback(
    (apps: AdminApp[]) =>
      setLoad((current) => {
        if (current.kind !== 'ready') return current;
        const changed = new Map(apps.map((app) => [app.code, app]));
        const kept = current.catalogue.apps.map((app) => changed.get(app.code) ?? app);
        const added = apps.filter(
          (app) => !current.catalogue.apps.some((a) => a.code === app.code),
        );
        return { kind: 'ready', catalogue: { ...current.catalogue, apps: [...kept, ...added] } };
      }),
    [setLoad],
  );

  /** Asks for the catalogue again without leaving the page (a deploy changes `installed`). */
  const refresh = async () => {
    const answer = await callEndpoint(
      http,
      adminAppEndpoints.apps,
      { query: { unitId } },
      { noIntercept: true },
    ).catch(() => undefined);
    const outcome = outcomeOf(answer, lang);
    if (outcome.ok) setLoad(() => ({ kind: 'ready', catalogue: outcome.data }));
  };

  const rows = useMemo(() => (load.kind === 'ready' ? groupApps(load.catalogue) : []), [load]);
  const editable = load.kind === 'ready' && load.catalogue.editable;

  /** A change through one call; its refusal shown as the envelope words it. */
  const change = async (
    busyKey: string,
    run: () => Promise<{ ok: true; apps: AdminApp[] } | { ok: false; message: string | undefined }>,
    done: string,
  ) => {
    setBusy(busyKey);
    try {
      const result = await run();
      if (result.ok) {
        merge(result.apps);
        void message.success(done);
      } else {
        void message.error(result.message ?? t('admin.apps.failed'));
      }
    } catch {
      void message.error(t('admin.apps.failed'));
    } finally {
      setBusy(null);
    }
  };

  const move = (code: string, by: -1 | 1) => {
    const apps = moveApp(rows, code, by);
    if (!apps) return;
    void change(
      `move:${code}`,
      async () => {
        const outcome = outcomeOf(
          await callEndpoint(
            http,
            adminAppEndpoints.arrangeApps,
            { body: { unitId, apps } },
            { noIntercept: true },
          ),
          lang,
        );
        return outcome.ok ? { ok: true, apps: outcome.data } : outcome;
      },
      t('admin.apps.moved'),
    );
  };

  const setShown = (app: AdminApp, shown: boolean) =>
    void change(
      `status:${app.code}`,
      async () => {
        const outcome = outcomeOf(
          await callEndpoint(
            http,
            adminAppEndpoints.appStatus,
            { body: { unitId, code: app.code, updateStatus: shown ? 1 : 0 } },
            { noIntercept: true },
          ),
          lang,
        );
        return outcome.ok ? { ok: true, apps: [outcome.data] } : outcome;
      },
      shown ? t('admin.apps.shownDone') : t('admin.apps.hiddenDone'),
    );

  const deleteGroup = (code: string) =>
    void (async () => {
      setBusy(`group:${code}`);
      const outcome = outcomeOf(
        await callEndpoint(
          http,
          adminAppEndpoints.deleteGroup,
          { body: { unitId, code } },
          { noIntercept: true },
        ).catch(() => undefined),
        lang,
      );
      setBusy(null);
      if (outcome.ok) {
        putGroup(null, code);
        void message.success(t('admin.apps.groups.deleted'));
      } else {
        void message.error(outcome.message ?? t('admin.apps.failed'));
      }
    })();

  const columns = (group: AppGroupRows): TableProps<AdminApp>['columns'] => [
    {
      key: 'app',
      title: t('admin.apps.columns.app'),
      render: (_, app) => (
        <Flex gap={12} align="center" className="adm-apps__app">
          <img
            className="adm-apps__icon"
            src={app.icons.color.url}
            alt=""
            width={36}
            height={36}
            loading="lazy"
          />
          <span className="adm-apps__names">
            <span className="adm-apps__name" data-testid="apps.name">
              {appName(app, lang)}
            </span>
            <Typography.Text type="secondary" className="adm-apps__code">
              {app.code}
            </Typography.Text>
          </span>
        </Flex>
      ),
    },
    {
      key: 'server',
      title: t('admin.apps.columns.server'),
      responsive: ['md'],
      render: (_, app) => (
        <span className="adm-apps__names">
          <Typography.Text code>{app.serverId}</Typography.Text>
          <Typography.Text type="secondary" className="adm-apps__code">
            {app.deployPath ?? t('admin.apps.noDeployPath')}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'status',
      title: t('admin.apps.columns.status'),
      render: (_, app) => (
        <Flex vertical gap={2}>
          {app.updateStatus === 0 ? (
            <Badge status="default" text={t('admin.apps.hidden')} data-testid="apps.hidden" />
          ) : (
            <Badge status="success" text={t('admin.apps.shown')} data-testid="apps.shown" />
          )}
          {app.installed ? (
            <Badge
              status="processing"
              text={t('admin.apps.installed')}
              data-testid="apps.installed"
            />
          ) : (
            <Badge
              status="warning"
              text={t('admin.apps.notInstalled')}
              data-testid="apps.notInstalled"
            />
          )}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('admin.apps.columns.actions'),
      render: (_, app) => {
        const at = group.apps.indexOf(app);
        const name = appName(app, lang);
        return (
          <Flex wrap gap={4} className="adm-apps__actions">
            {editable ? (
              <>
                <Button
                  size="small"
                  disabled={at <= 0 || busy !== null}
                  aria-label={t('admin.apps.moveUp', { name })}
                  title={t('admin.apps.moveUp', { name })}
                  data-testid="apps.moveUp"
                  icon={<Icon path={ARROW_UP} size={16} />}
                  onClick={() => move(app.code, -1)}
                />
                <Button
                  size="small"
                  disabled={at >= group.apps.length - 1 || busy !== null}
                  aria-label={t('admin.apps.moveDown', { name })}
                  title={t('admin.apps.moveDown', { name })}
                  data-testid="apps.moveDown"
                  icon={<Icon path={ARROW_DOWN} size={16} />}
                  onClick={() => move(app.code, 1)}
                />
                <Button
                  size="small"
                  data-testid="apps.edit"
                  onClick={() => openForm({ kind: 'edit', app })}
                >
                  {t('admin.apps.edit')}
                </Button>
                <Button
                  size="small"
                  loading={busy === `status:${app.code}`}
                  data-testid={app.updateStatus === 0 ? 'apps.show' : 'apps.hide'}
                  onClick={() => setShown(app, app.updateStatus === 0)}
                >
                  {app.updateStatus === 0 ? t('admin.apps.show') : t('admin.apps.hide')}
                </Button>
              </>
            ) : null}
            <Button
              size="small"
              type="primary"
              ghost
              data-testid="apps.manage"
              onClick={() => setOpen({ kind: 'manage', code: app.code })}
            >
              {t('admin.apps.manage')}
            </Button>
          </Flex>
        );
      },
    },
  ];

  const width = useLayoutWidth();
  const managed =
    open?.kind === 'manage' && load.kind === 'ready'
      ? load.catalogue.apps.find((app) => app.code === open.code)
      : undefined;

  return (
    <div className="adm-page" data-testid="admin.apps">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} className="adm-page__title">
          {t('admin.pages.apps')}
        </Typography.Title>
        {editable ? (
          <Flex gap={8} wrap>
            <Button data-testid="apps.addGroup" onClick={() => openGroup(undefined)}>
              {t('admin.apps.groups.add')}
            </Button>
            <Button
              type="primary"
              data-testid="apps.register"
              onClick={() => openForm({ kind: 'create' })}
            >
              {t('admin.apps.register')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      <Typography.Paragraph type="secondary">{t('admin.apps.intro')}</Typography.Paragraph>
      {load.kind === 'ready' && !editable ? (
        <Alert type="info" showIcon title={t('admin.apps.readOnly')} data-testid="apps.readOnly" />
      ) : null}
      {load.kind === 'loading' ? (
        <div className="adm-status">
          <Spin size="large" />
        </div>
      ) : null}
      {load.kind === 'failed' ? (
        <Alert
          type="error"
          showIcon
          className="adm-card"
          title={load.message ?? t('admin.apps.failed')}
          data-testid="apps.loadFailed"
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('admin.apps.retry')}
            </Button>
          }
        />
      ) : null}
      {load.kind === 'ready' && rows.length === 0 ? (
        // A fresh deployment's empty catalogue (issue 13 §5): what to do first, not a blank page.
        <Card className="adm-card" data-testid="apps.emptyCatalogue">
          <Empty
            description={t(
              editable ? 'admin.apps.emptyCatalogue' : 'admin.apps.emptyCatalogueReadOnly',
            )}
          />
        </Card>
      ) : null}
      {rows.map((row) => (
        <Card
          key={row.group.code}
          className="adm-card"
          title={
            <span>
              {groupName(row.group, lang)}{' '}
              <Typography.Text type="secondary" className="adm-apps__code">
                {row.group.code}
              </Typography.Text>
            </span>
          }
          extra={
            <Flex gap={8} align="center" wrap>
              <Typography.Text type="secondary">
                {t('admin.apps.count', { count: row.apps.length })}
              </Typography.Text>
              {editable ? (
                <Button
                  size="small"
                  type="link"
                  data-testid="apps.editGroup"
                  onClick={() => openGroup(row.group)}
                >
                  {t('admin.apps.groups.edit')}
                </Button>
              ) : null}
              {editable && row.apps.length === 0 ? (
                <Popconfirm
                  title={t('admin.apps.groups.deleteConfirm')}
                  okText={t('admin.apps.groups.delete')}
                  cancelText={t('admin.apps.cancel')}
                  onConfirm={() => deleteGroup(row.group.code)}
                >
                  <Button
                    size="small"
                    type="link"
                    danger
                    loading={busy === `group:${row.group.code}`}
                    data-testid="apps.deleteGroup"
                  >
                    {t('admin.apps.groups.delete')}
                  </Button>
                </Popconfirm>
              ) : null}
            </Flex>
          }
          data-testid={`apps.group.${row.group.code}`}
        >
          <Table<AdminApp>
            rowKey="code"
            size={width === 'narrow' ? 'small' : 'middle'}
            pagination={false}
            dataSource={row.apps}
            columns={columns(row)}
            locale={{ emptyText: t('admin.apps.emptyGroup') }}
            scroll={{ x: 'max-content' }}
            onRow={(app) =>
              ({ 'data-testid': `apps.row.${app.code}` }) as HTMLAttributes<HTMLElement>
            }
          />
        </Card>
      ))}
      {load.kind === 'ready' ? (
        <AppsFormDrawer
          key={formSeq}
          open={open?.kind === 'create' || open?.kind === 'edit'}
          app={open?.kind === 'edit' ? open.app : undefined}
          unitId={unitId}
          groups={rows.map((row) => row.group)}
          narrow={width === 'narrow'}
          onClose={() => setOpen(null)}
          onSaved={(app) => {
            merge([app]);
            setOpen(null);
          }}
        />
      ) : null}
      {groupOpen && load.kind === 'ready' ? (
        <AppsGroupModal
          key={groupOpen.seq}
          group={groupOpen.group}
          unitId={unitId}
          nextSort={Math.max(0, ...load.catalogue.groups.map((g) => g.sort)) + 1}
          onClose={() => setGroupOpen(null)}
          onSaved={(group) => {
            putGroup(group);
            setGroupOpen(null);
          }}
        />
      ) : null}
      <AppsManageDrawer
        app={managed}
        unitId={unitId}
        editable={editable}
        narrow={width === 'narrow'}
        onClose={() => setOpen(null)}
        onChanged={(app) => merge([app])}
        onDeployed={() => void refresh()}
      />
    </div>
  );
}
