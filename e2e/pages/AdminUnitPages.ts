import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The console's unit settings, messages and audit pages (issue 13 §2) through their test ids.
 */
export class AdminUnitPages {
  readonly unitPage: Locator;
  readonly enName: Locator;
  readonly basicsSave: Locator;
  readonly footer: Locator;
  readonly footerLink: Locator;
  readonly loginPageSave: Locator;
  readonly loginPageError: Locator;
  readonly faceSignIn: Locator;
  readonly signInSave: Locator;
  readonly messagesPage: Locator;
  readonly sentRows: Locator;
  readonly auditPage: Locator;
  readonly auditRows: Locator;
  readonly auditTotal: Locator;
  readonly auditExport: Locator;

  constructor(readonly page: Page) {
    const id = (testId: string) => page.getByTestId(testId);
    this.unitPage = id('admin.unit');
    this.enName = id('unit.enName');
    this.basicsSave = id('unit.basics.save');
    this.footer = id('unit.login.footer');
    this.footerLink = id('unit.login.footerLink');
    this.loginPageSave = id('unit.loginPage.save');
    this.loginPageError = id('unit.loginPage.error');
    this.faceSignIn = id('unit.signIn.face');
    this.signInSave = id('unit.signIn.save');
    this.messagesPage = id('admin.messages');
    this.sentRows = id('messages.sent.row');
    this.auditPage = id('admin.audit');
    this.auditRows = id('audit.row');
    this.auditTotal = id('audit.total');
    this.auditExport = id('audit.export');
  }

  /** Opens a console page of a unit and waits for its body (the first load parses antd). */
  async open(unitId: string, path: 'unit' | 'messages' | 'audit'): Promise<void> {
    await this.page.goto(`${ADMIN_PATH}/${encodeURIComponent(unitId)}/${path}`);
    const body = { unit: this.unitPage, messages: this.messagesPage, audit: this.auditPage }[path];
    await expect(body).toBeVisible({ timeout: 15_000 });
  }

  /** An antd success message (the toast of a save or a send). */
  toast(text: string | RegExp): Locator {
    return this.page.locator('.ant-message-notice').filter({ hasText: text });
  }

  /** Sends a message to a class from the composer. */
  async sendToClass(input: {
    grade: string;
    className: string;
    text: string;
    importance: number;
    audienceLabel: string;
  }): Promise<void> {
    const compose = this.page.getByTestId('messages.compose');
    await compose.getByLabel(input.audienceLabel, { exact: true }).check();
    await this.page.getByTestId('messages.gradeName').fill(input.grade);
    await this.page.getByTestId('messages.className').fill(input.className);
    await this.page
      .getByTestId('messages.importance')
      .getByText(String(input.importance), { exact: true })
      .click();
    await this.page.getByTestId('messages.text').fill(input.text);
    await this.page.getByTestId('messages.send').click();
  }

  /** Searches the audit log by action. */
  async searchAudit(action: string): Promise<void> {
    await this.page.getByTestId('audit.action').fill(action);
    await this.page.getByTestId('audit.searchButton').click();
  }
}
