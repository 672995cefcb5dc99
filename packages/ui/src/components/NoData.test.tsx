// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '../test-support/render.ts';
import { NoData, type NoDataType } from './NoData.tsx';
import { NoDataDashboardImage, NoDataDefaultImage, NoDataDesktopImage } from './no-data-images.tsx';

const mount = mountPerTest();
const render = (node: ReactNode) => mount.render(node);
const byTestId = (id: string) => mount.container.querySelector(`[data-testid="${id}"]`);
const imageMarkup = () => byTestId('noData.image')?.innerHTML ?? '';

async function markupOf(node: ReactNode): Promise<string> {
  await render(node);
  return mount.container.innerHTML;
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
