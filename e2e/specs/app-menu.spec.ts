import { type Page } from '@playwright/test';
import { baseEndpoints } from '@campus/contracts/base';
import { desktopEndpoints } from '@campus/contracts/desktop';
import { endpointPath } from '@campus/contracts/endpoint';
import { storageEndpoints } from '@campus/contracts/storage';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { expect, test } from '../fixtures/test.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { createAccount } from '../fixtures/desktop-data.ts';
import { animationsSettled, saveScreen } from '../fixtures/screens.ts';
import { apiData, apiPost, ChromePage } from '../pages/ChromePage.ts';
import { openDesktop } from '../pages/flows.ts';

const { teacher, parent, admin, staff, area } = demoAccounts;

/** Spec §9 numbers. */
const TOP_BAR_MAX = 10;
const SLOT_PX = 60;

interface Group {
  code: string;
  iconVMs: { code: string }[];
}

async function myGroups(page: Page): Promise<Group[]> {
  const me = await apiData<{ userId: string; unitId: string }>(page, uaaEndpoints.me.path);
  return apiData<Group[]>(
    page,
    `${desktopEndpoints.appIcons.path}?userId=${me.userId}&unitId=${me.unitId}&appType=1`,
  );
}

test.describe('the top app-icon bar (spec §2 Top app-icon menu, §9)', () => {
  test('spec §9: at most 10 icons, each in a 60 px slot, in menu order', async ({
    page,
    browser,
    baseURL,
  }) => {
    await openDesktop(page, teacher);
    const chrome = new ChromePage(page);
    const all = (await myGroups(page)).flatMap((g) => g.iconVMs.map((i) => i.code));
    expect(all.length).toBeGreaterThan(TOP_BAR_MAX);
    const codes = await chrome.topIcons.evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-code')),
    );
    expect(codes).toEqual(all.slice(0, TOP_BAR_MAX));
    for (const slot of await page.getByTestId('menu.topIcons').locator('li').all()) {
      expect((await slot.boundingBox())?.width).toBe(SLOT_PX);
    }

    // A parent with fewer apps sees all of them, still no more than 10.
    const parentPage = await browser.newPage(baseURL ? { baseURL } : {});
    await openDesktop(parentPage, parent);
    const parentCodes = (await myGroups(parentPage)).flatMap((g) => g.iconVMs.map((i) => i.code));
    await expect(new ChromePage(parentPage).topIcons).toHaveCount(
      Math.min(TOP_BAR_MAX, parentCodes.length),
    );
    await parentPage.close();
  });

  test('spec §2, §3: each icon carries its unread count (99+ capped) and the colour icon set', async ({
    page,
  }) => {
    await openDesktop(page, teacher);
    const chrome = new ChromePage(page);
    const counts = await apiData<Record<string, number>>(
      page,
      desktopEndpoints.unreadCodeCount.path,
    );
    for (const icon of await chrome.topIcons.all()) {
      const code = (await icon.getAttribute('data-code')) ?? '';
      const count = counts[code] ?? 0;
      const badge = icon.getByTestId('menu.iconBadge');
      if (count > 0) await expect(badge).toHaveText(count > 99 ? '99+' : String(count));
      else await expect(badge).toHaveCount(0);
      await expect(icon.locator('img')).toHaveAttribute(
        'src',
        endpointPath(storageEndpoints.appIcon, { code, variant: 'color' }),
      );
    }
  });

  test('spec §6: an area user sees no base or edu app (unitType 1)', async ({ page }) => {
    await openDesktop(page, area);
    const chrome = new ChromePage(page);
    await chrome.allApps.click();
    await expect(chrome.panelIcons.first()).toBeVisible();
    const codes = await chrome.panelIcons.evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-code')),
    );
    expect(codes).not.toContain('base');
    expect(codes).not.toContain('edu');
  });
});

test.describe('the expand panel (spec §2, §6, §9: 672, or 780 for unitType 2 with userType 2 or 4)', () => {
  for (const [account, width, headings] of [
    [teacher, 780, true],
    [staff, 780, true],
    [parent, 672, false],
    [admin, 672, false],
    [area, 672, false],
  ] as const) {
    test(`${account.username} (type ${account.userType}): ${width} px, group headings ${headings ? 'shown' : 'hidden'}`, async ({
      page,
    }) => {
      await openDesktop(page, account);
      const chrome = new ChromePage(page);
      await chrome.allApps.click();
      await expect(chrome.panel).toBeVisible();
      expect(Math.round((await chrome.panel.boundingBox())?.width ?? 0)).toBe(width);
      const groups = await myGroups(page);
      await expect(chrome.panelIcons).toHaveCount(groups.flatMap((g) => g.iconVMs).length);
      await expect(chrome.groupHeadings).toHaveCount(headings ? groups.length : 0);
      await page.keyboard.press('Escape');
      await expect(chrome.panel).toBeHidden();
    });
  }
});

test.describe('dragging icons (spec §2, §6: teachers and type 4)', () => {
  test("spec §2: a teacher's drag order persists across a reload", async ({ page }) => {
    const fresh = await createAccount(2, 'drag');
    await openDesktop(page, fresh);
    const chrome = new ChromePage(page);
    const before = await chrome.topCodes();
    const [first, second] = before;
    expect(first && second).toBeTruthy();

    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === desktopEndpoints.iconOrder.path,
    );
    await chrome.topIcons.nth(1).dragTo(chrome.topIcons.nth(0));
    expect(((await (await saved).json()) as { status: number }).status).toBe(200);
    const after = [second, first, ...before.slice(2)];
    expect(await chrome.topCodes()).toEqual(after);

    await page.reload();
    await expect.poll(() => chrome.topCodes()).toEqual(after);
    await chrome.allApps.click();
    await expect(chrome.panelIcons.first()).toHaveAttribute('data-code', second ?? '');
  });

  test('spec §6: a parent cannot drag icons', async ({ page }) => {
    await openDesktop(page, parent);
    const chrome = new ChromePage(page);
    await expect(chrome.topIcons.first()).toBeVisible();
    await expect(chrome.topIcons.first()).not.toHaveAttribute('draggable', 'true');
  });
});

test.describe('opening an app (spec §2: recorded, logged, opened)', () => {
  for (const [type, variant] of [
    [2, 'tm'],
    [3, 'spm'],
  ] as const) {
    test(`spec §2, §6: user type ${type} opens the ${variant} page and the app becomes recently used`, async ({
      page,
    }) => {
      const fresh = await createAccount(type, `open${type}`);
      await openDesktop(page, fresh);
      const chrome = new ChromePage(page);
      await chrome.allApps.click();
      const logged = page.waitForRequest(
        (r) => new URL(r.url()).pathname === baseEndpoints.accessDetail.path,
      );
      await chrome.panel.locator('[data-code="cms"]').click();
      expect((await logged).postData() ?? '').toContain('resId=cms');
      await page.waitForURL(`**/pages/cms/pc_cms_${variant}/index.html**`);
      const recent = await apiData<{ code: string }[]>(page, desktopEndpoints.recentApps.path);
      expect(recent[0]?.code).toBe('cms');
    });
  }
});

test.describe('the left layout (spec §2 Left layout, §4)', () => {
  test('spec §2: a collapsible sidebar replaces the top bar, and its lock is kept per user', async ({
    page,
  }) => {
    const fresh = await createAccount(2, 'left');
    await openDesktop(page, fresh);
    const chrome = new ChromePage(page);
    expect(
      (
        await apiPost(page, desktopEndpoints.setTheme.path, {
          type: 'color',
          theme: 'green',
          layout: 'left',
        })
      ).status,
    ).toBe(200);
    await page.reload();
    await expect(chrome.sidebar).toBeVisible();
    await expect(chrome.menuBar).toHaveCount(0);
    await expect(chrome.sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect(chrome.sidebar.getByTestId('menu.icon').first()).toBeVisible();

    // The expand button by keyboard, with the pointer away: no hover can open it meanwhile.
    await page.mouse.move(1200, 700);
    await chrome.sidebarToggle.focus();
    await page.keyboard.press('Enter');
    await expect(chrome.sidebar).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Enter');
    await expect(chrome.sidebar).toHaveAttribute('data-state', 'collapsed');
    // The pointer opens it; its button then reads "collapse", and a click collapses it while
    // the pointer is still inside.
    await chrome.sidebar.hover();
    await expect(chrome.sidebar).toHaveAttribute('data-state', 'expanded');
    await expect(chrome.sidebarToggle).toHaveAttribute('aria-expanded', 'true');
    await chrome.sidebarToggle.click();
    await expect(chrome.sidebar).toHaveAttribute('data-state', 'collapsed');

    await expect(chrome.sidebarLock).toBeEnabled();
    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === desktopEndpoints.setLeftLock.path,
    );
    // By keyboard too: the pointer has just left the collapsing panel, and moving it back in
    // would open the sidebar and move the lock under it (the tools turn from a column to a row).
    await chrome.sidebarLock.focus();
    await page.keyboard.press('Enter');
    await saved;
    await expect(chrome.sidebarLock).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(chrome.sidebarLock).toHaveAttribute('aria-pressed', 'true');
    await expect(chrome.sidebar).toHaveAttribute('data-state', 'expanded');
    await expect(chrome.sidebar.getByTestId('sidebar.groupHeading').first()).toBeVisible();
    await saveScreen(page, 'desktop-left-layout');

    // The lock lives on the server, for this user.
    expect((await apiData<{ locked: boolean }>(page, desktopEndpoints.leftLock.path)).locked).toBe(
      true,
    );
  });
});

test.describe('the menu at a phone width (spec §4)', () => {
  test(
    'spec §4: on /desktop/home the bar scrolls inside itself and the open panel fits the screen',
    { tag: '@mobile' },
    async ({ page }) => {
      await openDesktop(page, teacher);
      await page.goto('/desktop/home');
      const chrome = new ChromePage(page);
      await chrome.allApps.click();
      await expect(chrome.panel).toBeVisible();
      const width = page.viewportSize()?.width ?? 0;
      const box = await chrome.panel.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await chrome.horizontalOverflow()).toBe(0);
    },
  );
});

test.describe('the mobile desktop page (spec §2 mobile_desktop_all)', () => {
  test(
    'spec §2: the mobile desktop lists the apps in its own grid, with no menu bar or sidebar',
    { tag: '@mobile' },
    async ({ page }) => {
      await openDesktop(page, teacher);
      await page.goto('/pages/desktop/mobile_desktop_all/index.html');
      const chrome = new ChromePage(page);
      await expect(chrome.bell).toBeVisible();
      await expect(chrome.menuBar).toHaveCount(0);
      await expect(chrome.sidebar).toHaveCount(0);
    },
  );
});

test.describe('menu screens (issue 4: every screen at 1366 and 375 px, in both languages)', () => {
  for (const lang of ['zh-CN', 'en'] as const) {
    test(`the expand panel (${lang})`, { tag: '@mobile' }, async ({ page }) => {
      await openDesktop(page, teacher, { query: lang === 'en' ? { language: 'en' } : {} });
      await page.goto('/desktop/home');
      const chrome = new ChromePage(page);
      await chrome.allApps.click();
      await expect(chrome.panelIcons.first()).toBeVisible();
      await animationsSettled(page);
      await saveScreen(page, 'desktop-app-panel');
      expect(await chrome.horizontalOverflow()).toBe(0);
    });
  }
});
