import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { TODO_PAGE_SIZE, type Todo } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import { formatRelativeTime } from '@campus/sdk/formatters';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { desktopDialogs } from '../dialog-store.ts';
import { todoPageKey } from '../dialogs/TodoPopup.tsx';
import { onUnreadChanged } from '../dialogs/unread-events.ts';
import { dayPartOf, formatLongDate } from '../welcome.ts';
import { AppTile } from './AppTile.tsx';
import { dataOf, shareRequest, useDesktopApi, useLoad } from './desktop-data.ts';
import { useOpenApp } from './useOpenApp.ts';
import { useNow } from './useNow.ts';
import { Widget } from './Widget.tsx';

/**
 * The mobile desktop (spec §2 mobile_desktop_all, where phones land after sign-in, spec §4):
 * a greeting, the unread-message and to-do counts, the app grid and the to-do list, in one
 * column for a phone.
 */
export function MobileDesktopPage({ me }: { me: MeData }) {
  const { t, lang } = useTranslation();
  const api = useDesktopApi();
  const now = new Date(useNow());
  const counts = useLoad('mobileCounts', () => dataOf(api.unhandleCount()));
  const groups = useLoad(
    `apps:${me.userId}`,
    async () => (await dataOf(api.appIcons({ userId: me.userId, unitId: me.unitId }))) ?? [],
  );
  const { reload: reloadCounts } = counts;
  useEffect(() => onUnreadChanged(reloadCounts), [reloadCounts]);
  const { busy, open } = useOpenApp(me, true);
  const apps = (groups.data ?? []).flatMap((group) => group.iconVMs);

  return (
    <div className="dp-mobile" data-testid="page.mobile">
      <section className="dp-mobile__hello">
        <p className="dp-mobile__date">{formatLongDate(now, lang)}</p>
        <h1 className="dp-mobile__greeting">
          {t(`desktop.greeting.${dayPartOf(now.getHours())}`, { name: me.realName })}
        </h1>
        <div className="dp-mobile__counts">
          <button
            type="button"
            className="dp-mobile__count"
            onClick={() => desktopDialogs.open('messages')}
            data-testid="mobile.messages"
          >
            <strong data-testid="mobile.messageCount">{counts.data?.messageCount ?? '–'}</strong>
            <span>{t('pages.mobile.unread')}</span>
          </button>
          <a className="dp-mobile__count" href="#mobile-todos" data-testid="mobile.todos">
            <strong data-testid="mobile.todoCount">{counts.data?.todoCount ?? '–'}</strong>
            <span>{t('pages.mobile.todos')}</span>
          </a>
        </div>
      </section>
      <Widget
        title={t('pages.mobile.apps')}
        loading={groups.loading && groups.data === undefined}
        empty={apps.length === 0}
        emptyText={t('pages.mobile.appsEmpty')}
        testId="mobile.appGrid"
      >
        <ul className="dp-tiles dp-tiles--grid">
          {apps.map((app) => (
            <AppTile
              key={app.code}
              app={app}
              busy={busy === app.code}
              onOpen={open}
              testId="mobile.app"
            />
          ))}
        </ul>
      </Widget>
      <div id="mobile-todos">
        <MobileTodos />
      </div>
    </div>
  );
}

/** The to-do list of the mobile desktop: 3 at a time (spec §9), 'more' appends the next 3. */
function MobileTodos() {
  const { t, lang } = useTranslation();
  const api = useDesktopApi();
  const now = useNow();
  const first = useLoad('mobileTodos', () =>
    dataOf(shareRequest(todoPageKey(0, TODO_PAGE_SIZE), () => api.todoPage(0, TODO_PAGE_SIZE))),
  );
  const [more, setMore] = useState<Todo[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const list = [...(first.data?.list ?? []), ...more];
  const total = first.data?.total ?? 0;

  const loadMore = async () => {
    setLoadingMore(true);
    const page = await dataOf(api.todoPage(list.length, TODO_PAGE_SIZE));
    setLoadingMore(false);
    if (page) setMore((previous) => [...previous, ...page.list]);
  };

  return (
    <Widget
      title={t('pages.home.todos')}
      loading={first.loading && first.data === undefined}
      empty={list.length === 0}
      emptyText={t('pages.home.todosEmpty')}
      testId="mobile.todoList"
    >
      <ul className="dp-list">
        {list.map((todo) => (
          <li key={todo.id} className="dp-list__item" data-testid="mobile.todo">
            <span className="dp-list__text">{todo.title}</span>
            <time className="dp-list__meta" dateTime={new Date(todo.createdAt).toISOString()}>
              {formatRelativeTime(todo.createdAt, now, lang)}
            </time>
          </li>
        ))}
      </ul>
      {list.length < total ? (
        <Button
          block
          className="dp-more"
          loading={loadingMore}
          onClick={() => void loadMore()}
          data-testid="mobile.todoMore"
        >
          {t('pages.mobile.more', { count: total - list.length })}
        </Button>
      ) : null}
    </Widget>
  );
}
