/**
 * Choosing a child (spec §2 Header child picker and Other dialogs, §3 Child, §6 "Parents pick a
 * child"): the picker exists only for a parent with more than one child; entering a child
 * re-scopes the session and the desktop shows the new current child.
 */
import { type Page } from '@playwright/test';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { expect, test } from '../fixtures/test.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { createAccount, linkNewChild } from '../fixtures/desktop-data.ts';
import { DesktopOverlaysPage } from '../pages/DesktopOverlaysPage.ts';
import { openDesktop } from '../pages/flows.ts';

async function currentChildId(page: Page): Promise<string | null> {
  const answer = await page.request.get(uaaEndpoints.me.path);
  return ((await answer.json()) as { data: { chirdenId: string | null } }).data.chirdenId;
}

test.describe('child picker', () => {
  test('spec §2: the demo parent with two children gets the picker', async ({ page }) => {
    await openDesktop(page, demoAccounts.parent);
    await expect(page.getByTestId('home.childName')).toHaveText(/Li (Ming|Hua)/);
    await expect(page.getByTestId('home.child.more')).toBeVisible();
    await expect(page.getByTestId('header.child')).toHaveCount(1);
    await page.getByTestId('home.child.more').click();
    const ui = new DesktopOverlaysPage(page);
    await expect(ui.childRows).toHaveCount(2);
    for (const name of ['Li Ming', 'Li Hua']) {
      await expect(ui.childRows.getByTestId('child.name').filter({ hasText: name })).toHaveCount(1);
    }
    await expect(ui.childRows.filter({ hasText: 'Li Ming' })).toContainText('Grade 3');
    await expect(ui.childRows.filter({ hasText: 'Li Ming' })).toContainText('Class 2');
    await expect(ui.childRows.filter({ hasText: 'Li Hua' })).toContainText('Grade 5');
    await expect(ui.childRows.getByTestId('child.enter')).toHaveCount(2);
    await ui.settle();
    await expectAccessible(page);
  });

  test('spec §2: parent1 with one child gets no picker', { tag: '@mobile' }, async ({ page }) => {
    await openDesktop(page, demoAccounts.parent1);
    await page.goto('/desktop/home'); // phones land on the mobile desktop
    await expect(page.getByTestId('home.childName')).toHaveText(/\S/);
    await expect(page.getByTestId('home.child.more')).toHaveCount(0);
    await expect(page.getByTestId('header.child')).toHaveCount(0);
  });

  test('a teacher has no child card and no picker', async ({ page }) => {
    await openDesktop(page, demoAccounts.teacher);
    await expect(page.getByTestId('page.home')).toBeVisible();
    await expect(page.getByTestId('home.child')).toHaveCount(0);
    await expect(page.getByTestId('header.child')).toHaveCount(0);
  });

  test('spec §6: entering another child changes the current child, also after a reload', async ({
    page,
  }) => {
    // Three admin CLI runs (a process each) make this family before the page opens.
    test.slow();
    const parent = await createAccount(3, 'child-parent');
    await linkNewChild(parent, { name: 'Zhang San', grade: 'Grade 2', className: 'Class 1' });
    await linkNewChild(parent, { name: 'Zhang Si', grade: 'Grade 4', className: 'Class 3' });
    await openDesktop(page, parent, { query: { language: 'en' } });
    const ui = new DesktopOverlaysPage(page);
    const before = await currentChildId(page);
    const name = page.getByTestId('home.childName');
    const current = (await name.textContent()) ?? '';
    const other = current === 'Zhang San' ? 'Zhang Si' : 'Zhang San';

    await page.getByTestId('home.child.more').click();
    await ui.settle();
    await expect(ui.childRows.filter({ hasText: current }).getByTestId('child.current')).toHaveText(
      'Current',
    );
    await ui.childRows.filter({ hasText: other }).getByTestId('child.enter').click();
    await expect(page.getByTestId('child.entered')).toHaveText(`Now viewing ${other}`);
    await expect(ui.childDialog).toHaveCount(0);
    await expect(name).toHaveText(other);
    await expect(page.getByTestId('home.childClass')).toHaveText(
      other === 'Zhang Si' ? 'Grade 4 · Class 3' : 'Grade 2 · Class 1',
    );
    expect(await currentChildId(page)).not.toBe(before);

    await page.reload();
    await expect(name).toHaveText(other);
    await page.goto('/desktop/setting');
    await expect(page.getByTestId('setting.child')).toContainText(other);
  });
});
