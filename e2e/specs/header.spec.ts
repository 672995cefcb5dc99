import { type Browser, type Page } from '@playwright/test';
import { desktopEndpoints } from '@campus/contracts/desktop';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { expect, test } from '../fixtures/test.ts';
import { demoAccounts, type DemoAccount } from '../fixtures/accounts.ts';
import { animationsSettled, expectShownWhole, saveScreen } from '../fixtures/screens.ts';
import { runAdmin } from '../fixtures/server-data.ts';
import { apiData, ChromePage } from '../pages/ChromePage.ts';
import { openDesktop } from '../pages/flows.ts';

const { teacher, parent, parent1, staff } = demoAccounts;
const SCHOOL = 'demo-unit-sunshine';

async function unreadCount(page: Page): Promise<number> {
  const data = await apiData<{ messageCount: number }>(page, desktopEndpoints.unhandleCount.path);
  return data.messageCount;
}

/** Signs in through the API in a context with its own user agent, then opens the desktop. */
async function desktopWithUserAgent(
  browser: Browser,
  baseURL: string,
  userAgent: string,
  account: DemoAccount,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent });
  const page = await context.newPage();
  // The login page's redirect sends chat clients to an app page (spec §4), so the session is
  // made directly and the desktop opened by address.
  const res = await page.request.post(uaaEndpoints.login.path, {
    form: { username: account.username, password: account.password },
    headers: { device: 'pc:portal' },
  });
  expect(((await res.json()) as { status: number }).status).toBe(200);
  await page.goto('/desktop/home');
  await expect(page.getByTestId('header.welcome')).toBeVisible();
  return page;
}

test.describe('the message bell (spec §2 Header, §9: 99+)', () => {
  test('spec §2, §9: the demo teacher has more than 99 unread messages and the badge shows 99+', async ({
    page,
  }) => {
    await openDesktop(page, teacher);
    const chrome = new ChromePage(page);
    expect(await unreadCount(page)).toBeGreaterThan(99);
    await expect(chrome.badge).toHaveText('99+');
    await expect(chrome.dot).toHaveCount(0);
  });

  test('spec §2: on /desktop/home the header lists no user messages; the bell opens the messages dialog', async ({
    page,
  }) => {
    await openDesktop(page, teacher);
    const chrome = new ChromePage(page);
    await chrome.bell.click();
    await expect(page.getByTestId('messages.dialog')).toBeVisible();
    await expect(chrome.headerMessages).toHaveCount(0);
  });

  test('spec §2: on the other desktop pages the bell drops down the newest unread messages', async ({
    page,
  }) => {
    await openDesktop(page, teacher);
    await page.goto('/desktop/setting');
    const chrome = new ChromePage(page);
    await chrome.bell.click();
    await expect(chrome.headerMessages).toBeVisible();
    const items = chrome.headerMessages.locator('li');
    await expect(items).toHaveCount(5);
    await chrome.headerMessages.getByTestId('header.messagesAll').click();
    await expect(page.getByTestId('messages.dialog')).toBeVisible();
  });

  test('spec §2: with pcOpen 1 the bell shows a plain dot instead of the count', async ({
    page,
  }) => {
    await runAdmin(['set-message-config', '--unit', SCHOOL, '--pc-open', '1']);
    try {
      await openDesktop(page, teacher);
      const chrome = new ChromePage(page);
      await expect(chrome.dot).toBeVisible();
      await expect(chrome.badge).toHaveCount(0);
      const box = await chrome.dot.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(14);
      await expect(chrome.dot).toHaveText('');
    } finally {
      await runAdmin(['set-message-config', '--unit', SCHOOL, '--pc-open', '0']);
    }
  });
});

test.describe('header buttons (spec §2 Header, §6 roles)', () => {
  test('spec §2: home, theme, full screen and a language switch for two languages; no dev-only switch in a production build', async ({
    page,
  }) => {
    await openDesktop(page, teacher);
    const chrome = new ChromePage(page);
    for (const control of [chrome.home, chrome.themeOpen, chrome.fullscreen, chrome.lang]) {
      await expect(control).toBeVisible();
    }
    await expect(chrome.devSwitch).toHaveCount(0);

    // Full screen toggles both ways (Fullscreen API).
    await chrome.fullscreen.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await expect(chrome.fullscreen).toHaveAttribute('aria-label', '退出全屏');
    await chrome.fullscreen.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);
    await expect(chrome.fullscreen).toHaveAttribute('aria-label', '全屏');
  });

  test('spec §2, §6: the child picker shows for a parent with more than one child only', async ({
    page,
    browser,
    baseURL,
  }) => {
    await openDesktop(page, parent);
    const chrome = new ChromePage(page);
    await expect(chrome.child).toBeVisible();
    await chrome.child.click();
    await expect(page.getByTestId('child.dialog')).toBeVisible();

    for (const account of [parent1, teacher]) {
      const other = await desktopWithUserAgent(
        browser,
        baseURL ?? '',
        'Mozilla/5.0 Chrome/130',
        account,
      );
      await expect(other.getByTestId('theme.open')).toBeVisible();
      await expect(other.getByTestId('header.child')).toHaveCount(0);
      await other.context().close();
    }
  });

  test('spec §6: the linked teacher switches to the parent account and back; unlinked staff see no switch', async ({
    page,
    browser,
    baseURL,
  }) => {
    // A session of its own: the account switch replaces it.
    await openDesktop(page, teacher, { fresh: true });
    const chrome = new ChromePage(page);
    await expect(chrome.switchAccount).toHaveAttribute('aria-label', '切换到家长账号');
    await chrome.switchAccount.click();
    await expect(page.getByTestId('desktop.role')).toHaveText('家长');
    await expect(chrome.switchAccount).toHaveAttribute('aria-label', '切换到教师账号');
    expect((await apiData<{ userType: number }>(page, uaaEndpoints.me.path)).userType).toBe(3);
    await chrome.switchAccount.click();
    await expect(page.getByTestId('desktop.role')).toHaveText('教师');

    const other = await desktopWithUserAgent(
      browser,
      baseURL ?? '',
      'Mozilla/5.0 Chrome/130',
      staff,
    );
    await expect(other.getByTestId('theme.open')).toBeVisible();
    await expect(other.getByTestId('header.switchAccount')).toHaveCount(0);
    await other.context().close();
  });

  for (const [client, userAgent] of [
    [
      'enterprise-chat',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 MicroMessenger/7.0.20 wxwork/4.1.30',
    ],
    [
      'desktop-client',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 CampusDesktop/2.0.0',
    ],
  ] as const) {
    test(`spec §2: the logout button is hidden in the ${client} client`, async ({
      browser,
      baseURL,
    }) => {
      const page = await desktopWithUserAgent(browser, baseURL ?? '', userAgent, teacher);
      await expect(page.getByTestId('theme.open')).toBeVisible();
      await expect(page.getByTestId('header.logout')).toHaveCount(0);
      await page.context().close();
    });
  }

  test('spec §2: an ordinary browser shows the logout button', async ({ page }) => {
    await openDesktop(page, teacher);
    await expect(new ChromePage(page).logout).toBeVisible();
  });
});

test.describe('language en (spec §1, §2)', () => {
  test("spec §2: en shows the unit's English name and English texts in the chrome", async ({
    page,
  }) => {
    const { desktop } = await openDesktop(page, teacher, { query: { language: 'en' } });
    const chrome = new ChromePage(page);
    const name = await desktop.realName();
    await expect(desktop.unitName).toHaveText('Sunshine Primary School');
    await expect(desktop.welcome).toHaveText(`Welcome, ${name}`);
    await expect(chrome.bell).toHaveAttribute(
      'aria-label',
      `${await unreadCount(page)} unread messages`,
    );
    await expect(chrome.themeOpen).toHaveAttribute('aria-label', 'Theme');
    await expect(chrome.lang).toHaveText('中文');
    await expect(chrome.allApps).toHaveText('All apps');
    await expect(chrome.help).toHaveText('Help centre');
    await expect(chrome.version).toHaveText('Version info');
    await expect(chrome.topIcons.first()).toHaveAccessibleName(/^Academic Affairs/);
    await chrome.allApps.click();
    await expect(chrome.groupHeadings).toHaveText(['Teaching', 'Campus', 'Home and School']);
  });
});

test.describe('header at a phone width (spec §4 screen class mobile)', () => {
  test(
    'spec §4: the header folds its secondary buttons into a menu and nothing overflows at 375 px',
    { tag: '@mobile' },
    async ({ page }) => {
      await openDesktop(page, parent);
      const chrome = new ChromePage(page);
      expect(await chrome.horizontalOverflow()).toBe(0);
      const width = page.viewportSize()?.width ?? 0;
      if (width > 400) {
        await expect(chrome.more).toHaveCount(0);
        return;
      }
      await chrome.more.click();
      await expect(chrome.moreMenu).toBeVisible();
      for (const testId of ['header.home', 'header.child', 'theme.open', 'header.switchAccount']) {
        const item = chrome.moreMenu.getByTestId(testId);
        await expect(item).toBeVisible();
        const box = await item.boundingBox();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
      }
      expect(await chrome.horizontalOverflow()).toBe(0);
    },
  );
});

test.describe('header screens (issue 4: every screen at 1366 and 375 px, in both languages)', () => {
  for (const lang of ['zh-CN', 'en'] as const) {
    test(`the header and menu bar (${lang})`, { tag: '@mobile' }, async ({ page }) => {
      const { desktop } = await openDesktop(page, teacher, {
        query: lang === 'en' ? { language: 'en' } : {},
      });
      const chrome = new ChromePage(page);
      await expect(chrome.badge).toHaveText('99+');
      // The unit's name whole at both widths: on a phone it has the header's second line, where
      // beside the logo it was cut to "Suns…" (chrome.css).
      await expectShownWhole(desktop.unitName);
      await expectShownWhole(desktop.welcome);
      await saveScreen(page, 'desktop-header');
      if (await chrome.more.isVisible()) {
        await chrome.more.click();
        await expect(chrome.moreMenu).toBeVisible();
        await animationsSettled(page);
        await saveScreen(page, 'desktop-header-more');
      }
      expect(await chrome.horizontalOverflow()).toBe(0);
    });
  }
});
