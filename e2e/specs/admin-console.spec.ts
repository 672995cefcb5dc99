/**
 * The admin console's shell (issue 13 §1, DESIGN.md §10): reached from the desktop header by
 * base admins, the unit's overview in both languages, an area admin's unit switcher, the
 * not-an-administrator page, the way through the login page and back, and a phone's layout.
 */
import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { baseEndpoints } from '@campus/contracts/base';
import { DESKTOP_PATH } from '@campus/contracts/pages';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { animationsSettled, expectNoHorizontalOverflow, saveScreen } from '../fixtures/screens.ts';
import { expect, signInByApi, test } from '../fixtures/test.ts';
import { AdminConsolePage } from '../pages/AdminConsolePage.ts';
import { ChromePage } from '../pages/ChromePage.ts';
import { openDesktop } from '../pages/flows.ts';
import { LoginPage } from '../pages/LoginPage.ts';

const { admin, area, teacher } = demoAccounts;
const SCHOOL = 'demo-unit-sunshine';
const AREA = 'demo-unit-east-district';
/** The spec §6 admin-status call the header asks before it offers the console. */
const ADMIN_ROLE_CALL = new RegExp(baseEndpoints.adminRole.path.replace(':userId', '[^/]+'));

test.describe('the admin console (issue 13 §1)', () => {
  // First: it needs no saved session, and the worker's first test also pays the browser's start.
  test('signed out, /admin goes to the login page and back to the same console page', async ({
    page,
  }) => {
    const target = `${ADMIN_PATH}/${SCHOOL}/overview`;
    await page.goto(target);
    await expect(page).toHaveURL(/\/login\?redirect_uri=/);
    const login = new LoginPage(page);
    await login.waitUntilReady();
    await login.signIn(admin.username, admin.password);
    // The sign-in, then the console's start; allow for a busy machine as the login specs do.
    await expect(page).toHaveURL(new RegExp(`${target}$`), { timeout: 10_000 });
    await expect(new AdminConsolePage(page).overview).toBeVisible();
  });

  test("a school admin opens it from the desktop header and sees the school's overview", async ({
    page,
  }) => {
    await openDesktop(page, admin);
    await (await new ChromePage(page).headerAction('header.admin')).click();
    const adminConsole = new AdminConsolePage(page);
    await adminConsole.expectOverviewOf(SCHOOL);

    await expect(adminConsole.title).toHaveText('阳光小学');
    await expect(adminConsole.name).toHaveText('阳光小学');
    await expect(adminConsole.enName).toHaveText('Sunshine Primary School');
    await expect(adminConsole.unitType).toHaveText('学校');
    // A school admin does not administer the area above: its name, not a link into it.
    await expect(adminConsole.parent).toHaveText('东区教育局');
    await expect(adminConsole.parent.getByRole('link')).toHaveCount(0);
    await expect(adminConsole.unitSwitcher).toHaveCount(0);
    // Every page of the console for a school's admin, in menu order (OAuth clients are a
    // top-level unit's, admin-pages.ts).
    await expect(adminConsole.menu.getByRole('link')).toHaveText([
      '概览',
      '单位设置',
      '用户',
      '批量导入',
      '消息',
      '应用',
      '角色与权限',
      '授权',
      '主题',
      '版本记录',
      '人脸管理',
      '审计日志',
    ]);
    await expect(page).toHaveTitle('概览 - 管理后台 - 校园门户');
    await expect(adminConsole.backToDesktop).toHaveAttribute('href', DESKTOP_PATH);
    await animationsSettled(page);
    await expectAccessible(page);
    await saveScreen(page, 'admin-overview');
  });

  test("speaks the portal's language: en from the stored choice, and its switch is the portal's", async ({
    page,
  }) => {
    await signInByApi(page, admin, { language: 'en' });
    await page.goto(ADMIN_PATH);
    const adminConsole = new AdminConsolePage(page);
    await adminConsole.expectOverviewOf(SCHOOL);
    await expect(adminConsole.title).toHaveText('Sunshine Primary School');
    await expect(adminConsole.unitType).toHaveText('School');
    await expect(adminConsole.menu.getByRole('link')).toHaveText([
      'Overview',
      'Unit settings',
      'Users',
      'Bulk import',
      'Messages',
      'Apps',
      'Roles & permissions',
      'Licences',
      'Themes',
      'Versions',
      'Faces',
      'Audit log',
    ]);
    await expect(page).toHaveTitle('Overview - Admin console - Campus Portal');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The zh-CN screen in other words: looked at, not audited twice.
    await animationsSettled(page);
    await saveScreen(page, 'admin-overview');

    await adminConsole.lang.click();
    await expect(adminConsole.title).toHaveText('阳光小学');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    // Kept where every portal page reads it (spec §3 `lange_`): the desktop opens in zh-CN.
    expect(await page.evaluate(() => localStorage.getItem('lange_'))).toBe('zh-CN');
  });

  test('an area admin gets the area first, and the unit switcher with its school', async ({
    page,
  }) => {
    await signInByApi(page, area, { language: 'en' });
    // An address naming a unit outside the scope lands on the caller's own unit, the area.
    await page.goto(`${ADMIN_PATH}/some-other-unit/overview`);
    const adminConsole = new AdminConsolePage(page);
    await adminConsole.expectOverviewOf(AREA);
    await expect(adminConsole.title).toHaveText('East District Education Bureau');
    await expect(adminConsole.unitType).toHaveText('Area');
    await expect(adminConsole.parent).toHaveText('None (top level)');
    await expect(adminConsole.schools).toContainText(['Sunshine Primary School']);
    await expect(adminConsole.unitSwitcher).toContainText('East District Education Bureau');

    await adminConsole.switchTo(SCHOOL);
    await adminConsole.expectOverviewOf(SCHOOL);
    await expect(adminConsole.title).toHaveText('Sunshine Primary School');
    await expect(adminConsole.unitSwitcher).toContainText('Sunshine Primary School');
    // The area is in this admin's scope: the parent is a way back into it.
    await adminConsole.parent.getByRole('link', { name: 'East District Education Bureau' }).click();
    await adminConsole.expectOverviewOf(AREA);
    await animationsSettled(page);
    await expectAccessible(page);
    await saveScreen(page, 'admin-area');
  });

  test('a teacher has no console entry, and /admin says "not an administrator" with a way back', async ({
    page,
  }) => {
    const roleChecked = page.waitForResponse(ADMIN_ROLE_CALL);
    await openDesktop(page, teacher);
    await roleChecked;
    await expect(page.getByTestId('header.admin')).toHaveCount(0);

    await page.goto(ADMIN_PATH);
    const adminConsole = new AdminConsolePage(page);
    await expect(adminConsole.notAdmin).toBeVisible();
    await expect(adminConsole.notAdmin.getByRole('heading', { level: 1 })).toHaveText(
      '您不是管理员',
    );
    await expect(adminConsole.shell).toHaveCount(0);
    await expectAccessible(page);
    await saveScreen(page, 'admin-not-admin');
    await expect(adminConsole.backToDesktop).toHaveAttribute('href', DESKTOP_PATH);
  });

  test(
    'is readable at phone width: the menu in a drawer, the switcher on its own line',
    {
      tag: '@mobile',
    },
    async ({ page }) => {
      await openDesktop(page, area);
      await (await new ChromePage(page).headerAction('header.admin')).click();
      const adminConsole = new AdminConsolePage(page);
      await adminConsole.expectOverviewOf(AREA);
      await expect(adminConsole.unitSwitcher).toBeVisible();
      await animationsSettled(page);
      await expectNoHorizontalOverflow(page);

      if (test.info().project.name === 'mobile') {
        // The side menu gives way to a drawer opened from the header.
        await expect(adminConsole.menu).toHaveCount(0);
        await adminConsole.menuToggle.click();
        await expect(adminConsole.drawer).toBeVisible();
        await expect(adminConsole.menuItem('overview')).toBeVisible();
        await animationsSettled(page);
        await saveScreen(page, 'admin-drawer');
        await adminConsole.menuItem('overview').click();
        await expect(adminConsole.drawer).toBeHidden();
      } else {
        await expect(adminConsole.menuItem('overview')).toBeVisible();
      }
      // Readable: the switcher and the details fit the width, the text is not shrunk.
      const viewport = page.viewportSize()?.width ?? 0;
      const switcher = await adminConsole.unitSwitcher.boundingBox();
      expect(switcher && switcher.x + switcher.width).toBeLessThanOrEqual(viewport);
      const fontSize = await adminConsole.name.evaluate((el) =>
        parseFloat(getComputedStyle(el).fontSize),
      );
      expect(fontSize).toBeGreaterThanOrEqual(14);
      await animationsSettled(page);
      // The PC screen is audited by the area admin's test; the phone's layout differs.
      if (test.info().project.name === 'mobile') await expectAccessible(page);
      await saveScreen(page, 'admin-area');
    },
  );
});
