import { Tabs, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { AdminPageProps } from '../admin-pages.ts';
import { unitPagePath } from '../admin-rules.ts';
import { KIOSK_PATH } from './kiosk-rules.ts';
import { FacesAttendanceTab } from './FacesAttendanceTab.tsx';
import { FacesBulkTab } from './FacesBulkTab.tsx';
import { FacesEnrolledTab } from './FacesEnrolledTab.tsx';

/**
 * Faces (issue 14 §2 Clock-in, Privacy; DESIGN.md §9, §10): who has enrolled in the unit and
 * deleting their face data, the clock-in attendance with its filters and export, and bulk
 * enrolment from a .zip of photos named by login. The server checks the caller's unit on every
 * call (`faceAdminEndpoints`); a refusal's message is the client's notice.
 */
export function FacesPage({ context }: AdminPageProps) {
  const { t } = useTranslation();
  const { unitId } = context.unit;
  return (
    <div className="adm-page" data-testid="admin.faces">
      <Typography.Title level={1} className="adm-page__title">
        {t('admin.pages.faces')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.faces.intro')}</Typography.Paragraph>
      <Typography.Paragraph>
        <Link to={unitPagePath(unitId, KIOSK_PATH)} data-testid="faces.kiosk">
          {t('admin.kiosk.open')}
        </Link>{' '}
        <Typography.Text type="secondary">{t('admin.kiosk.openHint')}</Typography.Text>
      </Typography.Paragraph>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'enrolled',
            label: <span data-testid="faces.tab.enrolled">{t('admin.faces.tabs.enrolled')}</span>,
            children: <FacesEnrolledTab key={unitId} unitId={unitId} />,
          },
          {
            key: 'attendance',
            label: (
              <span data-testid="faces.tab.attendance">{t('admin.faces.tabs.attendance')}</span>
            ),
            children: <FacesAttendanceTab key={unitId} unitId={unitId} />,
          },
          {
            key: 'bulk',
            label: <span data-testid="faces.tab.bulk">{t('admin.faces.tabs.bulk')}</span>,
            children: <FacesBulkTab key={unitId} unitId={unitId} />,
          },
        ]}
      />
    </div>
  );
}
