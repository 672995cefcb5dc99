/**
 * The messages dialog and the module-expiry table (spec §2 Other dialogs, §3 Message, §4 module
 * status, §8 'All ignored successfully!', §9 importance colours and the 7,776,000,000 ms window).
 * Tests that change messages use an account of their own (fixtures/desktop-data.ts).
 */
import { desktopEndpoints } from '@campus/contracts/desktop';
import { expect, test } from '../fixtures/test.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { IMPORTANCE_COLOURS } from '../../packages/ui/src/chrome/messages/message-rules.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { addMessages, createAccount } from '../fixtures/desktop-data.ts';
import { DesktopOverlaysPage } from '../pages/DesktopOverlaysPage.ts';
import { openDesktop } from '../pages/flows.ts';

const DAY = 86_400_000;

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test.describe('messages dialog', () => {
  test('spec §3: each importance 1 to 5 has its own colour; ignoring one removes it', async ({
    page,
  }) => {
    const account = await createAccount(2, 'msg-colours');
    await addMessages(
      account.userId,
      [5, 4, 3, 2, 1].map((importance) => ({ text: `Importance ${importance}`, importance })),
    );
    await openDesktop(page, account);
    const ui = new DesktopOverlaysPage(page);
    await ui.closeTodoPopup();
    await ui.openMessages();
    await expect(ui.messageItems).toHaveCount(5);
    for (const level of [1, 2, 3, 4, 5] as const) {
      const item = ui.messageItems.filter({ hasText: `Importance ${level}` });
      await expect(item).toHaveAttribute('data-importance', String(level));
      await expect(item).toHaveCSS('border-left-color', rgb(IMPORTANCE_COLOURS[level]));
    }
    await expect(page.getByTestId('messages.count')).toHaveText('5 条未读');
    await ui.settle();
    await expectAccessible(page);

    await ui.messageItems
      .filter({ hasText: 'Importance 3' })
      .getByTestId('messages.ignore')
      .click();
    await expect(ui.messageItems).toHaveCount(4);
    await expect(ui.messageItems.filter({ hasText: 'Importance 3' })).toHaveCount(0);
    await page.reload();
    await ui.closeTodoPopup();
    await ui.openMessages();
    await expect(ui.messageItems).toHaveCount(4);
  });

  for (const [language, done] of [
    ['en', 'All ignored successfully!'],
    ['zh-CN', '全部忽略成功！'],
  ] as const) {
    test(
      `spec §8: ignore all says '${done}' and empties the list (${language})`,
      { tag: '@mobile' },
      async ({ page }) => {
        const account = await createAccount(2, `msg-all-${language}`);
        await addMessages(account.userId, [
          { text: 'First', importance: 2 },
          { text: 'Second', importance: 4 },
          { text: 'Third', importance: 1 },
        ]);
        await openDesktop(page, account, { query: { language } });
        await page.goto('/desktop/home'); // phones land on the mobile desktop
        const ui = new DesktopOverlaysPage(page);
        await ui.closeTodoPopup();
        await expect(page.getByTestId('home.messageCount')).toHaveText('3');
        await ui.openMessages();
        await expect(ui.messageItems).toHaveCount(3);
        await ui.ignoreAll.click();
        await expect(page.getByTestId('messages.ignoreAllDone')).toHaveText(done);
        await expect(ui.messageItems).toHaveCount(0);
        await expect(page.getByTestId('messages.empty')).toBeVisible();
        await expect(ui.ignoreAll).toBeDisabled();
        // The home card follows (unread-events), and the server agrees.
        await page.getByTestId('messages.close').click();
        await expect(page.getByTestId('home.messages').getByTestId('noData.root')).toBeVisible();
        const answer = await page.request.get(desktopEndpoints.unhandleCount.path);
        expect(
          ((await answer.json()) as { data: { messageCount: number } }).data.messageCount,
        ).toBe(0);
      },
    );
  }

  test('a message link opens only when it is safe (same origin or http(s))', async ({ page }) => {
    const account = await createAccount(2, 'msg-links');
    await addMessages(account.userId, [
      { text: 'Safe link', importance: 3, url: '/desktop/setting' },
      { text: 'Script link', importance: 3, url: 'javascript:alert(1)' },
    ]);
    await openDesktop(page, account);
    const ui = new DesktopOverlaysPage(page);
    await ui.closeTodoPopup();
    await ui.openMessages();
    // The server drops the script URL already; the page would refuse it too (unit-tested).
    await expect(
      ui.messageItems.filter({ hasText: 'Script link' }).getByTestId('messages.open'),
    ).toHaveCount(0);
    await ui.messageItems.filter({ hasText: 'Safe link' }).getByTestId('messages.open').click();
    await expect(page).toHaveURL(/\/desktop\/setting$/);
  });
});

test.describe('module-expiry table', () => {
  test('spec §3, §4: openWay 1 opens the modules sorted expired, soon-to-expire, in use', async ({
    page,
  }) => {
    const account = await createAccount(2, 'msg-expiry');
    const now = Date.now();
    await addMessages(account.userId, [
      {
        text: 'Modules are expiring',
        importance: 5,
        module: 'base',
        openWay: 1,
        modules: [
          { code: 'cms', endTime: now + 400 * DAY },
          { code: 'canteen', endTime: now + 30 * DAY },
          { code: 'library', endTime: now - 10 * DAY },
          // Spec §9: 7,776,000,000 ms (90 days) is still "soon"; one day more is "in use".
          { code: 'edu', endTime: now + 89 * DAY },
          { code: 'exam', endTime: now + 91 * DAY },
        ],
      },
    ]);
    await openDesktop(page, account, { query: { language: 'en' } });
    const ui = new DesktopOverlaysPage(page);
    await ui.closeTodoPopup();
    await ui.openMessages();
    await ui.messageItems.getByTestId('messages.open').click();
    await expect(ui.moduleExpiry).toBeVisible();
    await ui.settle();
    await expect(ui.moduleRows).toHaveCount(5);
    await expect(ui.moduleRows.getByTestId('moduleExpiry.name')).toHaveText([
      'Library',
      'Smart Canteen',
      'Academic Affairs',
      'Exam Results',
      'News and Notices',
    ]);
    await expect(ui.moduleRows.getByTestId('moduleExpiry.status')).toHaveText([
      'Expired',
      'Expiring soon',
      'Expiring soon',
      'In use',
      'In use',
    ]);
    await expect(ui.moduleRows.first().getByTestId('moduleExpiry.endTime')).toHaveText(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    await page.getByTestId('moduleExpiry.back').click();
    await expect(ui.messagesDialog).toBeVisible();
  });

  test("the demo teacher's expiry message names the modules in Chinese", async ({ page }) => {
    await openDesktop(page, demoAccounts.teacher);
    const ui = new DesktopOverlaysPage(page);
    await ui.closeTodoPopup();
    await ui.openMessages();
    await ui.messageItems.filter({ hasText: '模块到期' }).getByTestId('messages.open').click();
    await expect(ui.moduleRows.first().getByTestId('moduleExpiry.name')).toHaveText('图书借阅');
    await expect(ui.moduleRows.first().getByTestId('moduleExpiry.status')).toHaveText('已过期');
    await expect(ui.moduleRows.last().getByTestId('moduleExpiry.status')).toHaveText('使用中');
  });
});
