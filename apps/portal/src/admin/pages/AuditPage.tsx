/**
 * The audit log (issue 13 §2 The audit log): the unit's entries searched by user, action and
 * time range, newest first, paged by the server; and the export of every entry the search
 * finds as a spreadsheet (spec §3 table export through the SDK's exporter, posted to
 * table2xls, spec §7).
 */
import { App, Button, Card, DatePicker, Form, Input, Space, Table, Typography } from 'antd';
import { useCallback, useMemo, useState, useSyncExternalStore, type HTMLAttributes } from 'react';
import {
  adminDirectoryEndpoints as E,
  type AdminAuditEntry,
  type AdminAuditQuery,
} from '@campus/contracts/admin-directory';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { formatDate } from '@campus/sdk/formatters';
import { createTableExporter } from '@campus/sdk/table-export';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import { unitName } from '../admin-rules.ts';
import { FailureAlert } from './admin-feedback.tsx';
import { QUIET, settle, useOutcome } from './admin-call.ts';
import {
  AUDIT_PAGE_SIZE,
  auditExport,
  auditFilter,
  collectAuditEntries,
  detailText,
  type AuditFilterValues,
} from './audit-rules.ts';

export function AuditPage({ context }: AdminPageProps) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { notification } = App.useApp();
  const unitId = context.unit.unitId;
  const [form] = Form.useForm<AuditFilterValues>();
  const [filter, setFilter] = useState<Omit<AdminAuditQuery, 'page' | 'size'>>({ unitId });
  const [page, setPage] = useState(1);
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const exporter = useMemo(
    () =>
      createTableExporter({
        notify: (notice) =>
          notification[notice.type]({ title: notice.title ?? notice.message, duration: 2 }),
        language: () => lang,
      }),
    [notification, lang],
  );
  const handingOver = useSyncExternalStore(exporter.subscribe, exporter.isBusy, exporter.isBusy);

  const load = useCallback(
    () =>
      settle(
        callEndpoint(http, E.audit, { query: { ...filter, page, size: AUDIT_PAGE_SIZE } }, QUIET),
        lang,
      ),
    [http, filter, page, lang],
  );
  const { outcome, loading } = useOutcome(load);
  const rows = outcome?.ok ? outcome.data : { items: [], total: 0 };
  const failure = exportFailure ?? (outcome && !outcome.ok ? outcome.message : null);

  const runExport = async () => {
    setFetching(true);
    const collected = await collectAuditEntries((query) =>
      settle(callEndpoint(http, E.audit, { query: { ...filter, ...query } }, QUIET), lang),
    );
    setFetching(false);
    if (!collected.ok) {
      setExportFailure(collected.message);
      return;
    }
    setExportFailure(null);
    exporter.exportTable(
      collected.data.length > 0
        ? auditExport(collected.data, { t, lang, unit: unitName(context.unit, lang) })
        : null,
    );
  };

  return (
    <div className="adm-page" data-testid="admin.audit">
      <Typography.Title level={1} className="adm-page__title">
        {t('admin.pages.audit')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('admin.audit.intro', { unit: unitName(context.unit, lang) })}
      </Typography.Paragraph>
      <Card className="adm-card" data-testid="audit.search">
        <Form<AuditFilterValues>
          form={form}
          layout="inline"
          className="adm-filter"
          style={{ rowGap: 12 }}
          onFinish={(values) => {
            setPage(1);
            setFilter(auditFilter(unitId, values));
          }}
        >
          <Form.Item name="actor" label={t('admin.audit.actor')}>
            <Input
              allowClear
              placeholder={t('admin.audit.actorPlaceholder')}
              data-testid="audit.actor"
            />
          </Form.Item>
          <Form.Item name="action" label={t('admin.audit.action')}>
            <Input
              allowClear
              placeholder={t('admin.audit.actionPlaceholder')}
              data-testid="audit.action"
            />
          </Form.Item>
          <Form.Item name="range" label={t('admin.audit.range')}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" data-testid="audit.searchButton">
                {t('admin.audit.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setPage(1);
                  setFilter({ unitId });
                }}
              >
                {t('admin.audit.reset')}
              </Button>
              <Button
                loading={fetching || handingOver}
                onClick={() => void runExport()}
                data-testid="audit.export"
              >
                {t('admin.audit.export')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card className="adm-card" data-testid="audit.results">
        <FailureAlert message={failure} testId="audit.error" />
        <Table<AdminAuditEntry>
          rowKey="id"
          size="middle"
          loading={loading}
          dataSource={rows.items}
          scroll={{ x: 860 }}
          locale={{ emptyText: t('admin.audit.empty') }}
          onRow={() => ({ 'data-testid': 'audit.row' }) as HTMLAttributes<HTMLElement>}
          pagination={{
            current: page,
            pageSize: AUDIT_PAGE_SIZE,
            total: rows.total,
            showSizeChanger: false,
            showTotal: (total) => (
              <span data-testid="audit.total">{t('admin.audit.total', { total })}</span>
            ),
            onChange: setPage,
          }}
          columns={[
            {
              key: 'at',
              title: t('admin.audit.columns.at'),
              width: 160,
              render: (_, row) => formatDate(row.at, 'YYYY-MM-DD HH:mm:ss', lang),
            },
            {
              key: 'action',
              title: t('admin.audit.columns.action'),
              width: 200,
              render: (_, row) => (
                <Typography.Text code data-testid="audit.action.cell">
                  {row.action}
                </Typography.Text>
              ),
            },
            {
              key: 'actor',
              title: t('admin.audit.columns.actor'),
              width: 160,
              render: (_, row) =>
                row.actor
                  ? `${row.actor.realName} (${row.actor.loginName})`
                  : t('admin.audit.system'),
            },
            {
              key: 'ip',
              title: t('admin.audit.columns.ip'),
              width: 130,
              render: (_, row) => row.ip ?? '–',
            },
            {
              key: 'detail',
              title: t('admin.audit.columns.detail'),
              render: (_, row) => (
                <Typography.Text
                  type="secondary"
                  ellipsis={{ tooltip: detailText(row.detail) }}
                  style={{ maxWidth: 360 }}
                  data-testid="audit.detail"
                >
                  {detailText(row.detail)}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
