import type { MeData } from '@campus/contracts/uaa';
import { NoData } from '@campus/ui/NoData';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { unitDisplayName } from '@campus/ui/header-rules';
import { WelcomePanel } from './WelcomePanel.tsx';
import { schoolsOfArea, unitNameIn } from './area-rules.ts';
import { MessagesWidget } from '../messages/MessagesWidget.tsx';
import { RecentAppsWidget } from '../apps/RecentAppsWidget.tsx';
import { TodoWidget } from '../todos/TodoWidget.tsx';
import { Widget } from '../common/Widget.tsx';

/**
 * The area desktop (spec §1: unit type 1 is an area; §6 "unit type picks area or regular
 * folders"): an overview of the area's schools from /me's campusUnits, or the dashboard
 * no-data placeholder (spec §2) when it lists none, beside the usual widgets.
 */
export function AreaHomePage({ me }: { me: MeData }) {
  const { t, lang } = useTranslation();
  const schools = schoolsOfArea(me.campusUnits, me.unitId);
  const areaName = unitDisplayName(me, lang);
  return (
    <div className="dp-home dp-home--area" data-testid="page.area">
      <WelcomePanel me={me} />
      <Widget
        title={t('pages.area.schools', { area: areaName })}
        extra={
          <span className="dp-muted" data-testid="area.schoolCount">
            {t('pages.area.schoolCount', { count: schools.length })}
          </span>
        }
        testId="area.overview"
        className="dp-widget--wide"
      >
        {schools.length === 0 ? (
          <div data-testid="area.empty">
            <NoData type="dashboard" lang={lang} text={t('pages.area.schoolsEmpty')} />
          </div>
        ) : (
          <ul className="dp-schools">
            {schools.map((school) => (
              <li key={school.campusId} className="dp-school" data-testid="area.school">
                <span className="dp-school__initial" aria-hidden="true">
                  {unitNameIn(school, lang).slice(0, 1)}
                </span>
                <span className="dp-school__name">{unitNameIn(school, lang)}</span>
              </li>
            ))}
          </ul>
        )}
      </Widget>
      <div className="dp-grid">
        <RecentAppsWidget me={me} />
        <TodoWidget />
        <MessagesWidget />
      </div>
    </div>
  );
}
