import { Link } from 'react-router';
import { formatDate } from '@campus/sdk/formatters';
import { useApp } from '@campus/ui/app-context';
import { NoData } from '@campus/ui/NoData';
import { Permission } from '@campus/ui/Permission';
import { envelopeData, useLoad } from '@campus/ui/useLoad';
import { cmsApi } from '../shared/api.ts';
import { Attachments } from '../shared/Attachments.tsx';
import { audienceText } from '../shared/audience.ts';
import { CallView } from '../shared/CallView.tsx';

/** Every notice of the unit, newest first, with its read count. */
export function NoticeList() {
  const { http, t, lang } = useApp();
  const notices = useLoad('cms.list', () => envelopeData(cmsApi(http).list()));
  return (
    <section className="cms-card" aria-labelledby="cms-list-title">
      <div className="cms-card__head">
        <h1 className="cms-card__title" id="cms-list-title">
          {t('cms.list.title')}
        </h1>
        <Permission code="cms:notice:publish">
          <Link className="ph-button ph-button--primary" to="/notice/publish">
            {t('cms.list.publish')}
          </Link>
        </Permission>
      </div>
      <CallView loaded={notices}>
        {(data) =>
          data.list.length === 0 ? (
            <NoData lang={lang} text={t('cms.list.empty')} />
          ) : (
            <>
              <p className="cms-muted">{t('cms.list.total', { total: data.total })}</p>
              <ul className="cms-notices" data-testid="cms.list">
                {data.list.map((notice) => (
                  <li key={notice.id} className="cms-notice" data-testid="cms.list.item">
                    <div className="cms-notice__head">
                      <h2 className="cms-notice__title">{notice.title}</h2>
                      <span className="cms-muted">{audienceText(t, notice)}</span>
                    </div>
                    <p className="cms-notice__body">{notice.content}</p>
                    <Attachments files={notice.attachments} />
                    {/* Parts, so a narrow screen wraps between them, never inside a count. */}
                    <p className="cms-muted cms-notice__meta">
                      <span>{notice.authorName}</span> ·{' '}
                      <span>{formatDate(Date.parse(notice.publishedAt), undefined, lang)}</span> ·{' '}
                      <span>
                        {t('cms.field.reads')} {notice.readCount} / {notice.audienceCount}
                      </span>
                    </p>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </CallView>
    </section>
  );
}
