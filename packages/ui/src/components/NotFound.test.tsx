// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '../test-support/render.ts';
import { NotFound } from './NotFound.tsx';

const mount = mountPerTest();
const render = (node: ReactNode) => mount.render(node);
const byTestId = (id: string) => mount.container.querySelector(`[data-testid="${id}"]`);

describe('<NotFound> (spec §2 not-found page)', () => {
  it('spec §2: a titled page with a link back to the desktop home /desktop/home', async () => {
    await render(<NotFound />);
    const page = byTestId('notFound.root');
    expect(page).not.toBeNull();
    const heading = page?.querySelector('h1');
    expect(heading?.textContent).toBe('页面不存在');
    // The heading names the page for assistive technology.
    expect(page?.getAttribute('aria-labelledby')).toBe(heading?.id);
    const home = byTestId('notFound.home');
    expect(home?.tagName).toBe('A');
    expect(home?.getAttribute('href')).toBe('/desktop/home');
    expect(home?.textContent).toBe('返回桌面');
  });

  it('spec §1: English when the language is en, zh-CN for anything else', async () => {
    await render(<NotFound lang="en" />);
    expect(byTestId('notFound.title')?.textContent).toBe('Page not found');
    expect(byTestId('notFound.home')?.textContent).toBe('Back to desktop');
    await render(<NotFound lang="de" />);
    expect(byTestId('notFound.title')?.textContent).toBe('页面不存在');
  });

  it('spec §2: the home link can be pointed elsewhere (a deploy path)', async () => {
    await render(<NotFound homeHref="/portal/desktop/home" />);
    expect(byTestId('notFound.home')?.getAttribute('href')).toBe('/portal/desktop/home');
  });

  it('spec §2/§6: shows a decorative illustration and names no module or route', async () => {
    window.history.replaceState(null, '', '/pages/cms/pc_cms_tm/index.html#/notice/publish');
    await render(<NotFound lang="en" />);
    const svg = byTestId('notFound.root')?.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(mount.container.textContent).not.toMatch(/cms|notice|publish/i);
  });
});
