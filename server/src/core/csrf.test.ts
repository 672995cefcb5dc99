import { describe, expect, it } from 'vitest';
import { needsCsrfCheck } from './csrf.ts';

describe('which requests the CSRF rule covers (DESIGN.md §4)', () => {
  it('covers state-changing API methods and the two state-changing GETs', () => {
    expect(needsCsrfCheck('POST', '/api/uaa/oauth/login')).toBe(true);
    expect(needsCsrfCheck('DELETE', '/api/anything')).toBe(true);
    expect(needsCsrfCheck('GET', '/api/uaa/oauth/refresh')).toBe(true);
    expect(needsCsrfCheck('GET', '/api/uaa/switch/login')).toBe(true);
    // The uploads behind the gateway prefix change state as much as any POST (spec §7).
    expect(needsCsrfCheck('POST', '/zuul/api/storage/upload')).toBe(true);
    expect(needsCsrfCheck('POST', '/zuul/api/storage/file_piecewise/upload')).toBe(true);
  });

  it('leaves reads, pages and the table export alone', () => {
    expect(needsCsrfCheck('GET', '/api/uaa/oauth/me')).toBe(false);
    expect(needsCsrfCheck('POST', '/login')).toBe(false);
    expect(needsCsrfCheck('POST', '/api/base/common/table2xls')).toBe(false);
  });
});
