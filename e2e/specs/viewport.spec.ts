/**
 * The page viewport (spec §2) on the shared runtime (DESIGN.md §2): sub-apps found through
 * `/{app}/manifest.json`, one container per file with only the current one shown, and the
 * runtime fetched once however often the page switches sub-apps.
 */
import { expect, test } from '../fixtures/test.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { openAs } from '../pages/flows.ts';

const RUNTIME = '/common/plugins/common-ph/1.6.0/js/';

declare global {
  interface Window {
    PH: { viewport: { open: (app: string, fileId: string) => void } };
  }
}

test.describe('viewport (spec §2)', () => {
  test(
    'switching sub-apps keeps one container per file and fetches each runtime file once',
    {
      tag: '@mobile',
    },
    async ({ page }) => {
      const fetched = new Map<string, number>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith(RUNTIME)) fetched.set(pathname, (fetched.get(pathname) ?? 0) + 1);
      });
      await openAs(page, demoAccounts.parent, '/viewport?app=cms&fileId=pc_cms_spm');
      const spm = page.locator('[data-viewport-file="pc_cms_spm"]');
      await expect(spm.getByTestId('cms.spm')).toBeVisible();
      await expect(page.getByTestId('appHeader')).toHaveCount(1);

      // A parent may open the teacher file, but the access check refuses it (spec §6).
      await page.evaluate(() => window.PH.viewport.open('cms', 'pc_cms_tm'));
      const tm = page.locator('[data-viewport-file="pc_cms_tm"]');
      await expect(tm.getByTestId('notFound.root')).toBeVisible();
      await expect(spm).toBeHidden();

      await page.goBack();
      await expect(spm).toBeVisible();
      await expect(tm).toBeHidden();
      await page.evaluate(() => window.PH.viewport.open('cms', 'pc_cms_tm'));
      await expect(tm).toBeVisible();

      await expect(page.locator('[data-viewport-file]')).toHaveCount(2);
      await expect(page.getByTestId('appHeader')).toHaveCount(1);
      expect(fetched.size).toBeGreaterThan(10);
      const repeated = [...fetched].filter(([, count]) => count > 1);
      expect(repeated).toEqual([]);
    },
  );

  test('an app without a manifest, or a file not in it, shows not-found', async ({ page }) => {
    await openAs(page, demoAccounts.teacher, '/viewport?app=nosuchapp&fileId=pc_nosuchapp_tm');
    await expect(page.getByTestId('notFound.root')).toBeVisible();
    await page.goto('/viewport?app=cms&fileId=pc_cms_nope');
    await expect(page.getByTestId('notFound.root')).toBeVisible();
    await page.goto('/viewport?app=..%2F..&fileId=x');
    await expect(page.getByTestId('notFound.root')).toBeVisible();
  });
});
