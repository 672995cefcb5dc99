/**
 * The admin console's Apps page (issue 13 §2 Apps and Deploying a sub-app build, §4 the app's
 * client credential): an area administrator (a top-level unit's, who may change the shared
 * catalogue) registers an app after a refused code, orders and hides it, gives it an icon,
 * deploys cms's build from a zip and rotates cms's credential, in both languages; a school
 * administrator reads the catalogue and manages the school's credential, at phone width too.
 *
 * Each worker has one server for all its tests: every test registers an app of its own code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { animationsSettled, expectNoHorizontalOverflow, saveScreen } from '../fixtures/screens.ts';
import { expect, signInByApi, test } from '../fixtures/test.ts';
import { CMS_DIST, pagesZip } from '../fixtures/subapp-build.ts';
import { AdminAppsPage } from '../pages/AdminAppsPage.ts';

const { admin, area } = demoAccounts;
const SCHOOL = 'demo-unit-sunshine';
const AREA = 'demo-unit-east-district';
const CMS_VERSION = (
  JSON.parse(fs.readFileSync(path.join(CMS_DIST, 'cms', 'package.json'), 'utf8')) as {
    appVersion: string;
  }
).appVersion;
/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** What each language's run types and expects to read. */
const RUNS = [
  {
    lang: 'zh-CN',
    code: 'e2e_zh',
    names: {
      name: '端到端应用',
      shortName: '端到端',
      englishName: 'E2E App',
      englishShortName: 'E2E',
    },
    title: '应用 - 管理后台 - 校园门户',
    badCode: /应用编码须以字母开头/,
    hidden: '已隐藏',
    uploaded: '已上传',
    deployed: `已部署版本 ${CMS_VERSION}`,
    once: /只显示这一次/,
  },
  {
    lang: 'en',
    code: 'e2e_en',
    names: {
      name: '英文端到端',
      shortName: '英文',
      englishName: 'End to end',
      englishShortName: 'E2E EN',
    },
    title: 'Apps - Admin console - Campus Portal',
    badCode: /The app code must start with a letter/,
    hidden: 'Hidden',
    uploaded: 'Uploaded',
    deployed: `Version ${CMS_VERSION} is deployed`,
    once: /shown this once/,
  },
] as const;

test.describe('the Apps page of the admin console (issue 13 §2, §4)', () => {
  // Dense tests (a dozen steps each, every change a round trip): thrice the default time.
  test.slow();
  for (const run of RUNS) {
    test(`${run.lang}: an area admin registers, orders (and, en, adds a group), hides, gives an icon, deploys cms and rotates its credential`, async ({
      page,
    }) => {
      await signInByApi(page, area, { language: run.lang });
      const apps = new AdminAppsPage(page);
      await apps.open(AREA);
      await expect(page).toHaveTitle(run.title);
      await expect(apps.readOnly).toHaveCount(0);
      await expect(apps.row('cms')).toBeVisible();

      if (run.lang === 'en') {
        // A new, empty group shows as its own card and can be deleted again.
        await apps.page.getByTestId('apps.addGroup').click();
        const groupForm = apps.page.getByTestId('apps.groupForm');
        await groupForm.getByTestId('apps.groupForm.code').fill('e2e_group');
        await groupForm.getByTestId('apps.groupForm.name').fill('端到端分组');
        await groupForm.getByTestId('apps.groupForm.enName').fill('E2E group');
        await apps.page.getByTestId('apps.groupForm.save').click();
        await expect(apps.group('e2e_group')).toContainText('E2E group');
        await expect(apps.group('e2e_group')).toContainText('No apps in this group');
        await apps.group('e2e_group').getByTestId('apps.deleteGroup').click();
        await apps.page.getByRole('button', { name: 'Delete', exact: true }).last().click();
        await expect(apps.group('e2e_group')).toHaveCount(0);
      }

      // A code the server's rules refuse: its own words, under the field and above the form.
      await apps.register.click();
      await expect(apps.form).toBeVisible();
      await apps.fillNewApp({ code: '1 bad code', serverId: run.code, ...run.names });
      await apps.pickGroup('home_school');
      await apps.save();
      await expect(apps.fieldError('code')).toHaveText(run.badCode);
      await expect(apps.formError).toBeVisible();
      await expect(apps.form).toBeVisible();
      // Corrected, it is registered at the end of its group.
      await apps.field('code').fill(run.code);
      await apps.save();
      await expect(apps.form).toBeHidden();
      await expect(apps.row(run.code)).toBeVisible();
      // Polled: the new row can show before the list is read back in its kept order.
      await expect.poll(async () => (await apps.codesIn('home_school')).at(-1)).toBe(run.code);
      const before = await apps.codesIn('home_school');

      // One place up: the order the server keeps, read back after a reload.
      await apps.row(run.code).getByTestId('apps.moveUp').click();
      await expect
        .poll(() => apps.codesIn('home_school'))
        .toEqual([...before.slice(0, -2), run.code, before.at(-2)]);
      await apps.row(run.code).getByTestId('apps.hide').click();
      await expect(apps.row(run.code).getByTestId('apps.hidden')).toHaveText(run.hidden);
      await apps.open(AREA);
      await expect.poll(async () => (await apps.codesIn('home_school')).at(-2)).toBe(run.code);
      await expect(apps.row(run.code).getByTestId('apps.hidden')).toBeVisible();

      // An icon for the colour theme, shown in the drawer and the table.
      await apps.manage(run.code);
      await apps.uploadIcon('color', PNG);
      await expect(apps.icon('color').getByTestId('apps.icon.state')).toHaveText(run.uploaded);
      await expect(apps.icon('gray').getByTestId('apps.icon.state')).not.toHaveText(run.uploaded);
      const preview = apps.icon('color').getByTestId('apps.icon.preview');
      await expect(preview).toHaveJSProperty('complete', true);
      expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
      await apps.closeDrawer();

      // cms's build from a zip of its pages/ folder: checked, deployed, its version shown.
      await apps.manage('cms');
      await apps.uploadBuild(await pagesZip(CMS_DIST));
      await expect(apps.deployResult).toContainText(run.deployed);
      await expect(apps.deployResult).toContainText('pc_cms_tm');
      await expect(apps.deploy.getByTestId('apps.deploy.installed')).toHaveText(
        run.lang === 'en' ? 'Deployed' : '已部署',
      );
      const served = await page.request.get('/pages/cms/pc_cms_tm/index.html');
      expect(served.status()).toBe(200);

      // The credential: the secret shown this once, then only its client id.
      await apps.rotateCredential();
      await expect(apps.credential.getByTestId('apps.credential.secret')).toContainText(run.once);
      const secret = (await apps.secret.textContent()) ?? '';
      expect(secret.length).toBeGreaterThan(20);
      await animationsSettled(page);
      await saveScreen(page, 'admin-apps-manage');
      // Audited once, in zh-CN, with the drawer over the table (axe reads both).
      if (run.lang === 'zh-CN') await expectAccessible(page);
      await apps.closeDrawer();
      await apps.manage('cms');
      await expect(apps.credential.getByTestId('apps.credential.status')).toBeVisible();
      await expect(apps.secret).toHaveCount(0);
      await expect(apps.manageDrawer).not.toContainText(secret);
      await apps.closeDrawer();

      await animationsSettled(page);
      await saveScreen(page, 'admin-apps');
    });
  }

  test(
    "a school admin reads the catalogue and rotates the school's credential, readable on a phone and an iPad",
    { tag: '@mobile' },
    async ({ page }) => {
      await signInByApi(page, admin);
      const apps = new AdminAppsPage(page);
      await apps.open(SCHOOL);
      // The shared catalogue is the area's to change (the server refuses it too).
      await expect(apps.readOnly).toBeVisible();
      await expect(apps.register).toHaveCount(0);
      await expect(apps.row('cms').getByTestId('apps.hide')).toHaveCount(0);
      await animationsSettled(page);
      await expectNoHorizontalOverflow(page);
      const fontSize = await apps
        .row('cms')
        .getByTestId('apps.name')
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(fontSize).toBeGreaterThanOrEqual(14);
      await saveScreen(page, 'admin-apps-school');

      await apps.manage('cms');
      await expect(apps.deploy).toHaveCount(0);
      await expect(apps.icon('color').getByTestId('apps.icon.upload')).toHaveCount(0);
      await apps.rotateCredential();
      await expect(apps.secret).toBeVisible();
      await animationsSettled(page);
      await expectNoHorizontalOverflow(page);
      if (test.info().project.name === 'mobile') await expectAccessible(page);
      await saveScreen(page, 'admin-apps-school-credential');
      await apps.closeDrawer();

      if (test.info().project.name === 'pc') {
        // An iPad's width: the menu folded, the table whole.
        await page.setViewportSize({ width: 768, height: 1024 });
        await animationsSettled(page);
        await expectNoHorizontalOverflow(page);
        await expect(apps.row('cms').getByTestId('apps.manage')).toBeVisible();
        await saveScreen(page, 'admin-apps-school');
      }
    },
  );
});
