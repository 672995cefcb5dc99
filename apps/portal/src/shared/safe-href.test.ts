import { describe, expect, it } from 'vitest';
import { loginUrlFor } from '@campus/sdk/create-page-runtime';
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

describe('loginUrlFor (spec §2: /login?redirect_uri={url})', () => {
  it('encodes the whole return address', () => {
    expect(loginUrlFor('http://127.0.0.1:8080/desktop/home?a=1&b=2#x')).toBe(
      '/login?redirect_uri=http%3A%2F%2F127.0.0.1%3A8080%2Fdesktop%2Fhome%3Fa%3D1%26b%3D2%23x',
    );
  });
});
