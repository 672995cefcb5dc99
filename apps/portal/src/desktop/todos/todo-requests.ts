/**
 * Reading the to-do pages (spec §7 popUpBox_select, `start, size=3`, §9 3 per page). The home
 * card, the mobile desktop's list and the to-do popup all ask for the first page at start-up,
 * so a request for a page that is still on its way is shared instead of sent again.
 */
import { TODO_PAGE_SIZE, type TodoPage } from '@campus/contracts/desktop';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import { dataOf, shareRequest } from '../common/desktop-data.ts';

/** The key under which requests for the same to-do page are shared. */
export function todoPageKey(start: number, size: number): string {
  return `todo:${start}:${size}`;
}

/**
 * The to-do page at row offset `start`, 3 entries (spec §9); undefined when the call failed
 * (the HTTP client has shown why, spec §8). Never rejects.
 *
 * @example const first = await fetchTodoPage(api, 0); // { list, pages, total } or undefined
 */
export function fetchTodoPage(
  api: Pick<DesktopApi, 'todoPage'>,
  start: number,
): Promise<TodoPage | undefined> {
  return dataOf(
    shareRequest(todoPageKey(start, TODO_PAGE_SIZE), () => api.todoPage(start, TODO_PAGE_SIZE)),
  );
}
