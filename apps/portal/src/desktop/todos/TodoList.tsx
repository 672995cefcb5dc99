import type { Todo } from '@campus/contracts/desktop';
import { RelativeTime } from '../common/RelativeTime.tsx';
import { useNow } from '@campus/ui/useNow';

/**
 * The to-dos of a desktop card (spec §2, §9): each title with how long ago it came. The home
 * card and the mobile desktop's list show the same rows under their own test ids.
 */
export function TodoList({ todos, itemTestId }: { todos: readonly Todo[]; itemTestId: string }) {
  const now = useNow();
  return (
    <ul className="dp-list">
      {todos.map((todo) => (
        <li key={todo.id} className="dp-list__item" data-testid={itemTestId}>
          <span className="dp-list__text">{todo.title}</span>
          <RelativeTime at={todo.createdAt} now={now} className="dp-list__meta" />
        </li>
      ))}
    </ul>
  );
}
