import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { animationsSettled } from '../fixtures/screens.ts';

/** The admin console's Users and Import pages (issue 13 §2, §3) through their test ids. */
export class AdminUsersPage {
  readonly users: Locator;
  readonly search: Locator;
  readonly typeFilter: Locator;
  readonly table: Locator;
  readonly create: Locator;
  readonly drawer: Locator;
  readonly save: Locator;
  readonly formError: Locator;
  readonly passwordShown: Locator;
  readonly password: Locator;
  readonly passwordDone: Locator;
  readonly confirm: Locator;
  readonly imports: Locator;
  readonly fileInput: Locator;
  readonly dryRun: Locator;
  readonly commit: Locator;
  readonly problemSummary: Locator;
  readonly problems: Locator;
  readonly clean: Locator;
  readonly result: Locator;
  readonly download: Locator;

  constructor(readonly page: Page) {
    const id = (testId: string) => page.getByTestId(testId);
    this.users = id('admin.users');
    // The filter bar's first input is the search text (the selects' inputs follow it).
    this.search = id('users.filters').locator('input').first();
    this.typeFilter = id('users.typeFilter');
    this.table = id('users.table');
    this.create = id('users.create');
    this.drawer = id('users.drawer');
    this.save = id('users.save');
    this.formError = id('users.formError');
    this.passwordShown = id('users.passwordShown');
    this.password = id('users.password');
    this.passwordDone = id('users.passwordDone');
    this.confirm = id('users.confirm');
    this.imports = id('admin.import');
    this.fileInput = this.imports.locator('input[type="file"]');
    this.dryRun = id('import.dryRun');
    this.commit = id('import.commit');
    this.problemSummary = id('import.problemSummary');
    this.problems = id('import.problemTable').locator('tbody tr');
    this.clean = id('import.clean');
    this.result = id('import.result');
    this.download = id('import.download');
  }

  async open(unitId: string, path: 'users' | 'import'): Promise<void> {
    await this.page.goto(`${ADMIN_PATH}/${encodeURIComponent(unitId)}/${path}`);
    // The page body loads on demand after the console's own start (a worker's first page pays
    // the cold parse of React and antd): a busy machine's allowance.
    await expect(path === 'users' ? this.users : this.imports).toBeVisible({ timeout: 20_000 });
  }

  /** A form field of the drawer by its name (`users.form.{name}`). */
  field(name: string): Locator {
    return this.drawer.getByTestId(`users.form.${name}`);
  }

  /** The list's row of a login name. */
  row(loginName: string): Locator {
    return this.table.getByRole('row').filter({
      has: this.page.getByTestId('users.loginName').getByText(loginName, { exact: true }),
    });
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    await this.search.press('Enter');
  }

  /** Runs a row action from the row's "more" menu and confirms it. */
  async act(loginName: string, action: string): Promise<void> {
    await this.row(loginName).getByTestId('users.more').click();
    await this.page.getByTestId(`users.action.${action}`).click();
    await this.confirm.click();
    // The confirmation is gone (closed after its call), so the next one is the only one.
    await expect(this.confirm).toHaveCount(0);
  }

  /** Picks a file for the import, given by name and text. */
  async pick(name: string, text: string): Promise<void> {
    await this.fileInput.setInputFiles({
      name,
      mimeType: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream',
      buffer: Buffer.from(text, 'utf8'),
    });
    await expect(this.page.getByTestId('import.fileName')).toHaveText(name);
  }

  /**
   * Commits the checked file: the commit button, then its confirmation once it has zoomed in (a
   * click during the zoom reached the page beneath it, and the confirmation stayed open).
   */
  async commitImport(): Promise<void> {
    await this.commit.click();
    const confirm = this.page.getByTestId('import.confirm');
    await expect(confirm).toBeVisible();
    // The page beneath takes no second dry run or commit while the confirmation is open.
    await expect(this.dryRun).toBeDisabled();
    await expect(this.commit).toBeDisabled();
    await animationsSettled(this.page);
    await confirm.click();
  }

  /** Clicks a download button and answers the browser's download. */
  async downloadOf(button: Locator): Promise<Download> {
    const downloading = this.page.waitForEvent('download');
    await button.click();
    return downloading;
  }
}
