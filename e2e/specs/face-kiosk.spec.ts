/**
 * The clock-in kiosk (issue 14 §1 "a clock-in page (orther mode) for a kiosk" and its e2e
 * "clock-in"; spec §2 Face component in orther mode, §7 `login/face/clocking`: on 200 the data
 * is emitted as the user message) in Chromium with the fake camera showing the enrolled face
 * (fixtures/face-camera.y4m), in both languages at PC and phone widths: opened from the
 * console's faces page at `/admin/{unitId}/kiosk`, it clocks the person in by itself, shows
 * the answer's name and time, the attendance row carries the kiosk's device name, and the kiosk
 * rearms for the next person. The camera is a launch option, so this file runs in its own
 * worker and browser (as face.spec.ts).
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { faceAdminEndpoints, faceEndpoints } from '@campus/contracts/face';
import { DEVICE_HEADER } from '@campus/contracts/uaa';
import { demoAccounts } from '../fixtures/accounts.ts';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH, fakeCameraArgs } from '../fixtures/chromium.ts';
import { enrolByApi, FACE_CAMERA, FACE_CROP } from '../fixtures/face.ts';
import { expect, signInByApi, test } from '../fixtures/test.ts';

const SCHOOL = 'demo-unit-sunshine';
const LANGS = ['en', 'zh-CN'] as const;
const WORDS = {
  en: { title: 'Clock-in kiosk', open: 'Open the clock-in kiosk', clocked: 'Clocked in' },
  'zh-CN': { title: '人脸考勤', open: '打开人脸考勤机', clocked: '打卡成功' },
} as const;
const kioskPath = `${ADMIN_PATH}/${SCHOOL}/kiosk`;

test.use({
  launchOptions: {
    executablePath: E2E_CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...fakeCameraArgs(FACE_CAMERA)],
  },
});

/** Enrols `staff` (the camera's person) as the school's admin, through the API. */
const enrolStaff = (page: Page): Promise<string> =>
  enrolByApi(page, SCHOOL, 'staff', fs.readFileSync(FACE_CROP).toString('base64'));

for (const lang of LANGS) {
  test(
    `${lang}: opened from the faces page, clocks the face in, shows name and time, rearms`,
    {
      tag: '@mobile',
    },
    async ({ page }, testInfo) => {
      // The server loads its face models on the first photo (10 to 20 s on a busy machine).
      test.setTimeout(120_000);
      const words = WORDS[lang];
      await signInByApi(page, demoAccounts.admin, { language: lang });
      const staffId = await enrolStaff(page);
      // The device's name, as this browser keeps it from an earlier visit.
      const device = `gate-${lang}-${testInfo.project.name}-${Date.now()}`;
      await page.evaluate((name) => localStorage.setItem('ph_kiosk_device', name), device);

      await page.goto(`${ADMIN_PATH}/${SCHOOL}/faces`);
      await expect(page.getByTestId('faces.kiosk')).toHaveText(words.open, { timeout: 15_000 });
      const clocking = page.waitForResponse(
        (res) => res.url().includes(faceEndpoints.clocking.path),
        {
          timeout: 60_000,
        },
      );
      await page.getByTestId('faces.kiosk').click();
      await expect(page).toHaveURL(new RegExp(`${kioskPath}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.title);
      await expect(page.getByTestId('kiosk.device')).toHaveValue(device);

      // The camera opens by itself; the tracker takes the photo and sends it (spec §4, §7).
      const face = page.getByTestId('face');
      await expect(face).toHaveAttribute('data-phase', /countdown|live|sending/, {
        timeout: 15_000,
      });
      const answer = (await (await clocking).json()) as {
        status: number;
        message: string;
        data: {
          attendanceId: string;
          userId: string;
          realName: string;
          clockedAt: number;
          device: string | null;
        };
      };
      expect(answer.status, answer.message).toBe(200);
      expect(answer.data.userId).toBe(staffId);
      expect(answer.data.device).toBe(device);

      // Spec §7: the answer's data is the message: the name and the time.
      const result = page.getByTestId('kiosk.result');
      await expect(result).toBeVisible();
      await expect(result).toContainText(words.clocked);
      await expect(page.getByTestId('kiosk.name')).toHaveText(answer.data.realName);
      const time = page.getByTestId('kiosk.time');
      await expect(time).toHaveAttribute('datetime', new Date(answer.data.clockedAt).toISOString());
      await expect(time).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
      await expect(page.getByTestId('kiosk.recent')).toContainText(answer.data.realName);

      // The attendance row, as the console's attendance lists it.
      const rows = await page.request.get(faceAdminEndpoints.attendance.path, {
        params: { unitId: SCHOOL, device, page: 1, size: 20 },
        headers: { [DEVICE_HEADER]: 'pc:portal' },
      });
      const listed = (await rows.json()) as {
        status: number;
        data: { items: { attendanceId: string; loginName: string; device: string | null }[] };
      };
      expect(listed.status).toBe(200);
      expect(listed.data.items).toEqual([
        expect.objectContaining({
          attendanceId: answer.data.attendanceId,
          loginName: 'staff',
          device,
        }),
      ]);

      // Nothing overflows the phone or the PC width while the result is shown.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      // Then the kiosk rearms for the next person: the camera opens again by itself.
      await expect(result).toHaveCount(0, { timeout: 10_000 });
      await expect(face).toHaveAttribute('data-phase', /countdown|live|sending/, {
        timeout: 10_000,
      });
    },
  );
}
