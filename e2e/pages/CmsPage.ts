import { expect, type Locator, type Page } from '@playwright/test';

/** The cms sample sub-app (pc_cms_tm, pc_cms_spm) and the shared sub-app shell, by test id. */
export class CmsPage {
  readonly header: Locator;
  readonly headerUnit: Locator;
  readonly headerApp: Locator;
  readonly language: Locator;
  readonly nav: Locator;
  readonly notFound: Locator;
  readonly blockingDialog: Locator;
  readonly listItems: Locator;
  readonly readsRows: Locator;
  readonly notices: Locator;
  readonly mineItems: Locator;

  constructor(readonly page: Page) {
    const id = (testId: string) => page.getByTestId(testId);
    this.header = id('appHeader');
    this.headerUnit = id('appHeader.unit');
    this.headerApp = id('appHeader.app');
    this.language = id('appHeader.language');
    this.nav = id('cms.nav');
    this.notFound = id('notFound.root');
    this.blockingDialog = id('blockingDialog');
    this.listItems = id('cms.list.item');
    this.readsRows = id('cms.reads.row');
    this.notices = id('notices');
    this.mineItems = id('cms.mine.item');
  }

  /** The app page of a cms file (spec §2 `/pages/{app}/pc_{code}_{variant}/index.html`). */
  static url(fileId: 'pc_cms_tm' | 'pc_cms_spm', hash = '', search = ''): string {
    return `/pages/cms/${fileId}/index.html${search}${hash ? `#${hash}` : ''}`;
  }

  /** The teacher app is ready once its navigation shows. */
  async expectTeacherApp(): Promise<void> {
    await expect(this.page.getByTestId('cms.tm')).toBeVisible();
    await expect(this.nav).toBeVisible();
  }

  /** The titles of the navigation links, in order. */
  async navLabels(): Promise<string[]> {
    return this.nav.getByRole('link').allInnerTexts();
  }

  /** Fills and sends the publish form. */
  async publish(notice: { title: string; content: string; grade?: string; className?: string }) {
    const id = (testId: string) => this.page.getByTestId(testId);
    await id('cms.publish.title').fill(notice.title);
    await id('cms.publish.content').fill(notice.content);
    if (notice.grade) await id('cms.publish.gradeName').fill(notice.grade);
    if (notice.className) await id('cms.publish.className').fill(notice.className);
    await id('cms.publish.submit').click();
  }
}
