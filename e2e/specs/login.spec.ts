import { uaaEndpoints } from '@campus/contracts/uaa';
import { expect, test } from '../fixtures/test.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { DesktopPage } from '../pages/DesktopPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';

const { teacher, parent1 } = demoAccounts;

test.describe('sign-in (spec §2 login box, §4 login result)', () => {
  test(
    'spec §4: a teacher signs in and reaches the desktop welcome with their name',
    { tag: '@mobile' },
    async ({ page }) => {
      const login = new LoginPage(page);
      const desktop = new DesktopPage(page);
      await login.goto();
      await expectAccessible(page);
      await login.signIn(teacher.username, teacher.password);
      await expect(login.toast).toBeVisible();
      await desktop.expectSignedIn();
      const name = await desktop.realName();
      expect(name).not.toBe('');
      await expect(desktop.welcome).toHaveText(`欢迎您，${name}`);
    },
  );

  test('spec §2: Enter moves from the account to the password, and Enter there signs in', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.username.fill(teacher.username);
    await login.username.press('Enter');
    await expect(login.password).toBeFocused();
    await page.keyboard.type(teacher.password);
    await page.keyboard.press('Enter');
    await new DesktopPage(page).expectSignedIn();
  });

  test('spec §8: a wrong password shows its message under the password field', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    // Another account than the teacher's: failures count towards a lockout (DESIGN.md §5).
    await login.signIn(parent1.username, 'not-the-password');
    await expect(login.error).toHaveText('用户名或密码错误');
    await login.expectMessageUnder(login.password, login.error);
    await expect(page).toHaveURL(/\/login(\?|$)/);
  });

  test('spec §4: a link to the root with ?language=en opens the login page in English', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await page.goto('/?language=en');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(login.submit).toHaveText('Sign in');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  test('spec §8: a wrong password message in en is the English half', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto({ language: 'en' });
    await login.signIn(parent1.username, 'not-the-password');
    await expect(login.error).toHaveText('Incorrect user name or password');
  });

  test(
    'spec §5, §8: empty fields show their messages in zh-CN',
    { tag: '@mobile' },
    async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.fill('   ', '');
      await login.submit.click();
      await expect(login.usernameError).toHaveText('用户名不能为空！');
      await expect(login.passwordError).toHaveText('密码不能为空！');
      await login.expectMessageUnder(login.username, login.usernameError);
      await login.expectMessageUnder(login.password, login.passwordError);
    },
  );

  test('spec §5, §8: empty fields show the exact English messages in en', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.lang.click();
    await expect(login.submit).toHaveText('Sign in');
    await login.submit.click();
    await expect(login.usernameError).toHaveText('User name cannot be empty!');
    await expect(login.passwordError).toHaveText('Password cannot be empty!');
  });

  test('spec §2: the unit logo, name and footer come from unit_config, the footer as a safe link', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto({ language: 'en' });
    const config = (await (await page.request.get(uaaEndpoints.unitConfig.path)).json()) as {
      data: { unitEnName: string; footer: string; link: string | null };
    };
    await expect(login.unitName).toHaveText(config.data.unitEnName);
    await expect(login.logo).toBeVisible();
    // The unit's footer text is bilingual (中文|||English); the en page shows the English side.
    const [zhFooter, enFooter] = config.data.footer.split('|||');
    expect(zhFooter).toBeTruthy();
    await expect(login.footer).toHaveText(enFooter ?? '');
    await login.lang.click();
    await expect(login.footer).toHaveText(zhFooter ?? '');
    if (config.data.link) {
      await expect(login.footer).toHaveAttribute('href', config.data.link);
      await expect(login.footer).toHaveAttribute('target', '_blank');
      await expect(login.footer).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});

test.describe('redirect after sign-in (spec §4 redirect order; DESIGN.md §5 no open redirect)', () => {
  test('spec §4: a same-origin redirect_uri is honoured', async ({ page }) => {
    const login = new LoginPage(page);
    // Not the default landing page, so reaching it proves redirect_uri was used.
    const target = '/pages/desktop/mobile_desktop_all/index.html?from=e2e';
    await login.goto({ redirect_uri: target });
    await login.signIn(teacher.username, teacher.password);
    await expect(page).toHaveURL(target);
    await expect(new DesktopPage(page).welcome).toBeVisible();
  });

  for (const offSite of ['https://evil.example/', '//evil.example/phish', 'javascript:alert(1)']) {
    test(`DESIGN.md §5: an off-site redirect_uri (${offSite}) is refused; the desktop opens instead`, async ({
      page,
      baseURL,
    }) => {
      const login = new LoginPage(page);
      await login.goto({ redirect_uri: offSite });
      await login.signIn(teacher.username, teacher.password);
      await expect(page).toHaveURL(`${baseURL ?? ''}/desktop/home`);
      await expect(new DesktopPage(page).welcome).toBeVisible();
    });
  }
});
