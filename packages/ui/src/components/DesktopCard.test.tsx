// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../test-support/render.ts';
import { DesktopCard } from './DesktopCard.tsx';
import { NoData } from './NoData.tsx';

const view = mountPerTest();

describe('<DesktopCard> (desktop widgets; spec §2 no-data type desktop)', () => {
  it('is a region named by its heading, with actions and the body', async () => {
    await view.render(
      <DesktopCard title="待办事项" extra={<button type="button">刷新</button>}>
        <ul data-testid="todo.list" />
      </DesktopCard>,
    );
    const card = view.byTestId('desktopCard');
    expect(card?.tagName).toBe('SECTION');
    const heading = view.byTestId('desktopCard.title');
    expect(heading?.tagName).toBe('H3');
    expect(card?.getAttribute('aria-labelledby')).toBe(heading?.id);
    expect(heading?.textContent).toBe('待办事项');
    expect(card?.querySelector('header button')?.textContent).toBe('刷新');
    expect(
      view.byTestId('desktopCard.body')?.querySelector('[data-testid="todo.list"]'),
    ).not.toBeNull();
    expect(view.byTestId('desktopCard.more')).toBeNull();
  });

  it("'more' is a link with moreHref, a button with only onMore, in the page language", async () => {
    await view.render(
      <DesktopCard title="Messages" moreHref="/desktop/messages" lang="en" headingLevel={2} />,
    );
    const link = view.byTestId('desktopCard.more');
    expect(link?.tagName).toBe('A');
    expect(link?.getAttribute('href')).toBe('/desktop/messages');
    expect(link?.textContent).toBe('More');
    expect(link?.getAttribute('aria-describedby')).toBe(view.byTestId('desktopCard.title')?.id);
    expect(view.byTestId('desktopCard.title')?.tagName).toBe('H2');

    const onMore = vi.fn();
    await view.render(<DesktopCard title="消息" onMore={onMore} />);
    const button = view.byTestId('desktopCard.more') as HTMLButtonElement;
    expect(button.tagName).toBe('BUTTON');
    expect(button.textContent).toBe('更多');
    await act(async () => button.click());
    expect(onMore).toHaveBeenCalledTimes(1);
  });

  it('shows a loading status instead of the body while loading', async () => {
    await view.render(
      <DesktopCard title="Notices" loading lang="en">
        <p data-testid="notices.list">list</p>
      </DesktopCard>,
    );
    const loading = view.byTestId('desktopCard.loading');
    expect(loading?.getAttribute('role')).toBe('status');
    expect(loading?.textContent).toBe('Loading…');
    expect(view.byTestId('desktopCard')?.getAttribute('aria-busy')).toBe('true');
    expect(view.byTestId('notices.list')).toBeNull();
  });

  it('spec §2: empty shows the desktop no-data placeholder, with its own text if given', async () => {
    const probe = document.createElement('div');
    const root = createRoot(probe);
    await act(async () => root.render(<NoData type="desktop" />));
    const desktopImage = probe.querySelector('[data-testid="noData.image"]')?.innerHTML;
    await act(async () => root.unmount());

    await view.render(
      <DesktopCard title="Notices" empty>
        <p data-testid="notices.list">list</p>
      </DesktopCard>,
    );
    expect(view.byTestId('noData.image')?.innerHTML).toBe(desktopImage);
    expect(view.byTestId('noData.text')?.textContent).toBe('暂无数据');
    expect(view.byTestId('notices.list')).toBeNull();

    await view.render(<DesktopCard title="Notices" empty emptyText="No notices yet" />);
    expect(view.byTestId('noData.text')?.textContent).toBe('No notices yet');
  });
});
