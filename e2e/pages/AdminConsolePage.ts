import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { expect, type Locator, type Page } from '@playwright/test';

/** The admin console (issue 13 §1) through its test ids. */
export class AdminConsolePage {
  readonly shell: Locator;
  readonly header: Locator;
  readonly menu: Locator;
  readonly menuToggle: Locator;
  readonly drawer: Locator;
  readonly unitSwitcher: Locator;
  readonly lang: Locator;
  readonly backToDesktop: Locator;
  readonly overview: Locator;
  readonly title: Locator;
  readonly name: Locator;
  readonly enName: Locator;
  readonly unitType: Locator;
  readonly parent: Locator;
  readonly schools: Locator;
  readonly notAdmin: Locator;

  constructor(readonly page: Page) {
    const id = (testId: string) => page.getByTestId(testId);
    this.shell = id('admin.shell');
    this.header = id('admin.header');
    this.menu = id('admin.menu');
    this.menuToggle = id('admin.menuToggle');
    this.drawer = id('admin.drawer');
    this.unitSwitcher = id('admin.unitSwitcher');
    this.lang = id('admin.lang');
    this.backToDesktop = id('admin.backToDesktop');
    this.overview = id('admin.overview');
    this.title = id('overview.title');
    this.name = id('overview.name');
    this.enName = id('overview.enName');
    this.unitType = id('overview.unitType');
    this.parent = id('overview.parent');
    this.schools = id('overview.school');
    this.notAdmin = id('admin.notAdmin');
  }

  /** A menu item's link (`admin-pages.ts` path). */
  menuItem(path: string): Locator {
    return this.page.getByTestId(`admin.menu.${path}`);
  }

  /**
   * Waits for a unit's overview at `/admin/{unitId}/overview`. The console's first load parses
   * its own React and antd; allow for a busy machine as the login page's readiness does.
   */
  async expectOverviewOf(unitId: string): Promise<void> {
    await expect(this.page).toHaveURL(
      new RegExp(`${ADMIN_PATH}/${encodeURIComponent(unitId)}/overview$`),
      { timeout: 10_000 },
    );
    await expect(this.overview).toBeVisible();
  }

  /**
   * Picks another unit in the header's switcher (an area admin's schools), until the address
   * names it: antd aligns its option list after opening it, and a click made before that lands
   * elsewhere (the Apps page's group select showed this, AdminAppsPage.pickGroup).
   */
  async switchTo(unitId: string): Promise<void> {
    const chosen = new RegExp(`${ADMIN_PATH}/${encodeURIComponent(unitId)}/`);
    await expect(async () => {
      if (chosen.test(this.page.url())) return;
      await this.unitSwitcher.getByRole('combobox').click();
      await this.page.getByTestId(`admin.unitOption.${unitId}`).click({ timeout: 5_000 });
      await expect(this.page).toHaveURL(chosen, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }
}
