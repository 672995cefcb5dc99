import { describe, expect, it, vi } from 'vitest';
import type { TodoPage } from '@campus/contracts/desktop';
import type { Envelope } from '@campus/contracts/envelope';
import { fetchTodoPage, todoPageKey } from './todo-requests.ts';

const page: TodoPage = { list: [], pages: 3, total: 7 };

describe('to-do page requests (spec §7 popUpBox_select, §9: 3 a page)', () => {
  it('asks 3 a page from the row offset, and shares a request still on its way', async () => {
    let answer: (value: Envelope<TodoPage>) => void = () => undefined;
    const todoPage = vi.fn(
      () =>
        new Promise<Envelope<TodoPage>>((resolve) => {
          answer = resolve;
        }),
    );
    const card = fetchTodoPage({ todoPage }, 0);
    const popup = fetchTodoPage({ todoPage }, 0);
    expect(todoPage).toHaveBeenCalledTimes(1);
    expect(todoPage).toHaveBeenCalledWith(0, 3);
    answer({ status: 200, data: page });
    await expect(card).resolves.toEqual(page);
    await expect(popup).resolves.toEqual(page);

    // Settled requests are not kept: the next call asks again.
    void fetchTodoPage({ todoPage }, 0);
    expect(todoPage).toHaveBeenCalledTimes(2);
    expect(todoPageKey(3, 3)).toBe('todo:3:3');
  });

  it('answers undefined, never a rejection, when the call fails', async () => {
    const todoPage = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(fetchTodoPage({ todoPage }, 3)).resolves.toBeUndefined();
    const refused = vi.fn(() => Promise.resolve({ status: 500, message: 'x' }));
    await expect(fetchTodoPage({ todoPage: refused }, 6)).resolves.toBeUndefined();
  });
});
