/**
 * The desktop client's re-login (spec §2 /needtologinpagerelogin, §7 POST relogin; issue 10 §4
 * "remaining callers"): the client opens the page with its still-valid access token in the
 * fragment; the page exchanges it for a session of this browser and goes on to the desktop.
 * A refused token leaves the user on the "sign in again" screen; the token never stays in the
 * address.
 */
import { uaaEndpoints } from '@campus/contracts/uaa';
import { expect, test } from '../fixtures/test.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { DesktopPage } from '../pages/DesktopPage.ts';

const RELOGIN = '/needtologinpagerelogin';

test('a valid access token signs the browser in and opens the desktop', async ({
  page,
  playwright,
  baseURL,
}) => {
  // The desktop client's own session, made apart from the browser (its own cookie jar).
  const client = await playwright.request.newContext({ baseURL });
  const login = await client.post(uaaEndpoints.login.path, {
    form: { username: demoAccounts.teacher.username, password: demoAccounts.teacher.password },
    headers: { device: 'pc:desktop-client' },
  });
  const token = ((await login.json()) as { data?: { accessToken?: string } }).data?.accessToken;
  expect(token).toBeTruthy();
  await client.dispose();

  const relogin = page.waitForResponse((r) => r.url().endsWith(uaaEndpoints.relogin.path));
  await page.goto(`${RELOGIN}#accessToken=${encodeURIComponent(token ?? '')}`);
  // The page leaves as soon as the answer is in, so its body is not read here: the desktop
  // showing the teacher signed in is the proof.
  expect((await relogin).request().method()).toBe('POST');
  await new DesktopPage(page).expectSignedIn();
  expect(page.url()).not.toContain(token ?? '');
});

test('a refused token leaves the sign-in-again screen, with the token gone from the address', async ({
  page,
}) => {
  const relogin = page.waitForResponse((r) => r.url().endsWith(uaaEndpoints.relogin.path));
  await page.goto(`${RELOGIN}#accessToken=not-a-valid-token`);
  expect((await (await relogin).json()) as { status: number }).toMatchObject({ status: 401 });
  await expect(page.getByTestId('relogin.page')).toBeVisible();
  await expect(page.getByTestId('relogin.signIn')).toBeVisible();
  expect(page.url()).not.toContain('not-a-valid-token');
  expect(new URL(page.url()).pathname).toBe(RELOGIN);
});
