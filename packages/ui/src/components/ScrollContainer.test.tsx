// @vitest-environment jsdom
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../test-support/render.ts';
import { SCROLL_LOAD_THRESHOLD_PX, ScrollContainer } from './ScrollContainer.tsx';

const view = mountPerTest();
const area = () => view.byTestId('scroll') as HTMLDivElement;

/** jsdom has no layout: give the area a size, then scroll it to `top`. */
async function scrollTo(top: number, { scrollHeight = 1000, clientHeight = 300 } = {}) {
  const el = area();
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: clientHeight });
  Object.defineProperty(el, 'scrollTop', { configurable: true, writable: true, value: top });
  await act(async () => {
    el.dispatchEvent(new Event('scroll'));
  });
}

describe('<ScrollContainer> (spec §9 load-more threshold 10 px)', () => {
  it('spec §9: loads more within 10 px of the bottom, not further up', async () => {
    expect(SCROLL_LOAD_THRESHOLD_PX).toBe(10);
    const onLoadMore = vi.fn();
    await view.render(<ScrollContainer onLoadMore={onLoadMore} />);
    await scrollTo(689); // 11 px from the bottom
    expect(onLoadMore).not.toHaveBeenCalled();
    await scrollTo(690); // exactly 10 px
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('honours a custom threshold', async () => {
    const onLoadMore = vi.fn();
    await view.render(<ScrollContainer onLoadMore={onLoadMore} threshold={100} />);
    await scrollTo(599);
    expect(onLoadMore).not.toHaveBeenCalled();
    await scrollTo(600);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while loading, nor once finished, and says so', async () => {
    const onLoadMore = vi.fn();
    await view.render(<ScrollContainer onLoadMore={onLoadMore} loading lang="en" />);
    await scrollTo(700);
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(view.byTestId('scroll.status')?.textContent).toBe('Loading…');
    expect(area().getAttribute('aria-busy')).toBe('true');

    await view.render(<ScrollContainer onLoadMore={onLoadMore} finished lang="en" />);
    await scrollTo(700);
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(view.byTestId('scroll.status')?.textContent).toBe('No more items');
    expect(view.byTestId('scroll.status')?.getAttribute('role')).toBe('status');

    await view.render(<ScrollContainer onLoadMore={onLoadMore} />);
    expect(view.byTestId('scroll.status')?.textContent).toBe('');
  });

  it('asks once per page: a burst of scroll events before the parent reacts is one request', async () => {
    const onLoadMore = vi.fn();
    function Pager() {
      const [loading, setLoading] = useState(false);
      const [pages, setPages] = useState(1);
      return (
        <>
          <ScrollContainer
            loading={loading}
            onLoadMore={() => {
              onLoadMore();
              setLoading(true);
            }}
          >
            <p data-testid="list.pages">{pages}</p>
          </ScrollContainer>
          <button
            type="button"
            data-testid="server.reply"
            onClick={() => {
              setPages((n) => n + 1);
              setLoading(false);
            }}
          />
        </>
      );
    }
    await view.render(<Pager />);
    const el = area();
    Object.defineProperty(el, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(el, 'clientHeight', { configurable: true, value: 300 });
    Object.defineProperty(el, 'scrollTop', { configurable: true, writable: true, value: 700 });
    await act(async () => {
      el.dispatchEvent(new Event('scroll'));
      el.dispatchEvent(new Event('scroll'));
      el.dispatchEvent(new Event('scroll'));
    });
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    await scrollTo(700);
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    await act(async () => (view.byTestId('server.reply') as HTMLButtonElement).click());
    expect(view.byTestId('list.pages')?.textContent).toBe('2');
    await scrollTo(1690, { scrollHeight: 2000 });
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('with a promise from onLoadMore, waits for it to settle', async () => {
    let resolve: (() => void) | undefined;
    const onLoadMore = vi.fn(
      () =>
        new Promise<void>((r) => {
          resolve = r;
        }),
    );
    await view.render(<ScrollContainer onLoadMore={onLoadMore} />);
    await scrollTo(700);
    await view.render(<ScrollContainer onLoadMore={onLoadMore} />); // an unrelated re-render
    await scrollTo(700);
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    await act(async () => resolve?.());
    await scrollTo(700);
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('is keyboard scrollable, and a named region when labelled', async () => {
    await view.render(<ScrollContainer label="消息列表" height={360} />);
    expect(area().tabIndex).toBe(0);
    expect(area().getAttribute('role')).toBe('region');
    expect(area().getAttribute('aria-label')).toBe('消息列表');
    expect(area().style.height).toBe('360px');
  });
});
