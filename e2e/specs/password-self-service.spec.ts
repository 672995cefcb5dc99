/**
 * Password self-service (issue 12 §4, DESIGN.md §8) in both languages at PC and mobile widths:
 * the forgotten-password link end to end through the server's local SMTP sink, and the
 * settings page's password change ending the user's other sign-ins. Each test makes an account
 * of its own with the admin CLI, so no other spec's demo password changes.
 */
import { randomBytes } from 'node:crypto';
import { request } from '@playwright/test';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { signInByApi, test, expect } from '../fixtures/test.ts';
import { mailTo } from '../fixtures/mailbox.ts';
import { runAdmin } from '../fixtures/server-data.ts';
import { LoginPage } from '../pages/LoginPage.ts';

const TEXT = {
  'zh-CN': {
    forgot: '忘记密码',
    sent: '重置密码的链接已发出',
    reset: '设置新密码',
    done: '密码已修改',
    changed: '密码已修改',
  },
  en: {
    forgot: 'Forgot password',
    sent: 'a link to reset the password is on its way',
    reset: 'Choose a new password',
    done: 'Your password has been changed',
    changed: 'Password changed',
  },
} as const;

/** A teacher account of the test's own, with an email address. */
async function newAccount(
  prefix: string,
): Promise<{ username: string; password: string; email: string }> {
  const username = `${prefix}-${randomBytes(4).toString('hex')}`;
  const password = 'Start#2026a';
  const email = `${username}@e2e.example`;
  await runAdmin([
    'create-user',
    '--unit',
    'demo-unit-sunshine',
    '--login',
    username,
    '--name',
    `Test ${username}`,
    '--type',
    '2',
    '--password',
    password,
    '--email',
    email,
  ]);
  return { username, password, email };
}

for (const lang of ['zh-CN', 'en'] as const) {
  const text = TEXT[lang];

  test(
    `forgot password: the emailed link sets a new password once (${lang})`,
    { tag: '@mobile' },
    async ({ page }) => {
      const account = await newAccount(`fp-${lang === 'en' ? 'en' : 'zh'}`);
      const login = new LoginPage(page);
      await login.goto(lang === 'en' ? { language: 'en' } : {});
      await login.forgot.click();
      await expect(page.getByTestId('forget.page')).toContainText(text.forgot);
      await page.getByTestId('forget.submit').click();
      await expect(page.getByTestId('forget.accountError')).toBeVisible();
      await page.getByTestId('forget.account').fill(account.username);
      await page.getByTestId('forget.submit').click();
      await expect(page.getByTestId('forget.sent')).toContainText(text.sent);

      const mail = await mailTo(account.email);
      const link = /https?:\/\/\S+\/forgetPassword\?reset=[\w-]+/.exec(mail.text)?.[0];
      expect(link, mail.text).toBeDefined();
      await page.goto(link!);
      await expect(page.getByTestId('reset.page')).toContainText(text.reset);
      await page.getByTestId('reset.password').fill('abcdefgh');
      await page.getByTestId('reset.confirm').fill('abcdefgh');
      await page.getByTestId('reset.submit').click();
      await expect(page.getByTestId('reset.error')).toBeVisible();
      await page.getByTestId('reset.password').fill('Renewed#2026');
      await page.getByTestId('reset.confirm').fill('Renewed#2026');
      await page.getByTestId('reset.submit').click();
      await expect(page.getByTestId('reset.done')).toContainText(text.done);

      // The link works once: a second use is refused with the server's notice.
      await page.goto(link!);
      await page.getByTestId('reset.password').fill('Another#2026');
      await page.getByTestId('reset.confirm').fill('Another#2026');
      await page.getByTestId('reset.submit').click();
      await expect(page.getByTestId('login.toast')).toBeVisible();
      await expect(page.getByTestId('reset.done')).toHaveCount(0);

      await page.goto('/login');
      await login.waitUntilReady();
      await login.signIn(account.username, 'Renewed#2026');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    },
  );

  test(
    `change password in the settings ends the other sign-ins (${lang})`,
    { tag: '@mobile' },
    async ({ page, baseURL }) => {
      const account = await newAccount(`cp-${lang === 'en' ? 'en' : 'zh'}`);
      // Another device, signed in through the API.
      const other = await request.newContext({ baseURL });
      const signedIn = await other.post(uaaEndpoints.login.path, {
        form: { username: account.username, password: account.password },
        headers: { device: 'pc:portal' },
      });
      expect(((await signedIn.json()) as { status: number }).status).toBe(200);

      await signInByApi(page, account, { fresh: true, language: lang });
      await page.goto('/desktop/setting');
      const card = page.getByTestId('setting.passwordCard');
      await expect(card).toBeVisible();
      await page.getByTestId('setting.changePassword').click();
      await expect(page.getByTestId('setting.oldPasswordError')).toBeVisible();
      await page.getByTestId('setting.oldPassword').fill(account.password);
      await page.getByTestId('setting.newPassword').fill('Changed#2026');
      await page.getByTestId('setting.confirm').fill('Changed#2027');
      await page.getByTestId('setting.changePassword').click();
      await expect(page.getByTestId('setting.confirmError')).toBeVisible();
      await page.getByTestId('setting.confirm').fill('Changed#2026');
      await page.getByTestId('setting.changePassword').click();
      await expect(page.getByText(text.changed).first()).toBeVisible();

      const me = await other.get(uaaEndpoints.me.path, { headers: { device: 'pc:portal' } });
      expect(((await me.json()) as { status: number }).status).toBe(401);
      await other.dispose();
      // This page's own sign-in stays.
      await page.reload();
      await expect(page.getByTestId('setting.account')).toHaveText(account.username);
    },
  );
}
