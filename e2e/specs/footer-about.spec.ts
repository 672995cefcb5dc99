import fs from 'node:fs';
import path from 'node:path';
import { packageVersionsPath } from '@campus/contracts/base';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { expect, test } from '../fixtures/test.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { animationsSettled, saveScreen } from '../fixtures/screens.ts';
import { deployedFile } from '../fixtures/server-data.ts';
import { apiData, ChromePage } from '../pages/ChromePage.ts';
import { openDesktop } from '../pages/flows.ts';

const { teacher } = demoAccounts;

/** Spec §2, §9: the About dialog. */
const ABOUT_WIDTH = 650;
const ABOUT_Z_INDEX = '10000';

/** The demo school's login configuration (DESIGN.md §3: footer text with link, two filings). */
const SCHOOL = {
  copyright: 'Copyright © 2026 阳光小学 版权所有',
  footer: '阳光小学官方网站',
  // The unit's texts are bilingual (中文|||English, as the server's messages): en shows the second.
  copyrightEn: 'Copyright © 2026 Sunshine Primary School. All rights reserved.',
  footerEn: 'Sunshine Primary School website',
  link: 'https://www.sunshine-school.example/',
  filings: ['京ICP备2026000001号-1', '京公网安备 11010502000001号'],
};

/** Deploys a file under pages/ for the duration of `body` (spec §7 version files). */
async function withDeployed<T>(parts: string[], content: unknown, body: () => Promise<T>) {
  const file = deployedFile(...parts);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(content));
  try {
    return await body();
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

test.describe('the footer (spec §2 Footer)', () => {
  test("spec §2: the copyright, the unit's footer text as a new-tab link, and the filing entries", async ({
    page,
  }) => {
    await openDesktop(page, teacher);
    const chrome = new ChromePage(page);
    await expect(chrome.copyright).toHaveText(SCHOOL.copyright);
    await expect(chrome.footerLink).toHaveText(SCHOOL.footer);
    await expect(chrome.footerLink).toHaveAttribute('href', SCHOOL.link);
    await expect(chrome.footerLink).toHaveAttribute('target', '_blank');
    await expect(chrome.footerLink).toHaveAttribute('rel', /noopener/);
    const entries = chrome.filing.locator('li');
    await expect(entries).toHaveText(SCHOOL.filings);
    for (const link of await chrome.filing.locator('a').all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test("spec §2: in en the unit's bilingual copyright and footer text read in English", async ({
    page,
  }) => {
    await openDesktop(page, teacher, { query: { language: 'en' } });
    const chrome = new ChromePage(page);
    await expect(chrome.copyright).toHaveText(SCHOOL.copyrightEn);
    await expect(chrome.footerLink).toHaveText(SCHOOL.footerEn);
    await expect(chrome.footerLink).toHaveAttribute('href', SCHOOL.link);
  });

  test('spec §2: the help centre opens with redUrl, accessToken and unitId (never the token itself)', async ({
    page,
  }) => {
    await openDesktop(page, teacher);
    const chrome = new ChromePage(page);
    const me = await apiData<{ accessToken: string }>(page, uaaEndpoints.me.path);
    const from = page.url();
    // The address as the footer builds it (the help page itself tidies its address bar).
    await page.route('**/helpCenter?**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>help</title>' }),
    );
    const opened = page.waitForRequest((r) => r.url().includes('/helpCenter?'));
    await chrome.help.click();
    const url = new URL((await opened).url());
    expect(url.pathname).toBe('/helpCenter');
    expect(url.searchParams.get('redUrl')).toBe(from);
    expect(url.searchParams.get('unitId')).toBe('demo-unit-sunshine');
    expect(url.searchParams.get('accessToken')).toBe('');
    expect(url.href).not.toContain(me.accessToken);
  });

  test('spec §2: a custom help-centre callback is called instead', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { PH: unknown; __help: unknown[] };
      w.__help = [];
      w.PH = { helpCenter: (target: unknown) => w.__help.push(target) };
    });
    await openDesktop(page, teacher);
    const from = page.url();
    await new ChromePage(page).help.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __help: unknown[] }).__help))
      .toEqual([{ redUrl: from, unitId: 'demo-unit-sunshine' }]);
    expect(page.url()).toBe(from);
  });
});

test.describe('the About dialog (spec §2 About dialog, §3 Version record, §7)', () => {
  test('spec §2, §9: 650 px wide at z-index 10000, vendor and copyright with the current year, releases and both version lines', async ({
    page,
  }) => {
    await openDesktop(page, teacher);
    const chrome = new ChromePage(page);
    await chrome.version.click();
    await expect(chrome.about).toBeVisible();
    const dialog = page.getByRole('dialog', { name: '关于' });
    // Polled: the dialog zooms in from a smaller size.
    await expect
      .poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0))
      .toBe(ABOUT_WIDTH);
    expect(
      await page.locator('.ant-modal-wrap').evaluate((el) => getComputedStyle(el).zIndex),
    ).toBe(ABOUT_Z_INDEX);

    const year = new Date().getFullYear();
    await expect(page.getByTestId('about.company')).toHaveText('校园门户');
    await expect(page.getByTestId('about.copyright')).toHaveText(
      `Copyright © ${year} 校园门户 版权所有`,
    );

    // The portal's own release list (no version.json deployed): newest first, numbered notes.
    const releases = page.getByTestId('about.release');
    await expect(releases).toHaveCount(2);
    await expect(page.getByTestId('about.releaseVersion')).toHaveText(['1.2.0', '1.1.0']);
    await expect(releases.first().locator('ol > li')).toHaveCount(3);
    await expect(releases.first().locator('ol > li').first()).toHaveText(
      '全新桌面：顶部或左侧应用菜单，常用应用一键打开',
    );

    // Spec §2: front-end version, required server version, package date; then the server's.
    await expect(page.getByTestId('about.frontend')).toHaveText(
      '前端版本：1.2.0，所需服务端版本：1.2.0，打包日期：2026-11-22',
    );
    const server = await apiData<{ serverVersion: string; webCodeVersion: string; date: string }>(
      page,
      packageVersionsPath('base'),
    );
    await expect(page.getByTestId('about.server')).toHaveText(
      `服务端版本：${server.serverVersion}，所需前端版本：${server.webCodeVersion}，日期：${server.date}`,
    );
    await page.getByTestId('about.close').click();
    await expect(chrome.about).toBeHidden();
  });

  test('spec §2: the notes follow the language, and the lines read in English', async ({
    page,
  }) => {
    await openDesktop(page, teacher, { query: { language: 'en' } });
    const chrome = new ChromePage(page);
    await chrome.version.click();
    await expect(page.getByTestId('about.release').first().locator('ol > li').first()).toHaveText(
      'New desktop: the app menu at the top or on the left, apps one click away',
    );
    await expect(page.getByTestId('about.frontend')).toHaveText(
      'Front-end version: 1.2.0 · Requires server version: 1.2.0 · Packaged: 2026-11-22',
    );
    await expect(page.getByTestId('about.server')).toContainText('Server version: ');
  });

  test('spec §7: a deployed version.json and package.json win; an empty list shows no version info', async ({
    page,
  }) => {
    await openDesktop(page, teacher);
    const chrome = new ChromePage(page);
    const pkg = {
      name: 'desktop',
      appVersion: '2.0.1',
      serverVersion: '1.3.0',
      packageDate: '2027-01-05',
    };
    const record = {
      version: '2.0.1',
      date: '2027-01-05',
      metto: [
        { cn: '第一条', en: 'First' },
        { cn: '第二条', en: 'Second' },
      ],
    };
    await withDeployed(['desktop', 'package.json'], pkg, () =>
      withDeployed(['desktop-version', 'version.json'], [record], async () => {
        await chrome.version.click();
        await expect(page.getByTestId('about.releaseVersion')).toHaveText(['2.0.1']);
        await expect(page.getByTestId('about.release').locator('ol > li')).toHaveText([
          '第一条',
          '第二条',
        ]);
        await expect(page.getByTestId('about.frontend')).toHaveText(
          '前端版本：2.0.1，所需服务端版本：1.3.0，打包日期：2027-01-05',
        );
        await page.getByTestId('about.close').click();
      }),
    );
    await withDeployed(['desktop-version', 'version.json'], [], async () => {
      await chrome.version.click();
      await expect(page.getByTestId('about.noVersion')).toHaveText('暂无版本信息');
      await expect(page.getByTestId('about.release')).toHaveCount(0);
    });
  });

  test('spec §2: the operations-management deployment leaves out the vendor block', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { PH: unknown }).PH = { appConfig: { oam: true } };
    });
    await openDesktop(page, teacher);
    await new ChromePage(page).version.click();
    await expect(page.getByTestId('about.frontend')).toBeVisible();
    await expect(page.getByTestId('about.vendor')).toHaveCount(0);
    await expect(page.getByTestId('about.copyright')).toHaveCount(0);
  });
});

test.describe('footer and About screens (issue 4: every screen at 1366 and 375 px, in both languages)', () => {
  for (const lang of ['zh-CN', 'en'] as const) {
    test(`the footer and the About dialog (${lang})`, { tag: '@mobile' }, async ({ page }) => {
      await openDesktop(page, teacher, { query: lang === 'en' ? { language: 'en' } : {} });
      const chrome = new ChromePage(page);
      await expect(chrome.filing.locator('li')).toHaveCount(2);
      expect(await chrome.horizontalOverflow()).toBe(0);
      await chrome.version.click();
      await expect(page.getByTestId('about.frontend')).toBeVisible();
      await animationsSettled(page);
      await saveScreen(page, 'desktop-about');
      await expectAccessible(page);
      expect(await chrome.horizontalOverflow()).toBe(0);
    });
  }
});
