/**
 * The console's faces page (issue 14 §2 Clock-in, Privacy; DESIGN.md §9, §10) in both languages
 * at PC: a user enrolled through the API is listed, the attendance lists a clock-in made through
 * the API, filters by device and exports an .xlsx, and deleting the face data (confirmed) takes
 * the user off the list. Photos are the API tests' fixtures (server/test/fixtures/faces).
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { faceEndpoints } from '@campus/contracts/face';
import { DEVICE_HEADER } from '@campus/contracts/uaa';
import { demoAccounts } from '../fixtures/accounts.ts';
import { enrolByApi, facePhoto } from '../fixtures/face.ts';
import { expect, signInByApi, test } from '../fixtures/test.ts';

const SCHOOL = 'demo-unit-sunshine';
const photo = facePhoto;
const headers = { [DEVICE_HEADER]: 'pc:portal' };

/** Enrols `staff` as the school's admin and clocks them in at `device`, through the API. */
async function enrolAndClockIn(page: Page, device: string): Promise<void> {
  const staffId = await enrolByApi(page, SCHOOL, 'staff', photo('s1-1-a.jpg'));
  const clock = await page.request.post(faceEndpoints.clocking.path, {
    form: { faceImage: photo('s1-1-b.jpg'), deviceId: device, unitId: SCHOOL },
    headers,
  });
  const clocked = (await clock.json()) as {
    status: number;
    message?: string;
    data?: { userId: string };
  };
  expect(clocked.status, clocked.message).toBe(200);
  expect(clocked.data?.userId).toBe(staffId);
}

const WORDS = {
  'zh-CN': { enrolled: '已登记', attendance: '考勤记录', delete: '删除人脸数据' },
  en: {
    enrolled: 'Enrolled',
    attendance: 'Attendance',

    delete: 'Delete face data',
  },
} as const;

for (const lang of ['zh-CN', 'en'] as const) {
  test(`faces page in ${lang}: enrolled list, attendance with export, deletion`, async ({
    page,
  }) => {
    // The server loads its face models on the first photo (10 to 20 s on a busy 2-core machine).
    test.slow();
    const words = WORDS[lang];
    await signInByApi(page, demoAccounts.admin, { language: lang });
    const device = `e2e-gate-${lang}-${Date.now()}`;
    await enrolAndClockIn(page, device);

    await page.goto(`${ADMIN_PATH}/${SCHOOL}/faces`);
    await expect(page.getByTestId('admin.faces')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('faces.tab.enrolled')).toHaveText(words.enrolled);
    const row = page.getByTestId('faces.enrolled.row.staff');
    await expect(row).toBeVisible();

    // Attendance: the clock-in, found by its device, and its export.
    await page.getByTestId('faces.tab.attendance').click();
    await expect(page.getByTestId('faces.tab.attendance')).toHaveText(words.attendance);
    await page.getByTestId('faces.attendance.device').fill(device);
    await page.getByTestId('faces.attendance.search').click();
    const clocked = page.getByTestId('faces.attendance.row.staff');
    await expect(clocked).toHaveCount(1);
    await expect(clocked).toContainText(device);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('faces.attendance.export').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = fs.readFileSync((await file.path()) ?? '');
    // An .xlsx is a zip: its first bytes are the zip signature.
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // Deletion, confirmed, takes the user off the list.
    await page.getByTestId('faces.tab.enrolled').click();
    const remove = page.getByTestId('faces.enrolled.delete.staff');
    await expect(remove).toHaveText(words.delete);
    await remove.click();
    await page.getByTestId('faces.enrolled.confirm').click();
    await expect(page.getByTestId('faces.enrolled.row.staff')).toHaveCount(0);
  });
}
