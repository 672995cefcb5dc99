import type { Page } from '@playwright/test';
import type { DemoAccount } from '../fixtures/accounts.ts';
import { desktopPathFor, signInByApi } from '../fixtures/test.ts';
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

/**
 * Signs in through the API (the worker's saved session for this account, or a fresh one) and
 * opens the desktop the login page would land on at this width (spec §4), waiting for it.
 * For every spec whose subject is not the login form itself (issue 10 §6).
 */
export async function openDesktop(
  page: Page,
  account: Pick<DemoAccount, 'username' | 'password'>,
  options: { query?: { language?: string }; fresh?: boolean } = {},
): Promise<{ desktop: DesktopPage }> {
  const desktop = new DesktopPage(page);
  await signInByApi(page, account, { language: options.query?.language, fresh: options.fresh });
  await page.goto(desktopPathFor(page));
  await desktop.expectSignedIn();
  return { desktop };
}

/**
 * Signs in through the API and opens `target` (a sub-app page, say) as that user, waiting
 * until the browser is there: what `signInTo` does, without the login form.
 */
export async function openAs(
  page: Page,
  account: Pick<DemoAccount, 'username' | 'password'>,
  target: string,
  options: { fresh?: boolean } = {},
): Promise<void> {
  await signInByApi(page, account, options);
  await page.goto(target);
  const path = target.split(/[?#]/)[0] ?? target;
  await page.waitForURL((url) => url.pathname === path);
}
