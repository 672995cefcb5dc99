import { uaaEndpoints } from '@campus/contracts/uaa';
import { expect, test } from '../fixtures/test.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { openDesktop } from '../pages/flows.ts';

const { teacher } = demoAccounts;

test.describe('session expiry (spec §4: a body 401 refreshes the token and retries)', () => {
  test('an access token the server no longer accepts is refreshed with no visible error', async ({
    page,
    context,
    baseURL,
  }) => {
    // A session of its own: the refresh below replaces it.
    const { desktop } = await openDesktop(page, teacher, { fresh: true });

    // The server answers 401 for this token, as it does for one that expired mid-session.
    await context.addCookies([{ name: 'ph_at', value: 'expired-on-the-server', url: baseURL! }]);
    const refreshed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === uaaEndpoints.refresh.path,
    );
    await page.reload();
    expect((await (await refreshed).json()) as { status: number }).toMatchObject({ status: 200 });
    await desktop.expectSignedIn();
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'ph_at');
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.value).not.toBe('expired-on-the-server');
  });

  test('when neither refresh nor the app-client login works, the re-login flow returns to the page', async ({
    page,
    context,
  }) => {
    const { desktop } = await openDesktop(page, teacher, { fresh: true });
    const login = new LoginPage(page);

    await context.clearCookies();
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith('userClientId_')) localStorage.removeItem(key);
    });
    await page.reload();
    await expect(page).toHaveURL(/\/login\?redirect_uri=/);
    await login.waitUntilReady();
    await login.signIn(teacher.username, teacher.password);
    await desktop.expectSignedIn();
  });
});
