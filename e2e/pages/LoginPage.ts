import { expect, type Locator, type Page } from '@playwright/test';

/** The login entry (spec §2 login box) through its test ids. */
export class LoginPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly remember: Locator;
  readonly submit: Locator;
  readonly forgot: Locator;
  readonly usernameError: Locator;
  readonly passwordError: Locator;
  readonly error: Locator;
  readonly unitName: Locator;
  readonly logo: Locator;
  readonly footer: Locator;
  readonly lang: Locator;
  readonly toast: Locator;

  constructor(readonly page: Page) {
    const id = (testId: string) => page.getByTestId(testId);
    this.username = id('login.username');
    this.password = id('login.password');
    this.remember = id('login.remember');
    this.submit = id('login.submit');
    this.forgot = id('login.forgot');
    this.usernameError = id('login.usernameError');
    this.passwordError = id('login.passwordError');
    this.error = id('login.error');
    this.unitName = id('login.unitName');
    this.logo = id('login.logo');
    this.footer = id('login.footer');
    this.lang = id('login.lang');
    this.toast = id('login.toast');
  }

  /** Opens /login with optional query parameters and waits for the unit's branding. */
  async goto(query: Record<string, string> = {}): Promise<void> {
    const search = new URLSearchParams(query).toString();
    await this.page.goto(`/login${search ? `?${search}` : ''}`);
    await this.waitUntilReady();
  }

  /** The page is interactive once the unit config has named the unit. */
  async waitUntilReady(): Promise<void> {
    // The unit config is one call; allow for a busy machine (the whole suite on 2 cores).
    await expect(this.unitName).toHaveText(/\S/, { timeout: 10_000 });
    await expect(this.submit).toBeEnabled();
  }

  async fill(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
  }

  /** Types the credentials, ticks remember-password if asked, and submits. */
  async signIn(username: string, password: string, options: { remember?: boolean } = {}) {
    await this.fill(username, password);
    if (options.remember) await this.remember.check();
    await this.submit.click();
  }

  /**
   * Checks that a message belongs to a field: the field names it in aria-describedby, and it
   * sits just below the field, overlapping it horizontally.
   */
  async expectMessageUnder(input: Locator, message: Locator): Promise<void> {
    await expect(message).toBeVisible();
    const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).not.toBe('');
    await expect(this.page.locator(`[id="${describedBy}"]`)).toContainText(
      (await message.textContent()) ?? '',
    );
    const field = await input.boundingBox();
    const text = await message.boundingBox();
    expect(field).not.toBeNull();
    expect(text).not.toBeNull();
    if (!field || !text) return;
    const gap = text.y - (field.y + field.height);
    expect(gap).toBeGreaterThanOrEqual(-1);
    expect(gap).toBeLessThan(24);
    expect(text.x).toBeLessThan(field.x + field.width);
    expect(text.x + text.width).toBeGreaterThan(field.x);
  }
}
