/**
 * No dead ends for a user (issue 10 §4), in the browser:
 * - an app icon's page that is not deployed shows "this application is not installed yet", an
 *   unknown address "page not found": HTML in the portal's look, zh-CN and en, HTTP 404, no
 *   sideways scroll at 1366 and 375 px, text contrast of 4.5:1 or more, a way back to the desktop;
 * - after sign-in in WeCom or WeChat the spec §4 landing page (`pc_desktop_{tm|spm}`) is the desktop;
 * - a redirect path naming a deployed app (spec §2) opens that app's tm or spm page.
 */
import { type Locator, type Page } from '@playwright/test';
import { expect, signInByApi, test } from '../fixtures/test.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts, type DemoAccount } from '../fixtures/accounts.ts';
import { expectNoHorizontalOverflow, saveScreen } from '../fixtures/screens.ts';
import { LoginPage } from '../pages/LoginPage.ts';

const { teacher, parent } = demoAccounts;

const DEAD_ENDS = [
  {
    name: 'dead-end-not-installed',
    url: '/pages/edu/pc_edu_tm/index.html',
    title: { 'zh-CN': '此应用尚未安装', en: 'This application is not installed yet' },
  },
  {
    name: 'dead-end-not-found',
    url: '/no/such/page',
    title: { 'zh-CN': '页面不存在', en: 'Page not found' },
  },
] as const;

/** WCAG 2.1 contrast ratio of an element's text against the nearest solid background. */
function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    let node: Element | null = element;
    let background = [255, 255, 255];
    while (node) {
      const parts = rgb(getComputedStyle(node).backgroundColor);
      if (parts.length === 3 || (parts[3] ?? 0) === 1) {
        background = parts.slice(0, 3);
        break;
      }
      node = node.parentElement;
    }
    const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

async function expectReadable(page: Page): Promise<void> {
  for (const selector of [
    '.de-top__product',
    '.de-lang',
    '.de-title',
    '.de-text',
    '.de-address',
    '.de-button',
  ]) {
    const ratio = await contrastOf(page.locator(selector).first());
    expect(ratio, `${selector} contrast ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(4.5);
  }
}

test.describe('pages with nothing behind them answer HTML in the portal’s look', () => {
  for (const deadEnd of DEAD_ENDS) {
    for (const language of ['zh-CN', 'en'] as const) {
      test(`${deadEnd.name} in ${language}`, { tag: '@mobile' }, async ({ page }) => {
        const response = await page.goto(`${deadEnd.url}?language=${language}`);
        expect(response?.status()).toBe(404);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(deadEnd.title[language]);
        await expect(page.getByTestId('deadEnd.desktop')).toBeVisible();
        await expect(page.getByTestId('deadEnd.desktop')).toHaveAttribute(
          'href',
          `/desktop/home?language=${language}`,
        );
        await expect(page.locator('.de-card')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
        await expectNoHorizontalOverflow(page);
        await expectReadable(page);
        await saveScreen(page, deadEnd.name);
        await expectAccessible(page);
      });
    }
  }

  test('switches language with its link, and goes back to the desktop', async ({ page }) => {
    // Signed in through the API: this test is about the dead-end page, not the login form.
    await signInByApi(page, teacher);
    await page.goto('/pages/edu/pc_edu_tm/index.html');
    // No ?language=: the browser's Accept-Language (Playwright's en-US) picks English.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('deadEnd.language').click();
    await expect(page).toHaveURL(/\?language=zh-CN$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('此应用尚未安装');
    await page.getByTestId('deadEnd.desktop').click();
    await expect(page).toHaveURL(/\/desktop\/home/);
    await expect(page.getByTestId('header.welcome')).toBeVisible({ timeout: 15_000 });
  });
});

test.describe('chat clients land on the desktop after sign-in (spec §4)', () => {
  const CLIENTS: [string, string, DemoAccount, 'tm' | 'spm'][] = [
    [
      'WeCom',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 MicroMessenger/7.0.20 wxwork/4.1.30',
      teacher,
      'tm',
    ],
    [
      'WeChat',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 MicroMessenger/8.0.50',
      parent,
      'spm',
    ],
  ];
  for (const [client, userAgent, account, variant] of CLIENTS) {
    test(`${client}: ${account.username} lands on pc_desktop_${variant}, which is the desktop`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({
        baseURL,
        userAgent,
        viewport: { width: 1366, height: 768 },
      });
      const page = await context.newPage();
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(account.username, account.password);
      await page.waitForURL(`**/pages/desktop/pc_desktop_${variant}/index.html`);
      await expect(page.getByTestId('header.welcome')).toBeVisible({ timeout: 15_000 });
      await saveScreen(page, `chat-landing-${variant}`);
      await context.close();
    });
  }
});

test.describe('a redirect path naming a deployed app opens its page (spec §2)', () => {
  test('a teacher goes from /cms/notice to pc_cms_tm, and a signed-out visitor through the login page', async ({
    page,
  }) => {
    await page.goto('/cms/notice');
    await expect(page).toHaveURL(/\/login\?redirect_uri=%2Fcms%2Fnotice$/);
    const login = new LoginPage(page);
    await login.waitUntilReady();
    await login.signIn(teacher.username, teacher.password);
    await page.waitForURL('**/pages/cms/pc_cms_tm/index.html');
  });
});
