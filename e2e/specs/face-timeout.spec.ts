/**
 * The face component's 15 s timeout (issue 14 e2e "the 15 s timeout message with a camera
 * showing no face (use a controllable clock)"; spec §4, §8, §9) on the clock-in kiosk, in
 * Chromium with the fake camera showing a frame without a face (fixtures/face-camera-empty.y4m,
 * made by fixtures/make-face-y4m.mjs from server/test/fixtures/faces/no-face.jpg), both
 * languages at PC and phone widths. Playwright's page clock moves the 15 s on once the tracker
 * runs; the detections themselves are real. Its own file: the camera is a launch option.
 */
import path from 'node:path';
import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { FACE_TIMEOUT_MS } from '@campus/contracts/face';
import { demoAccounts } from '../fixtures/accounts.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH, fakeCameraArgs } from '../fixtures/chromium.ts';
import { faceMessage } from '../fixtures/face.ts';
import { expect, signInByApi, test } from '../fixtures/test.ts';

const SCHOOL = 'demo-unit-sunshine';
const kioskPath = `${ADMIN_PATH}/${SCHOOL}/kiosk`;
const LANGS = ['en', 'zh-CN'] as const;
const msg = faceMessage;

test.use({
  launchOptions: {
    executablePath: E2E_CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      ...fakeCameraArgs(path.join(import.meta.dirname, '..', 'fixtures', 'face-camera-empty.y4m')),
    ],
  },
});

for (const lang of LANGS) {
  test(
    `${lang}: the 15 s timeout on a controllable clock, then click-to-retry`,
    {
      tag: '@mobile',
    },
    async ({ page }) => {
      test.setTimeout(90_000);
      await signInByApi(page, demoAccounts.admin, { language: lang });
      const model = page.waitForResponse((res) => res.url().includes('tiny_face'), {
        timeout: 30_000,
      });
      await page.clock.install();
      await page.goto(kioskPath);
      const face = page.getByTestId('face');
      await expect(face).toHaveAttribute('data-phase', 'live', { timeout: 20_000 });
      await model;
      const problem = face.getByTestId('face.problem');
      await expect(problem).toHaveCount(0);
      expect(Number(await face.getAttribute('data-hits'))).toBe(0);

      // Spec §4: 15 s without a face on target. The clock jumps once the tracker runs (the
      // detector's warm-up finishes a moment after its model arrives).
      await expect(async () => {
        await page.clock.fastForward(FACE_TIMEOUT_MS + 1_000);
        await expect(problem).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(face).toHaveAttribute('data-phase', 'timeout');
      await expect(problem).toContainText(msg('timeout', lang));
      await expect(problem).toContainText(msg('timeoutHint', lang));
      await expectAccessible(page);
      await expect(face.getByTestId('face.video')).not.toHaveJSProperty(
        'srcObject',
        expect.anything(),
      );

      // Click to try again: the camera opens with its countdown.
      await problem.click();
      await expect(problem).toHaveCount(0);
      await expect(face).toHaveAttribute('data-phase', /initialising|countdown|live/);
    },
  );
}
