import { App, Button, Input, Popconfirm, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { faceAdminEndpoints, type FaceEnrolledPage } from '@campus/contracts/face';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { formatDate } from '@campus/sdk/formatters';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';

const PAGE_SIZE = 20;

type Enrolment = FaceEnrolledPage['items'][number];

/**
 * Who has enrolled a face in the unit (issue 14 §2 Privacy), newest first, searchable by login
 * or name; deleting one removes the photo and the descriptor after a confirmation.
 */
export function FacesEnrolledTab({ unitId }: { unitId: string }) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const { message } = App.useApp();
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [reload, setReload] = useState(0);
  // The answer of which request: loading while it is not the current one's.
  const [loaded, setLoaded] = useState<{ key: string; page: FaceEnrolledPage | null }>();
  const key = JSON.stringify([unitId, query, reload]);
  const loading = loaded?.key !== key;
  const answer = loaded?.page ?? null;

  useEffect(() => {
    let live = true;
    void callEndpoint(http, faceAdminEndpoints.enrolled, {
      query: { unitId, page: query.page, size: PAGE_SIZE, ...(query.q ? { q: query.q } : {}) },
    }).then(
      (reply) => {
        if (live) setLoaded((last) => ({ key, page: reply.data ?? last?.page ?? null }));
      },
      () => {
        if (live) setLoaded((last) => ({ key, page: last?.page ?? null }));
      },
    );
    return () => {
      live = false;
    };
  }, [http, unitId, query, key]);

  const remove = useCallback(
    async (row: Enrolment) => {
      const reply = await callEndpoint(http, faceAdminEndpoints.remove, {
        params: { userId: row.userId },
        query: { unitId },
      });
      if (reply.status !== 200) return;
      void message.success(t('admin.faces.enrolled.deleted', { name: row.realName }));
      setReload((n) => n + 1);
    },
    [http, unitId, message, t],
  );

  return (
    <div data-testid="faces.enrolled">
      <Input.Search
        style={{ maxWidth: 420, marginBottom: 16 }}
        allowClear
        enterButton={t('admin.faces.search')}
        placeholder={t('admin.faces.enrolled.searchPlaceholder')}
        aria-label={t('admin.faces.enrolled.searchPlaceholder')}
        data-testid="faces.enrolled.search"
        onSearch={(value) => setQuery({ q: value.trim(), page: 1 })}
      />
      <Table<Enrolment>
        rowKey="userId"
        size="middle"
        loading={loading}
        dataSource={answer?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.faces.enrolled.empty') }}
        onRow={(row) => ({ 'data-testid': `faces.enrolled.row.${row.loginName}` }) as object}
        pagination={{
          current: answer?.page ?? query.page,
          pageSize: PAGE_SIZE,
          total: answer?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('admin.faces.total', { count: total }),
          onChange: (page) => setQuery((q) => ({ ...q, page })),
        }}
        columns={[
          { key: 'loginName', title: t('admin.faces.columns.loginName'), dataIndex: 'loginName' },
          { key: 'realName', title: t('admin.faces.columns.realName'), dataIndex: 'realName' },
          {
            key: 'enrolledAt',
            title: t('admin.faces.columns.enrolledAt'),
            render: (_: unknown, row) => formatDate(row.enrolledAt, undefined, lang),
          },
          {
            key: 'actions',
            title: t('admin.faces.columns.actions'),
            render: (_: unknown, row) => (
              <Popconfirm
                title={t('admin.faces.enrolled.confirmTitle')}
                description={t('admin.faces.enrolled.confirmText', { name: row.realName })}
                okText={t('admin.faces.enrolled.delete')}
                cancelText={t('admin.faces.cancel')}
                okButtonProps={{ danger: true, ...{ 'data-testid': 'faces.enrolled.confirm' } }}
                onConfirm={() => void remove(row)}
              >
                <Button danger size="small" data-testid={`faces.enrolled.delete.${row.loginName}`}>
                  {t('admin.faces.enrolled.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </div>
  );
}
