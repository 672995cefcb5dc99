/**
 * Every screen of the sample sub-app, in both languages, at both widths, saved as test
 * artifacts (test-results/screens/) and checked for horizontal overflow (spec §4 screen classes).
 */
import { expect, test } from '../fixtures/test.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { expectNoHorizontalOverflow, saveScreen } from '../fixtures/screens.ts';
import { CmsPage } from '../pages/CmsPage.ts';
import { openAs } from '../pages/flows.ts';

for (const language of ['zh-CN', 'en'] as const) {
  test(
    `the cms screens in ${language} fit the width and are saved`,
    { tag: '@mobile' },
    async ({ page }) => {
      // Four full sub-app page loads, each saved and audited: slow on a busy CI machine.
      test.slow();
      const search = `?language=${language}`;
      await openAs(page, demoAccounts.teacher, CmsPage.url('pc_cms_tm', '/notice/list', search));
      for (const [route, name] of [
        ['/notice/list', 'cms-tm-list'],
        ['/notice/publish', 'cms-tm-publish'],
        ['/notice/reads', 'cms-tm-reads'],
      ] as const) {
        await page.goto(CmsPage.url('pc_cms_tm', route, search));
        // A full load of the sub-app (its start-up checks first, spec §4) may pass 5 s on CI.
        await expect(page.getByTestId('cms.tm')).toBeVisible({ timeout: 15_000 });
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByTestId('cms.loading')).toHaveCount(0);
        await expectNoHorizontalOverflow(page);
        await saveScreen(page, name);
        await expectAccessible(page);
      }
      await page.context().clearCookies();
      await openAs(page, demoAccounts.parent, CmsPage.url('pc_cms_spm', '/notices', search));
      await expect(page.getByTestId('cms.mine.child')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'cms-spm');
      await expectAccessible(page);
      await page.goto(CmsPage.url('pc_cms_tm', '/notice/list', search));
      await expect(page.getByTestId('notFound.root')).toBeVisible();
      await saveScreen(page, 'cms-not-found');
      await expectAccessible(page);
    },
  );
}
