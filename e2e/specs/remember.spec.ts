import { type Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { DesktopPage } from '../pages/DesktopPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';

const { teacher } = demoAccounts;

/** Every localStorage key and value of the page, in one list. */
async function storedText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage).flatMap((key) => [key, localStorage.getItem(key) ?? '']),
  );
}

test.describe('remember password (spec §2 login box; DESIGN.md §5 a token, never the password)', () => {
  test('a remembered sign-in survives a reload, signs in again without typing, and the password is never stored', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    const desktop = new DesktopPage(page);
    await login.goto();
    await login.signIn(teacher.username, teacher.password, { remember: true });
    await desktop.expectSignedIn();

    await page.reload();
    await desktop.expectSignedIn();

    const afterSignIn = await storedText(page);
    expect(afterSignIn).toContain('campus_portal');
    for (const text of afterSignIn) expect(text).not.toContain(teacher.password);

    await desktop.logOut();
    await expect(page).toHaveURL(/\/login$/);
    await login.waitUntilReady();
    await expect(login.username).toHaveValue(teacher.username);
    await expect(login.remember).toBeChecked();
    await expect(login.password).toHaveValue('');

    await login.submit.click();
    await desktop.expectSignedIn();
    for (const text of await storedText(page)) expect(text).not.toContain(teacher.password);
  });

  test('without the box ticked, nothing is remembered', async ({ page }) => {
    const login = new LoginPage(page);
    const desktop = new DesktopPage(page);
    await login.goto();
    await login.signIn(teacher.username, teacher.password);
    await desktop.expectSignedIn();
    await desktop.logOut();
    await login.waitUntilReady();
    await expect(login.username).toHaveValue('');
    await expect(login.remember).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('campus_portal'))).toBeNull();
  });
});
