import { Card, Descriptions, List, Typography } from 'antd';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { adminDirectoryEndpoints as E } from '@campus/contracts/admin-directory';
import { callEndpoint } from '@campus/sdk/endpoint-call';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRuntime } from '../../shared/useRuntime.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import { parentOf, unitKind, unitName, unitPagePath, unitsUnder } from '../admin-rules.ts';
import { QUIET, settle, useOutcome } from './admin-call.ts';

/**
 * The unit being administered (issue 13 §1): its names, type and parent, and for an area the
 * schools under it, each a way into that school's console.
 */
export function OverviewPage({ context }: AdminPageProps) {
  const { t, lang } = useTranslation();
  const { scope, unit } = context;
  const kind = unitKind(unit.unitType);
  const parent = parentOf(scope, unit);
  const schools = kind === 'area' ? unitsUnder(scope, unit.unitId) : [];
  const notSet = <Typography.Text type="secondary">{t('admin.overview.notSet')}</Typography.Text>;

  return (
    <div className="adm-page" data-testid="admin.overview">
      <Typography.Title level={1} className="adm-page__title" data-testid="overview.title">
        {unitName(unit, lang)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('admin.overview.intro', { unit: unitName(unit, lang) })}
      </Typography.Paragraph>
      <Card title={t('admin.overview.details')} className="adm-card">
        <Descriptions
          bordered
          size="middle"
          column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }}
          items={[
            {
              key: 'name',
              label: t('admin.overview.name'),
              children: <span data-testid="overview.name">{unit.name}</span>,
            },
            {
              key: 'enName',
              label: t('admin.overview.enName'),
              children: unit.enName ? (
                <span data-testid="overview.enName" lang="en">
                  {unit.enName}
                </span>
              ) : (
                notSet
              ),
            },
            {
              key: 'unitType',
              label: t('admin.overview.unitType'),
              children: <span data-testid="overview.unitType">{t(`admin.unitTypes.${kind}`)}</span>,
            },
            {
              key: 'parent',
              label: t('admin.overview.parent'),
              children: (
                <span data-testid="overview.parent">
                  {parent === null ? (
                    t('admin.overview.noParent')
                  ) : 'unit' in parent ? (
                    <Link to={unitPagePath(parent.unit.unitId, 'overview')}>
                      {unitName(parent.unit, lang)}
                    </Link>
                  ) : (
                    <ParentOutsideScope unitId={unit.unitId} parentId={parent.unitId} />
                  )}
                </span>
              ),
            },
            {
              key: 'unitId',
              label: t('admin.overview.unitId'),
              children: (
                <Typography.Text code copyable data-testid="overview.unitId">
                  {unit.unitId}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Card>
      {kind === 'area' ? (
        <Card
          title={t('admin.overview.schools')}
          extra={
            <Typography.Text type="secondary" data-testid="overview.schoolCount">
              {t('admin.overview.schoolCount', { count: schools.length })}
            </Typography.Text>
          }
          className="adm-card"
        >
          <List
            dataSource={schools}
            locale={{ emptyText: t('admin.overview.noSchools') }}
            renderItem={(school) => (
              <List.Item
                data-testid="overview.school"
                actions={[
                  <Link key="manage" to={unitPagePath(school.unitId, 'overview')}>
                    {t('admin.overview.manage')}
                    <span className="adm-visually-hidden">{` ${unitName(school, lang)}`}</span>
                  </Link>,
                ]}
              >
                <List.Item.Meta
                  title={unitName(school, lang)}
                  description={t(`admin.unitTypes.${unitKind(school.unitType)}`)}
                />
              </List.Item>
            )}
          />
        </Card>
      ) : null}
    </div>
  );
}

/**
 * The parent area of a school whose admin does not administer that area: its name from the
 * unit's own detail (which answers the parent's names), its id until then or if that fails.
 */
function ParentOutsideScope({ unitId, parentId }: { unitId: string; parentId: string }) {
  const { lang } = useTranslation();
  const { http } = useRuntime();
  const load = useCallback(
    () => settle(callEndpoint(http, E.unit, { params: { unitId } }, QUIET), lang),
    [http, unitId, lang],
  );
  const { outcome } = useOutcome(load);
  const named = outcome?.ok ? outcome.data.parent : null;
  return named ? (
    <span>{unitName(named, lang)}</span>
  ) : (
    <Typography.Text code>{parentId}</Typography.Text>
  );
}
