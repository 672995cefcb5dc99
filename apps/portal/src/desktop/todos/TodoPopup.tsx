import { Button } from 'antd';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { Todo, TodoPage } from '@campus/contracts/desktop';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { Icon } from '../../shared/Icon.tsx';
import { goTo } from '../../shared/navigation.ts';
import { useDesktopApi } from '../common/desktop-data.ts';
import { RelativeTime } from '../common/RelativeTime.tsx';
import { useNow } from '@campus/ui/useNow';
import { safeMessageUrl } from '@campus/ui/message-rules';
import { createRestartableTimer, TODO_AUTO_CLOSE_MS } from './popup-timer.ts';
import {
  FIRST_TODO_PAGE,
  hasNext,
  hasPrevious,
  pageInfo,
  stepStart,
  type TodoPaging,
} from './todo-paging.ts';
import { useTodoPopupRequests } from './todo-popup-store.ts';
import { fetchTodoPage } from './todo-requests.ts';

interface PopupState {
  open: boolean;
  paging: TodoPaging;
  list: Todo[];
  loading: boolean;
}

/**
 * The to-do reminder popup (spec §2 Other dialogs, §4, §9): at the right edge, 3 per page with
 * previous and next; it opens when the first page has entries and closes by itself 15 s later.
 * Any action inside it (a click, a key press) starts the 15 s again; hovering does not, so a
 * pointer resting on it does not keep it forever.
 */
export function TodoPopup() {
  const { t } = useTranslation();
  const api = useDesktopApi();
  const titleId = useId();
  const requests = useTodoPopupRequests();
  const now = useNow();
  const [state, setState] = useState<PopupState>({
    open: false,
    paging: FIRST_TODO_PAGE,
    list: [],
    loading: false,
  });
  const timer = useRef<ReturnType<typeof createRestartableTimer> | null>(null);

  const close = () => {
    timer.current?.stop();
    setState((previous) => ({ ...previous, open: false }));
  };

  useEffect(() => {
    const created = createRestartableTimer(TODO_AUTO_CLOSE_MS, () =>
      setState((previous) => ({ ...previous, open: false })),
    );
    timer.current = created;
    return () => created.stop();
  }, []);

  const showPage = (start: number, page: TodoPage | undefined, openIfEmpty: boolean) => {
    setState((previous) => {
      if (!page) return { ...previous, loading: false };
      const open = previous.open || page.list.length > 0 || openIfEmpty;
      const paging = { start, size: FIRST_TODO_PAGE.size, total: page.total };
      return { open, paging, list: page.list, loading: false };
    });
    if (page && (page.list.length > 0 || openIfEmpty)) timer.current?.restart();
  };
  const showFirstPage = useEffectEvent((page: TodoPage | undefined, openIfEmpty: boolean) =>
    showPage(0, page, openIfEmpty),
  );

  // Spec §4: opens when the first page has entries; again when the home page asks.
  useEffect(() => {
    let live = true;
    void fetchTodoPage(api, FIRST_TODO_PAGE.start).then((page) => {
      if (live) showFirstPage(page, requests > 0);
    });
    return () => {
      live = false;
    };
  }, [api, requests]);

  if (!state.open) return null;

  const { page, pages } = pageInfo(state.paging);
  const step = (direction: 1 | -1) => {
    setState((previous) => ({ ...previous, loading: true }));
    const start = stepStart(state.paging, direction);
    void fetchTodoPage(api, start).then((page) => showPage(start, page, true));
  };
  // Spec §4 "any action restarts the timer": every click and key press inside the popup.
  const restart = () => timer.current?.restart();

  return (
    <aside
      className="dd-todo"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="todo.popup"
      onPointerDownCapture={restart}
      onKeyDownCapture={restart}
    >
      <header className="dd-todo__header">
        <h2 className="dd-todo__title" id={titleId}>
          <Icon name="check" size={16} />
          <span>{t('dialogs.todo.title')}</span>
          <span className="dd-todo__total" data-testid="todo.total">
            {t('dialogs.todo.total', { count: state.paging.total })}
          </span>
        </h2>
        <button
          type="button"
          className="dd-todo__close"
          onClick={close}
          aria-label={t('dialogs.common.close')}
          data-testid="todo.close"
        >
          <Icon name="close" size={16} />
        </button>
      </header>
      {state.list.length === 0 ? (
        <p className="dd-todo__empty" data-testid="todo.empty">
          {t('dialogs.todo.empty')}
        </p>
      ) : (
        <ol className="dd-todo__list" aria-busy={state.loading || undefined}>
          {state.list.map((todo) => {
            const link = safeMessageUrl(todo.url, window.location.origin);
            return (
              <li key={todo.id} className="dd-todo__item" data-testid="todo.item">
                {link ? (
                  <button
                    type="button"
                    className="dd-todo__text dd-todo__text--link"
                    onClick={() =>
                      link.external
                        ? window.open(link.href, '_blank', 'noopener,noreferrer')
                        : goTo(link.href)
                    }
                    data-testid="todo.open"
                  >
                    {todo.title}
                  </button>
                ) : (
                  <span className="dd-todo__text">{todo.title}</span>
                )}
                <RelativeTime at={todo.createdAt} now={now} className="dd-todo__time" />
              </li>
            );
          })}
        </ol>
      )}
      <footer className="dd-todo__footer">
        <Button
          size="small"
          disabled={!hasPrevious(state.paging) || state.loading}
          onClick={() => step(-1)}
          data-testid="todo.prev"
        >
          {t('dialogs.todo.previous')}
        </Button>
        <span className="dd-todo__page" data-testid="todo.page" aria-live="polite">
          {t('dialogs.todo.page', { page, pages })}
        </span>
        <Button
          size="small"
          disabled={!hasNext(state.paging) || state.loading}
          onClick={() => step(1)}
          data-testid="todo.next"
        >
          {t('dialogs.todo.next')}
        </Button>
      </footer>
    </aside>
  );
}
