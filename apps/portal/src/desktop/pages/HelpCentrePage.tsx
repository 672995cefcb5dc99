import { Collapse } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { Icon } from '../../shared/Icon.tsx';
import { useRuntime } from '../../shared/useRuntime.ts';
import { dataOf } from '../common/desktop-data.ts';
import { HELP_TOPICS, readHelpQuery, withoutToken } from './help-rules.ts';

/**
 * The help-centre page (spec §2, opened from the footer with redUrl, accessToken and unitId):
 * help topics, the unit it is for, and a way back to redUrl when that is a page of this site.
 * The access token is never rendered, and is removed from the address bar on arrival so it
 * does not stay in history or get copied with the link.
 */
export function HelpCentrePage() {
  const { t, lang } = useTranslation();
  const { auth } = useRuntime();
  const [query] = useState(() => readHelpQuery(window.location.href));
  const [unitName, setUnitName] = useState<string | null>(null);

  useEffect(() => {
    if (query.hadToken) {
      window.history.replaceState(window.history.state, '', withoutToken(window.location.href));
    }
  }, [query.hadToken]);

  useEffect(() => {
    if (!query.unitId) return;
    let live = true;
    void dataOf(auth.unitConfig(query.unitId, { noIntercept: true })).then((unit) => {
      if (!live || !unit) return;
      setUnitName(lang === 'en' && unit.unitEnName ? unit.unitEnName : unit.unitName);
    });
    return () => {
      live = false;
    };
  }, [auth, query.unitId, lang]);

  return (
    <div className="dp-help" data-testid="page.help">
      {query.back ? (
        <a className="dp-help__back" href={query.back} data-testid="help.back">
          <Icon name="back" size={16} />
          {t('pages.help.back')}
        </a>
      ) : null}
      <header className="dp-help__hero">
        <h1 className="dp-page-title">{t('pages.help.title')}</h1>
        <p className="dp-muted">
          {unitName ? (
            <span data-testid="help.unit">{t('pages.help.forUnit', { unit: unitName })}</span>
          ) : (
            t('pages.help.lead')
          )}
        </p>
      </header>
      <Collapse
        className="dp-help__topics"
        defaultActiveKey={[HELP_TOPICS[0]]}
        items={HELP_TOPICS.map((topic) => ({
          key: topic,
          label: <span data-testid="help.topic">{t(`pages.help.topics.${topic}.q`)}</span>,
          children: <p className="dp-help__answer">{t(`pages.help.topics.${topic}.a`)}</p>,
        }))}
      />
    </div>
  );
}
