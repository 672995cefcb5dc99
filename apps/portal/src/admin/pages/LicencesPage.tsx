import { Button, Card, DatePicker, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { adminAppEndpoints, type AdminLicence } from '@campus/contracts/admin-apps';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import {
  appName,
  lastDayOf,
  FailureAlert,
  LoadedView,
  outcomeOf,
  OWN_FAILURE,
  useLoaded,
} from './access-calls.tsx';
import { AccessPage } from './AccessPage.tsx';
import { EXPIRING_DAYS, licenceState } from './access-rules.ts';

/**
 * The unit's licences (issue 13 §2, spec §4): every app with the day its licence runs through,
 * expired and soon-expiring ones marked; a top-level unit's administrator sets the end day or
 * ends it now (the server's `until`: `YYYY-MM-DD` or `expired`).
 */
export function LicencesPage({ context }: AdminPageProps) {
  const { t, lang } = useTranslation();
  const { http } = useRuntime();
  const unitId = context.unit.unitId;
  const licences = useLoaded(`licences:${unitId}`, () =>
    outcomeOf(
      callEndpoint(http, adminAppEndpoints.licences, { query: { unitId } }, OWN_FAILURE),
      lang,
    ),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // The moment the states are read against: when the list was shown.
  const [now] = useState(() => Date.now());

  const setUntil = async (appCode: string, until: string) => {
    const outcome = await outcomeOf(
      callEndpoint(
        http,
        adminAppEndpoints.setLicence,
        { body: { unitId, appCode, until } },
        OWN_FAILURE,
      ),
      lang,
    );
    setFailure(outcome.ok ? null : outcome.message);
    setSaved(outcome.ok ? appCode : null);
    if (outcome.ok) licences.reload();
  };

  return (
    <AccessPage page="licences" intro={t('admin.licences.intro', { days: EXPIRING_DAYS })}>
      <LoadedView loaded={licences.loaded} reload={licences.reload} testId="licences">
        {({ editable, licences: rows }) => (
          <Card className="adm-card">
            {editable ? null : (
              <Typography.Paragraph type="secondary" data-testid="licences.readOnly">
                {t('admin.access.sharedReadOnly')}
              </Typography.Paragraph>
            )}
            <FailureAlert message={failure} testId="licences.error" />
            {saved ? (
              <Typography.Paragraph
                className="adm-access__ok"
                role="status"
                data-testid="licences.saved"
              >
                {t('admin.licences.saved', {
                  app: appName(
                    rows.find((r) => r.appCode === saved) ?? { name: saved, englishName: saved },
                    lang,
                  ),
                })}
              </Typography.Paragraph>
            ) : null}
            <Table<AdminLicence>
              rowKey="appCode"
              size="middle"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={rows}
              rowClassName={(r) => `adm-licence adm-licence--${licenceState(r.endTime, now)}`}
              onRow={(r) =>
                ({
                  'data-testid': `licences.row.${r.appCode}`,
                  'data-state': licenceState(r.endTime, now),
                }) as object
              }
              columns={[
                { key: 'app', title: t('admin.access.app'), render: (_, r) => appName(r, lang) },
                {
                  key: 'code',
                  title: t('admin.licences.code'),
                  render: (_, r) => <Typography.Text code>{r.appCode}</Typography.Text>,
                },
                {
                  key: 'end',
                  title: t('admin.licences.endDate'),
                  render: (_, r) => (
                    <span data-testid="licences.end">
                      {r.endTime === null ? t('admin.licences.none') : lastDayOf(r.endTime)}
                    </span>
                  ),
                },
                {
                  key: 'state',
                  title: t('admin.licences.state'),
                  render: (_, r) => {
                    const state = licenceState(r.endTime, now);
                    return (
                      <Tag className={`adm-state adm-state--${state}`} data-testid="licences.state">
                        {t(`admin.licences.states.${state}`)}
                      </Tag>
                    );
                  },
                },
                ...(editable
                  ? [
                      {
                        key: 'actions',
                        title: t('admin.access.actions'),
                        render: (_: unknown, r: AdminLicence) => (
                          <Space wrap>
                            <DatePicker
                              aria-label={t('admin.licences.setEnd', { app: appName(r, lang) })}
                              placeholder={t('admin.licences.pickDay')}
                              data-testid="licences.pick"
                              allowClear={false}
                              onChange={(day: Dayjs | null) =>
                                day ? void setUntil(r.appCode, day.format('YYYY-MM-DD')) : undefined
                              }
                            />
                            <Popconfirm
                              title={t('admin.licences.expireConfirm', { app: appName(r, lang) })}
                              okText={t('admin.licences.expire')}
                              cancelText={t('admin.access.cancel')}
                              onConfirm={() => void setUntil(r.appCode, 'expired')}
                            >
                              <Button size="small" danger data-testid="licences.expire">
                                {t('admin.licences.expire')}
                              </Button>
                            </Popconfirm>
                          </Space>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
        )}
      </LoadedView>
    </AccessPage>
  );
}
