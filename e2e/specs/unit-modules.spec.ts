/**
 * The unit's modules from the settings page (spec §2 module-expiry table, §4 "Module status by
 * end time", §7 GET /api/base/resource/inside/module; issue 10 §4 "remaining callers"): staff
 * open the table of every licensed module, expired first; parents have no such entry (the
 * server refuses them the list).
 */
import { baseEndpoints } from '@campus/contracts/base';
import { expect, test } from '../fixtures/test.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { signInToDesktop } from '../pages/flows.ts';

test("staff see the unit's modules, expired first, from the settings page", async ({ page }) => {
  await signInToDesktop(page, demoAccounts.staff);
  await page.goto('/desktop/setting');
  const modules = page.waitForResponse((r) => r.url().includes(baseEndpoints.modules.path));
  await page.getByTestId('setting.modules').click();
  expect((await modules).status()).toBe(200);
  const dialog = page.getByTestId('moduleExpiry.dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('本单位的模块及其授权到期时间');
  const rows = dialog.getByTestId('moduleExpiry.row');
  await expect(rows.first().getByTestId('moduleExpiry.name')).toHaveText('图书借阅');
  await expect(rows.first().getByTestId('moduleExpiry.status')).toHaveText('已过期');
  await expect(rows.last().getByTestId('moduleExpiry.status')).toHaveText('使用中');
  expect(await rows.count()).toBeGreaterThanOrEqual(10);
  // Not opened from a message: no way back to the messages.
  await expect(page.getByTestId('moduleExpiry.back')).toHaveCount(0);
  await page.getByTestId('moduleExpiry.close').click();
  await expect(dialog).toHaveCount(0);
});

test('parents have no module entry on the settings page', async ({ page }) => {
  await signInToDesktop(page, demoAccounts.parent);
  await page.goto('/desktop/setting');
  await expect(page.getByTestId('setting.download')).toBeVisible();
  await expect(page.getByTestId('setting.modules')).toHaveCount(0);
});
