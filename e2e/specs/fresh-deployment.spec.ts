/**
 * The fresh-deployment path of issue 13 (§5, and "E2E in Chromium"): a server started with
 * PORTAL_DEMO=0 on an empty data folder, nothing of the demo school in it, is taken to a school
 * whose parents read its messages and open its apps, by an operator who has only the start-up
 * text and the console:
 *
 * 1. the start-up text names the admin CLI's create-admin, which makes the school and its first
 *    administrator;
 * 2. the administrator opens the printed console address, signs in on the login form it leads
 *    to, and names the school in English;
 * 3. downloads the import template, fills it with a teacher, two parents, their children and
 *    the school's classes, checks it (dry run) and commits it, and takes the result file with
 *    the new accounts' initial passwords;
 * 4. adds an app group, registers cms and deploys its build (a zip of its `pages/` folder);
 * 5. licenses cms for the school, gives teachers its notice-list permission code, and sets the
 *    server version cms's version check reads (without it cms's pages warn that its server has
 *    no version endpoint);
 * 6. sends a message to one parent's child's class (one recipient: not the other class's);
 * 7. an imported parent, signed in with the initial password from the result file, finds the
 *    message in the bell, and cms, opened from the desktop, shows the child's notices.
 *
 * In zh-CN and en at PC width, each on a server and data folder of its own (started and
 * stopped by the test), with screenshots of the key steps in the test's output folder.
 */
import ExcelJS from 'exceljs';
import { ADMIN_PATH } from '@campus/contracts/admin-page';
import {
  CLASS_COLUMNS,
  IMPORT_COLUMNS,
  IMPORT_SHEETS,
  importHeader,
} from '@campus/contracts/admin-import';
import {
  startFreshServer,
  withFreshServerEnv,
  type FreshServer,
} from '../fixtures/fresh-server.ts';
import { animationsSettled } from '../fixtures/screens.ts';
import { CMS_DIST, builtPackage, pagesZip } from '../fixtures/subapp-build.ts';
import { expect, signInByApi, test as base } from '../fixtures/test.ts';
import { AdminAccessPages } from '../pages/AdminAccessPages.ts';
import { AdminAppsPage } from '../pages/AdminAppsPage.ts';
import { AdminUnitPages } from '../pages/AdminUnitPages.ts';
import { AdminUsersPage } from '../pages/AdminUsersPage.ts';
import { ChromePage } from '../pages/ChromePage.ts';
import { CmsPage } from '../pages/CmsPage.ts';
import { DesktopOverlaysPage } from '../pages/DesktopOverlaysPage.ts';
import { DesktopPage } from '../pages/DesktopPage.ts';
import { LoginPage } from '../pages/LoginPage.ts';

/** Each test gets a fresh server of its own; `page` and `baseURL` point at it. */
const test = base.extend<{ fresh: FreshServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it
  fresh: async ({}, use) => {
    const server = await startFreshServer();
    try {
      await withFreshServerEnv(server, () => use(server));
    } finally {
      await server.stop();
    }
  },
  baseURL: async ({ fresh }, use) => {
    await use(fresh.baseURL);
  },
});

const CMS_PACKAGE = builtPackage(CMS_DIST, 'cms');
const CMS_VERSION = CMS_PACKAGE.appVersion;
const PASSWORD = 'Principal@2026';

type ImportRow = Partial<Record<(typeof IMPORT_COLUMNS)[number]['key'], string>>;

/** What each language's run types, and what it expects to read. */
const RUNS = [
  {
    lang: 'zh-CN',
    school: '新建实验小学',
    enName: 'New Experimental Primary School',
    principal: '张校长',
    grade: '三年级',
    classes: ['1班', '2班'],
    rows: [
      { loginName: 'wang.teacher', realName: '王老师', userType: '教师' },
      {
        loginName: 'zhao.parent',
        realName: '赵家长',
        userType: '家长',
        phone: '13800138001',
        childName: '赵小明',
        gradeName: '三年级',
        className: '2班',
      },
      {
        loginName: 'qian.parent',
        realName: '钱家长',
        userType: '家长',
        childName: '钱小红',
        gradeName: '三年级',
        className: '1班',
      },
    ] satisfies ImportRow[],
    parent: { login: 'zhao.parent', child: '赵小明', className: '2班' },
    group: { code: 'home_school', name: '家校互动', enName: 'Home and school' },
    cms: {
      name: '信息发布',
      shortName: '资讯',
      englishName: 'News and Notices',
      englishShortName: 'News',
    },
    words: {
      saved: '已保存',
      dryRunAccounts: '3',
      deployed: `已部署版本 ${CMS_VERSION}`,
      teachers: '教师',
      classAudience: '班级',
      sent: '已发送给 1 人',
      message: '家长会通知：本周五下午 3 点在三年级2班教室召开',
      mineChild: /赵小明（三年级 2班）/,
      emptyCatalogue: '还没有应用。请先新建分组，再在分组中注册应用。',
      versionNotSet: '未设置',
    },
  },
  {
    lang: 'en',
    school: 'Riverside School',
    enName: 'Riverside Primary School',
    principal: 'Ms Head',
    grade: 'Grade 3',
    classes: ['Class 1', 'Class 2'],
    rows: [
      { loginName: 'wang.teacher', realName: 'Mr Wang', userType: 'Teacher' },
      {
        loginName: 'zhao.parent',
        realName: 'Mrs Zhao',
        userType: 'Parent',
        phone: '13800138001',
        childName: 'Tom Zhao',
        gradeName: 'Grade 3',
        className: 'Class 2',
      },
      {
        loginName: 'qian.parent',
        realName: 'Mr Qian',
        userType: 'Parent',
        childName: 'Amy Qian',
        gradeName: 'Grade 3',
        className: 'Class 1',
      },
    ] satisfies ImportRow[],
    parent: { login: 'zhao.parent', child: 'Tom Zhao', className: 'Class 2' },
    group: { code: 'home_school', name: '家校互动', enName: 'Home and school' },
    cms: {
      name: '信息发布',
      shortName: '资讯',
      englishName: 'News and Notices',
      englishShortName: 'News',
    },
    words: {
      saved: 'Saved',
      dryRunAccounts: '3',
      deployed: `Version ${CMS_VERSION} is deployed`,
      teachers: 'Teachers',
      classAudience: 'A class',
      sent: 'Sent to 1 recipients',
      message: 'Parents evening on Friday at 3 pm in the Grade 3 Class 2 room',
      mineChild: /Tom Zhao \(Grade 3 Class 2\)/,
      emptyCatalogue: 'No apps yet. Add a group first, then register an app in it.',
      versionNotSet: 'Not set',
    },
  },
] as const;

/**
 * The downloaded template filled in as a registrar would: the users sheet's rows under its
 * header, the school's classes on the classes sheet.
 */
async function filledTemplate(
  template: string,
  lang: 'zh-CN' | 'en',
  rows: readonly ImportRow[],
  classes: readonly { gradeName: string; className: string }[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const pick = (names: { zh: string; en: string }) => (lang === 'en' ? names.en : names.zh);
  const users = workbook.getWorksheet(pick(IMPORT_SHEETS.users));
  const classSheet = workbook.getWorksheet(pick(IMPORT_SHEETS.classes));
  if (!users || !classSheet) throw new Error('the template lacks its users or classes sheet');
  // The header is the template's own, in the language asked for.
  expect(users.getRow(1).values).toEqual([
    undefined,
    ...IMPORT_COLUMNS.map((column) => importHeader(column, lang)),
  ]);
  expect(classSheet.getRow(1).values).toEqual([
    undefined,
    ...CLASS_COLUMNS.map((column) => importHeader(column, lang)),
  ]);
  for (const row of rows) users.addRow(IMPORT_COLUMNS.map((column) => row[column.key] ?? ''));
  for (const c of classes) classSheet.addRow([c.gradeName, c.className]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The initial password of a login name in the import's result file. */
async function initialPassword(resultFile: string, loginName: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(resultFile);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the result file has no sheet');
  let password = '';
  sheet.eachRow((row, index) => {
    // Columns: file row, login name, real name, user type, initial password, children.
    if (index > 1 && row.getCell(2).text === loginName) password = row.getCell(5).text;
  });
  expect(password, `${loginName}'s initial password in the result file`).not.toBe('');
  return password;
}

test.describe('a fresh deployment, from PORTAL_DEMO=0 to a parent reading the school (issue 13 §5)', () => {
  for (const run of RUNS) {
    test(`${run.lang}: first admin, school, import, cms deployed and licensed, a message, and the parent's bell and cms`, async ({
      page,
      fresh,
    }, testInfo) => {
      // A whole deployment: two CLI and server starts, some thirty console round trips.
      test.setTimeout(150_000);
      /**
       * A console page through the side menu, as an operator moves between them (the console
       * routes in the page; only a page's own code loads, on its first opening).
       */
      const openFromMenu = async (path: string) => {
        await page.getByTestId(`admin.menu.${path}`).click();
        await expect(page.getByTestId(`admin.${path}`)).toBeVisible({ timeout: 15_000 });
      };
      /** A screenshot of the settled page (the whole page unless a dialog is the subject). */
      const shot = async (name: string, fullPage = true) => {
        await page.mouse.move(0, 0);
        // A full-page capture of a scrolled page draws the sticky header where it scrolled to.
        if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
        await animationsSettled(page);
        await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage });
      };

      // 1. The start-up text says how to make the first administrator, and nothing else exists.
      expect(fresh.output()).toContain('No administrator yet');
      expect(fresh.output()).toContain('npm run admin -- create-admin --unit-name');
      expect(fresh.output()).toContain(`${fresh.baseURL}/admin`);
      const made = await fresh.runAdmin(
        [
          'create-admin',
          '--unit-name',
          run.school,
          '--login',
          'principal',
          '--name',
          run.principal,
          '--password',
          '-',
        ],
        `${PASSWORD}\n`,
      );
      expect(made.code, made.out).toBe(0);
      expect(made.out).toContain('Created administrator "principal"');
      expect(made.out).not.toContain(PASSWORD);

      // 2. The printed console address leads to the login form, and back to the console.
      await page.goto(`${ADMIN_PATH}`);
      await expect(page).toHaveURL(/\/login\?redirect_uri=/);
      const login = new LoginPage(page);
      await login.waitUntilReady();
      await expect(login.unitName).toHaveText(run.school);
      if (run.lang === 'en') {
        await login.lang.click();
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      }
      await login.signIn('principal', PASSWORD);
      await expect(page.getByTestId('admin.overview')).toBeVisible({ timeout: 20_000 });
      const unitId = /\/admin\/([^/]+)\/overview/.exec(page.url())?.[1] ?? '';
      expect(unitId).not.toBe('');
      await expect(page.getByTestId('overview.name')).toHaveText(run.school);

      // The school's English name, on the unit page.
      const unitPages = new AdminUnitPages(page);
      await openFromMenu('unit');
      await unitPages.enName.fill(run.enName);
      await unitPages.basicsSave.click();
      await expect(unitPages.toast(run.words.saved)).toBeVisible();

      // 3. The import: the template, filled in, checked, committed; the result file taken.
      const users = new AdminUsersPage(page);
      await openFromMenu('import');
      const template = await users.downloadOf(page.getByTestId(`import.template.${run.lang}`));
      const file = await filledTemplate(
        await template.path(),
        run.lang,
        run.rows,
        run.classes.map((className) => ({ gradeName: run.grade, className })),
      );
      await users.fileInput.setInputFiles({
        name: 'registrar.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: file,
      });
      await expect(page.getByTestId('import.fileName')).toHaveText('registrar.xlsx');
      await users.dryRun.click();
      await expect(users.clean).toBeVisible();
      await expect(page.getByTestId('import.counts.accounts')).toContainText(
        run.words.dryRunAccounts,
      );
      await users.commitImport();
      await expect(users.result).toBeVisible();
      const result = await users.downloadOf(users.download);
      expect(result.suggestedFilename()).toMatch(/\.xlsx$/);
      const parentPassword = await initialPassword(await result.path(), run.parent.login);
      await shot('03-import-result');

      // 4. An app group, cms registered in it, and cms's build deployed.
      const apps = new AdminAppsPage(page);
      await openFromMenu('apps');
      // Nothing registered yet: the page says what to do first.
      await expect(page.getByTestId('apps.emptyCatalogue')).toContainText(run.words.emptyCatalogue);
      await shot('04-apps-empty');
      await page.getByTestId('apps.addGroup').click();
      const groupForm = page.getByTestId('apps.groupForm');
      await groupForm.getByTestId('apps.groupForm.code').fill(run.group.code);
      await groupForm.getByTestId('apps.groupForm.name').fill(run.group.name);
      await groupForm.getByTestId('apps.groupForm.enName').fill(run.group.enName);
      await page.getByTestId('apps.groupForm.save').click();
      await expect(apps.group(run.group.code)).toBeVisible();
      await expect(page.getByTestId('apps.emptyCatalogue')).toHaveCount(0);
      await apps.register.click();
      await expect(apps.form).toBeVisible();
      await apps.fillNewApp({ code: 'cms', serverId: 'cms', ...run.cms });
      await apps.save();
      await expect(apps.form).toBeHidden();
      await expect(apps.row('cms')).toBeVisible();
      await apps.manage('cms');
      await apps.uploadBuild(await pagesZip(CMS_DIST));
      await expect(apps.deployResult).toContainText(run.words.deployed);
      await shot('05-apps-deployed');
      await apps.closeDrawer();

      // 5. cms licensed for the school, and its notice list granted to teachers.
      const access = new AdminAccessPages(page);
      await openFromMenu('licences');
      await access.setLicenceEnd('cms', '2035-06-30');
      await expect(access.id('licences.saved')).toBeVisible();
      await expect(access.licenceRow('cms')).toHaveAttribute('data-state', 'valid');
      await openFromMenu('roles');
      await access.id('roles.addResource').click();
      const dialog = page.locator('.ant-modal:visible');
      await dialog.getByTestId('roles.field.code').fill('cms:notice:list');
      await dialog.getByTestId('roles.field.name').fill('通知公告');
      await dialog.getByTestId('roles.field.enName').fill('Notices');
      await dialog.getByLabel(run.words.teachers, { exact: true }).check();
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect(access.resourceRow('cms:notice:list')).toContainText(run.words.teachers);

      // What cms's version check reads (spec §7 `cms_package_versions`): the first deploy
      // recorded the build's version as its server's, so cms's pages do not warn that its
      // server has no version endpoint (docs/decisions.md).
      await openFromMenu('versions');
      await expect(access.id('versions.server')).not.toContainText(run.words.versionNotSet);
      await expect(access.id('versions.server')).toContainText(CMS_VERSION);

      // 6. A message to the parent's child's class.
      await openFromMenu('messages');
      await unitPages.sendToClass({
        grade: run.grade,
        className: run.parent.className,
        text: run.words.message,
        importance: 4,
        audienceLabel: run.words.classAudience,
      });
      await expect(unitPages.toast(run.words.sent)).toBeVisible();
      const sent = unitPages.sentRows.filter({ hasText: run.words.message });
      await expect(sent).toHaveCount(1);
      // One recipient: the class's one parent, not the other class's.
      await expect(sent.getByTestId('messages.sent.read')).toHaveText('0 / 1');
      await shot('07-message-sent');

      // 7. The parent, with the initial password of the result file (signed in through the API:
      // the login form is not what this test is about).
      await page.context().clearCookies();
      await signInByApi(
        page,
        { username: run.parent.login, password: parentPassword },
        { language: run.lang, fresh: true },
      );
      await page.goto('/desktop/home');
      const desktop = new DesktopPage(page);
      await desktop.expectSignedIn();
      const overlays = new DesktopOverlaysPage(page);
      await overlays.closeTodoPopup();
      const chrome = new ChromePage(page);
      await expect(chrome.badge).toHaveText('1');
      await chrome.bell.click();
      await expect(overlays.messagesDialog).toBeVisible();
      await expect(overlays.messageItems.filter({ hasText: run.words.message })).toHaveAttribute(
        'data-importance',
        '4',
      );
      await shot('08-parent-bell', false);
      await page.keyboard.press('Escape');
      await expect(overlays.messagesDialog).toBeHidden();

      // cms from the desktop's app bar: the parent's page, for the child.
      await expect(chrome.topIcons).toHaveCount(1);
      const versionsChecked = page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/api/cms/nl/cms_package_versions',
      );
      await chrome.topIcons.first().click();
      await page.waitForURL((url) => url.pathname === CmsPage.url('pc_cms_spm'));
      const cms = new CmsPage(page);
      await expect(page.getByTestId('cms.mine.child')).toContainText(run.words.mineChild);
      await expect(cms.notFound).toHaveCount(0);
      // The version check found the record set above: no warning about the server.
      expect(((await (await versionsChecked).json()) as { data?: unknown }).data).toBeTruthy();
      await expect(page.getByText(/缺少版本接口|no version endpoint/)).toHaveCount(0);
      await shot('09-parent-cms');
    });
  }
});
