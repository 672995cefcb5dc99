/**
 * The face component without a camera and without a userId (issue 14 e2e "no camera" and
 * "collect mode without userId"; spec §4, §5, §8) in Chromium's ordinary launch, which has no
 * camera device (no fake-device flags), in both languages at PC and phone widths: the kiosk
 * says 'No camera device detected by this device!', and the settings page, given a /me without
 * a userId, shows collect mode's 'userId is not find'.
 */
import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { demoAccounts } from '../fixtures/accounts.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { faceMessage } from '../fixtures/face.ts';
import { expect, signInByApi, test } from '../fixtures/test.ts';

const SCHOOL = 'demo-unit-sunshine';
const kioskPath = `${ADMIN_PATH}/${SCHOOL}/kiosk`;
const LANGS = ['en', 'zh-CN'] as const;
const msg = faceMessage;

for (const lang of LANGS) {
  test(`${lang}: the kiosk says there is no camera`, { tag: '@mobile' }, async ({ page }) => {
    await signInByApi(page, demoAccounts.admin, { language: lang });
    await page.goto(kioskPath);
    const face = page.getByTestId('face');
    await expect(face).toHaveAttribute('data-phase', 'noCamera', { timeout: 15_000 });
    await expect(face.getByTestId('face.problem')).toHaveText(msg('noCamera', lang));
    // The kiosk's page as a whole (header, device name, the empty latest list): WCAG 2.1 AA.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
    await expect(face.getByTestId('face.open')).toBeDisabled();
  });

  test(`${lang}: collect mode without a userId says so`, { tag: '@mobile' }, async ({ page }) => {
    await signInByApi(page, demoAccounts.staff, { language: lang });
    // The settings page enrols the signed-in user: given a /me without a userId, the face
    // component in collect mode has none (spec §5).
    await page.route(`**${uaaEndpoints.me.path}*`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data?: { userId?: string } };
      if (body.data) body.data.userId = '';
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/desktop/setting');
    const face = page.getByTestId('face');
    await expect(face.getByTestId('face.problem')).toHaveText(msg('noUserId', lang), {
      timeout: 15_000,
    });
    await expect(face.getByTestId('face.open')).toBeDisabled();
    await expect(face.getByTestId('face.upload')).toHaveCount(0);
  });
}
