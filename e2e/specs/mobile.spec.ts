import { expect, test } from '../fixtures/test.ts';
import { horizontalOverflow } from '../fixtures/screens.ts';
import { LoginPage } from '../pages/LoginPage.ts';

test.describe('login page at a mobile width (spec §4 screen classes; DESIGN.md §6)', () => {
  test(
    'spec §4: nothing overflows and every control is visible and reachable',
    { tag: '@mobile' },
    async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto();
      const width = page.viewportSize()?.width ?? 0;

      expect(await horizontalOverflow(page)).toBe(0);

      for (const control of [
        login.logo,
        login.unitName,
        login.username,
        login.password,
        login.remember,
        login.forgot,
        login.submit,
        login.lang,
        login.footer,
      ]) {
        await control.scrollIntoViewIfNeeded();
        await expect(control).toBeVisible();
        const box = await control.boundingBox();
        expect(box).not.toBeNull();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      }

      // 16px or more keeps iOS Safari from zooming into a focused field.
      for (const input of [login.username, login.password]) {
        const size = await input.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        expect(size).toBeGreaterThanOrEqual(16);
      }
    },
  );
});
