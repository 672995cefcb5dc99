import { expect, type Locator, type Page } from '@playwright/test';
import { animationsSettled } from '../fixtures/screens.ts';

/** The desktop's dialogs, to-do popup and page bodies (issue 4) through their test ids. */
export class DesktopOverlaysPage {
  readonly messagesDialog: Locator;
  readonly messageItems: Locator;
  readonly ignoreAll: Locator;
  readonly moduleExpiry: Locator;
  readonly moduleRows: Locator;
  readonly todoPopup: Locator;
  readonly todoItems: Locator;
  readonly todoNext: Locator;
  readonly todoPrev: Locator;
  readonly todoPage: Locator;
  readonly todoClose: Locator;
  readonly childDialog: Locator;
  readonly childRows: Locator;
  readonly licenceDialog: Locator;
  readonly licenceText: Locator;

  constructor(readonly page: Page) {
    const id = (testId: string) => page.getByTestId(testId);
    this.messagesDialog = id('messages.dialog');
    this.messageItems = id('messages.item');
    this.ignoreAll = id('messages.ignoreAll');
    this.moduleExpiry = id('moduleExpiry.dialog');
    this.moduleRows = id('moduleExpiry.row');
    this.todoPopup = id('todo.popup');
    this.todoItems = id('todo.item');
    this.todoNext = id('todo.next');
    this.todoPrev = id('todo.prev');
    this.todoPage = id('todo.page');
    this.todoClose = id('todo.close');
    this.childDialog = id('child.dialog');
    this.childRows = id('child.row');
    this.licenceDialog = id('licence.dialog');
    this.licenceText = id('licence.text');
  }

  /** Opens the messages dialog from the home page's unread-messages card. */
  async openMessages(): Promise<void> {
    await this.page.getByTestId('home.messages.more').click();
    await expect(this.messagesDialog).toBeVisible();
    await this.settle();
  }

  /**
   * Waits for the dialogs' opening animations (antd zooms a modal in): a click aimed at a
   * button that is still moving can land on the backdrop instead.
   */
  async settle(): Promise<void> {
    await animationsSettled(this.page);
  }

  /** Closes the to-do popup when it is showing, so it covers nothing. */
  async closeTodoPopup(): Promise<void> {
    if (await this.todoPopup.isVisible()) await this.todoClose.click();
  }
}
