import { formatThousands } from '@campus/sdk/formatters';
import { useApp } from '@campus/ui/app-context';
import { envelopeData, useLoad } from '@campus/ui/useLoad';
import { cmsApi } from '../shared/api.ts';
import { CallView } from '../shared/CallView.tsx';

/** Publishing statistics of the unit (code cms:stats: staff only in the demo school). */
export function Stats() {
  const { http, t } = useApp();
  const stats = useLoad('cms.stats', () => envelopeData(cmsApi(http).stats()));
  return (
    <section className="cms-card" aria-labelledby="cms-stats-title" data-testid="cms.stats">
      <div className="cms-card__head">
        <h1 className="cms-card__title" id="cms-stats-title">
          {t('cms.stats.title')}
        </h1>
      </div>
      <CallView loaded={stats}>
        {(data) => (
          <>
            <div className="cms-stats">
              {(
                [
                  ['cms.stats.notices', data.noticeCount],
                  ['cms.stats.reads', data.readCount],
                  ['cms.stats.audience', data.audienceCount],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="cms-stat">
                  <span className="cms-stat__value">{formatThousands(value)}</span>
                  <span className="cms-muted">{t(label)}</span>
                </div>
              ))}
            </div>
            <div className="cms-table-wrap">
              <table className="cms-table">
                <caption className="cms-muted">{t('cms.stats.byAuthor')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('cms.field.author')}</th>
                    <th scope="col">{t('cms.stats.count')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.byAuthor.map((row) => (
                    <tr key={row.authorName}>
                      <td>{row.authorName}</td>
                      <td className="num">{row.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CallView>
    </section>
  );
}
