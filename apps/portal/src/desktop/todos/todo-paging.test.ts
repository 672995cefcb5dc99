import { describe, expect, it } from 'vitest';
import { FIRST_TODO_PAGE, hasNext, hasPrevious, pageInfo, stepStart } from './todo-paging.ts';

describe('to-do popup paging (spec §2, §9: 3 per page, previous and next)', () => {
  const seven = { ...FIRST_TODO_PAGE, total: 7 };

  it('asks for 3 a page from offset 0', () => {
    expect(FIRST_TODO_PAGE).toEqual({ start: 0, size: 3, total: 0 });
  });

  it('walks 7 to-dos as pages of 3, 3 and 1', () => {
    expect(pageInfo(seven)).toEqual({ page: 1, pages: 3 });
    expect(hasPrevious(seven)).toBe(false);
    expect(hasNext(seven)).toBe(true);

    const second = { ...seven, start: stepStart(seven, 1) };
    expect(second.start).toBe(3);
    expect(pageInfo(second)).toEqual({ page: 2, pages: 3 });

    const third = { ...seven, start: stepStart(second, 1) };
    expect(third.start).toBe(6);
    expect(pageInfo(third)).toEqual({ page: 3, pages: 3 });
    expect(hasNext(third)).toBe(false);
    expect(hasPrevious(third)).toBe(true);
    expect(stepStart(third, 1)).toBe(6);
    expect(stepStart(third, -1)).toBe(3);
  });

  it('stays on page 1 of 1 when empty or exactly one page', () => {
    expect(pageInfo(FIRST_TODO_PAGE)).toEqual({ page: 1, pages: 1 });
    const three = { ...FIRST_TODO_PAGE, total: 3 };
    expect(hasNext(three)).toBe(false);
    expect(stepStart(three, 1)).toBe(0);
    expect(stepStart(FIRST_TODO_PAGE, -1)).toBe(0);
  });

  it('pulls an offset past the end back to the last page (to-dos done elsewhere)', () => {
    expect(stepStart({ start: 9, size: 3, total: 4 }, 1)).toBe(3);
  });
});
