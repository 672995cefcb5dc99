import { uaaEndpoints } from '@campus/contracts/uaa';
import { expect, type Locator, type Page } from '@playwright/test';
import { animationsSettled } from '../fixtures/screens.ts';

/** Where sign-in lands: /desktop/home on PC, the mobile desktop on phones (spec §4). */
export const DESKTOP_URL =
  /\/(desktop\/home|pages\/desktop\/mobile_desktop_all\/index\.html)(\?|$)/;

/** The desktop home (spec §2 /desktop/home) through its test ids. */
export class DesktopPage {
  readonly welcome: Locator;
  readonly unitName: Locator;
  readonly logo: Locator;
  readonly lang: Locator;
  readonly logout: Locator;
  readonly confirmLogout: Locator;
  readonly cancelLogout: Locator;

  constructor(readonly page: Page) {
    const id = (testId: string) => page.getByTestId(testId);
    this.welcome = id('header.welcome');
    this.unitName = id('header.unitName');
    this.logo = id('header.logo');
    this.lang = id('header.lang');
    this.logout = id('header.logout');
    this.confirmLogout = id('logout.confirm');
    this.cancelLogout = id('logout.cancel');
  }

  async goto(): Promise<void> {
    await this.page.goto('/desktop/home');
  }

  /** Waits for the signed-in desktop. */
  async expectSignedIn(): Promise<void> {
    await expect(this.page).toHaveURL(DESKTOP_URL);
    await expect(this.welcome).toBeVisible();
  }

  /** The signed-in user's name as the server reports it (GET /api/uaa/oauth/me). */
  async realName(): Promise<string> {
    const res = await this.page.request.get(uaaEndpoints.me.path);
    const body = (await res.json()) as { status: number; data?: { realName: string } };
    expect(body.status).toBe(200);
    return body.data?.realName ?? '';
  }

  /** Logout with its confirmation (spec §2 Other dialogs). */
  async logOut(): Promise<void> {
    await this.logout.click();
    await expect(this.confirmLogout).toBeVisible();
    // The dialog zooms in: a click during the zoom can land on its mask, which closes it
    // without logging out (a CI run on a busy machine stayed on the desktop).
    await animationsSettled(this.page);
    await this.confirmLogout.click();
  }
}
