/**
 * The admin console's Users and Import pages (issue 13 §2 Users, §3 Bulk import), as the demo
 * school's administrator: search, create (a password made and shown once), a refusal's message
 * on screen, reset the password (the new one signs in), disable and enable; the import's
 * templates, a file with bad rows listing every problem and writing nothing, a good file
 * committed and its result downloaded once; and the pages at iPad and phone widths.
 */
import { IMPORT_COLUMNS, importHeader, type ImportLanguage } from '@campus/contracts/admin-import';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { animationsSettled, expectNoHorizontalOverflow, saveScreen } from '../fixtures/screens.ts';
import { expect, signInByApi, test } from '../fixtures/test.ts';
import { AdminUsersPage } from '../pages/AdminUsersPage.ts';

const { admin } = demoAccounts;
const SCHOOL = 'demo-unit-sunshine';

/** A CSV import file: the template's header in `lang`, then the rows. */
function csv(lang: ImportLanguage, rows: string[][]): string {
  const header = IMPORT_COLUMNS.map((column) => importHeader(column, lang));
  return [header, ...rows].map((row) => row.join(',')).join('\r\n');
}

/** A users row in the template's column order. */
function row(cells: Partial<Record<(typeof IMPORT_COLUMNS)[number]['key'], string>>): string[] {
  return IMPORT_COLUMNS.map((column) => cells[column.key] ?? '');
}

test.describe('the admin console: users and bulk import (issue 13 §2, §3)', () => {
  test('users in zh-CN: search, create with a made password, a refusal, reset, disable and enable', async ({
    page,
    browser,
  }) => {
    // A long walk through the page (a sign-in of the new account included): room on a busy machine.
    test.slow();
    await signInByApi(page, admin);
    const users = new AdminUsersPage(page);
    await users.open(SCHOOL, 'users');
    await expect(page).toHaveTitle('用户 - 管理后台 - 校园门户');

    // Search by part of a login name: the server's page, filtered.
    await users.searchFor('teach');
    await expect(users.row('teacher')).toBeVisible();
    await expect(users.row('admin')).toHaveCount(0);
    await expect(users.row('teacher').getByTestId('users.state')).toHaveText('正常');

    // The shared field rules before the round trip, in the page language.
    const login = `e2e.user${Date.now() % 100_000}`;
    await users.create.click();
    await users.field('loginName').fill('张三');
    await users.field('phone').fill('12345');
    await users.save.click();
    await expect(users.drawer).toContainText('登录名须为 2 到 64 个字母、数字或 _ . @ -');
    await expect(users.drawer).toContainText('手机号须为以 1 开头的 11 位数字');
    // A login that is taken: the server's refusal is shown in the drawer.
    await users.field('loginName').fill('teacher');
    await users.field('realName').fill('测试教师');
    await users.field('phone').fill('13800138123');
    await users.save.click();
    await expect(users.drawer).toContainText(/已(被使用|存在)/);

    // Created without a password: the server makes one, shown this once.
    await users.field('loginName').fill(login);
    await users.save.click();
    await expect(users.passwordShown).toContainText(login);
    const made = (await users.password.textContent())?.trim() ?? '';
    expect(made).toMatch(/^\S{12}$/);
    await users.passwordDone.click();
    // The drawer goes on to the new account's links (a teacher has no children).
    await expect(users.drawer.getByTestId('users.family')).toBeVisible();
    await expect(users.field('loginName')).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(users.drawer).toBeHidden();

    await users.searchFor(login);
    await expect(users.row(login)).toBeVisible();
    await users.act(login, 'resetPassword');
    await expect(users.passwordShown).toBeVisible();
    const reset = (await users.password.textContent())?.trim() ?? '';
    expect(reset).not.toBe(made);
    await animationsSettled(page);
    await saveScreen(page, 'admin-users-password');
    await users.passwordDone.click();
    // The new password signs in (a context of its own: the admin's session stays).
    const other = await browser.newContext();
    await signInByApi(await other.newPage(), { username: login, password: reset }, { fresh: true });
    await other.close();

    await users.act(login, 'disable');
    await expect(users.row(login).getByTestId('users.state')).toHaveText('已停用');
    await users.act(login, 'enable');
    await expect(users.row(login).getByTestId('users.state')).toHaveText('正常');
    await animationsSettled(page);
    await expectAccessible(page);
    await saveScreen(page, 'admin-users');
  });

  test('import in en: templates, a bad file lists its problems and writes nothing, a good one commits once', async ({
    page,
  }) => {
    // Two downloads, two checks, a commit and the result: room on a busy machine.
    test.slow();
    await signInByApi(page, admin, { language: 'en' });
    const users = new AdminUsersPage(page);
    await users.open(SCHOOL, 'import');
    await expect(page).toHaveTitle('Bulk import - Admin console - Campus Portal');

    for (const lang of ['zh-CN', 'en'] as const) {
      const file = await users.downloadOf(page.getByTestId(`import.template.${lang}`));
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    }

    const stamp = Date.now() % 100_000;
    const bad = `e2e.bad${stamp}`;
    await users.pick(
      'bad.csv',
      csv('en', [
        row({ loginName: 'teacher', realName: 'Taken', userType: '2' }),
        row({ loginName: `${bad}a`, realName: 'Bad Phone', userType: 'Teacher', phone: '12345' }),
        row({
          loginName: `${bad}b`,
          realName: 'No Class',
          userType: 'Parent',
          childName: 'Kid',
          gradeName: 'Grade 9',
          className: 'Class 9',
        }),
        row({ loginName: `${bad}c`, realName: 'No Child', userType: '3' }),
      ]),
    );
    await users.dryRun.click();
    await expect(users.problemSummary).toBeVisible();
    await expect(users.commit).toBeDisabled();
    // Every row's problem, by row number and column.
    for (const [line, column] of [
      ['2', 'Login name'],
      ['3', 'Phone'],
      ['4', ''],
      ['5', 'Child name'],
    ] as const) {
      await expect(users.problems.filter({ hasText: new RegExp(`^${line}`) })).not.toHaveCount(0);
      if (column) {
        await expect(
          users.problems.filter({ hasText: new RegExp(`^${line}${column}`) }),
        ).not.toHaveCount(0);
      }
    }
    await animationsSettled(page);
    await saveScreen(page, 'admin-import-problems');

    const good = `e2e.good${stamp}`;
    await users.pick(
      'good.csv',
      csv('zh-CN', [
        row({ loginName: `${good}t`, realName: 'Import Teacher', userType: '教师', sex: '女' }),
        row({
          loginName: `${good}p`,
          realName: 'Import Parent',
          userType: '家长',
          phone: '138 0013 8999',
          childName: 'Import Kid',
          gradeName: 'Grade 3',
          className: 'Class 2',
        }),
      ]),
    );
    await users.dryRun.click();
    await expect(users.clean).toBeVisible();
    await expect(page.getByTestId('import.counts.accounts')).toContainText('2');
    await users.commitImport();
    await expect(users.result).toBeVisible();
    const result = await users.downloadOf(users.download);
    expect(result.suggestedFilename()).toMatch(/\.xlsx$/);
    // Downloaded once: the button says so and offers it no more.
    await expect(users.download).toBeDisabled();
    await animationsSettled(page);
    await expectAccessible(page);
    await saveScreen(page, 'admin-import-result');

    // The good file's accounts are there, the bad file's are not.
    await users.open(SCHOOL, 'users');
    await users.searchFor(good);
    await expect(users.row(`${good}t`)).toBeVisible();
    await expect(users.row(`${good}p`)).toBeVisible();
    // The imported parent's child, with grade and class, corrected in the edit drawer.
    await users.row(`${good}p`).getByTestId('users.edit').click();
    const child = users.drawer.getByTestId('users.child');
    await expect(child).toContainText('Import Kid');
    await expect(child).toContainText('Grade 3');
    await child.getByTestId('users.editChild').click();
    await users.drawer.getByTestId('users.child.className').fill('Class 1');
    await users.drawer.getByTestId('users.addChild').click();
    await expect(child).toContainText('Class 1');
    await page.keyboard.press('Escape');
    await expect(users.drawer).toBeHidden();
    await users.searchFor(bad);
    await expect(users.table.getByTestId('users.loginName')).toHaveCount(0);
  });

  test(
    'readable at iPad and phone widths: the list and the import fit, the text keeps its size',
    { tag: '@mobile' },
    async ({ page }) => {
      await signInByApi(page, admin, { language: 'en' });
      const users = new AdminUsersPage(page);
      const phone = test.info().project.name === 'mobile';
      // The PC project looks at the iPad width; the mobile project at the phone's.
      if (!phone) await page.setViewportSize({ width: 768, height: 1024 });
      await users.open(SCHOOL, 'users');
      await expect(users.row('teacher')).toBeVisible();
      await animationsSettled(page);
      await expectNoHorizontalOverflow(page);
      const fontSize = await users
        .row('teacher')
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(fontSize).toBeGreaterThanOrEqual(14);
      await expect(users.create).toBeInViewport();
      await saveScreen(page, 'admin-users');

      await users.create.click();
      await expect(users.field('loginName')).toBeInViewport();
      await page.keyboard.press('Escape');

      await users.open(SCHOOL, 'import');
      await animationsSettled(page);
      await expectNoHorizontalOverflow(page);
      await expect(users.dryRun).toBeVisible();
      if (phone) await expectAccessible(page);
      await saveScreen(page, 'admin-import');
    },
  );
});
