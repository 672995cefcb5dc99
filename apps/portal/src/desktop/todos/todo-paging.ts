/**
 * Paging of the to-do popup (spec §2 "3 per page with previous/next", §7 popUpBox_select
 * `start, size=3` answering list, pages, total; §9). `start` is a row offset (docs/decisions.md).
 */
import { TODO_PAGE_SIZE } from '@campus/contracts/desktop';

/** Where the popup stands: the row offset of the page shown and the server's totals. */
export interface TodoPaging {
  start: number;
  size: number;
  total: number;
}

/** The 1-based number of the page shown, and how many pages there are (at least 1). */
export function pageInfo(paging: TodoPaging): { page: number; pages: number } {
  const size = Math.max(1, paging.size);
  return {
    page: Math.floor(paging.start / size) + 1,
    pages: Math.max(1, Math.ceil(paging.total / size)),
  };
}

export function hasPrevious(paging: TodoPaging): boolean {
  return paging.start > 0;
}

export function hasNext(paging: TodoPaging): boolean {
  return paging.start + paging.size < paging.total;
}

/** The offset of the next (+1) or previous (-1) page, kept inside 0..last page. */
export function stepStart(paging: TodoPaging, direction: 1 | -1): number {
  const size = Math.max(1, paging.size);
  const lastStart = Math.max(0, (Math.ceil(paging.total / size) - 1) * size);
  return Math.min(lastStart, Math.max(0, paging.start + direction * size));
}

/** The first page (spec §4: the popup opens when it has entries). */
export const FIRST_TODO_PAGE: TodoPaging = { start: 0, size: TODO_PAGE_SIZE, total: 0 };
