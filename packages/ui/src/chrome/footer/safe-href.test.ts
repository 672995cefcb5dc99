import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-href.ts';

describe('safeHref (DESIGN.md §5: unit configuration never becomes script)', () => {
  it.each([
    ['https://beian.miit.gov.cn/', 'https://beian.miit.gov.cn/'],
    ['http://school.example/a?b=c', 'http://school.example/a?b=c'],
    ['/api/storage/show/unit/u1', '/api/storage/show/unit/u1'],
  ])('keeps %s', (value, expected) => {
    expect(safeHref(value)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'data:text/html,x',
    '//evil.example',
    '/\\evil',
    'not a url',
    '',
    null,
  ])('drops %j', (value) => {
    expect(safeHref(value)).toBeNull();
  });
});
