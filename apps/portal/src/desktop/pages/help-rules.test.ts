import { describe, expect, it } from 'vitest';
import { readHelpQuery, sameOriginPath, withoutToken } from './help-rules.ts';

const PAGE = 'http://127.0.0.1:8080/helpCenter';

describe('help-centre query (spec §2: redUrl, accessToken, unitId)', () => {
  it('reads the way back, the unit and whether a token came along', () => {
    const url = `${PAGE}?redUrl=${encodeURIComponent('/desktop/home?x=1')}&accessToken=secret&unitId=u1`;
    expect(readHelpQuery(url)).toEqual({ back: '/desktop/home?x=1', unitId: 'u1', hadToken: true });
    expect(readHelpQuery(PAGE)).toEqual({ back: null, unitId: null, hadToken: false });
  });

  it.each([
    ['/desktop/home', '/desktop/home'],
    [
      'http://127.0.0.1:8080/pages/cms/pc_cms_tm/index.html#/a',
      '/pages/cms/pc_cms_tm/index.html#/a',
    ],
  ])('goes back to %s on this site', (raw, expected) => {
    expect(sameOriginPath(raw, PAGE)).toBe(expected);
  });

  it.each([
    'https://evil.example/desktop/home',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'desktop/home',
    '',
    null,
  ])('offers no way back to %j', (raw) => {
    expect(sameOriginPath(raw, PAGE)).toBeNull();
  });

  it('takes the token out of the address and keeps the rest', () => {
    expect(withoutToken(`${PAGE}?redUrl=%2Fdesktop%2Fhome&accessToken=secret&unitId=u1#top`)).toBe(
      '/helpCenter?redUrl=%2Fdesktop%2Fhome&unitId=u1#top',
    );
  });
});
