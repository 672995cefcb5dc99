import { useEffect, useMemo, useState } from 'react';
import type { Message } from '@campus/contracts/desktop';
import { createDesktopApi } from '@campus/sdk/desktop-api';
import { formatDate } from '@campus/sdk/formatters';
import { LightDialogFrame } from '../ChromeDialogFrame.tsx';
import { NoData } from '../../components/NoData.tsx';
import { chromeDialogs, dataOf, useChrome } from '../chrome-env.ts';
import { importanceColour, importanceLevel, messageAction } from './message-rules.ts';
import { unreadChanged } from './unread-events.ts';

/** Message times: the day and the minute (spec §9 default format, without seconds). */
const MESSAGE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * The messages dialog (spec §2 Other dialogs, §3 Message, §8): the unread list, newest first,
 * each with its importance colour; ignore one; ignore all ('All ignored successfully!'). A
 * message with openWay 1 opens the module-expiry table where the page has one, another with a
 * safe url opens it.
 */
export function MessagesDialog({ onClose }: { onClose: () => void }) {
  const env = useChrome();
  const Frame = env.DialogFrame ?? LightDialogFrame;
  const { t, lang } = env;
  const api = useMemo(() => createDesktopApi(env.http), [env.http]);
  const [loaded, setLoaded] = useState<Message[] | null>(null);
  // Ignored here since the list was loaded: hidden at once, without asking the server again.
  const [ignored, setIgnored] = useState<ReadonlySet<string> | 'all'>(new Set<string>());
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void dataOf(api.unreadMessages()).then((list) => {
      if (live) setLoaded(list ?? []);
    });
    return () => {
      live = false;
    };
  }, [api]);

  const messages =
    ignored === 'all' ? [] : (loaded ?? []).filter((message) => !ignored.has(message.id));

  const ignoreOne = async (message: Message) => {
    setBusy(message.id);
    const done = (await dataOf(api.ignoreMessage(message.id))) !== undefined;
    setBusy(null);
    if (!done) return;
    setIgnored((previous) => (previous === 'all' ? previous : new Set([...previous, message.id])));
    unreadChanged();
  };

  const ignoreAll = async () => {
    setBusy('all');
    const done = (await dataOf(api.ignoreAllMessages())) !== undefined;
    setBusy(null);
    if (!done) return;
    setIgnored('all');
    unreadChanged();
    // Spec §8: 'All ignored successfully!'
    chromeDialogs.flash({
      text: t('dialogs.messages.ignoreAllDone'),
      testId: 'messages.ignoreAllDone',
    });
  };

  const open = (message: Message) => {
    const action = messageAction(message, window.location.origin);
    switch (action.kind) {
      case 'moduleExpiry':
        // Spec §3 openWay 1: the module-expiry table takes the messages dialog's place.
        chromeDialogs.open('moduleExpiry', message);
        return;
      case 'link':
        if (action.external) window.open(action.href, '_blank', 'noopener,noreferrer');
        else env.goTo(action.href);
        return;
      case 'none':
        return;
    }
  };

  let body;
  if (loaded === null) {
    body = (
      <div className="ph-chrome-loading" data-testid="messages.loading">
        <span className="ph-spinner" aria-hidden="true" />
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
      <ul className="ph-chrome-list" data-testid="messages.list">
        {messages.map((message) => {
          const level = importanceLevel(message.importance);
          const action = messageAction(message, window.location.origin);
          return (
            <li
              key={message.id}
              className="ph-chrome-message"
              style={{ ['--ph-importance' as string]: importanceColour(level) }}
              data-testid="messages.item"
              data-importance={level}
            >
              <div className="ph-chrome-message__head">
                <span className="ph-chrome-message__level" data-testid="messages.importance">
                  <span className="ph-chrome-message__dot" aria-hidden="true" />
                  {t(`dialogs.messages.importance.${level}`)}
                </span>
                <time
                  className="ph-chrome-message__time"
                  dateTime={new Date(message.messageDate).toISOString()}
                >
                  {formatDate(message.messageDate, MESSAGE_TIME_FORMAT, lang)}
                </time>
                <button
                  type="button"
                  className="ph-button ph-button--link"
                  disabled={busy !== null}
                  aria-busy={busy === message.id}
                  onClick={() => void ignoreOne(message)}
                  aria-label={t('dialogs.messages.ignoreLabel', { text: message.messageMeno })}
                  data-testid="messages.ignore"
                >
                  {t('dialogs.messages.ignore')}
                </button>
              </div>
              {action.kind === 'none' ? (
                <p className="ph-chrome-message__text" data-testid="messages.text">
                  {message.messageMeno}
                </p>
              ) : (
                <button
                  type="button"
                  className="ph-chrome-message__text ph-chrome-message__text--link"
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
    <Frame
      width={720}
      lang={lang}
      testId="messagesDialog"
      onClose={onClose}
      title={
        <span data-testid="messages.title">
          {t('dialogs.messages.title')}
          {messages.length > 0 ? (
            <span className="ph-chrome-count" data-testid="messages.count">
              {t('dialogs.messages.count', { count: messages.length })}
            </span>
          ) : null}
        </span>
      }
      footer={
        <div className="ph-chrome-dialog-footer">
          <button
            type="button"
            className="ph-button"
            onClick={onClose}
            data-testid="messages.close"
          >
            {t('dialogs.common.close')}
          </button>
          <button
            type="button"
            className="ph-button ph-button--primary"
            disabled={messages.length === 0 || busy !== null}
            aria-busy={busy === 'all'}
            onClick={() => void ignoreAll()}
            data-testid="messages.ignoreAll"
          >
            {t('dialogs.messages.ignoreAll')}
          </button>
        </div>
      }
    >
      <div data-testid="messages.dialog">{body}</div>
    </Frame>
  );
}
