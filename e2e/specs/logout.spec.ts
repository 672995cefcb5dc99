import { expect, test } from '../fixtures/test.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { animationsSettled } from '../fixtures/screens.ts';
import { DesktopPage } from '../pages/DesktopPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { openDesktop } from '../pages/flows.ts';

const { teacher } = demoAccounts;

test.describe('logout (spec §2 logout confirmation, §4 logout)', () => {
  test(
    'spec §4: logout asks for confirmation, lands on /login, and the desktop then needs a sign-in',
    { tag: '@mobile' },
    async ({ page, baseURL }) => {
      const login = new LoginPage(page);
      // A session of its own, through the API: this test ends it.
      const { desktop } = await openDesktop(page, teacher, { fresh: true });

      await desktop.logout.click();
      await expect(desktop.confirmLogout).toBeVisible();
      await animationsSettled(page);
      await expectAccessible(page);
      await desktop.cancelLogout.click();
      await expect(desktop.confirmLogout).toBeHidden();
      await expect(desktop.welcome).toBeVisible();

      await desktop.logOut();
      await expect(page).toHaveURL(/\/login$/);
      await login.waitUntilReady();
      expect(await page.evaluate(() => localStorage.getItem('IS_LOGOUTED'))).toBe('true');

      await desktop.goto();
      const expected = `${baseURL ?? ''}/login?redirect_uri=${encodeURIComponent(
        `${baseURL ?? ''}/desktop/home`,
      )}`;
      await expect(page).toHaveURL(expected);
      await login.waitUntilReady();
    },
  );

  test('spec §2: a signed-out visit to the desktop goes to /login?redirect_uri=<that address>, and back after sign-in', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await page.goto('/desktop/home?tab=welcome');
    await expect(page).toHaveURL(/\/login\?redirect_uri=/);
    const redirect = new URL(page.url()).searchParams.get('redirect_uri') ?? '';
    expect(new URL(redirect).pathname + new URL(redirect).search).toBe('/desktop/home?tab=welcome');
    await login.waitUntilReady();
    await login.signIn(teacher.username, teacher.password);
    await expect(page).toHaveURL(/\/desktop\/home\?tab=welcome$/);
    await expect(new DesktopPage(page).welcome).toBeVisible();
  });
});
