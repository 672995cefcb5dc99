/**
 * The phone pages of the sample sub-app (issue 10 §4 "Mobile pages"; spec §2 "the mobile
 * equivalent exists"): the mobile desktop opens mobile_cms_tm for a teacher and mobile_cms_spm
 * for a parent instead of a dead end. Each page is checked in both languages for its content,
 * one action (publish; read on opening), touch targets, horizontal overflow (spec §4 screen
 * classes), and saved as a screenshot; then the access rules of spec §6 and the mobile init
 * option of spec §3/§4 (no zoom warning on a phone).
 */
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { cmsEndpoints } from '@campus/contracts/cms';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { expect, test } from '../fixtures/test.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { MOBILE_DESKTOP_PATH } from '@campus/contracts/pages';
import { demoAccounts } from '../fixtures/accounts.ts';
import { expectNoHorizontalOverflow, saveScreen } from '../fixtures/screens.ts';
import { CmsPage } from '../pages/CmsPage.ts';
import { openAs, openDesktop } from '../pages/flows.ts';

const { teacher, parent, staff } = demoAccounts;

type MobileFile = 'mobile_cms_tm' | 'mobile_cms_spm';

/** A cms phone page (spec §2 app pages with `mobile_` for `pc_`). */
function mobileUrl(fileId: MobileFile, hash = '', search = ''): string {
  return `/pages/cms/${fileId}/index.html${search}${hash ? `#${hash}` : ''}`;
}

/** The smallest touch target a phone page may have (WCAG 2.5.5, the platforms' guides). */
const TOUCH_TARGET_PX = 44;

/** The visible controls under `root` smaller than a fingertip, described for the failure message. */
function smallTargets(root: Locator): Promise<string[]> {
  return root.locator('a, button, input, textarea, select, summary').evaluateAll(
    (elements, min) =>
      elements
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < min || box.height < min))
        .map(
          ({ el, box }) =>
            `${el.tagName.toLowerCase()} "${el.textContent?.trim() ?? ''}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    TOUCH_TARGET_PX,
  );
}

/** The page is laid out for a phone: nothing too small to tap, nothing scrolling sideways. */
async function expectPhoneLayout(page: Page, root: Locator): Promise<void> {
  await expect(page.getByTestId('cms.loading')).toHaveCount(0);
  expect(await smallTargets(root)).toEqual([]);
  await expectNoHorizontalOverflow(page);
}

/** Signs in on the login page in `language`, then taps cms on the mobile desktop. */
async function openCmsFromMobileDesktop(
  page: Page,
  account: (typeof demoAccounts)[keyof typeof demoAccounts],
  language: 'zh-CN' | 'en',
  fileId: MobileFile,
): Promise<void> {
  await openDesktop(page, account, { query: language === 'en' ? { language: 'en' } : {} });
  // A phone lands here after sign-in (spec §4); at the pc width it is opened by address.
  if (!page.url().includes(MOBILE_DESKTOP_PATH)) await page.goto(MOBILE_DESKTOP_PATH);
  await page.locator('[data-testid="mobile.app"][data-code="cms"]').click();
  await page.waitForURL((url) => url.pathname === mobileUrl(fileId));
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Publishes a notice as the demo teacher through the API (a setup step, not under test). */
async function publishAsTeacher(
  request: APIRequestContext,
  notice: { title: string; content: string; gradeName: string; className: string },
): Promise<void> {
  const device = { device: 'mobile:cms' };
  const login = await request.post(uaaEndpoints.login.path, {
    form: { username: teacher.username, password: teacher.password },
    headers: device,
  });
  expect(((await login.json()) as { status: number }).status).toBe(200);
  const published = await request.post(cmsEndpoints.publish.path, {
    data: notice,
    headers: device,
  });
  expect(((await published.json()) as { status: number }).status).toBe(200);
}

const TEXT = {
  'zh-CN': {
    tabs: ['通知', '发布', '阅读'],
    listTitle: '通知列表',
    unread: '未读',
    read: '已读',
    mineTitle: '孩子的通知',
  },
  en: {
    tabs: ['Notices', 'Publish', 'Reads'],
    listTitle: 'All notices',
    unread: 'Unread',
    read: 'Read',
    mineTitle: "My child's notices",
  },
} as const;

for (const language of ['zh-CN', 'en'] as const) {
  const text = TEXT[language];

  test(
    `a teacher opens cms from the mobile desktop and publishes a notice (${language})`,
    { tag: '@mobile' },
    async ({ page }) => {
      await openCmsFromMobileDesktop(page, teacher, language, 'mobile_cms_tm');
      const cms = new CmsPage(page);
      const app = page.getByTestId('cms.tm');
      await expect(app).toBeVisible();
      // The pc navigation's routes and codes as bottom tabs: no statistics for a teacher (spec §2).
      expect(await cms.navLabels()).toEqual(text.tabs);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.listTitle);
      await expect(cms.listItems.first()).toBeVisible();
      await expectPhoneLayout(page, app);
      // The tabs stay within reach at the bottom of the screen.
      const tabs = await cms.nav.boundingBox();
      expect((tabs?.y ?? 0) + (tabs?.height ?? 0)).toBeCloseTo(page.viewportSize()?.height ?? 0, 0);
      await saveScreen(page, 'cms-mobile-tm-list');
      await expectAccessible(page);

      await cms.nav.getByRole('link', { name: text.tabs[1] }).click();
      await expect(page).toHaveURL(/#\/notice\/publish$/);
      await expectPhoneLayout(page, app);
      await saveScreen(page, 'cms-mobile-tm-publish');
      await expectAccessible(page);
      const title = `${language === 'en' ? 'Sports kit' : '运动服装'} ${Date.now()}`;
      await cms.publish({
        title,
        content: language === 'en' ? 'Bring trainers on Friday.' : '周五请穿运动鞋。',
        grade: 'Grade 3',
        className: 'Class 2',
      });
      await expect(page).toHaveURL(/#\/notice\/list$/);
      await expect(cms.listItems.filter({ hasText: title })).toBeVisible();
    },
  );

  test(
    `a teacher sees the read counts as cards on the phone (${language})`,
    { tag: '@mobile' },
    async ({ page, request }) => {
      const title = `${language === 'en' ? 'Library day' : '图书馆开放日'} ${Date.now()}`;
      await publishAsTeacher(request, {
        title,
        content: language === 'en' ? 'Return your books.' : '请归还图书。',
        gradeName: 'Grade 3',
        className: 'Class 2',
      });
      const search = language === 'en' ? '?language=en' : '';
      await openAs(page, teacher, mobileUrl('mobile_cms_tm', '/notice/reads', search));
      const cms = new CmsPage(page);
      const app = page.getByTestId('cms.tm');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(cms.nav.getByRole('link', { name: text.tabs[2] })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByTestId('cms.reads.cards')).toBeVisible();
      const card = cms.readsRows.filter({ hasText: title });
      await expect(card.getByTestId('cms.reads.count')).toHaveText(/^0 \/ \d+$/);
      await expect(card.getByTestId('cms.reads.rate')).toHaveText('0%');
      await expectPhoneLayout(page, app);
      await saveScreen(page, 'cms-mobile-tm-reads');
      await expectAccessible(page);
    },
  );

  test(
    `a parent opens cms from the mobile desktop and reads the child's notice on opening (${language})`,
    { tag: '@mobile' },
    async ({ page, request }) => {
      const title = `${language === 'en' ? 'Class trip' : '春游安排'} ${Date.now()}`;
      const content = language === 'en' ? 'Meet at the gate at 8.' : '八点校门口集合。';
      await publishAsTeacher(request, {
        title,
        content,
        gradeName: 'Grade 3',
        className: 'Class 2',
      });

      await openCmsFromMobileDesktop(page, parent, language, 'mobile_cms_spm');
      const cms = new CmsPage(page);
      const app = page.getByTestId('cms.spm');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.mineTitle);
      await expect(page.getByTestId('cms.mine.child')).toContainText('Li Ming');
      const item = cms.mineItems.filter({ hasText: title });
      await expect(item.getByTestId('cms.mine.status')).toHaveText(text.unread);
      await expectPhoneLayout(page, app);
      await saveScreen(page, 'cms-mobile-spm');
      await expectAccessible(page);

      const recorded = page.waitForResponse(
        (r) => new URL(r.url()).pathname === cmsEndpoints.read.path,
      );
      await item.getByTestId('cms.mine.open').click();
      expect(((await (await recorded).json()) as { status: number }).status).toBe(200);
      await expect(item.getByTestId('cms.mine.body')).toHaveText(content);
      await expect(item.getByTestId('cms.mine.status')).toHaveText(text.read);
      await expectPhoneLayout(page, app);
      await saveScreen(page, 'cms-mobile-spm-read');

      // The server kept the read: it is still read when the page opens again.
      await page.reload();
      await expect(item.getByTestId('cms.mine.status')).toHaveText(text.read);
    },
  );
}

test(
  'spec §6: the phone teacher page follows the pc access rules (parent denied, staff see statistics)',
  { tag: '@mobile' },
  async ({ page, browser }) => {
    await openAs(page, parent, mobileUrl('mobile_cms_tm', '/notice/list'));
    await expect(page.getByTestId('notFound.root')).toBeVisible();
    await expect(page.getByTestId('cms.tm')).toHaveCount(0);

    const staffPage = await browser.newPage({ viewport: page.viewportSize() });
    try {
      await openAs(staffPage, staff, mobileUrl('mobile_cms_tm', '/stats'));
      const cms = new CmsPage(staffPage);
      await expect(staffPage.getByTestId('cms.stats')).toBeVisible();
      expect(await cms.navLabels()).toEqual(['通知', '发布', '阅读', '统计']);
      await expectPhoneLayout(staffPage, staffPage.getByTestId('cms.tm'));
      await saveScreen(staffPage, 'cms-mobile-tm-stats');
    } finally {
      await staffPage.close();
    }
  },
);

test(
  "spec §3/§4: the phone pages start with `mobile`, so a phone's pixel ratio shows no zoom warning",
  { tag: '@mobile' },
  async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 3,
    });
    // The warning lasts 5 s (spec §9), so whether one ever showed is recorded as the page runs.
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="notice.warning"]')) return;
        (window as { zoomWarned?: boolean }).zoomWarned = true;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const warned = () =>
      page.evaluate(() => (window as { zoomWarned?: boolean }).zoomWarned === true);
    try {
      await openAs(page, teacher, mobileUrl('mobile_cms_tm', '/notice/list'));
      // A cold sub-app page at a 3× pixel ratio may take longer than the default 5 s on a busy
      // CI machine; what is checked is whether a warning ever showed, not how fast.
      await expect(page.getByTestId('cms.list.item').first()).toBeVisible({ timeout: 15_000 });
      // The handler would have warned during start-up, before the app's content showed.
      expect(await warned()).toBe(false);
      // The pc page at the same ratio warns: the check above could see one.
      await page.goto(CmsPage.url('pc_cms_tm', '/notice/list'));
      await expect(page.getByTestId('cms.list.item').first()).toBeVisible();
      expect(await warned()).toBe(true);
    } finally {
      await context.close();
    }
  },
);
