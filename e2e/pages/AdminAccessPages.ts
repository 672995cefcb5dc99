import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The console's access pages (issue 13 §2): roles and permissions, licences, themes, OAuth
 * clients and version records, through their test ids.
 */
export class AdminAccessPages {
  constructor(readonly page: Page) {}

  id(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** Opens `/admin/{unitId}/{path}` and waits for the page's body (its first load is lazy). */
  async open(unitId: string, path: 'roles' | 'licences' | 'themes' | 'oauth' | 'versions') {
    await this.page.goto(`${ADMIN_PATH}/${encodeURIComponent(unitId)}/${path}`);
    await expect(this.id(`admin.${path}`)).toBeVisible({ timeout: 15_000 });
  }

  /** The open dialog (antd keeps closed ones in the page, hidden). */
  dialog(testId: string): Locator {
    return this.page
      .locator('.ant-modal')
      .filter({ has: this.id(testId) })
      .last();
  }

  /**
   * Picks an option of an antd select by its visible text, typing it first to filter, until the
   * select shows that text: on a busy machine a click on an option still zooming in (or on the
   * previous select's closing list) was lost, and the grant then said "choose a role".
   */
  async choose(select: Locator, text: string, type = false): Promise<void> {
    const box = select.getByRole('combobox');
    await expect(async () => {
      await box.click();
      if (type) await box.fill(text);
      await this.page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: text })
        .first()
        .click({ timeout: 5_000 });
      await expect(select).toContainText(text, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  /** Confirms the open pop-confirm (its OK button). */
  async confirm(): Promise<void> {
    await this.page
      .locator('.ant-popconfirm:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary')
      .click();
  }

  // Roles and permissions
  resourceRow(code: string): Locator {
    return this.id(`roles.resource.${code}`);
  }
  roleRow(role: string): Locator {
    return this.id(`roles.role.${role}`);
  }
  holderRow(login: string, role: string): Locator {
    return this.id(`roles.holder.${login}.${role}`);
  }

  /** Makes a role that grants the codes given. */
  async createRole(role: string, codes: readonly string[]) {
    await this.id('roles.addRole').click();
    const dialog = this.page.locator('.ant-modal:visible');
    await dialog.getByTestId('roles.field.role').fill(role);
    for (const code of codes)
      await this.choose(dialog.getByTestId('roles.field.grants'), code, true);
    await dialog.getByTestId('roles.field.role').click();
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  }

  // Licences
  licenceRow(appCode: string): Locator {
    return this.id(`licences.row.${appCode}`);
  }

  async setLicenceEnd(appCode: string, day: string) {
    const input = this.licenceRow(appCode).locator('.ant-picker input');
    await input.click();
    await input.fill(day);
    await input.press('Enter');
  }
}
