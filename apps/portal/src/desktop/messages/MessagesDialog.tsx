import { App, Button, Modal, Spin } from 'antd';
import { useState } from 'react';
import type { Message } from '@campus/contracts/desktop';
import { formatDate } from '@campus/sdk/formatters';
import { NoData } from '@campus/ui/NoData';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { goTo } from '../../shared/navigation.ts';
import { desktopDialogs } from '../common/dialog-store.ts';
import { dataOf, succeeded, useDesktopApi, useLoad } from '../common/desktop-data.ts';
import { importanceColour, importanceLevel, messageAction } from './message-rules.ts';
import { unreadChanged } from './unread-events.ts';

/** Message times: the day and the minute (spec §9 default format, without seconds). */
const MESSAGE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * The messages dialog (spec §2 Other dialogs, §3 Message, §8): the unread list, newest first,
 * each with its importance colour; ignore one; ignore all ('All ignored successfully!'). A
 * message with openWay 1 opens the module-expiry table, another with a safe url opens it.
 */
export function MessagesDialog({ onClose }: { onClose: () => void }) {
  const { t, lang } = useTranslation();
  const { message: toast } = App.useApp();
  const api = useDesktopApi();
  const loaded = useLoad('messages', async () => (await dataOf(api.unreadMessages())) ?? []);
  // Ignored here since the list was loaded: hidden at once, without asking the server again.
  const [ignored, setIgnored] = useState<ReadonlySet<string> | 'all'>(new Set<string>());
  const [busy, setBusy] = useState<string | null>(null);

  const messages =
    ignored === 'all' ? [] : (loaded.data ?? []).filter((message) => !ignored.has(message.id));

  const ignoreOne = async (message: Message) => {
    setBusy(message.id);
    const done = await succeeded(api.ignoreMessage(message.id));
    setBusy(null);
    if (!done) return;
    setIgnored((previous) => (previous === 'all' ? previous : new Set([...previous, message.id])));
    unreadChanged();
  };

  const ignoreAll = async () => {
    setBusy('all');
    const done = await succeeded(api.ignoreAllMessages());
    setBusy(null);
    if (!done) return;
    setIgnored('all');
    unreadChanged();
    // Spec §8: 'All ignored successfully!'
    void toast.success({
      content: (
        <span data-testid="messages.ignoreAllDone">{t('dialogs.messages.ignoreAllDone')}</span>
      ),
      duration: 2,
    });
  };

  const open = (message: Message) => {
    const action = messageAction(message, window.location.origin);
    switch (action.kind) {
      case 'moduleExpiry':
        desktopDialogs.open('moduleExpiry', message);
        return;
      case 'link':
        if (action.external) window.open(action.href, '_blank', 'noopener,noreferrer');
        else goTo(action.href);
        return;
      case 'none':
        return;
    }
  };

  let body;
  if (loaded.loading && loaded.data === undefined) {
    body = (
      <div className="dd-loading" data-testid="messages.loading">
        <Spin />
      </div>
    );
  } else if (messages.length === 0) {
    body = (
      <div data-testid="messages.empty">
        <NoData type="default" lang={lang} text={t('dialogs.messages.empty')} />
      </div>
    );
  } else {
    body = (
      <ul className="dd-messages" data-testid="messages.list">
        {messages.map((message) => {
          const level = importanceLevel(message.importance);
          const action = messageAction(message, window.location.origin);
          return (
            <li
              key={message.id}
              className="dd-message"
              style={{ ['--dd-importance' as string]: importanceColour(level) }}
              data-testid="messages.item"
              data-importance={level}
            >
              <div className="dd-message__head">
                <span className="dd-message__level" data-testid="messages.importance">
                  <span className="dd-message__dot" aria-hidden="true" />
                  {t(`dialogs.messages.importance.${level}`)}
                </span>
                <time
                  className="dd-message__time"
                  dateTime={new Date(message.messageDate).toISOString()}
                >
                  {formatDate(message.messageDate, MESSAGE_TIME_FORMAT, lang)}
                </time>
                <Button
                  size="small"
                  type="text"
                  className="dd-message__ignore"
                  loading={busy === message.id}
                  disabled={busy === 'all'}
                  onClick={() => void ignoreOne(message)}
                  aria-label={t('dialogs.messages.ignoreLabel', { text: message.messageMeno })}
                  data-testid="messages.ignore"
                >
                  {t('dialogs.messages.ignore')}
                </Button>
              </div>
              {action.kind === 'none' ? (
                <p className="dd-message__text" data-testid="messages.text">
                  {message.messageMeno}
                </p>
              ) : (
                <button
                  type="button"
                  className="dd-message__text dd-message__text--link"
                  onClick={() => open(message)}
                  data-testid="messages.open"
                >
                  {message.messageMeno}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Modal
      open
      width={720}
      centered
      mask={{ closable: false }}
      onCancel={onClose}
      className="dd-modal"
      title={
        <span data-testid="messages.title">
          {t('dialogs.messages.title')}
          {messages.length > 0 ? (
            <span className="dd-count" data-testid="messages.count">
              {t('dialogs.messages.count', { count: messages.length })}
            </span>
          ) : null}
        </span>
      }
      footer={
        <div className="dd-footer">
          <Button onClick={onClose} data-testid="messages.close">
            {t('dialogs.common.close')}
          </Button>
          <Button
            type="primary"
            disabled={messages.length === 0 || (busy !== null && busy !== 'all')}
            loading={busy === 'all'}
            onClick={() => void ignoreAll()}
            data-testid="messages.ignoreAll"
          >
            {t('dialogs.messages.ignoreAll')}
          </Button>
        </div>
      }
    >
      <div data-testid="messages.dialog">{body}</div>
    </Modal>
  );
}
