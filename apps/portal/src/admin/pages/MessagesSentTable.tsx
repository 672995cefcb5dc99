/**
 * The sent list of `MessagesPage` (issue 13 §2): the unit's messages and to-dos from the
 * console, cms and apps, newest first, each with its audience and read count; paged by the
 * server (spec §9: 30 a page).
 */
import { Button, Card, Progress, Table, Tag, Typography } from 'antd';
import { useCallback, useState, type HTMLAttributes } from 'react';
import { adminFeedEndpoints, SENT_PAGE_SIZE, type SentItem } from '@campus/contracts/app-feed';
import { formatDate } from '@campus/sdk/formatters';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { FailureAlert } from './admin-feedback.tsx';
import { QUIET, settle, useOutcome } from './admin-call.ts';
import { audienceWords } from './messages-audience.ts';

export function MessagesSentTable({ unitId }: { unitId: string }) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const [page, setPage] = useState(1);
  const [refresh, setRefresh] = useState(0);
  const load = useCallback(
    () =>
      settle(
        callEndpoint(
          http,
          adminFeedEndpoints.sent,
          { query: { unitId, start: (page - 1) * SENT_PAGE_SIZE, size: SENT_PAGE_SIZE } },
          QUIET,
        ),
        lang,
      ),
    // `refresh` asks again for the same page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [http, unitId, page, refresh, lang],
  );
  const { outcome, loading } = useOutcome(load);
  const rows = outcome?.ok ? outcome.data : { list: [], total: 0 };
  const failure =
    outcome && !outcome.ok ? `${t('admin.messages.list.loadFailed')}: ${outcome.message}` : null;

  return (
    <Card
      title={t('admin.messages.list.title')}
      className="adm-card"
      data-testid="messages.sent"
      extra={
        <Button onClick={() => setRefresh((n) => n + 1)} data-testid="messages.refresh">
          {t('admin.messages.list.refresh')}
        </Button>
      }
    >
      <FailureAlert message={failure} testId="messages.sent.error" />
      <Table<SentItem>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows.list}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('admin.messages.list.empty') }}
        onRow={() => ({ 'data-testid': 'messages.sent.row' }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: SENT_PAGE_SIZE,
          total: rows.total,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'createdAt',
            title: t('admin.messages.list.time'),
            width: 150,
            render: (_, row) => formatDate(row.createdAt, 'YYYY-MM-DD HH:mm', lang),
          },
          {
            key: 'title',
            title: t('admin.messages.list.text'),
            render: (_, row) => (
              <span data-testid="messages.sent.text">
                {row.kind === 'todo' ? <Tag>{t('admin.messages.compose.kinds.todo')}</Tag> : null}
                {/* As text: what was typed is never markup. */}
                <Typography.Text>{row.title}</Typography.Text>
              </span>
            ),
          },
          {
            key: 'audience',
            title: t('admin.messages.list.audience'),
            width: 170,
            render: (_, row) => {
              const words = audienceWords(row.audience);
              return (
                <span data-testid="messages.sent.audience">
                  {t(`admin.messages.list.${words.key}`, words)}
                </span>
              );
            },
          },
          {
            key: 'importance',
            title: t('admin.messages.list.importance'),
            width: 90,
            render: (_, row) => row.importance ?? '–',
          },
          {
            key: 'sender',
            title: t('admin.messages.list.sender'),
            width: 120,
            render: (_, row) =>
              row.senderName ?? t('admin.messages.list.app', { app: row.appCode }),
          },
          {
            key: 'read',
            title: t('admin.messages.list.read'),
            width: 150,
            render: (_, row) => (
              <span data-testid="messages.sent.read">
                {t('admin.messages.list.readOf', { read: row.readCount, total: row.recipients })}
                <Progress
                  percent={
                    row.recipients > 0 ? Math.round((row.readCount / row.recipients) * 100) : 0
                  }
                  size="small"
                  showInfo={false}
                  aria-hidden="true"
                />
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}
