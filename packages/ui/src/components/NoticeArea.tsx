/**
 * Where the page's notifications show: top right, newest last, 16 px apart (spec §9), each
 * announced to screen readers (errors assertively).
 */
import { useSyncExternalStore } from 'react';
import { NOTICE_GAP_PX, type NoticeStore } from './notice-store.ts';
import './button.css';
import './shell.css';

export function NoticeArea({ store, closeLabel }: { store: NoticeStore; closeLabel: string }) {
  const notices = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return (
    <div className="ph-notices" style={{ gap: NOTICE_GAP_PX }} data-testid="notices">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`ph-notice ph-notice--${notice.type}`}
          role={notice.type === 'error' ? 'alert' : 'status'}
          data-testid={`notice.${notice.type}`}
        >
          <div className="ph-notice__body">
            {notice.title ? <strong className="ph-notice__title">{notice.title}</strong> : null}
            <span className="ph-notice__message">{notice.message}</span>
          </div>
          <button
            type="button"
            className="ph-notice__close"
            aria-label={closeLabel}
            onClick={() => store.dismiss(notice.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
