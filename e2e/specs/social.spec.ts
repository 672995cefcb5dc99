/**
 * WeCom sign-in (issue 12 §2; spec §1, §2, §4; DESIGN.md §8) against the e2e server's fake
 * provider, in both languages: inside the WeCom client (its user agent) the login page goes
 * through the provider's OAuth at once; the first visit binds the identity on the bind page with
 * a password and lands on the app page for the user type, the second signs straight in, and the
 * settings page lists and unbinds the identity (PC and mobile widths); on PC in a browser, the
 * WeCom icon opens the scan-code widget, whose scan signs in.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { demoAccounts } from '../fixtures/accounts.ts';
import { asProviderUser, useSocialProviders, WECOM_USER_AGENT } from '../fixtures/social.ts';
import { test, expect } from '../fixtures/test.ts';

const TEXT = {
  'zh-CN': {
    bind: '绑定账号',
    icon: '企业微信',
    scan: '请使用企业微信扫码登录',
    card: '企业微信与微信',
  },
  en: {
    bind: 'Link your account',
    icon: 'WeCom',
    scan: 'Scan with WeCom to sign in',
    card: 'WeCom and WeChat',
  },
} as const;

/** The app page of spec §4 for a teacher signed in from a chat client. */
const TEACHER_APP_PAGE = '/pages/desktop/pc_desktop_tm/index.html';

async function setLanguage(page: Page, lang: 'zh-CN' | 'en'): Promise<void> {
  await page.goto('/readyz');
  await page.evaluate((language) => {
    localStorage.setItem('lange_', language);
    localStorage.setItem('lang', JSON.stringify({ id: language }));
  }, lang);
}

const newOpenid = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

for (const lang of ['zh-CN', 'en'] as const) {
  const text = TEXT[lang];

  test.describe(`inside WeCom (${lang})`, () => {
    test.use({ userAgent: WECOM_USER_AGENT });

    test(
      `the first visit binds, the second signs straight in, the settings unbind (${lang})`,
      { tag: '@mobile' },
      async ({ page }) => {
        await useSocialProviders();
        const openid = newOpenid('wecom');
        await asProviderUser(page.context(), openid);
        await setLanguage(page, lang);

        // First visit: through the provider at once, to the bind page.
        await page.goto('/login');
        await page.waitForURL((url) => url.pathname.startsWith('/bind'));
        const bind = page.getByTestId('bind.page');
        await expect(bind).toContainText(text.bind);
        await expect(page.getByTestId('bind.openid')).toContainText('wecom-');
        await page.getByTestId('bind.username').fill(demoAccounts.teacher.username);
        await page.getByTestId('bind.password').fill('wrong-password');
        await page.getByTestId('bind.submit').click();
        await expect(page.getByTestId('bind.error')).toBeVisible();
        await page.getByTestId('bind.password').fill(demoAccounts.teacher.password);
        await page.getByTestId('bind.submit').click();
        await page.waitForURL((url) => url.pathname === TEACHER_APP_PAGE);

        // Second visit, signed out: straight in, no bind page.
        const cookies = await page.context().cookies();
        await page.context().clearCookies();
        await page.context().addCookies(cookies.filter((c) => c.name === 'fake_social_user'));
        const visited: string[] = [];
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
        });
        await page.goto('/login');
        await page.waitForURL((url) => url.pathname === TEACHER_APP_PAGE);
        expect(visited.some((p) => p.startsWith('/bind'))).toBe(false);

        // The settings page lists the identity and unbinds it.
        await page.goto('/desktop/setting');
        const card = page.getByTestId('setting.socialCard');
        await expect(card).toContainText(text.card);
        const row = card.getByTestId('setting.socialRow').filter({ hasText: openid });
        await expect(row).toHaveCount(1);
        await row.getByTestId('setting.socialUnbind').click();
        await expect(row).toHaveCount(0);
      },
    );
  });

  test(`on PC the WeCom icon opens the scan-code widget, whose scan signs in (${lang})`, async ({
    page,
  }) => {
    // Untagged: the pc project only (the mobile project runs @mobile tests), as the widget is PC's.
    await useSocialProviders();
    await asProviderUser(page.context(), newOpenid('scan'));
    await setLanguage(page, lang);
    await page.goto('/login');
    const icon = page.getByTestId('login.social.qy');
    await expect(icon).toContainText(text.icon);
    await icon.click();
    const widget = page.getByTestId('login.social.widget');
    await expect(widget).toContainText(text.scan);
    const frame = page.frameLocator('[data-testid="login.social.frame"]');
    await expect(frame.getByTestId('fake.qr')).toBeVisible();
    // The fake's "scanned" link navigates the top page (target=_top, which the frame's sandbox
    // allows). Once in test:scale, on a loaded machine, the click reached the frame (it held
    // the focus) and no navigation followed: clicked again while the page is still here.
    const onBind = (url: URL) => url.pathname.startsWith('/bind');
    await expect(async () => {
      if (!onBind(new URL(page.url())))
        await frame.getByTestId('fake.scan').click({ timeout: 5_000 });
      await page.waitForURL(onBind, { timeout: 10_000 });
    }).toPass({ timeout: 30_000 });
    await page.getByTestId('bind.username').fill(demoAccounts.staff.username);
    await page.getByTestId('bind.password').fill(demoAccounts.staff.password);
    await page.getByTestId('bind.submit').click();
    await page.waitForURL((url) => url.pathname === '/desktop/home');
  });
}
