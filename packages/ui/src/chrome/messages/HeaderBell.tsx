import { useEffect, useState } from 'react';
import type { Message } from '@campus/contracts/desktop';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import { chromeDialogs, dataOf, useChrome } from '../chrome-env.ts';
import { CHROME_ICONS } from '../header/chrome-icons.ts';
import { ChromeIcon } from '../header/ChromeIcon.tsx';
import { bellIndicator, headerShowsUserMessages } from '../header/header-rules.ts';
import type { BellData } from './useBellData.ts';

/** How many unread messages the header's own drop-down lists (pages other than the home). */
const HEADER_MESSAGES_SHOWN = 5;

/**
 * The message bell (spec §2 Header, §9): the unread count (99+ above 99), or a plain dot when
 * pcOpen is 1. On /desktop/home the header shows no user messages: the bell opens the messages
 * dialog. Elsewhere (sub-apps included) it drops down the newest unread messages, with the way
 * to the dialog (docs/decisions.md, "The bell on /desktop/home").
 */
export function HeaderBell({ bell, api }: { bell: BellData; api: DesktopApi }) {
  const { t } = useChrome();
  const [open, setOpen] = useState(false);
  const indicator = bellIndicator(bell.unread, bell.pcOpen);
  const listsMessages = headerShowsUserMessages(window.location.pathname);
  const label =
    indicator.kind === 'count'
      ? t('header.bellCount', { count: bell.unread })
      : indicator.kind === 'dot'
        ? t('header.bellDot')
        : t('header.bell');

  return (
    <span className="ph-chrome-pop">
      <button
        type="button"
        className="ph-chrome-header__button ph-chrome-bell"
        data-testid="header.bell"
        data-indicator={indicator.kind}
        aria-label={label}
        title={label}
        aria-expanded={listsMessages ? open : undefined}
        onClick={
          listsMessages ? () => setOpen((was) => !was) : () => chromeDialogs.open('messages')
        }
      >
        <span className="ph-chrome-bell__icon">
          <ChromeIcon path={CHROME_ICONS.bell} size={20} />
          {indicator.kind === 'count' ? (
            <span
              className="ph-chrome-bell__badge ph-chrome-count"
              data-testid="header.badge"
              data-count={indicator.text}
              aria-hidden="true"
            >
              <span className="ph-visually-hidden">{indicator.text}</span>
            </span>
          ) : null}
          {indicator.kind === 'dot' ? (
            <span className="ph-chrome-bell__dot" data-testid="header.dot" aria-hidden="true" />
          ) : null}
        </span>
      </button>
      {listsMessages && open ? (
        <div className="ph-chrome-pop__panel" role="group" aria-label={t('header.messagesTitle')}>
          <strong className="ph-chrome-pop__title">{t('header.messagesTitle')}</strong>
          <HeaderMessages
            api={api}
            onAll={() => {
              setOpen(false);
              chromeDialogs.open('messages');
            }}
          />
        </div>
      ) : null}
    </span>
  );
}

/** The header's own list of the newest unread messages (pages other than the home desktop). */
function HeaderMessages({ api, onAll }: { api: DesktopApi; onAll: () => void }) {
  const { t, lang } = useChrome();
  const [messages, setMessages] = useState<Message[] | null>(null);
  useEffect(() => {
    let live = true;
    void dataOf(api.unreadMessages()).then((list) => {
      if (live) setMessages(list ?? []);
    });
    return () => {
      live = false;
    };
  }, [api]);
  const format = new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'zh-CN', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <div className="ph-chrome-messages" data-testid="header.messages">
      {messages === null ? null : messages.length === 0 ? (
        <p className="ph-chrome-messages__empty">{t('header.messagesEmpty')}</p>
      ) : (
        <ul className="ph-chrome-messages__list">
          {messages.slice(0, HEADER_MESSAGES_SHOWN).map((message) => (
            <li key={message.id} className="ph-chrome-messages__item">
              <span className="ph-chrome-messages__text">{message.messageMeno}</span>
              <time
                className="ph-chrome-messages__time"
                dateTime={new Date(message.messageDate).toISOString()}
              >
                {format.format(message.messageDate)}
              </time>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="ph-button ph-button--link"
        data-testid="header.messagesAll"
        onClick={onAll}
      >
        {t('header.messagesAll')}
      </button>
    </div>
  );
}
