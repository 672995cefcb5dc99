/**
 * The upload component of packages/ui (issue 11 §4) wherever a page shows it, by test id: the
 * file button, the rows, and in each row its bar, state, figures and buttons. Also the network
 * side the specs count: the storage calls of spec §7 as the page makes them.
 */
import { uploadEndpoints } from '@campus/contracts/storage';
import { expect, type Locator, type Page, type Request } from '@playwright/test';

/** The storage calls of spec §7 the uploader makes, by path (contracts). */
export const STORAGE_CALLS = {
  secondUploadCheck: uploadEndpoints.secondUploadCheck.path,
  simpleUpload: uploadEndpoints.simpleUpload.path,
  blockUploadCheck: uploadEndpoints.blockUploadCheck.path,
  chunkUpload: uploadEndpoints.chunkUpload.path,
  mergeFile: uploadEndpoints.mergeFile.path,
} as const;
export type StorageCall = keyof typeof STORAGE_CALLS;

/** Which storage call a request is, or null. */
export function storageCall(request: Request): StorageCall | null {
  const path = new URL(request.url()).pathname;
  for (const [name, callPath] of Object.entries(STORAGE_CALLS)) {
    if (callPath === path) return name as StorageCall;
  }
  return null;
}

/** Counts the page's storage calls from now on (`page.on('request')`), until `stop()`. */
export function countStorageCalls(page: Page) {
  const counts: Record<StorageCall, number> = {
    secondUploadCheck: 0,
    simpleUpload: 0,
    blockUploadCheck: 0,
    chunkUpload: 0,
    mergeFile: 0,
  };
  const onRequest = (request: Request) => {
    const call = storageCall(request);
    if (call) counts[call] += 1;
  };
  page.on('request', onRequest);
  return { counts, stop: () => page.off('request', onRequest) };
}

/** One file's row. */
export class UploadRow {
  readonly bar: Locator;
  readonly status: Locator;
  readonly error: Locator;
  readonly speed: Locator;
  readonly eta: Locator;
  readonly bytes: Locator;
  readonly pause: Locator;
  readonly resume: Locator;
  readonly cancel: Locator;
  readonly remove: Locator;
  readonly retry: Locator;

  constructor(readonly root: Locator) {
    const id = (testId: string) => root.getByTestId(testId);
    this.bar = id('upload.progress');
    this.status = id('upload.status');
    this.error = id('upload.error');
    this.speed = id('upload.speed');
    this.eta = id('upload.eta');
    this.bytes = id('upload.bytes');
    this.pause = id('upload.pause');
    this.resume = id('upload.resume');
    this.cancel = id('upload.cancel');
    this.remove = id('upload.remove');
    this.retry = id('upload.retry');
  }

  /** The bar's aria-valuenow (whole percent sent). */
  async percent(): Promise<number> {
    return Number(await this.bar.getAttribute('aria-valuenow'));
  }

  async expectDone(options: { instant?: boolean; timeout?: number } = {}): Promise<void> {
    const timeout = options.timeout ?? 30_000;
    await expect(this.root).toHaveAttribute('data-status', 'done', { timeout });
    if (options.instant !== undefined) {
      if (options.instant) await expect(this.root).toHaveAttribute('data-instant', 'true');
      else await expect(this.root).not.toHaveAttribute('data-instant', 'true');
    }
    await expect(this.bar).toHaveAttribute('aria-valuenow', '100');
  }
}

export class UploadPage {
  readonly root: Locator;
  readonly pickFiles: Locator;
  readonly rows: Locator;

  constructor(
    readonly page: Page,
    root?: Locator,
  ) {
    this.root = root ?? page.getByTestId('upload');
    this.pickFiles = this.root.getByTestId('upload.pickFiles');
    this.rows = this.root.getByTestId('upload.item');
  }

  /** Picks files through the file button, as a user does (the browser's file chooser). */
  async pick(...files: string[]): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.pickFiles.click();
    await (await chooser).setFiles(files);
  }

  /** The row of a file, by the name it shows. */
  row(name: string): UploadRow {
    return new UploadRow(
      this.rows.filter({
        has: this.page.getByTestId('upload.name').getByText(name, { exact: true }),
      }),
    );
  }
}
