// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NoData, type NoDataType } from './NoData.tsx';
import { NoDataDashboardImage, NoDataDefaultImage, NoDataDesktopImage } from './no-data-images.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => act(() => root.unmount()));

const render = (node: ReactNode) => act(async () => root.render(node));
const byTestId = (id: string) => container.querySelector(`[data-testid="${id}"]`);
const imageMarkup = () => byTestId('noData.image')?.innerHTML ?? '';

async function markupOf(node: ReactNode): Promise<string> {
  await render(node);
  return container.innerHTML;
}

describe('<NoData> (spec §2 no-data placeholder)', () => {
  it("spec §2: default text 'no data' in zh-CN and en", async () => {
    await render(<NoData />);
    expect(byTestId('noData.root')).not.toBeNull();
    expect(byTestId('noData.text')?.textContent).toBe('暂无数据');
    await render(<NoData lang="en" />);
    expect(byTestId('noData.text')?.textContent).toBe('No data');
    await render(<NoData lang="fr" />);
    expect(byTestId('noData.text')?.textContent).toBe('暂无数据');
  });

  it('spec §2: each type shows its own default image', async () => {
    const expected: [NoDataType, ReactNode][] = [
      ['desktop', <NoDataDesktopImage key="d" />],
      ['dashboard', <NoDataDashboardImage key="b" />],
      ['default', <NoDataDefaultImage key="x" />],
    ];
    const seen = new Set<string>();
    for (const [type, image] of expected) {
      const own = await markupOf(image);
      await render(<NoData type={type} />);
      expect(imageMarkup(), type).toBe(own);
      expect(imageMarkup()).toContain('<svg');
      seen.add(imageMarkup());
    }
    expect(seen.size).toBe(3);
  });

  it('spec §2: no type, or an unknown one from plain JS, gets the default image', async () => {
    const own = await markupOf(<NoDataDefaultImage />);
    await render(<NoData />);
    expect(imageMarkup()).toBe(own);
    await render(<NoData type={'calendar' as NoDataType} />);
    expect(imageMarkup()).toBe(own);
  });

  it('spec §2: custom text and image replace the defaults', async () => {
    await render(<NoData type="desktop" text="没有通知" image="/img/empty.png" />);
    expect(byTestId('noData.text')?.textContent).toBe('没有通知');
    const img = byTestId('noData.image')?.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/img/empty.png');
    expect(byTestId('noData.image')?.querySelector('svg')).toBeNull();

    await render(<NoData image={<span data-testid="cms.emptyArt" />} />);
    expect(byTestId('noData.image')?.querySelector('[data-testid="cms.emptyArt"]')).not.toBeNull();
    expect(byTestId('noData.image')?.querySelector('svg')).toBeNull();
  });

  it('spec §2: the images are decorative; the text is what assistive technology reads', async () => {
    await render(<NoData type="dashboard" />);
    expect(byTestId('noData.image')?.querySelector('svg')?.getAttribute('aria-hidden')).toBe(
      'true',
    );
    await render(<NoData image="/img/empty.png" />);
    expect(byTestId('noData.image')?.querySelector('img')?.getAttribute('alt')).toBe('');
  });
});
