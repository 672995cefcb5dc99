/**
 * The desktop entry's pages (spec §2 routes: /desktop/home, pc_desktop_all, mobile_desktop_all,
 * desktop/setting, areaDesktop/setting, the help centre; the area desktop for unit type 1), the
 * spec §4 screen classes, the licence-expired dialog (spec §2, §4, §8), and every screen saved
 * at 1366 and 375 px in both languages with no horizontal overflow.
 */
import { HELP_CENTRE_PATH } from '@campus/contracts/pages';
import { type Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { expectNoHorizontalOverflow, saveScreen } from '../fixtures/screens.ts';
import { DesktopOverlaysPage } from '../pages/DesktopOverlaysPage.ts';
import { openDesktop } from '../pages/flows.ts';

const { teacher, parent, area } = demoAccounts;

/** The help centre's path (spec §2 help-centre page; the path is ours, see docs/decisions.md). */
const HELP_PATH = HELP_CENTRE_PATH;

/** Waits until the page's widgets have loaded (no spinner left in a card). */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[data-testid$=".loading"]')).toHaveCount(0);
}

test.describe('desktop pages by address (spec §2 routes)', () => {
  test('each address shows its page body', async ({ page }) => {
    await openDesktop(page, teacher);
    for (const [path, body] of [
      ['/desktop/home', 'page.home'],
      ['/pages/desktop/pc_desktop_all/index.html', 'page.home'],
      ['/pages/desktop/mobile_desktop_all/index.html', 'page.mobile'],
      ['/desktop/setting', 'page.setting'],
      ['/areaDesktop/setting', 'page.areaSetting'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(body), path).toBeVisible();
    }
  });

  test('spec §1, §6: the area user gets the area desktop, listing the schools under the area', async ({
    page,
  }) => {
    await openDesktop(page, area, { query: { language: 'en' } });
    await expect(page.getByTestId('page.area')).toBeVisible();
    await expect(page.getByTestId('area.overview')).toContainText('East District');
    await expect(page.getByTestId('area.schoolCount')).toHaveText('Schools: 1');
    await expect(page.getByTestId('area.school')).toHaveCount(1);
    await expect(page.getByTestId('area.school')).toContainText('Sunshine Primary School');
    await expect(page.getByTestId('area.empty')).toHaveCount(0);
    await page.goto('/desktop/setting');
    await expect(page.getByTestId('page.areaSetting')).toContainText('Area settings');
  });

  test('spec §4: the page root carries the screen class and follows a resize', async ({ page }) => {
    await openDesktop(page, teacher);
    await page.goto('/desktop/setting');
    const root = page.locator('[data-screen][data-page]');
    await expect(root).toHaveAttribute('data-screen', 'pc');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(root).toHaveAttribute('data-screen', 'ipad');
    await page.setViewportSize({ width: 400, height: 768 });
    await expect(root).toHaveAttribute('data-screen', 'mobile');
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(root).toHaveAttribute('data-screen', 'pc');
  });

  test('settings: language, layout lock kept per user, and the download-client dialog', async ({
    page,
  }) => {
    await openDesktop(page, demoAccounts.staff);
    await page.goto('/desktop/setting');
    await expect(page.getByTestId('setting.account')).toHaveText('staff');
    await page.getByTestId('setting.lang').getByText('English').click();
    await expect(page.getByTestId('page.setting')).toContainText('Settings');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const lock = page.getByTestId('setting.lock');
    const before = await lock.getAttribute('aria-checked');
    await lock.click();
    const after = before === 'true' ? 'false' : 'true';
    await expect(lock).toHaveAttribute('aria-checked', after);
    await page.reload();
    await expect(page.getByTestId('setting.lock')).toHaveAttribute('aria-checked', after);
    await page.getByTestId('setting.lock').click(); // back as it was
    await expect(page.getByTestId('setting.lock')).toHaveAttribute(
      'aria-checked',
      before ?? 'false',
    );

    await page.getByTestId('setting.download').click();
    await expect(page.getByTestId('download.dialog')).toBeVisible();
    await expect(page.getByTestId('download.installer')).toHaveAttribute(
      'href',
      /^\/downloads\/.+\.exe$/,
    );
    await expect(page.getByTestId('download.portable')).toHaveAttribute(
      'href',
      /^\/downloads\/.+\.zip$/,
    );
    await expect(page.getByTestId('download.installerMeta')).toContainText('MB');
  });

  test('the help centre shows its topics, a way back only to this site, and never the token', async ({
    page,
  }) => {
    await openDesktop(page, teacher, { query: { language: 'en' } });
    const secret = 'SECRET-ACCESS-TOKEN-123';
    await page.goto(
      `${HELP_PATH}?redUrl=${encodeURIComponent('/desktop/home')}&accessToken=${secret}&unitId=demo-unit-sunshine`,
    );
    await expect(page.getByTestId('page.help')).toBeVisible();
    await expect(page.getByTestId('help.topic')).toHaveCount(7);
    await expect(page.getByTestId('help.unit')).toContainText('Sunshine Primary School');
    await expect(page.getByTestId('help.back')).toHaveAttribute('href', '/desktop/home');
    expect(await page.content()).not.toContain(secret);
    await expect(page).not.toHaveURL(new RegExp(secret));
    await expect(page).toHaveURL(/unitId=demo-unit-sunshine/);

    await page.goto(`${HELP_PATH}?redUrl=${encodeURIComponent('https://evil.example/')}`);
    await expect(page.getByTestId('page.help')).toBeVisible();
    await expect(page.getByTestId('help.back')).toHaveCount(0);
  });

  test('an unknown address under the entry shows the not-found page', async ({ page }) => {
    await page.route('**/desktop/nowhere', async (route) => {
      await route.fulfill({ response: await page.request.get('/desktop/setting') });
    });
    await openDesktop(page, teacher);
    await page.goto('/desktop/nowhere');
    await expect(page.getByTestId('notFound.root')).toBeVisible();
  });
});

test.describe('browser zoom warning (spec §2 non-content pages, §8, §9)', () => {
  for (const [scale, warns] of [
    [1.5, true],
    [1.2, false],
  ] as const) {
    test(`the desktop at ${scale * 100} % zoom ${warns ? 'warns, suggesting 100 % and Ctrl+0' : 'shows no warning (80 to 120 % is fine)'}`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        deviceScaleFactor: scale,
        viewport: { width: 1366, height: 768 },
      });
      const page = await context.newPage();
      try {
        await openDesktop(page, teacher, { query: { language: 'en' } });
        await expect(page.getByTestId('page.home')).toBeVisible();
        const warning = page.getByTestId('desktop.zoomWarning');
        if (warns) {
          await expect(warning).toContainText('150%');
          await expect(warning).toContainText('100%');
          await expect(warning).toContainText('Ctrl+0');
        } else {
          await expect(page.getByTestId('menu.icon').first()).toBeVisible();
          await expect(warning).toHaveCount(0);
        }
      } finally {
        await context.close();
      }
    });
  }
});

test.describe('licence-expired dialog (spec §2, §4, §8)', () => {
  test("opening the demo school's expired library app shows the spec §8 message", async ({
    page,
  }) => {
    await openDesktop(page, teacher);
    await page.goto('/pages/desktop/mobile_desktop_all/index.html');
    await page.locator('[data-testid="mobile.app"][data-code="library"]').click();
    const ui = new DesktopOverlaysPage(page);
    await expect(ui.licenceDialog).toBeVisible();
    await ui.settle();
    await expect(ui.licenceText).toHaveText('该模块已过期，请联系管理员！');
    await expect(page.getByTestId('licence.app')).toHaveText('图书借阅');
    await expect(page).toHaveURL(/mobile_desktop_all/);
    await page.getByTestId('licence.back').click();
    await expect(ui.licenceDialog).toHaveCount(0);
  });

  test('an expired desktop licence blocks the desktop: no close, no Escape, only sign out', async ({
    page,
  }) => {
    // The demo school cannot expire the desktop itself ('desktop' is not a licensed app, and
    // codes that are not licensed apps need no licence), so the licence call answers false here.
    await page.route('**/api/base/license/unit?*', async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('serverId') !== 'desktop') return route.continue();
      return route.fulfill({ json: { status: 200, data: false } });
    });
    // A session of its own: the dialog's logout ends it.
    await openDesktop(page, teacher, { query: { language: 'en' }, fresh: true });
    const ui = new DesktopOverlaysPage(page);
    await expect(ui.licenceText).toHaveText(
      'This module has expired, please contact the administrator!',
    );
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(ui.licenceDialog).toBeVisible();
    await expect(page.getByTestId('licence.back')).toHaveCount(0);
    await page.getByTestId('licence.logout').click();
    await expect(page).toHaveURL(/\/login/);
  });
});

for (const language of ['zh-CN', 'en'] as const) {
  test(
    `every desktop screen fits the width and is saved (${language})`,
    { tag: '@mobile' },
    async ({ page }) => {
      // Ten screens, each saved and audited for accessibility: past 90 s on a busy CI machine.
      test.setTimeout(180_000);
      const query = { language };
      const ui = new DesktopOverlaysPage(page);

      await openDesktop(page, teacher, { query });
      await page.goto('/desktop/home');
      await expect(page.getByTestId('page.home')).toBeVisible();
      await expect(ui.todoPopup).toBeVisible();
      await settled(page);
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'desktop-home');
      // The desktop home with the to-do popup over it (spec §4 opens it by itself).
      await ui.settle();
      await expectAccessible(page);

      await ui.closeTodoPopup();
      await ui.openMessages();
      await expect(ui.messageItems.first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'dialog-messages');
      await ui.settle();
      await expectAccessible(page);
      await ui.messageItems.filter({ hasText: '模块到期' }).getByTestId('messages.open').click();
      await expect(ui.moduleRows.first()).toBeVisible();
      await ui.settle();
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'dialog-module-expiry');
      await expectAccessible(page);
      await page.getByTestId('moduleExpiry.close').click();

      await page.goto('/pages/desktop/mobile_desktop_all/index.html');
      await expect(page.getByTestId('mobile.app').first()).toBeVisible();
      await settled(page);
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'desktop-mobile');
      await expectAccessible(page);
      await page.locator('[data-testid="mobile.app"][data-code="library"]').click();
      await expect(ui.licenceDialog).toBeVisible();
      await ui.settle();
      await saveScreen(page, 'dialog-licence');
      await expectAccessible(page);
      await page.getByTestId('licence.back').click();

      await page.goto('/desktop/setting');
      await expect(page.getByTestId('page.setting')).toBeVisible();
      await settled(page);
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'desktop-setting');
      await expectAccessible(page);
      await page.getByTestId('setting.download').click();
      await expect(page.getByTestId('download.dialog')).toBeVisible();
      await ui.settle();
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'dialog-download');
      await expectAccessible(page);

      await page.goto(
        `${HELP_PATH}?redUrl=${encodeURIComponent('/desktop/home')}&accessToken=x&unitId=demo-unit-sunshine`,
      );
      await expect(page.getByTestId('help.unit')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'desktop-help');
      await expectAccessible(page);

      await page.context().clearCookies();
      await openDesktop(page, parent, { query });
      await page.goto('/desktop/home');
      await expect(page.getByTestId('home.childName')).toBeVisible();
      await settled(page);
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'desktop-home-parent');
      await expectAccessible(page);
      await page.getByTestId('home.child.more').click();
      await expect(ui.childRows).toHaveCount(2);
      await ui.settle();
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'dialog-child');
      await expectAccessible(page);

      await page.context().clearCookies();
      await openDesktop(page, area, { query });
      await page.goto('/desktop/home');
      await expect(page.getByTestId('page.area')).toBeVisible();
      await settled(page);
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'desktop-area');
      await expectAccessible(page);
      await page.goto('/areaDesktop/setting');
      await expect(page.getByTestId('page.areaSetting')).toBeVisible();
      await settled(page);
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'desktop-area-setting');
      await expectAccessible(page);
    },
  );
}
