/**
 * Ticket sign-in (issue 12 §3; spec §7 "GET configured ticket path", §8 missing ticket path) in
 * Chromium, against a CAS-style issuer speaking CAS 2.0's serviceValidate (a local fake: the
 * real one is another school system): a visit with `?ticket=` signs the person in once and the
 * ticket leaves the address; the same ticket again is refused with the server's message; a unit
 * without a ticket path shows the §8 notification. Both languages, PC and phone widths.
 */
import type { Page } from '@playwright/test';
import { startFakeCas, type FakeCas } from '../../server/test/api/helpers/fake-cas.ts';
import { DEMO_SCHOOL_ID } from '../fixtures/desktop-data.ts';
import { runAdmin } from '../fixtures/server-data.ts';
import { test, expect } from '../fixtures/test.ts';
import { uaaEndpoints } from '@campus/contracts/uaa';

const TEXT = {
  'zh-CN': {
    notConfigured: '本单位未配置票据登录路径',
    replayed: '登录票据无效或已使用',
    login: /^登\s*录$/,
  },
  en: {
    notConfigured: 'Ticket sign-in is not configured for this unit',
    replayed: 'The sign-in ticket is invalid or was already used',
    login: /^Sign in$/,
  },
} as const;

async function setLanguage(page: Page, lang: 'zh-CN' | 'en'): Promise<void> {
  await page.goto('/readyz');
  await page.evaluate((language) => {
    localStorage.setItem('lange_', language);
    localStorage.setItem('lang', JSON.stringify({ id: language }));
  }, lang);
}

const setIssuer = (url: string) =>
  runAdmin(['set-ticket-issuer', '--unit', DEMO_SCHOOL_ID, '--url', url]);

let cas: FakeCas;
test.describe.configure({ mode: 'serial' });

for (const lang of ['zh-CN', 'en'] as const) {
  // Phone width once per language (the sign-in below in English, this in Chinese).
  const tag = lang === 'zh-CN' ? ['@mobile'] : [];
  test(`a unit without a ticket path says so (${lang})`, { tag }, async ({ page }) => {
    // The demo school has no ticket issuer until the tests below set one.
    await setLanguage(page, lang);
    await page.goto('/login?ticket=ST-unconfigured');
    await expect(page.getByText(TEXT[lang].notConfigured)).toBeVisible();
    await expect(page.getByRole('button', { name: TEXT[lang].login })).toBeVisible();
    expect(new URL(page.url()).searchParams.has('ticket')).toBe(false);
  });
}

test.describe('with a ticket issuer', () => {
  // `server`: this worker's portal, whose database the CLI below changes.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  test.beforeAll(async ({ server }) => {
    cas = await startFakeCas();
    await setIssuer(cas.url);
  });
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  test.afterAll(async ({ server }) => {
    await setIssuer('none');
    await cas?.close();
  });

  for (const lang of ['zh-CN', 'en'] as const) {
    test(
      `a ticket signs in once and its replay is refused (${lang})`,
      { tag: lang === 'en' ? ['@mobile'] : [] },
      async ({ page, browser, baseURL }) => {
        const text = TEXT[lang];
        await setLanguage(page, lang);

        // The issuer's ticket for this page signs the teacher in and leaves the address.
        const ticket = cas.issue('teacher', `${baseURL}/login`);
        await page.goto(`/login?ticket=${ticket}`);
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
        const me = await page.request.get(uaaEndpoints.me.path);
        expect((await me.json()) as unknown).toMatchObject({
          status: 200,
          data: { loginName: 'teacher' },
        });

        // The same ticket again, in another browser: refused by the portal itself (this fake
        // issuer would still vouch for it), with the server's message on screen, and no session.
        const other = await browser.newContext({ baseURL, viewport: page.viewportSize() });
        const thief = await other.newPage();
        await setLanguage(thief, lang);
        const validations = cas.validations;
        await thief.goto(`/login?ticket=${ticket}`);
        await expect(thief.getByText(text.replayed)).toBeVisible();
        expect(cas.validations).toBe(validations);
        await expect(thief.getByRole('button', { name: text.login })).toBeVisible();
        const after = (await (await thief.request.get(uaaEndpoints.me.path)).json()) as {
          status: number;
        };
        await other.close();
        expect(after.status).toBe(401);
      },
    );
  }
});
