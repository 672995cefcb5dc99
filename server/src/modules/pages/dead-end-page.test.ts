import { describe, expect, it } from 'vitest';
import { pageLanguage, renderDeadEndPage } from './dead-end-page.ts';

describe('the dead-end page language follows the portal (spec §1, §4)', () => {
  it.each([
    ['/x?language=en', undefined, 'en', true],
    ['/x?language=zh-CN', 'en', 'zh-CN', true],
    ['/x?language=fr', 'en', 'zh-CN', true],
    ['/x', 'en-US,en;q=0.9', 'en', false],
    ['/x', 'zh-TW,en;q=0.5', 'zh-CN', false],
    ['/x', 'en;q=0.5,zh-HK', 'zh-CN', false],
    ['/x', 'zh-CN,en;q=0.9', 'zh-CN', false],
    ['/x', 'fr, de', 'zh-CN', false],
    ['/x', undefined, 'zh-CN', false],
    ['/x%ZZ?language=en', undefined, 'en', true],
  ] as const)('%s with Accept-Language %s is %s', (url, accept, language, fromQuery) => {
    expect(pageLanguage(url, accept)).toEqual({ language, fromQuery });
  });
});

describe('renderDeadEndPage', () => {
  it('escapes the address and the app code, and runs no script', () => {
    const html = renderDeadEndPage({
      kind: 'notInstalled',
      language: { language: 'en', fromQuery: false },
      url: '/pages/a"b/<img src=x onerror=alert(1)>?q=<x>',
      appCode: 'a<b',
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;a&lt;b&quot;');
    expect(html).not.toContain('q=');
  });

  it('has one h1, a lang attribute and the way back to the desktop', () => {
    const html = renderDeadEndPage({
      kind: 'notFound',
      language: { language: 'zh-CN', fromQuery: true },
      url: '/nowhere',
    });
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('href="/desktop/home?language=zh-CN"');
  });
});
