import { useEffect } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { chromeDialogs } from '@campus/ui/chrome-env';
import { importanceColour } from '@campus/ui/message-rules';
import { onUnreadChanged } from '@campus/ui/unread-events';
import { useLoad } from '@campus/ui/useLoad';
import { dataOf, useDesktopApi } from '../common/desktop-data.ts';
import { RelativeTime } from '../common/RelativeTime.tsx';
import { useNow } from '@campus/ui/useNow';
import { Widget } from '../common/Widget.tsx';

/** How many of the newest unread messages the card lists. */
const SUMMARY_SIZE = 4;

/** The unread messages summary: how many, the newest few, and the way to the dialog. */
export function MessagesWidget() {
  const { t } = useTranslation();
  const api = useDesktopApi();
  const now = useNow();
  // Reloaded when the dialog ignores messages, asked fresh then (another instance's cache may
  // not have heard of it yet).
  const messages = useLoad(
    'messageCard',
    async (again) => (await dataOf(api.unreadMessages({ fresh: again }))) ?? [],
  );
  const { reload } = messages;
  useEffect(() => onUnreadChanged(reload), [reload]);
  const list = messages.data ?? [];
  return (
    <Widget
      title={
        <>
          {t('pages.home.messages')}
          {list.length > 0 ? (
            <span className="dp-badge" data-testid="home.messageCount">
              {list.length}
            </span>
          ) : null}
        </>
      }
      onMore={list.length > 0 ? () => chromeDialogs.open('messages') : undefined}
      moreLabel={t('pages.home.viewAll')}
      loading={messages.loading && messages.data === undefined}
      empty={list.length === 0}
      emptyText={t('pages.home.messagesEmpty')}
      testId="home.messages"
    >
      <ul className="dp-list">
        {list.slice(0, SUMMARY_SIZE).map((message) => (
          <li
            key={message.id}
            className="dp-list__item dp-list__item--message"
            style={{ ['--dd-importance' as string]: importanceColour(message.importance) }}
            data-testid="home.message"
          >
            <span className="dp-list__dot" aria-hidden="true" />
            <span className="dp-list__text">{message.messageMeno}</span>
            <RelativeTime at={message.messageDate} now={now} className="dp-list__meta" />
          </li>
        ))}
      </ul>
    </Widget>
  );
}
