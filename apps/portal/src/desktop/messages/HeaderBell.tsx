import { Button, Popover, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import type { Message } from '@campus/contracts/desktop';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { Icon } from '../../shared/Icon.tsx';
import { CHROME_ICONS } from '../common/chrome-icons.ts';
import { desktopDialogs } from '../common/dialog-store.ts';
import { bellIndicator, headerShowsUserMessages } from '../common/header-rules.ts';
import type { BellData } from './bell-data.ts';

/** How many unread messages the header's own drop-down lists (pages other than the home). */
const HEADER_MESSAGES_SHOWN = 5;

/**
 * The message bell (spec §2 Header, §9): the unread count (99+ above 99), or a plain dot when
 * pcOpen is 1. On /desktop/home the header shows no user messages: the bell opens the desktop's
 * messages dialog. Elsewhere it drops down the newest unread messages (docs/decisions.md).
 */
export function HeaderBell({ bell, api }: { bell: BellData; api: DesktopApi }) {
  const { t } = useTranslation();
  const indicator = bellIndicator(bell.unread, bell.pcOpen);
  const listsMessages = headerShowsUserMessages(window.location.pathname);
  const label =
    indicator.kind === 'count'
      ? t('header.bellCount', { count: bell.unread })
      : indicator.kind === 'dot'
        ? t('header.bellDot')
        : t('header.bell');

  const button = (
    <Button
      type="text"
      className="dt-header__button dt-bell"
      data-testid="header.bell"
      data-indicator={indicator.kind}
      aria-label={label}
      onClick={listsMessages ? undefined : () => desktopDialogs.open('messages')}
    >
      <span className="dt-bell__icon">
        <Icon path={CHROME_ICONS.bell} size={20} />
        {indicator.kind === 'count' ? (
          <span className="dt-bell__badge" data-testid="header.badge" aria-hidden="true">
            {indicator.text}
          </span>
        ) : null}
        {indicator.kind === 'dot' ? (
          <span className="dt-bell__dot" data-testid="header.dot" aria-hidden="true" />
        ) : null}
      </span>
    </Button>
  );

  if (!listsMessages) return <Tooltip title={label}>{button}</Tooltip>;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      destroyOnHidden
      title={t('header.messagesTitle')}
      content={<HeaderMessages api={api} />}
    >
      {button}
    </Popover>
  );
}

/** The header's own list of the newest unread messages (pages other than the home desktop). */
function HeaderMessages({ api }: { api: DesktopApi }) {
  const { t, lang } = useTranslation();
  const [messages, setMessages] = useState<Message[] | null>(null);
  useEffect(() => {
    let live = true;
    void api
      .unreadMessages()
      .then((answer) => (answer.status === 200 ? (answer.data ?? []) : []))
      .catch((): Message[] => [])
      .then((list) => {
        if (live) setMessages(list);
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
    <div className="dt-messages" data-testid="header.messages">
      {messages === null ? null : messages.length === 0 ? (
        <p className="dt-messages__empty">{t('header.messagesEmpty')}</p>
      ) : (
        <ul className="dt-messages__list">
          {messages.slice(0, HEADER_MESSAGES_SHOWN).map((message) => (
            <li key={message.id} className="dt-messages__item">
              <span className="dt-messages__text">{message.messageMeno}</span>
              <time
                className="dt-messages__time"
                dateTime={new Date(message.messageDate).toISOString()}
              >
                {format.format(message.messageDate)}
              </time>
            </li>
          ))}
        </ul>
      )}
      <Button
        type="link"
        size="small"
        data-testid="header.messagesAll"
        onClick={() => desktopDialogs.open('messages')}
      >
        {t('header.messagesAll')}
      </Button>
    </div>
  );
}
