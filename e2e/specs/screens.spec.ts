import { expect, test } from '../fixtures/test.ts';
import { LOGIN_PATH } from '@campus/contracts/pages';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { demoAccounts } from '../fixtures/accounts.ts';
import { openDesktop, signInToDesktop } from '../pages/flows.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { DesktopPage } from '../pages/DesktopPage.ts';
import { expectNoHorizontalOverflow, horizontalOverflow, saveScreen } from '../fixtures/screens.ts';

const { teacher } = demoAccounts;

test.describe('language (spec §1: zh-CN by default, en on request)', () => {
  test('the login page switches to English, keeps it across a reload, and switches back', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.submit).toHaveText(/登\s*录/);
    await expect(login.unitName).toHaveText('阳光小学');
    await login.lang.click();
    await expect(login.submit).toHaveText('Sign in');
    await expect(login.unitName).toHaveText('Sunshine Primary School');
    await page.reload();
    await login.waitUntilReady();
    await expect(login.submit).toHaveText('Sign in');
    await login.lang.click();
    await expect(login.submit).toHaveText(/登\s*录/);
  });

  test('spec §2: the desktop header shows the English unit name and welcome in en, and switches to zh-CN', async ({
    page,
  }) => {
    const { desktop } = await openDesktop(page, teacher, { query: { language: 'en' } });
    const name = await desktop.realName();
    await expect(desktop.unitName).toHaveText('Sunshine Primary School');
    await expect(desktop.welcome).toHaveText(`Welcome, ${name}`);
    await desktop.lang.click();
    await expect(desktop.unitName).toHaveText('阳光小学');
    await expect(desktop.welcome).toHaveText(`欢迎您，${name}`);
  });
});

test.describe('the other login-entry screens (spec §2 routes)', () => {
  for (const [lang, heading, back] of [
    ['zh-CN', '忘记密码', /返回登录/],
    ['en', 'Forgot password', /Back to sign in/],
  ] as const) {
    test(
      `spec §2: the forgot-password link opens /forgetPassword and leads back (${lang})`,
      { tag: '@mobile' },
      async ({ page }) => {
        const login = new LoginPage(page);
        await login.goto(lang === 'en' ? { language: 'en' } : {});
        await login.forgot.click();
        await expect(page).toHaveURL(/\/forgetPassword$/);
        await expect(page.getByTestId('forget.page')).toContainText(heading);
        expect(await horizontalOverflow(page)).toBe(0);
        await page.getByTestId('login.back').getByText(back).click();
        await expect(page).toHaveURL(/\/login$/);
      },
    );
  }

  test('spec §2: the bind page shows the provider parameters as text, never as HTML', async ({
    page,
  }) => {
    const hostile = '<img src=x onerror="window.__pwned=1">';
    await page.goto(
      `/bind/?id=u1&openid=${encodeURIComponent(hostile)}&unionid=un-1&deviceId=dev-1`,
    );
    const bind = page.getByTestId('bind.page');
    await expect(bind).toContainText(hostile);
    await expect(bind).toContainText('un-1');
    await expect(bind.locator('img[src="x"]')).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
  });

  test('spec §2: /needtologinpagerelogin tells the desktop-client user to sign in again', async ({
    page,
  }) => {
    await page.goto('/needtologinpagerelogin?language=en');
    await expect(page.getByTestId('relogin.page')).toContainText('Please sign in again');
    await page.getByTestId('relogin.signIn').click();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('auto sign-in (spec §4 auto-login rule; the demo school enables autologin)', () => {
  test('an expired session with a remembered password signs in again by itself, and not after a chosen logout', async ({
    page,
    context,
  }) => {
    // The remembered password is the login form's own feature: this one signs in through it.
    const { login, desktop } = await signInToDesktop(page, teacher, { remember: true });

    // The session ends without a logout: the cookies are gone, the remembered token is not.
    await context.clearCookies();
    await desktop.goto();
    await desktop.expectSignedIn();
    expect(await page.evaluate(() => localStorage.getItem('IS_LOGOUTED'))).not.toBe('true');

    // The login page decides on auto-login once its sign-in check (/me) has answered and the
    // unit config is shown; an attempt would post to the login endpoint. Wait for that decision.
    const loginPosts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === uaaEndpoints.login.path)
        loginPosts.push(request.url());
    });
    const checked = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === uaaEndpoints.me.path &&
        new URL(response.request().frame().url()).pathname === LOGIN_PATH,
    );
    await desktop.logOut();
    await expect(page).toHaveURL(/\/login$/);
    await checked;
    await login.waitUntilReady();
    // The effects of the render after that answer run before the next frames are drawn.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect(login.submit).toBeEnabled();
    expect(loginPosts).toEqual([]);
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.username).toHaveValue(teacher.username);
  });
});

test.describe('desktop at a mobile width (spec §4 screen classes)', () => {
  test(
    'nothing overflows and the header controls stay reachable',
    { tag: '@mobile' },
    async ({ page }) => {
      const { desktop } = await openDesktop(page, teacher);
      expect(await horizontalOverflow(page)).toBe(0);
      const width = page.viewportSize()?.width ?? 0;
      for (const control of [
        desktop.logo,
        desktop.unitName,
        desktop.welcome,
        desktop.lang,
        desktop.logout,
      ]) {
        await expect(control).toBeVisible();
        const box = await control.boundingBox();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
      }
    },
  );
});

test.describe('login-entry screens (every screen at 1366 and 375 px, in both languages)', () => {
  for (const language of ['zh-CN', 'en'] as const) {
    test(
      `the login, forgot-password, bind, re-login and logout screens fit and are saved (${language})`,
      { tag: '@mobile' },
      async ({ page }) => {
        const query = { language };
        const login = new LoginPage(page);
        await login.goto(query);
        await expectNoHorizontalOverflow(page);
        await saveScreen(page, 'login');

        await login.submit.click();
        await expect(login.usernameError).toBeVisible();
        await expect(login.passwordError).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await saveScreen(page, 'login-empty-fields');

        await login.fill(teacher.username, 'Wrong@2026x');
        await login.submit.click();
        await expect(login.error).toBeVisible();
        await saveScreen(page, 'login-wrong-password');

        await login.forgot.click();
        await expect(page.getByTestId('forget.page')).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await saveScreen(page, 'forget-password');

        await page.goto('/bind/?id=u1&openid=open-1&unionid=un-1&deviceId=dev-1');
        await expect(page.getByTestId('bind.page')).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await saveScreen(page, 'bind');

        await page.goto('/needtologinpagerelogin');
        await expect(page.getByTestId('relogin.page')).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await saveScreen(page, 'relogin');

        await openDesktop(page, teacher, { query });
        const desktop = new DesktopPage(page);
        await desktop.logout.click();
        await expect(desktop.confirmLogout).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await saveScreen(page, 'dialog-logout');
      },
    );
  }
});
