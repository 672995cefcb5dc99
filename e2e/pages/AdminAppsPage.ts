import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { expect, type Locator, type Page } from '@playwright/test';

/** The admin console's Apps page (issue 13 §2 Apps) through its test ids. */
export class AdminAppsPage {
  readonly root: Locator;
  readonly register: Locator;
  readonly readOnly: Locator;
  readonly form: Locator;
  readonly formError: Locator;
  readonly manageDrawer: Locator;
  readonly deploy: Locator;
  readonly deployResult: Locator;
  readonly credential: Locator;
  readonly secret: Locator;

  constructor(readonly page: Page) {
    const id = (testId: string) => page.getByTestId(testId);
    this.root = id('admin.apps');
    this.register = id('apps.register');
    this.readOnly = id('apps.readOnly');
    this.form = id('apps.form');
    this.formError = id('apps.form.error');
    this.manageDrawer = id('apps.manageDrawer');
    this.deploy = id('apps.deploy');
    this.deployResult = id('apps.deploy.result');
    this.credential = id('apps.credential');
    this.secret = id('apps.credential.secretText');
  }

  /** Opens the page for a unit and waits for its catalogue. */
  async open(unitId: string): Promise<void> {
    await this.page.goto(`${ADMIN_PATH}/${encodeURIComponent(unitId)}/apps`);
    // The console's first load parses its own React and antd, then draws some 25 rows of
    // controls: allow for a busy 2-core machine.
    await expect(this.root).toBeVisible({ timeout: 30_000 });
    await expect(this.group('home_school')).toBeVisible({ timeout: 30_000 });
  }

  group(code: string): Locator {
    return this.page.getByTestId(`apps.group.${code}`);
  }

  row(code: string): Locator {
    return this.page.getByTestId(`apps.row.${code}`);
  }

  /** The app codes of a group's rows, in order. */
  async codesIn(groupCode: string): Promise<string[]> {
    const ids = await this.group(groupCode)
      .locator('[data-testid^="apps.row."]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.replace('apps.row.', ''));
  }

  field(name: string): Locator {
    return this.form.getByTestId(`apps.form.${name}`);
  }

  /** The error antd shows under a form field (its `*_help` element). */
  fieldError(name: string): Locator {
    return this.form.locator(`#${name}_help`);
  }

  /** Fills the register form (the code first, then every required field). */
  async fillNewApp(values: {
    code: string;
    name: string;
    shortName: string;
    englishName: string;
    englishShortName: string;
    serverId: string;
  }): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.field(name).fill(value);
  }

  /** Picks the form's group. */
  /**
   * Picks the group until the select shows it: on a busy machine the list can still be at the
   * page's top, not yet aligned under the select, when the option is clicked, and the click is
   * then lost (a registration went to the first group: test:scale, 2026-12-03). As
   * `AdminAccessPages.choose` does for its selects.
   */
  async pickGroup(code: string): Promise<void> {
    const select = this.field('groupCode');
    await expect(async () => {
      await select.click();
      const option = this.page.getByTestId(`apps.groupOption.${code}`);
      const label = (await option.textContent({ timeout: 5_000 })) ?? '';
      await option.click({ timeout: 5_000 });
      await expect(select).toContainText(label, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  async save(): Promise<void> {
    await this.form.getByTestId('apps.form.save').click();
  }

  async manage(code: string): Promise<void> {
    await this.row(code).getByTestId('apps.manage').click();
    await expect(this.manageDrawer).toBeVisible();
  }

  icon(variant: 'gray' | 'color' | 'cartoon'): Locator {
    return this.manageDrawer.getByTestId(`apps.icon.${variant}`);
  }

  async uploadIcon(variant: 'gray' | 'color' | 'cartoon', png: Buffer): Promise<void> {
    await this.icon(variant)
      .locator('input[type=file]')
      .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png });
  }

  async uploadBuild(zip: Buffer): Promise<void> {
    await this.deploy
      .locator('input[type=file]')
      .setInputFiles({ name: 'pages.zip', mimeType: 'application/zip', buffer: zip });
  }

  /** Makes or rotates the credential through its confirmation. */
  async rotateCredential(): Promise<void> {
    await this.credential.getByTestId('apps.credential.rotate').click();
    await this.page.getByTestId('apps.credential.confirm').click();
  }

  async closeDrawer(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.manageDrawer).toBeHidden();
  }
}
