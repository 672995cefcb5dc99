import { Button } from 'antd';
import { useEffect, useState } from 'react';
import type { Todo } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useLoad } from '@campus/ui/useLoad';
import { dataOf, useDesktopApi } from '../common/desktop-data.ts';
import { flattenIcons } from '../apps/app-menu-rules.ts';
import { chromeDialogs } from '@campus/ui/chrome-env';
import { fetchTodoPage } from '../todos/todo-requests.ts';
import { onUnreadChanged } from '@campus/ui/unread-events';
import { dayPartOf, formatLongDate } from './welcome.ts';
import { AppTileList } from '../apps/AppTileList.tsx';
import { TodoList } from '../todos/TodoList.tsx';
import { useNow } from '@campus/ui/useNow';
import { Widget } from '../common/Widget.tsx';

/**
 * The mobile desktop (spec §2 mobile_desktop_all, where phones land after sign-in, spec §4):
 * a greeting, the unread-message and to-do counts, the app grid and the to-do list, in one
 * column for a phone.
 */
export function MobileDesktopPage({ me }: { me: MeData }) {
  const { t, lang } = useTranslation();
  const api = useDesktopApi();
  const now = new Date(useNow());
  // Reloaded when messages are ignored, asked fresh then (as the bell's count is).
  const counts = useLoad('mobileCounts', (again) => dataOf(api.unhandleCount({ fresh: again })));
  const groups = useLoad(
    `apps:${me.userId}`,
    async () => (await dataOf(api.appIcons({ userId: me.userId, unitId: me.unitId }))) ?? [],
  );
  const { reload: reloadCounts } = counts;
  useEffect(() => onUnreadChanged(reloadCounts), [reloadCounts]);
  const apps = flattenIcons(groups.data ?? []);

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
            onClick={() => chromeDialogs.open('messages')}
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
        <AppTileList me={me} apps={apps} tileTestId="mobile.app" grid />
      </Widget>
      <div id="mobile-todos">
        <MobileTodos />
      </div>
    </div>
  );
}

/** The to-do list of the mobile desktop: 3 at a time (spec §9), 'more' appends the next 3. */
function MobileTodos() {
  const { t } = useTranslation();
  const api = useDesktopApi();
  const first = useLoad('mobileTodos', () => fetchTodoPage(api, 0));
  const [more, setMore] = useState<Todo[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const list = [...(first.data?.list ?? []), ...more];
  const total = first.data?.total ?? 0;

  const loadMore = async () => {
    setLoadingMore(true);
    const page = await fetchTodoPage(api, list.length);
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
      <TodoList todos={list} itemTestId="mobile.todo" />
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
