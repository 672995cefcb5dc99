import type { ComponentType } from 'react';
import type { NoticeReadRow } from '@campus/contracts/cms';
import { formatDate } from '@campus/sdk/formatters';
import { useApp } from '@campus/ui/app-context';
import { NoData } from '@campus/ui/NoData';
import { envelopeData, useLoad } from '@campus/ui/useLoad';
import { cmsApi } from '../shared/api.ts';
import { audienceText } from '../shared/audience.ts';
import { CallView } from '../shared/CallView.tsx';
import { ExportReadsButton } from './ExportReadsButton.tsx';
import { readRate } from './read-rate.ts';

/** How the loaded rows are drawn: a table on pc, cards on a phone (mobile_cms_tm). */
export type ReadCountsView = ComponentType<{ rows: readonly NoticeReadRow[] }>;

/** The read counts: per notice, how many of its audience have read it. */
export function ReadCounts({ view: View = ReadCountTable }: { view?: ReadCountsView }) {
  const { http, t, lang } = useApp();
  const reads = useLoad('cms.reads', () => envelopeData(cmsApi(http).reads()));
  return (
    <section className="cms-card" aria-labelledby="cms-reads-title">
      <div className="cms-card__head">
        <h1 className="cms-card__title" id="cms-reads-title">
          {t('cms.reads.title')}
        </h1>
        {reads.data && reads.data.list.length > 0 ? <ExportReadsButton /> : null}
      </div>
      <CallView loaded={reads}>
        {(data) =>
          data.list.length === 0 ? (
            <NoData lang={lang} text={t('cms.list.empty')} />
          ) : (
            <View rows={data.list} />
          )
        }
      </CallView>
    </section>
  );
}

/** The pc read-count table (on a narrow window its rows stack as cards, cms.css). */
function ReadCountTable({ rows }: { rows: readonly NoticeReadRow[] }) {
  const { t, lang } = useApp();
  return (
    <div className="cms-table-wrap">
      <table className="cms-table cms-table--cards" data-testid="cms.reads.table">
        <thead>
          <tr>
            <th scope="col">{t('cms.field.title')}</th>
            <th scope="col">{t('cms.field.audience')}</th>
            <th scope="col">{t('cms.field.publishedAt')}</th>
            <th scope="col">{t('cms.field.reads')}</th>
            <th scope="col">{t('cms.reads.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="cms.reads.row">
              <td data-label={t('cms.field.title')}>{row.title}</td>
              <td data-label={t('cms.field.audience')}>{audienceText(t, row)}</td>
              <td className="num" data-label={t('cms.field.publishedAt')}>
                {formatDate(Date.parse(row.publishedAt), 'YYYY-MM-DD HH:mm', lang)}
              </td>
              <td className="num" data-label={t('cms.field.reads')} data-testid="cms.reads.count">
                {row.readCount} / {row.audienceCount}
              </td>
              <td className="num" data-label={t('cms.reads.rate')}>
                {readRate(row.readCount, row.audienceCount)}%
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
