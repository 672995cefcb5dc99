import { desktopEndpoints } from '@campus/contracts/desktop';
import { expect, type Locator, type Page } from '@playwright/test';
import { horizontalOverflow } from '../fixtures/screens.ts';

/**
 * The desktop chrome (issue 4; spec §2 Header, Top app-icon menu, Left layout, Theme dialog,
 * Footer, About dialog) through its test ids.
 */
export class ChromePage {
  readonly header: Locator;
  readonly bell: Locator;
  readonly badge: Locator;
  readonly dot: Locator;
  readonly headerMessages: Locator;
  readonly home: Locator;
  readonly child: Locator;
  readonly themeOpen: Locator;
  readonly switchAccount: Locator;
  readonly fullscreen: Locator;
  readonly devSwitch: Locator;
  readonly more: Locator;
  readonly moreMenu: Locator;
  readonly lang: Locator;
  readonly logout: Locator;

  readonly menuBar: Locator;
  readonly topIcons: Locator;
  readonly allApps: Locator;
  readonly panel: Locator;
  readonly panelIcons: Locator;
  readonly groupHeadings: Locator;
  readonly sidebar: Locator;
  readonly sidebarLock: Locator;
  readonly sidebarToggle: Locator;

  readonly themeDialog: Locator;
  readonly themeSave: Locator;
  readonly themeApplyAll: Locator;
  readonly layoutTop: Locator;
  readonly layoutLeft: Locator;
  readonly layoutFixed: Locator;
  readonly unitThemes: Locator;

  readonly footer: Locator;
  readonly copyright: Locator;
  readonly footerLink: Locator;
  readonly filing: Locator;
  readonly help: Locator;
  readonly version: Locator;
  readonly about: Locator;

  constructor(readonly page: Page) {
    const id = (testId: string) => page.getByTestId(testId);
    this.header = id('header');
    this.bell = id('header.bell');
    this.badge = id('header.badge');
    this.dot = id('header.dot');
    this.headerMessages = id('header.messages');
    this.home = id('header.home');
    this.child = id('header.child');
    this.themeOpen = id('theme.open');
    this.switchAccount = id('header.switchAccount');
    this.fullscreen = id('header.fullscreen');
    this.devSwitch = id('header.devSwitch');
    this.more = id('header.more');
    this.moreMenu = id('header.moreMenu');
    this.lang = id('header.lang');
    this.logout = id('header.logout');

    this.menuBar = id('menu.bar');
    this.topIcons = id('menu.topIcons').getByTestId('menu.icon');
    this.allApps = id('menu.all');
    this.panel = id('menu.panel');
    this.panelIcons = this.panel.getByTestId('menu.icon');
    this.groupHeadings = id('menu.groupHeading');
    this.sidebar = id('sidebar');
    this.sidebarLock = id('sidebar.lock');
    this.sidebarToggle = id('sidebar.toggle');

    this.themeDialog = id('theme.dialog');
    this.themeSave = id('theme.save');
    this.themeApplyAll = id('theme.applyAll');
    this.layoutTop = id('theme.layout.top');
    this.layoutLeft = id('theme.layout.left');
    this.layoutFixed = id('theme.layoutFixed');
    this.unitThemes = id('theme.unit');

    this.footer = id('footer');
    this.copyright = id('footer.copyright');
    this.footerLink = id('footer.link');
    this.filing = id('footer.filing');
    this.help = id('footer.help');
    this.version = id('footer.version');
    this.about = id('about.dialog');
  }

  /** A header action: a button on wide screens, an item of the "more" menu on phones. */
  async headerAction(testId: string): Promise<Locator> {
    if (await this.more.isVisible()) {
      if (!(await this.moreMenu.isVisible())) await this.more.click();
      return this.moreMenu.getByTestId(testId);
    }
    return this.page.getByTestId(testId);
  }

  /** Opens the theme dialog (spec §2 Theme dialog). */
  async openTheme(): Promise<void> {
    await (await this.headerAction('theme.open')).click();
    await expect(this.themeDialog).toBeVisible();
  }

  /** Saves the dialog's choice and waits for settheme and the dialog to close. */
  async saveTheme(button: Locator = this.themeSave): Promise<void> {
    const saved = this.page.waitForResponse(
      (r) => new URL(r.url()).pathname === desktopEndpoints.setTheme.path,
    );
    await button.click();
    expect(((await (await saved).json()) as { status: number }).status).toBe(200);
    await expect(this.themeDialog).toBeHidden();
  }

  /** The codes of the top bar's icons, left to right. */
  async topCodes(): Promise<string[]> {
    await expect(this.topIcons.first()).toBeVisible();
    return this.topIcons.evaluateAll((els) => els.map((el) => el.getAttribute('data-code') ?? ''));
  }

  /** Page width beyond the viewport (0: nothing overflows sideways). */
  horizontalOverflow(): Promise<number> {
    return horizontalOverflow(this.page);
  }

  /** A CSS variable on <html>, as applyTheme sets it (spec §3 colours). */
  async cssVariable(name: string): Promise<string> {
    return this.page.evaluate(
      (n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(),
      name,
    );
  }
}

/** GETs a JSON envelope with the page's cookies and answers its data. */
export async function apiData<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  const body = (await res.json()) as { status: number; data?: T };
  expect(body.status, url).toBe(200);
  return body.data as T;
}

/** POSTs a form with the page's cookies and the device header (DESIGN.md §4 CSRF rule). */
export async function apiPost(
  page: Page,
  url: string,
  form: Record<string, string>,
): Promise<{ status: number; data?: unknown }> {
  const res = await page.request.post(url, { form, headers: { device: 'pc:portal' } });
  return (await res.json()) as { status: number; data?: unknown };
}
