/**
 * The console's unit settings, messages and audit log (issue 13 §2): the demo school's admin
 * renames the unit's English name and sets the login footer, sees a bad link refused with the
 * server's own message, sends a message to a class that a parent of the class then has in the
 * bell, and finds the rename in the audit log and exports it; the area's admin switches the
 * area's face sign-in (issue 14 §1; the area, so the school's face sign-in stays as it is). Both languages at PC width; the
 * unit page readable on a phone. What a test changes in the demo school it puts back, and the
 * class messaged is one of the test's own (STYLE.md: no shared state between specs).
 */
import crypto from 'node:crypto';
import {
  adminDirectoryEndpoints,
  type AdminLoginPage,
  type AdminUnitDetail,
} from '@campus/contracts/admin-directory';
import { endpointPath } from '@campus/contracts/endpoint';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/accessible.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { createAccount, linkNewChild } from '../fixtures/desktop-data.ts';
import { animationsSettled, expectNoHorizontalOverflow, saveScreen } from '../fixtures/screens.ts';
import { expect, signInByApi, test } from '../fixtures/test.ts';
import { AdminConsolePage } from '../pages/AdminConsolePage.ts';
import { AdminUnitPages } from '../pages/AdminUnitPages.ts';
import { ChromePage } from '../pages/ChromePage.ts';
import { DesktopOverlaysPage } from '../pages/DesktopOverlaysPage.ts';
import { openDesktop } from '../pages/flows.ts';

const { admin, area } = demoAccounts;
const SCHOOL = 'demo-unit-sunshine';
const AREA = 'demo-unit-east-district';
const UNIT_PATH = endpointPath(adminDirectoryEndpoints.unit, { unitId: SCHOOL });
const LOGIN_PAGE_PATH = endpointPath(adminDirectoryEndpoints.setLoginPage, { unitId: SCHOOL });
const API_HEADERS = { device: 'pc:portal' };

/** The school as the API answers it now (through the page's admin session). */
async function readSchool(page: Page): Promise<AdminUnitDetail> {
  const res = await page.request.get(UNIT_PATH, { headers: API_HEADERS });
  const body = (await res.json()) as { status: number; data: AdminUnitDetail };
  expect(body.status).toBe(200);
  return body.data;
}

/** Puts the school's names and login page back as they were before the test. */
async function restoreSchool(page: Page, before: AdminUnitDetail): Promise<void> {
  const basics = await page.request.put(UNIT_PATH, {
    headers: API_HEADERS,
    data: {
      name: before.name,
      enName: before.enName,
      unitType: before.unitType,
      areaId: before.parentId,
    },
  });
  expect(((await basics.json()) as { status: number }).status).toBe(200);
  const loginPage: AdminLoginPage = before.loginPage;
  const login = await page.request.put(LOGIN_PAGE_PATH, { headers: API_HEADERS, data: loginPage });
  expect(((await login.json()) as { status: number }).status).toBe(200);
}

const WORDS = {
  'zh-CN': {
    saved: '已保存',
    faceSignIn: '人脸登录',
    badLink: '链接须为以 http:// 或 https:// 开头的完整网址',
    area: '东区教育局',
    classAudience: '班级',
    sent: '已发送给 1 人',
    audience: (grade: string, klass: string) => `${grade} ${klass}`,
    total: /^共 [1-9]\d* 条$/,
  },
  en: {
    saved: 'Saved',
    faceSignIn: 'Face sign-in',
    badLink: 'The link must be a full address starting with http:// or https://, got "not a link"',
    area: 'East District Education Bureau',
    classAudience: 'A class',
    sent: 'Sent to 1 recipients',
    audience: (grade: string, klass: string) => `${grade}, class ${klass}`,
    total: /^[1-9]\d* entries$/,
  },
} as const;

test.describe('the console: unit settings, messages and audit (issue 13 §2)', () => {
  for (const language of ['zh-CN', 'en'] as const) {
    test(`${language}: an admin renames the unit, sets the footer, is refused a bad link, finds the rename in the audit log and exports it`, async ({
      page,
    }) => {
      // Three console pages, a save refused and two kept, a search and an export.
      test.slow();
      const words = WORDS[language];
      await signInByApi(page, admin, { language });
      const ui = new AdminUnitPages(page);
      await ui.open(SCHOOL, 'unit');
      const before = await readSchool(page);
      const enName = `Sunshine Primary ${crypto.randomUUID().slice(0, 6)}`;
      // Configured text is shown as typed: markup in it stays text on the login page too.
      const footer = `<b>Footer</b> ${language} ${Date.now()}`;
      try {
        // The parent area, which a school's admin may not list, shown by its name, not its id.
        await expect(page.getByTestId('unit.area')).toHaveText(words.area);
        await ui.enName.fill(enName);
        await ui.basicsSave.click();
        await expect(ui.toast(words.saved)).toBeVisible();

        await ui.footer.fill(footer);
        await ui.footerLink.fill('not a link');
        await ui.loginPageSave.click();
        // The envelope's message, in the page's language, on screen beside the form.
        await expect(ui.loginPageError).toContainText(words.badLink);
        // …and under the field it names.
        await expect(page.locator('#footerLink_help')).toHaveText(words.badLink);
        await ui.footerLink.fill('https://example.edu/about');
        await ui.loginPageSave.click();
        await expect(ui.loginPageError).toHaveCount(0);
        await expect(ui.toast(words.saved).first()).toBeVisible();

        // Saved: a fresh page shows what the server kept.
        await page.reload();
        await expect(ui.enName).toHaveValue(enName, { timeout: 15_000 });
        await expect(ui.footer).toHaveValue(footer);
        await expect(ui.footerLink).toHaveValue('https://example.edu/about');
        await expect(page.locator('b', { hasText: 'Footer' })).toHaveCount(0);
        if (language === 'zh-CN') {
          // Not hovering a button: its hover shade is not what is audited.
          await page.mouse.move(0, 0);
          await animationsSettled(page);
          await expectAccessible(page);
        }
        await saveScreen(page, 'admin-unit');

        // The audit log: the rename, by this admin, then exported as a spreadsheet.
        await page.getByTestId('admin.menu.audit').click();
        await expect(ui.auditPage).toBeVisible({ timeout: 15_000 });
        await ui.searchAudit('admin.update_unit');
        const rename = ui.auditRows.filter({ hasText: enName });
        await expect(rename).toHaveCount(1);
        await expect(rename.getByTestId('audit.action.cell')).toHaveText('admin.update_unit');
        await expect(ui.auditTotal).toHaveText(words.total);
        await saveScreen(page, 'admin-audit');
        const downloading = page.waitForEvent('download', { timeout: 20_000 });
        await ui.auditExport.click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      } finally {
        await restoreSchool(page, before);
      }
    });
  }

  for (const language of ['zh-CN', 'en'] as const) {
    test(`${language}: an area admin switches the area's face sign-in on, which is saved`, async ({
      page,
    }) => {
      const words = WORDS[language];
      await signInByApi(page, demoAccounts.area, { language });
      const ui = new AdminUnitPages(page);
      await ui.open(AREA, 'unit');
      const path = endpointPath(adminDirectoryEndpoints.unit, { unitId: AREA });
      const read = async () => {
        const res = await page.request.get(path, { headers: API_HEADERS });
        return ((await res.json()) as { data: AdminUnitDetail }).data;
      };
      const before = await read();
      expect(before.faceSignIn).toBe(false);
      try {
        await expect(page.getByText(words.faceSignIn, { exact: true })).toBeVisible();
        await expect(ui.faceSignIn).toHaveAttribute('aria-checked', 'false');
        await ui.faceSignIn.click();
        await ui.signInSave.click();
        await expect(ui.toast(words.saved)).toBeVisible();
        await page.reload();
        await expect(ui.faceSignIn).toHaveAttribute('aria-checked', 'true', { timeout: 15_000 });
        expect((await read()).faceSignIn).toBe(true);
      } finally {
        const res = await page.request.put(
          endpointPath(adminDirectoryEndpoints.setSignIn, { unitId: AREA }),
          {
            headers: API_HEADERS,
            data: {
              ssoUrl: before.ssoUrl,
              ticketIssuerUrl: before.ticketIssuerUrl,
              faceSignIn: before.faceSignIn,
            },
          },
        );
        expect(((await res.json()) as { status: number }).status).toBe(200);
      }
    });
  }

  test('en and zh-CN: a message to a class shows in the sent list, and in the bell of a parent of that class', async ({
    page,
  }) => {
    // Two sessions, the console and the desktop.
    test.slow();
    // A parent of a class of this test's own, so no other spec's bell changes.
    const parent = await createAccount(3, 'msg-class-parent');
    const tag = crypto.randomUUID().slice(0, 6);
    const grade = 'Grade 4';
    const klass = `E2E ${tag}`;
    await linkNewChild(parent, { name: `Child ${tag}`, grade, className: klass });

    await signInByApi(page, admin, { language: 'en' });
    const ui = new AdminUnitPages(page);
    await ui.open(SCHOOL, 'messages');
    const text = `Sports day moved to Friday ${tag}`;
    // A class without its name first: the form's own check, nothing sent.
    await page.getByTestId('messages.compose').getByLabel('A class', { exact: true }).check();
    await page.getByTestId('messages.send').click();
    await expect(page.getByText('Please enter Class')).toBeVisible();
    await ui.sendToClass({
      grade,
      className: klass,
      text,
      importance: 5,
      audienceLabel: WORDS.en.classAudience,
    });
    await expect(ui.toast(WORDS.en.sent)).toBeVisible();
    const sent = ui.sentRows.filter({ hasText: text });
    await expect(sent).toHaveCount(1);
    await expect(sent.getByTestId('messages.sent.audience')).toHaveText(
      WORDS.en.audience(grade, klass),
    );
    await expect(sent.getByTestId('messages.sent.read')).toHaveText('0 / 1');
    await page.mouse.move(0, 0);
    await animationsSettled(page);
    await expectAccessible(page);
    await saveScreen(page, 'admin-messages');

    // The same list in zh-CN.
    await page.getByTestId('admin.lang').click();
    await expect(sent.getByTestId('messages.sent.audience')).toHaveText(
      WORDS['zh-CN'].audience(grade, klass),
    );
    await saveScreen(page, 'admin-messages');

    // The parent of that class: one unread in the bell, the message in the dialog.
    await page.context().clearCookies();
    await openDesktop(page, parent, { query: { language: 'en' } });
    const overlays = new DesktopOverlaysPage(page);
    await overlays.closeTodoPopup();
    await expect(new ChromePage(page).badge).toHaveText('1');
    await overlays.openMessages();
    await expect(overlays.messageItems.filter({ hasText: text })).toHaveAttribute(
      'data-importance',
      '5',
    );
  });

  test('an area admin adds a school, which is in the unit switcher at once, without a reload', async ({
    page,
  }) => {
    await signInByApi(page, area, { language: 'en' });
    const ui = new AdminUnitPages(page);
    await ui.open(AREA, 'unit');
    const name = `E2E School ${crypto.randomUUID().slice(0, 6)}`;
    const card = page.getByTestId('unit.newSchool');
    await card.getByLabel('Name', { exact: true }).fill(name);
    const creating = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/admin/units'),
    );
    await card.getByRole('button', { name: 'Add the school' }).click();
    const created = (await (await creating).json()) as { status: number; data: AdminUnitDetail };
    expect(created.status).toBe(200);
    try {
      await expect(ui.toast(`${name} was added`)).toBeVisible();
      const consolePage = new AdminConsolePage(page);
      await consolePage.unitSwitcher.getByRole('combobox').click();
      await expect(page.getByTestId(`admin.unitOption.${created.data.unitId}`)).toContainText(name);
    } finally {
      // Out of the area again, so the demo area's switcher keeps only its own schools.
      const path = endpointPath(adminDirectoryEndpoints.updateUnit, {
        unitId: created.data.unitId,
      });
      const detach = await page.request.put(path, {
        headers: API_HEADERS,
        data: { name, enName: null, unitType: 2, areaId: null },
      });
      expect(((await detach.json()) as { status: number }).status).toBe(200);
    }
  });

  test(
    'the unit page and the audit log are readable at phone width',
    {
      tag: '@mobile',
    },
    async ({ page }) => {
      await signInByApi(page, admin, { language: 'en' });
      const ui = new AdminUnitPages(page);
      await ui.open(SCHOOL, 'unit');
      await expect(ui.enName).toBeVisible();
      await animationsSettled(page);
      await expectNoHorizontalOverflow(page);
      const fontSize = await ui.enName.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(fontSize).toBeGreaterThanOrEqual(14);
      await saveScreen(page, 'admin-unit');
      // The audit log's filters: the date range narrows to its card, the page stays put.
      await ui.open(SCHOOL, 'audit');
      await expect(ui.auditRows.first()).toBeVisible();
      await animationsSettled(page);
      await expectNoHorizontalOverflow(page);
    },
  );
});
