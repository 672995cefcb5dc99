/**
 * The sample sub-app cms on the shared runtime (issue 3): access check and route filtering
 * (spec §2, §6), silent session recovery (spec §4), language files (spec §4, §7), version and
 * licence checks (spec §4, §7, §8), and a notice going from a teacher to a parent.
 */
import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { cmsEndpoints } from '@campus/contracts/cms';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { expect, test } from '../fixtures/test.ts';
import { demoAccounts, type DemoAccount } from '../fixtures/accounts.ts';
import { deployedFile, runAdmin, withDeployedFile } from '../fixtures/server-data.ts';
import { CmsPage } from '../pages/CmsPage.ts';
import { openAs } from '../pages/flows.ts';

const { teacher, parent, staff } = demoAccounts;

/** Opens a cms page as `account` and returns the page object. */
async function openCms(
  page: Page,
  account: DemoAccount,
  url: string,
  options: { fresh?: boolean } = {},
): Promise<CmsPage> {
  await openAs(page, account, url, options);
  return new CmsPage(page);
}

test.describe('access (spec §6) and route filtering (spec §2)', () => {
  test(
    'a parent opening the teacher app directly sees not-found; a teacher sees the app',
    {
      tag: '@mobile',
    },
    async ({ page, browser }) => {
      const cms = await openCms(page, parent, CmsPage.url('pc_cms_tm', '/notice/list'));
      await expect(cms.notFound).toBeVisible();
      await expect(page.getByTestId('cms.tm')).toHaveCount(0);

      const teacherPage = await browser.newPage({ viewport: page.viewportSize() });
      const asTeacher = await openCms(
        teacherPage,
        teacher,
        CmsPage.url('pc_cms_tm', '/notice/list'),
      );
      await asTeacher.expectTeacherApp();
      await expect(asTeacher.notFound).toHaveCount(0);
      await teacherPage.close();
    },
  );

  test('the teacher sees only the routes her permission codes allow', async ({ page }) => {
    const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/list'));
    await cms.expectTeacherApp();
    // cms:stats is a staff code: its route and link are removed for a teacher (spec §2).
    expect(await cms.navLabels()).toEqual(['通知列表', '发布通知', '阅读统计']);
    await page.goto(CmsPage.url('pc_cms_tm', '/stats'));
    await expect(cms.notFound).toBeVisible();
  });

  test('staff (type 4) hold cms:stats and see the statistics page', async ({ page }) => {
    const cms = await openCms(page, staff, CmsPage.url('pc_cms_tm', '/stats'));
    await expect(page.getByTestId('cms.stats')).toBeVisible();
    expect(await cms.navLabels()).toContain('发布统计');
  });

  test('an unknown hash route inside a permitted app shows not-found, not a stack trace', async ({
    page,
  }) => {
    const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/list'));
    await cms.expectTeacherApp();
    await page.goto(CmsPage.url('pc_cms_tm', '/no/such/page'));
    await expect(cms.notFound).toBeVisible();
  });
});

test.describe('a notice from teacher to parent', () => {
  test(
    'a notice the teacher publishes for Grade 3 Class 2 is read by the parent of Li Ming',
    {
      tag: '@mobile',
    },
    async ({ page, browser }) => {
      const title = `期中考试安排 ${Date.now()}`;
      const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/publish'));
      await cms.publish({
        title,
        content: '周三上午语文，下午数学。',
        grade: 'Grade 3',
        className: 'Class 2',
      });
      await expect(page).toHaveURL(/#\/notice\/list$/);
      await expect(cms.listItems.filter({ hasText: title })).toBeVisible();

      const parentPage = await browser.newPage({ viewport: page.viewportSize() });
      const asParent = await openCms(parentPage, parent, CmsPage.url('pc_cms_spm', '/notices'));
      await expect(parentPage.getByTestId('cms.mine.child')).toContainText('Li Ming');
      const item = asParent.mineItems.filter({ hasText: title });
      await expect(item.getByTestId('cms.mine.status')).toHaveText('未读');
      const recorded = parentPage.waitForResponse(
        (r) => new URL(r.url()).pathname === cmsEndpoints.read.path,
      );
      await item.getByTestId('cms.mine.open').click();
      expect(((await (await recorded).json()) as { status: number }).status).toBe(200);
      await expect(item.getByTestId('cms.mine.body')).toHaveText('周三上午语文，下午数学。');
      await expect(item.getByTestId('cms.mine.status')).toHaveText('已读');
      await parentPage.close();

      await page.goto(CmsPage.url('pc_cms_tm', '/notice/reads'));
      const row = cms.readsRows.filter({ hasText: title });
      await expect(row.getByTestId('cms.reads.count')).toHaveText(/^1 \/ \d+$/);
    },
  );

  test('the publish form says what is missing and keeps what was typed', async ({ page }) => {
    const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/publish'));
    await cms.publish({ title: '   ', content: '正文保留' });
    await expect(page.getByText('请输入标题')).toBeVisible();
    await expect(page.getByTestId('cms.publish.content')).toHaveValue('正文保留');
  });
});

test.describe('shared runtime services', () => {
  test('an access token expired on the server is refreshed silently and publishing succeeds', async ({
    page,
    context,
    baseURL,
  }) => {
    // A session of its own: the refresh below replaces it.
    const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/publish'), {
      fresh: true,
    });
    await context.addCookies([{ name: 'ph_at', value: 'expired-on-the-server', url: baseURL! }]);
    const refreshed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === uaaEndpoints.refresh.path,
    );
    const title = `刷新后发布 ${Date.now()}`;
    await cms.publish({ title, content: '会话过期后自动续期。' });
    expect(((await (await refreshed).json()) as { status: number }).status).toBe(200);
    await expect(cms.listItems.filter({ hasText: title })).toBeVisible();
    await expect(page.getByTestId('notice.error')).toHaveCount(0);
  });

  test(
    'switching to en loads the shared and app language files; an unknown language is zh-CN',
    {
      tag: '@mobile',
    },
    async ({ page }) => {
      const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/list'));
      await cms.expectTeacherApp();
      const shared = page.waitForResponse((r) =>
        r.url().endsWith('/common/plugins/common-ph/1.6.0/lang/en-ph.json'),
      );
      const app = page.waitForResponse((r) => r.url().endsWith('/pages/cms/lang/en-cms.json'));
      await cms.language.click();
      expect((await shared).status()).toBe(200);
      expect((await app).status()).toBe(200);
      await expect(cms.nav.getByRole('link').first()).toHaveText('All notices');
      await expect(cms.headerApp).toHaveText('News and Notices');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      let asked = false;
      page.on('request', (r) => {
        if (r.url().includes('/lang/')) asked = true;
      });
      await page.goto(CmsPage.url('pc_cms_tm', '/notice/list', '?language=fr'));
      await expect(cms.nav.getByRole('link').first()).toHaveText('通知列表');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      expect(asked).toBe(false); // spec §4: no language file for zh-CN
    },
  );

  test('a front end that needs a newer server shows the version alert', async ({ page }) => {
    const file = deployedFile('cms', 'package.json');
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    await withDeployedFile(file, JSON.stringify({ ...pkg, serverVersion: '9.0.0' }), async () => {
      const alert = page.waitForEvent('dialog');
      await openAs(page, teacher, CmsPage.url('pc_cms_tm', '/notice/list'));
      const dialog = await alert;
      expect(dialog.type()).toBe('alert');
      expect(dialog.message()).toContain('9.0.0');
      expect(dialog.message()).toContain(pkg.appVersion);
      await dialog.accept();
    });
  });

  test('an expired licence shows the blocking dialog', async ({ page }) => {
    const cmsLicenceUntil = (until: string) =>
      runAdmin(['set-licence', '--unit', 'demo-unit-sunshine', '--app', 'cms', '--until', until]);
    await cmsLicenceUntil('expired');
    try {
      const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/list'));
      await expect(cms.blockingDialog).toBeVisible();
      await expect(page.getByTestId('blockingDialog.text')).toHaveText(
        '该模块已过期，请联系管理员！',
      );
      await expect(page.getByTestId('cms.tm')).toHaveCount(0);
    } finally {
      await cmsLicenceUntil('2099-12-31');
    }
  });

  test('a page zoomed to 150 % shows the zoom warning suggesting 100 % and Ctrl+0', async ({
    browser,
  }) => {
    const context = await browser.newContext({ deviceScaleFactor: 1.5 });
    const page = await context.newPage();
    try {
      await openAs(page, teacher, CmsPage.url('pc_cms_tm', '/notice/list'));
      const warning = page.getByTestId('notice.warning');
      await expect(warning).toContainText('150%');
      await expect(warning).toContainText('100%');
      await expect(warning).toContainText('Ctrl+0');
    } finally {
      await context.close();
    }
  });
});
