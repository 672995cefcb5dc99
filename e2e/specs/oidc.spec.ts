/**
 * The portal as an OpenID Connect provider (issue 12 §1): the sample relying party of
 * examples/oidc-client signs a user in through the authorize page, with Allow and with Deny, in
 * both languages and at both widths. The relying party runs in this worker, on a port of its
 * own, registered with its exact redirect URI through the admin CLI (as an operator would).
 */
import { startRelyingParty, type RelyingParty } from '../../examples/oidc-client/relying-party.mjs';
import { AUTHORIZE_PATH } from '@campus/contracts/oidc';
import { demoAccounts } from '../fixtures/accounts.ts';
import { runAdmin } from '../fixtures/server-data.ts';
import { expect, signInByApi, test } from '../fixtures/test.ts';
import { LoginPage } from '../pages/LoginPage.ts';

const CLIENT_NAME = '食堂系统 / Canteen';
const TEXTS = {
  'zh-CN': { allow: '允许', deny: '拒绝', missing: '缺少client_id，请返回重试！' },
  en: { allow: 'Allow', deny: 'Deny', missing: 'Missing client_id, please go back and try again!' },
} as const;

let rp: RelyingParty;
let clientId: string;

test.beforeAll(async ({ server }) => {
  clientId = `e2e-rp-${server.port}`;
  rp = await startRelyingParty({ issuer: server.baseURL, clientId, title: 'Canteen' });
  await runAdmin([
    'register-client',
    '--client',
    clientId,
    '--name',
    CLIENT_NAME,
    '--url',
    rp.redirectUri,
  ]);
});

test.afterAll(async () => {
  await rp.close();
});

for (const lang of ['zh-CN', 'en'] as const) {
  test(
    `the relying party signs the user in through /authorize with Allow (${lang})`,
    { tag: '@mobile' },
    async ({ page }) => {
      await signInByApi(page, demoAccounts.teacher, lang === 'en' ? { language: 'en' } : {});
      await page.goto(rp.url);
      await page.getByTestId('rp.signIn').click();
      await page.waitForURL((url) => url.pathname === AUTHORIZE_PATH);
      await expect(page.getByTestId('authorize.client')).toHaveText(CLIENT_NAME);
      await expect(page.getByTestId('authorize.scopes').locator('li')).toHaveCount(2);
      const allow = page.getByTestId('authorize.allow');
      await expect(allow).toHaveText(TEXTS[lang].allow);
      await expect(page.getByTestId('authorize.deny')).toHaveText(TEXTS[lang].deny);
      await allow.click();
      await page.waitForURL(`${rp.url}/`);
      await expect(page.getByTestId('rp.login')).toHaveText(demoAccounts.teacher.username);
      await expect(page.getByTestId('rp.name')).not.toBeEmpty();
    },
  );

  test(
    `Deny sends the user back to the relying party with access_denied (${lang})`,
    { tag: '@mobile' },
    async ({ page }) => {
      await signInByApi(page, demoAccounts.parent, lang === 'en' ? { language: 'en' } : {});
      await page.goto(rp.url);
      await page.getByTestId('rp.signIn').click();
      await page.waitForURL((url) => url.pathname === AUTHORIZE_PATH);
      await page.getByTestId('authorize.deny').click();
      await page.waitForURL((url) => url.href.startsWith(`${rp.url}/callback`));
      await expect(page.getByTestId('rp.error')).toContainText('access_denied');
      expect(new URL(page.url()).searchParams.get('code')).toBeNull();
    },
  );

  test(
    `the authorize page without client_id gives the spec §8 message (${lang})`,
    { tag: '@mobile' },
    async ({ page }) => {
      await signInByApi(page, demoAccounts.teacher, lang === 'en' ? { language: 'en' } : {});
      await page.goto(`${AUTHORIZE_PATH}?response_type=code`);
      await expect(page.getByTestId('authorize.error')).toHaveText(TEXTS[lang].missing);
    },
  );
}

test('signed out, the login box comes first, then the authorize page', async ({ page }) => {
  await page.goto(rp.url);
  await page.getByTestId('rp.signIn').click();
  await page.waitForURL((url) => url.pathname === '/login');
  const login = new LoginPage(page);
  await login.waitUntilReady();
  await login.signIn(demoAccounts.staff.username, demoAccounts.staff.password);
  await page.waitForURL((url) => url.pathname === AUTHORIZE_PATH);
  await page.getByTestId('authorize.allow').click();
  await page.waitForURL(`${rp.url}/`);
  await expect(page.getByTestId('rp.login')).toHaveText(demoAccounts.staff.username);
});
