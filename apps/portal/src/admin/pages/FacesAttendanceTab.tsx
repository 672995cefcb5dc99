import { Button, DatePicker, Input, Space, Table } from 'antd';
import { useCallback, useState } from 'react';
import { faceAdminEndpoints, type FaceAttendanceRow } from '@campus/contracts/face';
import { PORTAL_APP_CODE } from '@campus/sdk/create-page-runtime';
import { download } from '@campus/sdk/download';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { formatDate } from '@campus/sdk/formatters';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import { showNotice } from '../../desktop/shell/notice-bridge.ts';
import { FACE_PAGE_SIZE, useFacePage, useFacePagination } from './face-paging.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Filters {
  user?: string;
  device?: string;
  /** Epoch ms: the first chosen day's start, and the day after the last one's start. */
  from?: number;
  to?: number;
}

/** A day the range picker gave (a dayjs value; only what is read here). */
interface PickedDay {
  startOf: (unit: 'day') => { valueOf: () => number };
}

/**
 * The unit's clock-in attendance (issue 14 §2 Clock-in): by user, day range and device, newest
 * first; the export writes the same filtered rows into an .xlsx on the server (the table
 * export of DESIGN.md §7) and downloads it.
 */
export function FacesAttendanceTab({ unitId }: { unitId: string }) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const load = useCallback(
    () =>
      callEndpoint(http, faceAdminEndpoints.attendance, {
        query: { unitId, page, size: FACE_PAGE_SIZE, ...filters },
      }),
    [http, unitId, page, filters],
  );
  const { answer, loading } = useFacePage(JSON.stringify([unitId, page, filters]), load);
  const pagination = useFacePagination(answer, page, setPage);

  const exportSheet = () => {
    setExporting(true);
    download(faceAdminEndpoints.exportAttendance.path, {
      params: { unitId, ...filters, lang, utcOffset: -new Date().getTimezoneOffset() },
      appCode: PORTAL_APP_CODE,
      notify: showNotice,
      language: () => lang,
    })
      // A failure has been shown as a notice already.
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());

  return (
    <div data-testid="faces.attendance">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          placeholder={t('admin.faces.attendance.user')}
          aria-label={t('admin.faces.attendance.user')}
          data-testid="faces.attendance.user"
          onChange={(event) => setDraft((d) => ({ ...d, user: text(event.target.value) }))}
        />
        <Input
          allowClear
          placeholder={t('admin.faces.attendance.device')}
          aria-label={t('admin.faces.attendance.device')}
          data-testid="faces.attendance.device"
          onChange={(event) => setDraft((d) => ({ ...d, device: text(event.target.value) }))}
        />
        <DatePicker.RangePicker
          aria-label={t('admin.faces.attendance.range')}
          placeholder={[t('admin.faces.attendance.from'), t('admin.faces.attendance.to')]}
          onChange={(values) => {
            const [start, end] = (values ?? []) as (PickedDay | null | undefined)[];
            setDraft((d) => ({
              ...d,
              from: start ? start.startOf('day').valueOf() : undefined,
              to: end ? end.startOf('day').valueOf() + DAY_MS : undefined,
            }));
          }}
        />
        <Button
          type="primary"
          data-testid="faces.attendance.search"
          onClick={() => {
            setPage(1);
            setFilters(
              Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)),
            );
          }}
        >
          {t('admin.faces.search')}
        </Button>
        <Button loading={exporting} data-testid="faces.attendance.export" onClick={exportSheet}>
          {t('admin.faces.attendance.export')}
        </Button>
      </Space>
      <Table<FaceAttendanceRow>
        rowKey="attendanceId"
        size="middle"
        loading={loading}
        dataSource={answer?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.faces.attendance.empty') }}
        onRow={(row) => ({ 'data-testid': `faces.attendance.row.${row.loginName}` }) as object}
        pagination={pagination}
        columns={[
          { key: 'loginName', title: t('admin.faces.columns.loginName'), dataIndex: 'loginName' },
          { key: 'realName', title: t('admin.faces.columns.realName'), dataIndex: 'realName' },
          {
            key: 'clockedAt',
            title: t('admin.faces.columns.clockedAt'),
            render: (_: unknown, row) => formatDate(row.clockedAt, undefined, lang),
          },
          {
            key: 'device',
            title: t('admin.faces.columns.device'),
            render: (_: unknown, row) => row.device ?? '—',
          },
        ]}
      />
    </div>
  );
}
