/**
 * The to-do reminder popup (spec §2 Other dialogs, §4 "To-do popup", §9: 3 per page, auto-close
 * after 15 s, any action restarts the timer). Playwright's clock fakes setTimeout from before
 * the first page loads, so the 15 s are driven by the test, not waited for.
 */
import { expect, test } from '../fixtures/test.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { addTodos, createAccount } from '../fixtures/desktop-data.ts';
import { DesktopOverlaysPage } from '../pages/DesktopOverlaysPage.ts';
import { openDesktop } from '../pages/flows.ts';

test.describe('to-do popup', () => {
  test('spec §9: the demo teacher’s 7 to-dos show 3 a page with previous and next', async ({
    page,
  }) => {
    await openDesktop(page, demoAccounts.teacher, { query: { language: 'en' } });
    const ui = new DesktopOverlaysPage(page);
    await expect(ui.todoPopup).toBeVisible();
    await expect(ui.todoItems).toHaveCount(3);
    await expect(ui.todoPage).toHaveText('Page 1 of 3');
    await expect(page.getByTestId('todo.total')).toHaveText('7 open');
    await expect(ui.todoPrev).toBeDisabled();
    await ui.settle();
    await expectAccessible(page);
    const firstPage = await ui.todoItems.allTextContents();

    await ui.todoNext.click();
    await expect(ui.todoPage).toHaveText('Page 2 of 3');
    await expect(ui.todoItems).toHaveCount(3);
    expect(await ui.todoItems.allTextContents()).not.toEqual(firstPage);

    await ui.todoNext.click();
    await expect(ui.todoPage).toHaveText('Page 3 of 3');
    await expect(ui.todoItems).toHaveCount(1);
    await expect(ui.todoNext).toBeDisabled();

    await ui.todoPrev.click();
    await ui.todoPrev.click();
    await expect(ui.todoPage).toHaveText('Page 1 of 3');
    expect(await ui.todoItems.allTextContents()).toEqual(firstPage);

    await ui.todoClose.click();
    await expect(ui.todoPopup).toHaveCount(0);
    // The home card's 'view all' brings it back.
    await page.getByTestId('home.todos.more').click();
    await expect(ui.todoPopup).toBeVisible();
    await expect(ui.todoPage).toHaveText('Page 1 of 3');
  });

  test('spec §4: it closes by itself after 15 s, and an action restarts the 15 s', async ({
    page,
  }) => {
    await page.clock.install();
    await openDesktop(page, demoAccounts.teacher);
    const ui = new DesktopOverlaysPage(page);
    await expect(ui.todoPopup).toBeVisible();

    await page.clock.fastForward(10_000);
    await expect(ui.todoPopup).toBeVisible();
    await ui.todoNext.click(); // an action: 15 s again from here
    await expect(ui.todoPage).toHaveText('第 2 / 3 页');

    await page.clock.fastForward(10_000); // 20 s after opening, 10 s after the action
    await expect(ui.todoPopup).toBeVisible();
    await ui.todoPrev.press('Shift'); // a key press inside the popup is an action too
    await page.clock.fastForward(10_000);
    await expect(ui.todoPopup).toBeVisible();

    await page.clock.fastForward(5_500); // 15.5 s after the last action
    await expect(ui.todoPopup).toHaveCount(0);
  });

  test('spec §4: no popup when the first page is empty', async ({ page }) => {
    const account = await createAccount(2, 'todo-none');
    await openDesktop(page, account);
    await expect(page.getByTestId('home.todos').getByTestId('noData.root')).toBeVisible();
    await expect(new DesktopOverlaysPage(page).todoPopup).toHaveCount(0);
  });

  test('a popup of exactly 3 to-dos has one page', { tag: '@mobile' }, async ({ page }) => {
    const account = await createAccount(2, 'todo-three');
    await addTodos(account.userId, ['One', 'Two', 'Three']);
    await openDesktop(page, account);
    await page.goto('/desktop/home'); // phones land on the mobile desktop
    const ui = new DesktopOverlaysPage(page);
    await expect(ui.todoItems).toHaveText([/One/, /Two/, /Three/]);
    await expect(ui.todoPage).toHaveText('第 1 / 1 页');
    await expect(ui.todoNext).toBeDisabled();
    // The popup slides in from the right: measure where it comes to rest.
    await ui.settle();
    const width = page.viewportSize()?.width ?? 0;
    const box = await ui.todoPopup.boundingBox();
    // At the right edge, inside the window.
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    expect(width - ((box?.x ?? 0) + (box?.width ?? 0))).toBeLessThan(24);
  });
});
