import { App, Button, Input, Popconfirm, Table } from 'antd';
import { useCallback, useState } from 'react';
import { faceAdminEndpoints, type FaceEnrolledPage } from '@campus/contracts/face';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { formatDate } from '@campus/sdk/formatters';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { FACE_PAGE_SIZE, useFacePage, useFacePagination } from './face-paging.ts';

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
  const load = useCallback(
    () =>
      callEndpoint(http, faceAdminEndpoints.enrolled, {
        query: {
          unitId,
          page: query.page,
          size: FACE_PAGE_SIZE,
          ...(query.q ? { q: query.q } : {}),
        },
      }),
    [http, unitId, query],
  );
  const { answer, loading } = useFacePage(JSON.stringify([unitId, query, reload]), load);
  const pagination = useFacePagination(answer, query.page, (page) =>
    setQuery((q) => ({ ...q, page })),
  );

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
        pagination={pagination}
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
