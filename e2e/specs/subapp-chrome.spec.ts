/**
 * Sub-apps carry the desktop's header and footer (issue 10 §4; spec §1 "the same … header",
 * §2 Header, Other dialogs, Footer, About dialog): in cms, at the pc and phone widths and in
 * both languages, every control of the chrome works as on the desktop: the bell and its count,
 * the header's message list (only /desktop/home shows none), the messages dialog with ignore
 * and ignore all, the child picker changing the child whose notices the parent page shows, the
 * teacher/parent switch, the theme dialog, an openWay-1 message's module-expiry table, full
 * screen, language, logout, the footer and the About dialog with the app's own versions. Accounts sign in through the API: the login form is not under test.
 */
import { type Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { addMessages, createAccount, linkNewChild } from '../fixtures/desktop-data.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { expectNoHorizontalOverflow, expectShownWhole } from '../fixtures/screens.ts';
import { ChromePage } from '../pages/ChromePage.ts';

const { teacher, parent, staff } = demoAccounts;

/** Spec §3 theme colours: ink. */
const INK = '#A9947F';
const DAY = 24 * 60 * 60 * 1000;

type Language = 'zh-CN' | 'en';

/** Signs in through the API; the page's browser context keeps the session cookies. */
async function signInByApi(
  page: Page,
  account: { username: string; password: string },
): Promise<void> {
  const answer = await page.request.post('/api/uaa/oauth/login', {
    form: { username: account.username, password: account.password },
    headers: { device: 'pc:portal' },
  });
  expect(((await answer.json()) as { status: number }).status).toBe(200);
}

/** The cms page of `variant` for the project's width: pc_cms_* or, on a phone, mobile_cms_*. */
function cmsUrl(page: Page, variant: 'tm' | 'spm', language: Language): string {
  const screen = test.info().project.name === 'mobile' ? 'mobile' : 'pc';
  const search = language === 'en' ? '?language=en' : '';
  return `/pages/cms/${screen}_cms_${variant}/index.html${search}`;
}

/** Opens cms as `account` and waits for its header and its content. */
async function openCms(
  page: Page,
  account: { username: string; password: string },
  variant: 'tm' | 'spm',
  language: Language = 'zh-CN',
): Promise<ChromePage> {
  await signInByApi(page, account);
  await page.goto(cmsUrl(page, variant, language));
  await expect(page.getByTestId(variant === 'tm' ? 'cms.tm' : 'cms.spm')).toBeVisible();
  await expect(page.getByTestId('appHeader')).toBeVisible();
  return new ChromePage(page);
}

const TEXT = {
  'zh-CN': {
    welcome: (name: string) => `欢迎您，${name}`,
    ignoreAllDone: '全部忽略成功！',
    entered: (name: string) => `已切换到 ${name}`,
    about: '关于',
    version: '版本信息',
    switchToParent: '切换到家长账号',
    switchToTeacher: '切换到教师账号',
    fullscreen: '全屏',
    exitFullscreen: '退出全屏',
    themeTitle: '主题设置',
    themeSaved: '主题已保存',
    moduleExpiryTitle: '模块到期情况',
    statuses: ['已过期', '即将到期', '使用中'],
  },
  en: {
    welcome: (name: string) => `Welcome, ${name}`,
    ignoreAllDone: 'All ignored successfully!',
    entered: (name: string) => `Now viewing ${name}`,
    about: 'About',
    version: 'Version info',
    switchToParent: 'Switch to the parent account',
    switchToTeacher: 'Switch to the teacher account',
    fullscreen: 'Full screen',
    exitFullscreen: 'Exit full screen',
    themeTitle: 'Theme settings',
    themeSaved: 'Theme saved',
    moduleExpiryTitle: 'Module expiry',
    statuses: ['Expired', 'Expiring soon', 'In use'],
  },
} as const;

for (const language of ['zh-CN', 'en'] as const) {
  const text = TEXT[language];

  test.describe(`cms carries the desktop's chrome (${language})`, () => {
    test(
      'the header and footer of the desktop, one of each, laid out for the width',
      { tag: '@mobile' },
      async ({ page }) => {
        const chrome = await openCms(page, teacher, 'tm', language);
        await expect(page.getByTestId('appHeader')).toHaveCount(1);
        await expect(chrome.page.getByTestId('appHeader.unit')).toHaveText(/\S/);
        // The app's name whole at both widths (chrome.css: its own line on a phone).
        await expectShownWhole(chrome.page.getByTestId('appHeader.app'));
        await expect(chrome.page.getByTestId('header.welcome')).toHaveText(
          text.welcome(await meName(page)),
        );
        await expect(chrome.bell).toBeVisible();
        await expect(chrome.page.getByTestId('appHeader.language')).toBeVisible();
        await expect(chrome.logout).toBeVisible();
        await expect(chrome.footer).toHaveCount(1);
        await expect(chrome.copyright).toHaveText(/\S/);
        await expect(chrome.version).toHaveText(text.version);
        // The other actions: buttons on a wide screen, the "more" menu on a phone (spec §4).
        for (const testId of ['header.home', 'header.switchAccount', 'header.fullscreen']) {
          await expect(await chrome.headerAction(testId)).toBeVisible();
        }
        await expectNoHorizontalOverflow(page);
      },
    );

    test(
      'the bell counts, the header lists the newest messages, the dialog ignores one and all',
      { tag: '@mobile' },
      async ({ page }) => {
        const account = await createAccount(2, 'chrome-bell');
        await addMessages(account.userId, [
          { text: `Sports day ${language}`, importance: 3 },
          { text: `Parents' evening ${language}`, importance: 4 },
          { text: `Library ${language}`, importance: 1 },
        ]);
        const chrome = await openCms(page, account, 'tm', language);
        await expect(chrome.badge).toHaveText('3');

        // Spec §2: outside /desktop/home the header shows the user's messages.
        await chrome.bell.click();
        await expect(chrome.headerMessages).toContainText(`Sports day ${language}`);
        await page.getByTestId('header.messagesAll').click();
        const dialog = page.getByTestId('messages.dialog');
        await expect(dialog.getByTestId('messages.item')).toHaveCount(3);

        await dialog
          .getByTestId('messages.item')
          .filter({ hasText: `Library ${language}` })
          .getByTestId('messages.ignore')
          .click();
        await expect(dialog.getByTestId('messages.item')).toHaveCount(2);
        await expect(chrome.badge).toHaveText('2');

        await page.getByTestId('messages.ignoreAll').click();
        await expect(page.getByTestId('messages.ignoreAllDone')).toHaveText(text.ignoreAllDone);
        await expect(dialog.getByTestId('messages.empty')).toBeVisible();
        await expect(chrome.badge).toHaveCount(0);
        await page.getByTestId('messages.close').click();
        await expect(dialog).toHaveCount(0);
      },
    );

    test(
      'the child picker changes the child whose notices the parent page shows (spec §2, §6)',
      { tag: '@mobile' },
      async ({ page, playwright, baseURL }) => {
        const stamp = Date.now().toString(36);
        const first = { name: `Zhao A ${stamp}`, grade: `Grade 2`, className: `Class A${stamp}` };
        const second = { name: `Zhao B ${stamp}`, grade: `Grade 4`, className: `Class B${stamp}` };
        const account = await createAccount(3, 'chrome-parent');
        await linkNewChild(account, first);
        await linkNewChild(account, second);
        // A notice for the second child's class only, published by the demo teacher.
        const title = `Class trip ${stamp} ${language}`;
        const staffApi = await playwright.request.newContext({ baseURL: baseURL ?? '' });
        const login = await staffApi.post('/api/uaa/oauth/login', {
          form: { username: teacher.username, password: teacher.password },
          headers: { device: 'pc:cms' },
        });
        expect(((await login.json()) as { status: number }).status).toBe(200);
        const published = await staffApi.post('/api/cms/notice/publish', {
          data: {
            title,
            content: 'Meet at 8.',
            gradeName: second.grade,
            className: second.className,
          },
          headers: { device: 'pc:cms' },
        });
        expect(((await published.json()) as { status: number }).status).toBe(200);
        await staffApi.dispose();

        const chrome = await openCms(page, account, 'spm', language);
        const shown = page.getByTestId('cms.mine.child');
        const current = (await shown.textContent()) ?? '';
        const other = current.includes(first.name) ? second : first;
        await (await chrome.headerAction('header.child')).click();
        const rows = page.getByTestId('child.row');
        await expect(rows).toHaveCount(2);
        await rows.filter({ hasText: other.name }).getByTestId('child.enter').click();
        await expect(page.getByTestId('child.entered')).toHaveText(text.entered(other.name));
        await expect(page.getByTestId('child.dialog')).toHaveCount(0);
        await expect(shown).toContainText(other.name);
        const notice = page.getByTestId('cms.mine.item').filter({ hasText: title });
        await expect(notice).toHaveCount(other === second ? 1 : 0);

        // And back: the notice follows the child.
        await (await chrome.headerAction('header.child')).click();
        const back = other === second ? first : second;
        await rows.filter({ hasText: back.name }).getByTestId('child.enter').click();
        await expect(shown).toContainText(back.name);
        await expect(notice).toHaveCount(back === second ? 1 : 0);
      },
    );

    test(
      "the theme button opens the desktop's theme dialog; a saved theme applies at once and holds on the desktop (spec §2 Theme dialog, §3, §4)",
      { tag: '@mobile' },
      async ({ page }) => {
        const account = await createAccount(2, 'chrome-theme');
        const chrome = await openCms(page, account, 'tm', language);
        await chrome.openTheme();
        await expect(page.getByRole('dialog', { name: text.themeTitle })).toBeVisible();
        for (const option of ['ink', 'lotus', 'cartoon', 'red', 'blue', 'siroBlue', 'green'])
          await expect(page.getByTestId(`theme.option.${option}`)).toBeVisible();
        await expect(page.getByTestId('theme.picker')).toBeVisible();
        // Spec §3 unit login config: the demo school's own five themes, as on the desktop.
        await expect(chrome.unitThemes).toHaveCount(5);
        await expect(page.getByTestId('theme.option.blue')).toHaveAttribute('aria-pressed', 'true');
        await expect(chrome.layoutTop).toBeVisible();
        await expectAccessible(page, { include: '[data-testid="theme.dialog"]' });

        await page.getByTestId('theme.option.ink').click();
        await expect(chrome.layoutFixed).toBeVisible();
        await chrome.saveTheme();
        await expect(page.getByTestId('theme.savedFlash')).toHaveText(text.themeSaved);
        expect(await chrome.cssVariable('--ph-primary')).toBe(INK);
        await expect(page.locator('link[data-ph-theme="ink"]')).toHaveCount(1);

        // The user's theme, not the page's: the desktop opens in it.
        await page.goto('/desktop/home');
        await expect(page.getByTestId('header')).toBeVisible();
        await expect.poll(() => chrome.cssVariable('--ph-primary')).toBe(INK);
      },
    );

    test(
      'an openWay-1 message opens the module-expiry table in cms as on the desktop (spec §3, §4)',
      { tag: '@mobile' },
      async ({ page }) => {
        const account = await createAccount(2, 'chrome-expiry');
        const now = Date.now();
        await addMessages(account.userId, [
          {
            text: `Modules are expiring ${language}`,
            importance: 5,
            module: 'base',
            openWay: 1,
            modules: [
              { code: 'cms', endTime: now + 400 * DAY },
              { code: 'library', endTime: now - 10 * DAY },
              { code: 'canteen', endTime: now + 30 * DAY },
            ],
          },
        ]);
        const chrome = await openCms(page, account, 'tm', language);
        await chrome.bell.click();
        await page.getByTestId('header.messagesAll').click();
        await page.getByTestId('messages.item').getByTestId('messages.open').click();
        const table = page.getByTestId('moduleExpiry.dialog');
        await expect(table).toBeVisible();
        await expect(page.getByRole('dialog', { name: text.moduleExpiryTitle })).toBeVisible();
        await expect(table.getByTestId('moduleExpiry.status')).toHaveText(text.statuses);
        await expect(table.getByTestId('moduleExpiry.endTime').first()).toHaveText(
          /^\d{4}-\d{2}-\d{2}$/,
        );
        await expectAccessible(page, { include: '[data-testid="moduleExpiry.dialog"]' });
        await page.getByTestId('moduleExpiry.back').click();
        await expect(page.getByTestId('messages.dialog')).toBeVisible();
        await expect(table).toHaveCount(0);
      },
    );

    test(
      'the linked teacher switches to the parent account in cms and back (spec §6)',
      { tag: '@mobile' },
      async ({ page }) => {
        const chrome = await openCms(page, teacher, 'tm', language);
        const switchAccount = await chrome.headerAction('header.switchAccount');
        await expect(switchAccount).toHaveAccessibleName(text.switchToParent);
        await switchAccount.click();
        // The app opens again on the parent's page (spec §2 app pages, spm).
        await expect(page.getByTestId('cms.spm')).toBeVisible();
        expect(new URL(page.url()).pathname).toMatch(/\/pages\/cms\/(pc|mobile)_cms_spm\//);
        const back = await chrome.headerAction('header.switchAccount');
        await expect(back).toHaveAccessibleName(text.switchToTeacher);
        await back.click();
        await expect(page.getByTestId('cms.tm')).toBeVisible();
      },
    );
  });
}

test.describe('cms chrome controls at the pc width', () => {
  test('no switch for an account without a linked one (spec §6)', async ({ page }) => {
    const chrome = await openCms(page, staff, 'tm');
    await expect(chrome.bell).toBeVisible();
    await expect(chrome.switchAccount).toHaveCount(0);
    await expect(chrome.child).toHaveCount(0);
  });

  test('a parent with one child gets no picker (spec §2)', async ({ page }) => {
    const chrome = await openCms(page, demoAccounts.parent1, 'spm');
    await expect(chrome.bell).toBeVisible();
    await expect(chrome.child).toHaveCount(0);
  });

  test('the demo parent with two children gets the picker', async ({ page }) => {
    const chrome = await openCms(page, parent, 'spm');
    await expect(chrome.child).toBeVisible();
  });

  test('full screen toggles (spec §2 full-screen button)', async ({ page }) => {
    const chrome = await openCms(page, teacher, 'tm');
    await chrome.fullscreen.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await expect(chrome.fullscreen).toHaveAttribute('aria-label', TEXT['zh-CN'].exitFullscreen);
    await chrome.fullscreen.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);
    await expect(chrome.fullscreen).toHaveAttribute('aria-label', TEXT['zh-CN'].fullscreen);
  });

  test('the home button goes back to the desktop', async ({ page }) => {
    const chrome = await openCms(page, teacher, 'tm');
    await chrome.home.click();
    await page.waitForURL((url) => url.pathname === '/desktop/home');
    await expect(page.getByTestId('header')).toBeVisible();
  });

  test(
    'the language switch starts the page again in English',
    { tag: '@mobile' },
    async ({ page }) => {
      await openCms(page, teacher, 'tm');
      await page.getByTestId('appHeader.language').click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByTestId('header.welcome')).toHaveText(/^Welcome, /);
      await expect(page.getByTestId('footer.version')).toHaveText('Version info');
    },
  );

  test("the About dialog shows the app's own versions, 650 px wide at z-index 10000", async ({
    page,
  }) => {
    const chrome = await openCms(page, teacher, 'tm');
    await chrome.version.click();
    await expect(chrome.about).toBeVisible();
    const dialog = page.getByRole('dialog', { name: TEXT['zh-CN'].about });
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(650);
    expect(await dialog.evaluate((el) => getComputedStyle(el.parentElement!).zIndex)).toBe('10000');
    const pkg = (await (await page.request.get('/pages/cms/package.json')).json()) as {
      appVersion: string;
    };
    await expect(page.getByTestId('about.releaseVersion').first()).toHaveText(pkg.appVersion);
    await expect(page.getByTestId('about.frontend')).toContainText(pkg.appVersion);
    await page.getByTestId('about.close').click();
    await expect(chrome.about).toHaveCount(0);
  });

  test('logout asks, then goes to the login page', { tag: '@mobile' }, async ({ page }) => {
    const chrome = await openCms(page, await createAccount(4, 'chrome-logout'), 'tm');
    await chrome.logout.click();
    await page.getByTestId('logout.cancel').click();
    await expect(page.getByTestId('logout.confirm')).toHaveCount(0);
    await chrome.logout.click();
    await page.getByTestId('logout.confirm').click();
    await page.waitForURL((url) => url.pathname === '/login');
    const me = await page.request.get('/api/uaa/oauth/me');
    expect(((await me.json()) as { status: number }).status).not.toBe(200);
  });
});

/** The signed-in user's name (GET /api/uaa/oauth/me). */
async function meName(page: Page): Promise<string> {
  const answer = await page.request.get('/api/uaa/oauth/me');
  return ((await answer.json()) as { data: { realName: string } }).data.realName;
}
