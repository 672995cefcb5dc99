import type { MeData } from '@campus/contracts/uaa';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { dataOf, useDesktopApi, useLoad } from '../common/desktop-data.ts';
import { AppTileList } from './AppTileList.tsx';
import { Widget } from '../common/Widget.tsx';

/** The recently used apps (spec §9: 10 per user), most recent first. */
export function RecentAppsWidget({ me }: { me: MeData }) {
  const { t } = useTranslation();
  const api = useDesktopApi();
  const recent = useLoad('recentApps', async () => (await dataOf(api.recentApps())) ?? []);
  const apps = recent.data ?? [];
  return (
    <Widget
      title={t('pages.home.recentApps')}
      loading={recent.loading && recent.data === undefined}
      empty={apps.length === 0}
      emptyText={t('pages.home.recentAppsEmpty')}
      testId="home.recentApps"
      className="dp-widget--apps"
    >
      <AppTileList me={me} apps={apps} tileTestId="home.recentApp" />
    </Widget>
  );
}
