import { type Page } from '@playwright/test';
import { baseEndpoints } from '@campus/contracts/base';
import { DESKTOP_PATH } from '@campus/contracts/pages';
import { desktopEndpoints } from '@campus/contracts/desktop';
import { desktopPathFor, expect, test } from '../fixtures/test.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { createAccount } from '../fixtures/desktop-data.ts';
import { animationsSettled, saveScreen } from '../fixtures/screens.ts';
import { apiData, apiPost, ChromePage } from '../pages/ChromePage.ts';
import { DesktopOverlaysPage } from '../pages/DesktopOverlaysPage.ts';
import { openDesktop } from '../pages/flows.ts';

const { admin, teacher } = demoAccounts;

/** Spec §3 theme colours. */
const INK = '#A9947F';
const CARTOON = '#3ABAE8';

interface ThemeColor {
  theme: string | null;
  themeColor: string;
  currentLayout: 'top' | 'left';
}

async function bodyLayoutClasses(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.classList].filter((name) => name.startsWith('layout-')),
  );
}

test.describe('the theme dialog (spec §2 Theme dialog, §3, §4 Layout)', () => {
  test('spec §2: the sections, and the layout choice only for a plain colour theme', async ({
    page,
  }) => {
    const fresh = await createAccount(2, 'theme-sections');
    await openDesktop(page, fresh);
    const chrome = new ChromePage(page);
    await chrome.openTheme();
    for (const [section, options] of [
      ['classic', ['ink', 'lotus']],
      ['stage', ['cartoon']],
      ['colour', ['red', 'blue', 'siroBlue', 'green']],
    ] as const) {
      const box = page.getByTestId(`theme.section.${section}`);
      for (const option of options)
        await expect(box.getByTestId(`theme.option.${option}`)).toBeVisible();
    }
    await expect(page.getByTestId('theme.picker')).toBeVisible();
    // Spec §3 unit login config: the demo school lists five themes of its own.
    await expect(chrome.unitThemes).toHaveCount(5);

    // The default look is the blue swatch, a plain colour: the layout choice shows.
    await expect(page.getByTestId('theme.option.blue')).toHaveAttribute('aria-pressed', 'true');
    await expect(chrome.layoutTop).toBeVisible();
    for (const named of ['ink', 'lotus', 'cartoon']) {
      await page.getByTestId(`theme.option.${named}`).click();
      await expect(chrome.layoutTop).toHaveCount(0);
      await expect(chrome.layoutLeft).toHaveCount(0);
      await expect(chrome.layoutFixed).toBeVisible();
    }
    for (const colour of ['red', 'siroBlue', 'green']) {
      await page.getByTestId(`theme.option.${colour}`).click();
      await expect(chrome.layoutLeft).toBeVisible();
    }
    await chrome.unitThemes.first().click();
    await expect(chrome.layoutLeft).toBeVisible();
    // Only base admins may apply a theme to every user (spec §6).
    await expect(chrome.themeApplyAll).toHaveCount(0);
  });

  test('spec §4: ink forces the top layout and clears the layout class; it applies at once and persists', async ({
    page,
  }) => {
    const fresh = await createAccount(2, 'theme-ink');
    await openDesktop(page, fresh);
    const chrome = new ChromePage(page);

    // A plain colour with the left layout first.
    await chrome.openTheme();
    await page.getByTestId('theme.option.green').click();
    await chrome.layoutLeft.click();
    await chrome.saveTheme();
    await expect(chrome.sidebar).toBeVisible();
    await expect(chrome.menuBar).toHaveCount(0);
    expect(await bodyLayoutClasses(page)).toEqual(['layout-left']);

    // Ink: top layout, no layout class, its own stylesheet, colour and gray icons.
    await chrome.openTheme();
    await page.getByTestId('theme.option.ink').click();
    await chrome.saveTheme();
    await expect(chrome.menuBar).toBeVisible();
    await expect(chrome.sidebar).toHaveCount(0);
    expect(await bodyLayoutClasses(page)).toEqual([]);
    expect(await chrome.cssVariable('--ph-primary')).toBe(INK);
    await expect(page.locator('link[data-ph-theme="ink"]')).toHaveCount(1);
    await expect(chrome.topIcons.first().locator('img')).toHaveAttribute('src', /\/gray$/);
    expect(await apiData<ThemeColor>(page, baseEndpoints.themeColor.path)).toEqual({
      theme: 'ink',
      themeColor: INK,
      currentLayout: 'top',
    });

    await page.reload();
    await expect(chrome.menuBar).toBeVisible();
    await expect.poll(() => chrome.cssVariable('--ph-primary')).toBe(INK);
    expect(await bodyLayoutClasses(page)).toEqual([]);
    await expect(chrome.topIcons.first().locator('img')).toHaveAttribute('src', /\/gray$/);
  });

  test('spec §3: cartoon gets cartoon icons; a unit theme colours the whole UI kit', async ({
    page,
  }) => {
    const fresh = await createAccount(2, 'theme-colour');
    await openDesktop(page, fresh);
    const chrome = new ChromePage(page);

    await chrome.openTheme();
    await page.getByTestId('theme.option.cartoon').click();
    await chrome.saveTheme();
    expect(await chrome.cssVariable('--ph-primary')).toBe(CARTOON);
    await expect(chrome.topIcons.first().locator('img')).toHaveAttribute('src', /\/cartoon$/);

    await chrome.openTheme();
    const chinaRed = chrome.unitThemes.first();
    const colour = (await chinaRed.getAttribute('data-color')) ?? '';
    expect(colour).toBe('#C8161D');
    await chinaRed.click();
    await chrome.layoutTop.click();
    await chrome.saveTheme();
    expect(await chrome.cssVariable('--ph-primary')).toBe(colour);
    await expect(chrome.topIcons.first().locator('img')).toHaveAttribute('src', /\/color$/);
    expect(await bodyLayoutClasses(page)).toEqual(['layout-top']);
    // antd's primary colour is the theme colour (spec §3: the whole UI kit).
    await chrome.openTheme();
    await expect(chrome.themeSave).toHaveCSS('background-color', 'rgb(200, 22, 29)');
    await expect(chrome.unitThemes.first()).toHaveAttribute('aria-pressed', 'true');
  });

  test('spec §6: a base admin applies a theme to every user of the unit', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Another user's own theme first, then the admin's sync overrides it.
    const other = await createAccount(2, 'theme-synced');
    const otherPage = await browser.newPage(baseURL ? { baseURL } : {});
    await openDesktop(otherPage, other);
    expect(
      (
        await apiPost(otherPage, desktopEndpoints.setTheme.path, {
          type: 'color',
          theme: 'red',
          layout: 'left',
        })
      ).status,
    ).toBe(200);

    await openDesktop(page, admin);
    const chrome = new ChromePage(page);
    await chrome.openTheme();
    // The default look (blue swatch, top layout), so the sync changes nothing anyone sees.
    await page.getByTestId('theme.option.blue').click();
    await chrome.layoutTop.click();
    await chrome.saveTheme(chrome.themeApplyAll);

    expect(await apiData<ThemeColor>(otherPage, baseEndpoints.themeColor.path)).toMatchObject({
      theme: 'blue',
      currentLayout: 'top',
    });
    await otherPage.close();
  });
});

test.describe('theme screens (issue 4: every screen at 1366 and 375 px, in both languages)', () => {
  for (const lang of ['zh-CN', 'en'] as const) {
    test(`the theme dialog (${lang})`, { tag: '@mobile' }, async ({ page }) => {
      await openDesktop(page, teacher, { query: lang === 'en' ? { language: 'en' } : {} });
      // The demo teacher has to-dos, so the PC home's start-up pop-up opens once they load: on
      // a slow machine that was after the theme dialog, and the swatch click went to the pop-up
      // (the test:scale failure's snapshot: both dialogs, blue still pressed). Closed first. The
      // phone's desktop has no such pop-up.
      if (desktopPathFor(page) === DESKTOP_PATH) {
        const overlays = new DesktopOverlaysPage(page);
        await expect(overlays.todoPopup).toBeVisible({ timeout: 15_000 });
        await overlays.todoClose.click();
        await expect(overlays.todoPopup).toBeHidden();
      }
      const chrome = new ChromePage(page);
      await chrome.openTheme();
      await page.getByTestId('theme.option.ink').click();
      await expect(chrome.layoutFixed).toBeVisible();
      await page.getByTestId('theme.option.blue').click();
      await expect(chrome.layoutTop).toBeVisible();
      await animationsSettled(page);
      await saveScreen(page, 'desktop-theme-dialog');
      await expectAccessible(page);
      expect(await chrome.horizontalOverflow()).toBe(0);
    });
  }
});
