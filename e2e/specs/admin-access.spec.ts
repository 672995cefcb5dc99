/**
 * The console's access pages (issue 13 §2): menus and permission codes with the roles that
 * grant them and who holds them, licences, the unit's themes and the pushed theme, OAuth clients
 * and version records. What every unit shares (menus, licences, OAuth clients, versions) is
 * changed by a top-level unit's administrator (docs/decisions.md): the demo area's admin, here
 * working on the demo school; the school's own admin reads it, gives roles and pushes themes.
 */
import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { adminAppEndpoints } from '@campus/contracts/admin-apps';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { animationsSettled, expectNoHorizontalOverflow, saveScreen } from '../fixtures/screens.ts';
import { expect, signInByApi, test } from '../fixtures/test.ts';
import { AdminAccessPages } from '../pages/AdminAccessPages.ts';
import { AdminConsolePage } from '../pages/AdminConsolePage.ts';

/**
 * Gives the school's users the demo's look again (blue, top layout) after a test pushed a theme:
 * the worker's server serves the later specs, which expect the desktop as seeded.
 */
async function pushDefaultTheme(page: Page): Promise<void> {
  const res = await page.request.post(adminAppEndpoints.pushTheme.path, {
    data: { unitId: SCHOOL, theme: 'blue', layout: 'top' },
    headers: { device: 'pc:portal' },
  });
  expect(((await res.json()) as { status: number }).status).toBe(200);
}

const { admin, area } = demoAccounts;
const SCHOOL = 'demo-unit-sunshine';

test.describe('the access pages of the admin console (issue 13 §2)', () => {
  // Few dense tests, each through several dialogs and pages of a lazily loaded console.
  test.describe.configure({ timeout: 90_000 });
  test('zh-CN: a permission code for cms, and a role granting it given to the teacher', async ({
    page,
  }) => {
    await signInByApi(page, area, { language: 'zh-CN' });
    const pages = new AdminAccessPages(page);
    await pages.open(SCHOOL, 'roles');
    // An area's admin (a top-level unit's) also gets the OAuth clients (admin-pages.ts).
    await expect(new AdminConsolePage(page).menu.getByRole('link')).toHaveText([
      '概览',
      '单位设置',
      '用户',
      '批量导入',
      '消息',
      '应用',
      '角色与权限',
      '授权',
      '主题',
      'OAuth 客户端',
      '版本记录',
      '人脸管理',
      '审计日志',
    ]);
    await expect(page).toHaveTitle('角色与权限 - 管理后台 - 校园门户');
    // cms is the app in view; its seeded codes are listed.
    await expect(pages.resourceRow('cms:notice:list')).toBeVisible();

    // Held by nobody: the server's own words, in the dialog.
    await pages.id('roles.addResource').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByTestId('roles.field.code').fill('cms:notice:pin');
    await dialog.getByTestId('roles.field.name').fill('置顶通知');
    await dialog.getByTestId('roles.field.enName').fill('Pin a notice');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(pages.id('roles.resourceDialogError')).toHaveText(
      '须至少授予一种用户类型或一个角色',
    );
    await dialog.getByLabel('职工', { exact: true }).check();
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(pages.resourceRow('cms:notice:pin')).toContainText('置顶通知');
    await expect(pages.resourceRow('cms:notice:pin')).toContainText('职工');

    await pages.createRole('CMS_PINNER', ['cms:notice:pin']);
    await expect(pages.roleRow('CMS_PINNER')).toContainText('cms:notice:pin');
    await expect(pages.resourceRow('cms:notice:pin')).toContainText('CMS_PINNER');

    await pages.choose(pages.id('roles.grant.user'), 'teacher', true);
    await pages.choose(pages.id('roles.grant.role'), 'CMS_PINNER');
    await pages.id('roles.grant').click();
    await expect(pages.holderRow('teacher', 'CMS_PINNER')).toContainText('李伟');
    await expect(pages.roleRow('CMS_PINNER')).toContainText('1');
    await page.mouse.move(0, 0);
    await animationsSettled(page);
    await expectAccessible(page);
    await saveScreen(page, 'admin-roles');
  });

  test('en: an OAuth client (a bad redirect URI refused, the secret shown once) and a pushed theme', async ({
    page,
  }) => {
    await signInByApi(page, area, { language: 'en' });
    const pages = new AdminAccessPages(page);
    await pages.open(SCHOOL, 'oauth');
    await expect(page).toHaveTitle('OAuth clients - Admin console - Campus Portal');

    await pages.id('oauth.add').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByTestId('oauth.field.clientId').fill('library-kiosk');
    await dialog.getByTestId('oauth.field.name').fill('Library kiosk');
    await dialog.getByTestId('oauth.field.redirectUris').fill('ftp://kiosk.example.edu/cb');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(pages.id('oauth.dialogError')).toHaveText(
      'A redirect URI must be a full http:// or https:// address: ftp://kiosk.example.edu/cb',
    );
    await dialog
      .getByTestId('oauth.field.redirectUris')
      .fill('https://kiosk.example.edu/cb\nhttp://127.0.0.1:8765/cb');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    const secret = pages.id('oauth.secret');
    await expect(secret).toBeVisible();
    const shown = (await secret.innerText()).trim();
    expect(shown.length).toBeGreaterThanOrEqual(20);
    await pages.id('oauth.secretDone').click();
    await expect(pages.id('oauth.row.library-kiosk')).toContainText('https://kiosk.example.edu/cb');
    await expect(pages.id('oauth.row.library-kiosk')).toContainText('Confidential');
    // Once: gone from the page, and the list never answers it.
    await expect(secret).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(shown);
    await page.mouse.move(0, 0);
    await animationsSettled(page);
    await expectAccessible(page);
    await saveScreen(page, 'admin-oauth');
    await pages.id('oauth.row.library-kiosk').getByTestId('oauth.delete').click();
    await pages.confirm();
    await expect(pages.id('oauth.row.library-kiosk')).toHaveCount(0);

    await pages.open(SCHOOL, 'themes');
    await pages.choose(pages.id('themes.choice'), 'Green');
    await pages.id('themes.pushAction').click();
    await pages.confirm();
    await expect(pages.id('themes.pushed')).toContainText(/Pushed to \d+ users \(colour #3D9A6B\)/);
    await page.mouse.move(0, 0);
    await animationsSettled(page);
    await expectAccessible(page);
    await saveScreen(page, 'admin-themes');
    await pushDefaultTheme(page);
  });

  test('en: a licence end date set, and a version record added and deleted', async ({ page }) => {
    await signInByApi(page, area, { language: 'en' });
    const pages = new AdminAccessPages(page);
    await pages.open(SCHOOL, 'licences');
    // The demo's expired licence (DESIGN.md §3) is marked.
    await expect(pages.licenceRow('library')).toHaveAttribute('data-state', 'expired');
    await expect(pages.licenceRow('library').getByTestId('licences.state')).toHaveText('Expired');
    await pages.setLicenceEnd('library', '2035-06-30');
    await expect(pages.id('licences.saved')).toBeVisible();
    await expect(pages.licenceRow('library').getByTestId('licences.end')).toHaveText('2035-06-30');
    await expect(pages.licenceRow('library')).toHaveAttribute('data-state', 'valid');
    await page.mouse.move(0, 0);
    await animationsSettled(page);
    await expectAccessible(page);
    await saveScreen(page, 'admin-licences');
    // The seed's expired licence again (ended 15 days ago): later specs on this server read it.
    const fifteenDaysAgo = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000)
      .toISOString()
      .slice(0, 10);
    const restored = await page.request.post(adminAppEndpoints.setLicence.path, {
      data: { unitId: SCHOOL, appCode: 'library', until: fifteenDaysAgo },
      headers: { device: 'pc:portal' },
    });
    expect(((await restored.json()) as { status: number }).status).toBe(200);
    await pages.open(SCHOOL, 'versions');
    await pages.id('versions.add').click();
    const release = page.locator('.ant-modal:visible');
    await release.getByTestId('versions.field.version').fill('9.9.0');
    await release.getByTestId('versions.field.date').fill('2026-11-25');
    await release.getByTestId('versions.field.cn').fill('通知可置顶');
    await release.getByTestId('versions.field.en').fill('Notices can be pinned');
    await release.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(pages.id('versions.row.9.9.0')).toContainText('Notices can be pinned');
    await expect(pages.id('versions.row.9.9.0')).toContainText('2026-11-25');
    await animationsSettled(page);
    await saveScreen(page, 'admin-versions');
    await pages.id('versions.row.9.9.0').getByTestId('versions.delete').click();
    await pages.confirm();
    await expect(pages.id('versions.row.9.9.0')).toHaveCount(0);
  });

  test(
    "the school's own admin reads what is shared, pushes a theme, and it is readable on a phone",
    { tag: '@mobile' },
    async ({ page }) => {
      await signInByApi(page, admin, { language: 'zh-CN' });
      const pages = new AdminAccessPages(page);
      await pages.open(SCHOOL, 'roles');
      await expect(pages.id('roles.readOnly')).toBeVisible();
      await expect(pages.id('roles.addResource')).toHaveCount(0);
      await expect(pages.resourceRow('cms:notice:list')).toBeVisible();
      await animationsSettled(page);
      await expectNoHorizontalOverflow(page);
      const size = await pages
        .resourceRow('cms:notice:list')
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(size).toBeGreaterThanOrEqual(14);
      await saveScreen(page, 'admin-roles-school');

      await pages.open(SCHOOL, 'licences');
      await expect(pages.id('licences.readOnly')).toBeVisible();
      await expect(pages.licenceRow('cms')).toHaveAttribute('data-state', /valid|expiring/);
      await expectNoHorizontalOverflow(page);

      // Shared clients are a top-level admin's: neither in the menu nor at the address.
      await page.goto(`${ADMIN_PATH}/${SCHOOL}/oauth`);
      await expect(page.getByTestId('admin.notFound')).toBeVisible();

      await pages.open(SCHOOL, 'themes');
      await pages.choose(pages.id('themes.choice'), '水墨');
      await pages.id('themes.pushAction').click();
      await pages.confirm();
      await expect(pages.id('themes.pushed')).toContainText(/已推送给 \d+ 位用户/);
      await page.mouse.move(0, 0);
      await animationsSettled(page);
      await expectNoHorizontalOverflow(page);
      if (test.info().project.name === 'mobile') await expectAccessible(page);
      await saveScreen(page, 'admin-themes-school');
      await pushDefaultTheme(page);
    },
  );
});
