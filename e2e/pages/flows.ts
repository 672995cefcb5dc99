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
