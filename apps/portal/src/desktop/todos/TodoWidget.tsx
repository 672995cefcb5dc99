import { useTranslation } from '../../i18n/useTranslation.ts';
import { useDesktopApi, useLoad } from '../common/desktop-data.ts';
import { todoPopup } from './todo-popup-store.ts';
import { fetchTodoPage } from './todo-requests.ts';
import { TodoList } from './TodoList.tsx';
import { Widget } from '../common/Widget.tsx';

/**
 * The to-dos card: the first page (spec §9: 3) and how many are open; 'view all' opens the
 * to-do popup of spec §2 with its previous/next.
 */
export function TodoWidget() {
  const { t } = useTranslation();
  const api = useDesktopApi();
  const todos = useLoad('todoCard', () => fetchTodoPage(api, 0));
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
      <TodoList todos={list} itemTestId="home.todo" />
    </Widget>
  );
}
