import type { Page } from '@playwright/test';
import type { DemoAccount } from '../fixtures/accounts.ts';
import { DesktopPage } from './DesktopPage.ts';
import { LoginPage } from './LoginPage.ts';

/** Opens /login, signs in and waits for the desktop; returns both page objects. */
export async function signInToDesktop(
  page: Page,
  account: Pick<DemoAccount, 'username' | 'password'>,
  options: { remember?: boolean; query?: Record<string, string> } = {},
): Promise<{ login: LoginPage; desktop: DesktopPage }> {
  const login = new LoginPage(page);
  const desktop = new DesktopPage(page);
  await login.goto(options.query);
  await login.signIn(account.username, account.password, { remember: options.remember ?? false });
  await desktop.expectSignedIn();
  return { login, desktop };
}

/**
 * Signs in through /login?redirect_uri=… (spec §2, §4) and waits until the browser is on
 * `target`. Used to open a sub-app page directly as a given user.
 */
export async function signInTo(
  page: Page,
  account: Pick<DemoAccount, 'username' | 'password'>,
  target: string,
): Promise<void> {
  const login = new LoginPage(page);
  await page.goto(`/login?redirect_uri=${encodeURIComponent(target)}`);
  await login.waitUntilReady();
  await login.signIn(account.username, account.password);
  const path = target.split(/[?#]/)[0] ?? target;
  await page.waitForURL((url) => url.pathname === path);
}
