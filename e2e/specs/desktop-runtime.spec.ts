/**
 * The desktop is a page built on the runtime: the `window.PH` global exists there and is an
 * object (spec §5 "the PH global must exist and be an object"; issue 10 §4).
 */
import { expect, test } from '../fixtures/test.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { signInToDesktop } from '../pages/flows.ts';

test('spec §5: the desktop sets window.PH, an object, and keeps what a deployment set on it', async ({
  page,
}) => {
  // A deployment's settings on PH, set before the desktop's scripts run (footer-rules.ts).
  await page.addInitScript(() => {
    (window as { PH?: unknown }).PH = { appConfig: { oam: true } };
  });
  await signInToDesktop(page, demoAccounts.teacher);
  const ph = await page.evaluate(() => {
    const value = (window as { PH?: unknown }).PH;
    return {
      type: Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value,
      appConfig: (value as { appConfig?: unknown } | undefined)?.appConfig,
    };
  });
  expect(ph).toEqual({ type: 'object', appConfig: { oam: true } });
});

test('spec §5: without a deployment setting, the desktop creates window.PH itself', async ({
  page,
}) => {
  await signInToDesktop(page, demoAccounts.parent);
  expect(
    await page.evaluate(() => {
      const value = (window as { PH?: unknown }).PH;
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    }),
  ).toBe(true);
});
