// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../test-support/render.ts';
import {
  MARQUEE_GAP_PX,
  MARQUEE_INTERVAL_MS,
  MARQUEE_STEP_PX,
  TextMarquee,
} from './TextMarquee.tsx';

const view = mountPerTest();
const root = () => view.byTestId('marquee') as HTMLElement;
const track = () => view.byTestId('marquee.track') as HTMLElement;

/** jsdom has no layout: every element is `box` px wide and its content `text` px. */
function layout({ box, text }: { box: number; text: number }) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(box);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(text);
}
function reducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}
async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}
const offset = () => track().style.transform;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('<TextMarquee> (spec §9: 2 px every 83 ms)', () => {
  it('spec §9: the step and the interval', () => {
    expect(MARQUEE_STEP_PX).toBe(2);
    expect(MARQUEE_INTERVAL_MS).toBe(83);
  });

  it('spec §9: moves 2 px every 83 ms when the text overflows, and loops', async () => {
    layout({ box: 200, text: 300 });
    await view.render(<TextMarquee text="本周五下午全校停电，请提前保存工作。" />);
    expect(root().dataset.moving).toBe('true');
    expect(offset()).toBe('');
    await advance(82);
    expect(offset()).toBe('');
    await advance(1);
    expect(offset()).toBe('translateX(-2px)');
    await advance(83 * 9);
    expect(offset()).toBe('translateX(-20px)');

    // One lap is the text plus the gap; then it starts over.
    const lapSteps = (300 + MARQUEE_GAP_PX) / MARQUEE_STEP_PX;
    await advance(83 * (lapSteps - 10));
    expect(offset()).toBe('translateX(0px)');
    await advance(83);
    expect(offset()).toBe('translateX(-2px)');
  });

  it('stays still, once and whole, when the text fits', async () => {
    layout({ box: 300, text: 120 });
    await view.render(<TextMarquee text="短通知" />);
    await advance(83 * 20);
    expect(offset()).toBe('');
    expect(root().dataset.moving).toBe('false');
    expect(root().hasAttribute('tabindex')).toBe(false);
    expect(root().textContent).toBe('短通知');
  });

  it('reads the text once: the repeated pass is hidden from assistive technology', async () => {
    layout({ box: 200, text: 300 });
    await view.render(<TextMarquee text="Long notice" />);
    const copies = [...track().children];
    expect(copies).toHaveLength(2);
    expect(copies[0]?.getAttribute('aria-hidden')).toBeNull();
    expect(copies[1]?.getAttribute('aria-hidden')).toBe('true');
    expect(root().getAttribute('title')).toBe('Long notice');
  });

  it('pauses while hovered and while focused', async () => {
    layout({ box: 200, text: 300 });
    await view.render(<TextMarquee text="Long notice" />);
    await advance(83);
    expect(offset()).toBe('translateX(-2px)');

    await act(async () => {
      root().dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    await advance(83 * 5);
    expect(offset()).toBe('translateX(-2px)');
    await act(async () => {
      root().dispatchEvent(
        new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }),
      );
    });
    await advance(83);
    expect(offset()).toBe('translateX(-4px)');

    expect(root().tabIndex).toBe(0);
    document.body.append(view.container);
    await act(async () => root().focus());
    await advance(83 * 5);
    expect(offset()).toBe('translateX(-4px)');
    await act(async () => root().blur());
    await advance(83);
    expect(offset()).toBe('translateX(-6px)');
    view.container.remove();
  });

  it('does not move at all under prefers-reduced-motion', async () => {
    reducedMotion(true);
    layout({ box: 200, text: 300 });
    await view.render(<TextMarquee text="Long notice" />);
    await advance(83 * 20);
    expect(offset()).toBe('');
    expect(root().dataset.moving).toBe('false');
    // Still available whole on hover.
    expect(root().getAttribute('title')).toBe('Long notice');
  });
});
