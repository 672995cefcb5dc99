import { TODO_PAGE_SIZE } from '@campus/contracts/desktop';
import { formatRelativeTime } from '@campus/sdk/formatters';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { todoPageKey } from '../dialogs/TodoPopup.tsx';
import { todoPopup } from '../dialogs/todo-popup-store.ts';
import { dataOf, shareRequest, useDesktopApi, useLoad } from './desktop-data.ts';
import { useNow } from './useNow.ts';
import { Widget } from './Widget.tsx';

/**
 * The to-dos card: the first page (spec §9: 3) and how many are open; 'view all' opens the
 * to-do popup of spec §2 with its previous/next.
 */
export function TodoWidget() {
  const { t, lang } = useTranslation();
  const api = useDesktopApi();
  const now = useNow();
  const todos = useLoad('todoCard', () =>
    dataOf(shareRequest(todoPageKey(0, TODO_PAGE_SIZE), () => api.todoPage(0, TODO_PAGE_SIZE))),
  );
  const list = todos.data?.list ?? [];
  const total = todos.data?.total ?? 0;
  return (
    <Widget
      title={
        <>
          {t('pages.home.todos')}
          {total > 0 ? (
            <span className="dp-badge" data-testid="home.todoTotal">
              {total}
            </span>
          ) : null}
        </>
      }
      onMore={total > 0 ? todoPopup.open : undefined}
      moreLabel={t('pages.home.viewAll')}
      loading={todos.loading && todos.data === undefined}
      empty={list.length === 0}
      emptyText={t('pages.home.todosEmpty')}
      testId="home.todos"
    >
      <ul className="dp-list">
        {list.map((todo) => (
          <li key={todo.id} className="dp-list__item" data-testid="home.todo">
            <span className="dp-list__text">{todo.title}</span>
            <time className="dp-list__meta" dateTime={new Date(todo.createdAt).toISOString()}>
              {formatRelativeTime(todo.createdAt, now, lang)}
            </time>
          </li>
        ))}
      </ul>
    </Widget>
  );
}
