import { useEffect, useRef, useState } from 'react';
import { formatDate } from '@campus/sdk/formatters';
import { useApp } from '@campus/ui/app-context';
import { NoData } from '@campus/ui/NoData';
import { envelopeData, useLoad } from '@campus/ui/useLoad';
import { useSession } from '@campus/ui/useSession';
import { cmsApi } from '../shared/api.ts';
import { Attachments } from '../shared/Attachments.tsx';
import { CallView } from '../shared/CallView.tsx';

/**
 * The notices for the parent's chosen child. Opening a notice records the read for that child
 * on the server, which counts it in the teacher's read-count table. Choosing another child in
 * the header (spec §2 child picker, §6) shows that child's notices at once.
 */
export function ChildNotices() {
  const { http, t, lang, session } = useApp();
  const api = cmsApi(http);
  const notices = useLoad('cms.mine', () => envelopeData(api.mine()));
  const { reload } = notices;
  const [open, setOpen] = useState<string | null>(null);
  const [readNow, setReadNow] = useState<ReadonlySet<string>>(new Set());
  const childId = useSession(session).me?.chirdenId ?? null;
  const shownFor = useRef(childId);
  useEffect(() => {
    if (shownFor.current === childId) return;
    shownFor.current = childId;
    setOpen(null);
    reload();
  }, [childId, reload]);

  const toggle = async (id: string, alreadyRead: boolean) => {
    const opening = open !== id;
    setOpen(opening ? id : null);
    if (!opening || alreadyRead || readNow.has(id)) return;
    try {
      const answer = await api.read(id);
      if (answer.status === 200) setReadNow((prev) => new Set(prev).add(id));
    } catch {
      // The HTTP rules (spec §8) told the user; the notice stays unread and can be opened again.
    }
  };

  return (
    <section className="cms-card" aria-labelledby="cms-mine-title" data-testid="cms.spm">
      <CallView loaded={notices}>
        {(data) => (
          <>
            <div className="cms-card__head">
              <h1 className="cms-card__title" id="cms-mine-title">
                {t('cms.mine.title')}
              </h1>
              {data.child ? (
                <span className="cms-muted" data-testid="cms.mine.child">
                  {t('cms.mine.child', {
                    name: data.child.realName,
                    grade: data.child.gradeName,
                    className: data.child.className,
                  })}
                </span>
              ) : null}
            </div>
            {!data.child ? (
              <NoData lang={lang} text={t('cms.mine.noChild')} />
            ) : data.list.length === 0 ? (
              <NoData lang={lang} text={t('cms.mine.empty')} />
            ) : (
              <ul className="cms-notices" data-testid="cms.mine.list">
                {data.list.map((notice) => {
                  const read = notice.read || readNow.has(notice.id);
                  const expanded = open === notice.id;
                  return (
                    <li key={notice.id} className="cms-notice" data-testid="cms.mine.item">
                      <div className="cms-notice__head">
                        <h2 className="cms-notice__title">{notice.title}</h2>
                        <span
                          className={`cms-badge cms-badge--${read ? 'read' : 'unread'}`}
                          data-testid="cms.mine.status"
                        >
                          {t(read ? 'cms.mine.read' : 'cms.mine.unread')}
                        </span>
                        <button
                          type="button"
                          className="ph-button"
                          aria-expanded={expanded}
                          data-testid="cms.mine.open"
                          onClick={() => void toggle(notice.id, read)}
                        >
                          {t(expanded ? 'cms.mine.close' : 'cms.mine.open')}
                        </button>
                      </div>
                      <p className="cms-muted">
                        {notice.authorName} ·{' '}
                        {formatDate(Date.parse(notice.publishedAt), 'YYYY-MM-DD HH:mm', lang)}
                        {notice.attachments.length > 0 ? (
                          <>
                            {' · '}
                            <span data-testid="cms.mine.attachmentCount">
                              {t('cms.attachments.count', { count: notice.attachments.length })}
                            </span>
                          </>
                        ) : null}
                      </p>
                      {expanded ? (
                        <>
                          <p className="cms-notice__body" data-testid="cms.mine.body">
                            {notice.content}
                          </p>
                          <Attachments files={notice.attachments} />
                        </>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
      </CallView>
    </section>
  );
}
