import type { NoticeReadRow } from '@campus/contracts/cms';
import { formatDate } from '@campus/sdk/formatters';
import { useApp } from '@campus/ui/app-context';
import { audienceText } from '../shared/audience.ts';
import { readRate } from '../tm/read-rate.ts';

/** The read counts on a phone: one card per notice, its read rate as a bar. */
export function ReadCountCards({ rows }: { rows: readonly NoticeReadRow[] }) {
  const { t, lang } = useApp();
  return (
    <ul className="cms-notices" data-testid="cms.reads.cards">
      {rows.map((row) => {
        const rate = readRate(row.readCount, row.audienceCount);
        return (
          <li key={row.id} className="cms-notice cms-m-read" data-testid="cms.reads.row">
            <h2 className="cms-notice__title">{row.title}</h2>
            <p className="cms-muted cms-m-read__meta">
              {audienceText(t, row)} ·{' '}
              {formatDate(Date.parse(row.publishedAt), 'YYYY-MM-DD HH:mm', lang)}
            </p>
            <dl className="cms-m-read__figures">
              <div>
                <dt className="cms-muted">{t('cms.field.reads')}</dt>
                <dd data-testid="cms.reads.count">
                  {row.readCount} / {row.audienceCount}
                </dd>
              </div>
              <div>
                <dt className="cms-muted">{t('cms.reads.rate')}</dt>
                <dd data-testid="cms.reads.rate">{rate}%</dd>
              </div>
            </dl>
            <progress
              className="cms-m-read__bar"
              max={100}
              value={rate}
              aria-label={`${t('cms.reads.rate')} ${rate}%`}
            />
          </li>
        );
      })}
    </ul>
  );
}
