/**
 * The upload component in a real page (issue 11 §4 and its e2e list), on the teacher's publish
 * form of cms, against the real storage routes (spec §4 chunked upload, §5, §7, §8, §9;
 * DESIGN.md §7):
 * - a 50 MB file uploads with visible progress, pauses (nothing moves), resumes, and completes
 *   with the merge's descriptor holding the file's md5;
 * - the page is reloaded mid-upload, the same file is picked again, and only the chunks the
 *   server lacks are sent (the requests counted with `page.on('request')`);
 * - a second upload of the same file is instant: no chunk, no byte;
 * - a forbidden type and an oversize file are refused with their spec §8 texts, in both
 *   languages, at both widths.
 *
 * The uplink is throttled through the DevTools protocol while a test needs to see an upload in
 * flight: on loopback 50 MB would be gone before anything could be looked at. Big files are made
 * once per worker, with random bytes, so no two tests (and no two runs) share an md5.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page, Response } from '@playwright/test';
import { uploadEndpoints, type FileDescriptor } from '@campus/contracts/storage';
import { demoAccounts } from '../fixtures/accounts.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { expectNoHorizontalOverflow, saveScreen } from '../fixtures/screens.ts';
import { expect, test as base } from '../fixtures/test.ts';
import { openAs } from '../pages/flows.ts';
import { countStorageCalls, UploadPage } from '../pages/UploadPage.ts';

const { teacher } = demoAccounts;
const MiB = 1024 * 1024;
/** Spec §9: 2 MB chunks, so 50 MB is 25 of them. */
const CHUNK_BYTES = 2 * MiB;
const BIG_BYTES = 50 * MiB;
const BIG_CHUNKS = BIG_BYTES / CHUNK_BYTES;
/** The cms attachment limit (apps/cms/src/shared/attachments.ts): 500 MB per file. */
const ATTACHMENT_MAX_BYTES = 500 * MiB;

interface MadeFile {
  path: string;
  name: string;
  size: number;
  md5: string;
}

interface TestFiles {
  /** A file of random bytes, made once per worker under this name. */
  make: (name: string, size: number) => MadeFile;
  /** A sparse file of this size: no bytes on disk, for a size the client refuses unread. */
  sparse: (name: string, size: number) => MadeFile;
}

const test = base.extend<object, { files: TestFiles }>({
  files: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it
    async ({}, use, workerInfo) => {
      const dir = fs.mkdtempSync(
        path.join(os.tmpdir(), `campus-upload-${workerInfo.parallelIndex}-`),
      );
      const made = new Map<string, MadeFile>();
      const remember = (name: string, write: (file: string) => MadeFile) => {
        const known = made.get(name);
        if (known) return known;
        const file = write(path.join(dir, name));
        made.set(name, file);
        return file;
      };
      try {
        await use({
          make: (name, size) =>
            remember(name, (file) => {
              const bytes = randomBytes(size);
              fs.writeFileSync(file, bytes);
              return { path: file, name, size, md5: createHash('md5').update(bytes).digest('hex') };
            }),
          sparse: (name, size) =>
            remember(name, (file) => {
              fs.closeSync(fs.openSync(file, 'w'));
              fs.truncateSync(file, size);
              return { path: file, name, size, md5: '' };
            }),
        });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
});

/** The teacher's publish form at this width (the phone page at 375 px), in `language`. */
async function openPublishForm(page: Page, language?: 'zh-CN' | 'en'): Promise<UploadPage> {
  const phone = (page.viewportSize()?.width ?? 1366) <= 400;
  const file = phone ? 'mobile_cms_tm' : 'pc_cms_tm';
  const search = language === 'en' ? '?language=en' : '';
  await openAs(page, teacher, `/pages/cms/${file}/index.html${search}#/notice/publish`);
  const upload = new UploadPage(page);
  await expect(upload.pickFiles).toBeVisible();
  return upload;
}

/** The page's uplink speed through the DevTools protocol; null lifts the limit. */
async function uplink(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return async (bytesPerSecond: number | null) => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond ?? -1,
    });
  };
}

/** The descriptor the merge answers (DESIGN.md §7), once it comes. */
function mergeAnswer(page: Page): Promise<FileDescriptor> {
  return page
    .waitForResponse((r) => new URL(r.url()).pathname === uploadEndpoints.mergeFile.path, {
      timeout: 90_000,
    })
    .then(async (response) => {
      const body = (await response.json()) as { status: number; data: FileDescriptor };
      expect(body.status).toBe(200);
      return body.data;
    });
}

test.describe('spec §4 chunked upload through the upload component', () => {
  test('a 50 MB file shows its progress, pauses, resumes and completes md5-verified', async ({
    page,
    files,
  }) => {
    test.setTimeout(120_000);
    const big = files.make('lesson-pause.mp4', BIG_BYTES);
    const upload = await openPublishForm(page);
    const setUplink = await uplink(page);
    await setUplink(5 * MiB);
    const calls = countStorageCalls(page);
    const merged = mergeAnswer(page);
    // DESIGN.md §6: the md5 is read in a Web Worker, not on the page's thread.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    await upload.pick(big.path);
    const row = upload.row(big.name);
    await expect(row.root).toHaveAttribute('data-status', 'uploading', { timeout: 30_000 });
    await expect.poll(() => row.percent(), { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
    await expect(row.status).toHaveText('正在上传');
    await expect(row.speed).toHaveText(/MB\/秒|kB\/秒/);
    await expect(row.eta).toHaveText(/^剩余 /);
    await expect(row.bytes).toContainText('50 MB');
    await saveScreen(page, 'upload-progress');

    await row.pause.click();
    await expect(row.root).toHaveAttribute('data-paused', 'true');
    await expect(row.status).toHaveText('已暂停');
    await expect(row.speed).toHaveCount(0);
    const atPause = await row.percent();
    const sentAtPause = calls.counts.chunkUpload;
    // Nothing moves while paused: a second is several chunks' time at this uplink.
    await page.waitForTimeout(1000);
    expect(await row.percent()).toBe(atPause);
    expect(calls.counts.chunkUpload).toBe(sentAtPause);
    expect(atPause).toBeLessThan(100);
    await saveScreen(page, 'upload-paused');

    await setUplink(null);
    await row.resume.click();
    await expect(row.root).not.toHaveAttribute('data-paused', 'true');
    await row.expectDone({ instant: false, timeout: 60_000 });
    await expect(row.status).toHaveText('上传完成');
    const descriptor = await merged;
    expect(descriptor).toMatchObject({ md5: big.md5, size: big.size, name: big.name });
    expect(workers.filter((url) => /md5\.worker/.test(url))).toHaveLength(1);
    // One instant check, and every chunk at least once (the ones cut off by the pause again).
    expect(calls.counts.secondUploadCheck).toBe(1);
    expect(calls.counts.chunkUpload).toBeGreaterThanOrEqual(BIG_CHUNKS);
    expect(calls.counts.mergeFile).toBe(1);
    calls.stop();
  });

  test('after a reload mid-upload, the same file picked again sends only the missing chunks', async ({
    page,
    files,
  }) => {
    test.setTimeout(120_000);
    const big = files.make('lesson-reload.mp4', BIG_BYTES);
    let upload = await openPublishForm(page);
    const setUplink = await uplink(page);
    await setUplink(8 * MiB);
    // Chunks the server answered as stored before the reload.
    let storedBefore = 0;
    const onChunkAnswer = (response: Response) => {
      if (new URL(response.url()).pathname !== uploadEndpoints.chunkUpload.path) return;
      response
        .json()
        .then((body: { status?: number }) => {
          if (body.status === 200) storedBefore += 1;
        })
        .catch(() => undefined);
    };
    page.on('response', onChunkAnswer);
    await upload.pick(big.path);
    await expect.poll(() => storedBefore, { timeout: 60_000 }).toBeGreaterThanOrEqual(6);
    page.off('response', onChunkAnswer);
    const known = storedBefore;
    expect(known).toBeLessThan(BIG_CHUNKS);

    await page.reload();
    await setUplink(null);
    upload = new UploadPage(page);
    await expect(upload.pickFiles).toBeVisible();
    const calls = countStorageCalls(page);
    let alreadyStored = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname !== uploadEndpoints.blockUploadCheck.path) return;
      response
        .json()
        .then((body: { data?: { data?: boolean } }) => {
          if (body.data?.data === true) alreadyStored += 1;
        })
        .catch(() => undefined);
    });
    const merged = mergeAnswer(page);
    await upload.pick(big.path);
    const row = upload.row(big.name);
    await row.expectDone({ instant: false, timeout: 60_000 });
    const descriptor = await merged;
    expect(descriptor).toMatchObject({ md5: big.md5, size: big.size });
    // The md5 came from the record IndexedDB kept (the file was not read again).
    await expect(row.root).toHaveAttribute('data-resumed', 'true');
    await expect.poll(() => alreadyStored + calls.counts.chunkUpload).toBe(BIG_CHUNKS);
    expect(calls.counts.blockUploadCheck).toBe(BIG_CHUNKS);
    expect(alreadyStored).toBeGreaterThanOrEqual(known);
    expect(calls.counts.chunkUpload).toBeLessThanOrEqual(BIG_CHUNKS - known);
    calls.stop();
  });

  test('a second upload of the same file is instant: no chunk and no byte is sent', async ({
    page,
    browser,
    files,
  }) => {
    test.setTimeout(60_000);
    const file = files.make('timetable-instant.pdf', 6 * MiB + 123);
    const upload = await openPublishForm(page);
    await upload.pick(file.path);
    await upload.row(file.name).expectDone({ instant: false });

    // Another page with nothing remembered locally: the server's answer alone makes it instant.
    const again = await browser.newPage({ viewport: page.viewportSize() });
    try {
      const second = await openPublishForm(again, 'en');
      const calls = countStorageCalls(again);
      await second.pick(file.path);
      const row = second.row(file.name);
      await row.expectDone({ instant: true });
      await expect(row.status).toHaveText('Uploaded instantly: the server already had this file');
      expect(calls.counts).toEqual({
        secondUploadCheck: 1,
        simpleUpload: 0,
        blockUploadCheck: 0,
        chunkUpload: 0,
        mergeFile: 0,
      });
      await saveScreen(again, 'upload-instant');
    } finally {
      await again.close();
    }
  });
});

test('a folder is picked whole and shows as the spec §3 directory tree while its files upload', async ({
  page,
}, testInfo) => {
  const folder = testInfo.outputPath('Week 3');
  const files = ['plan.pdf', 'slides/a.pdf', 'slides/b.pdf'];
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.writeFileSync(path.join(folder, file), randomBytes(64 * 1024));
  }
  const upload = await openPublishForm(page, 'en');
  const chooser = page.waitForEvent('filechooser');
  await upload.root.getByTestId('upload.pickFolder').click();
  await (await chooser).setFiles(folder);
  await expect(upload.root.getByTestId('upload.folderName')).toHaveText(['Week 3', 'slides']);
  await expect(upload.root.getByTestId('upload.name')).toHaveText(['a.pdf', 'b.pdf', 'plan.pdf']);
  for (const name of ['a.pdf', 'b.pdf', 'plan.pdf']) await upload.row(name).expectDone();
  await expect(upload.row('a.pdf').root.getByTestId('upload.name')).toHaveAttribute(
    'title',
    'Week 3/slides/a.pdf',
  );
  await saveScreen(page, 'upload-folder');
  await expectAccessible(page);
});

const REFUSALS = {
  'zh-CN': {
    forbidden: '不允许上传此类型的文件',
    tooLarge: '文件大小超出限制',
    limit: '每个文件不能超过 500 MB',
    refused: '未上传',
    formAlert: '有附件未能上传，请移除或重试后再发布',
  },
  en: {
    forbidden: 'this file type may not be uploaded',
    tooLarge: 'size exceeds limit',
    limit: 'The limit is 500 MB per file',
    refused: 'Not uploaded',
    formAlert: 'Some attachments could not be uploaded: remove or retry them, then publish',
  },
} as const;

for (const language of ['zh-CN', 'en'] as const) {
  const text = REFUSALS[language];
  test(
    `spec §5/§8: a forbidden type and an oversize file are refused with their messages (${language})`,
    { tag: '@mobile' },
    async ({ page, files }) => {
      const disguised = files.make('a.php.jpg', 2048);
      const program = files.make('x.exe', 2048);
      const huge = files.sparse('assembly-video.mp4', ATTACHMENT_MAX_BYTES + 1);
      const upload = await openPublishForm(page, language);
      const calls = countStorageCalls(page);
      await upload.pick(disguised.path, program.path, huge.path);

      for (const file of [disguised, program]) {
        const row = upload.row(file.name);
        await expect(row.root).toHaveAttribute('data-status', 'refused');
        await expect(row.status).toHaveText(text.refused);
        await expect(row.error).toHaveText(text.forbidden);
        await expect(row.bar).toHaveCount(0);
      }
      const tooLarge = upload.row(huge.name);
      await expect(tooLarge.error).toContainText(text.tooLarge);
      await expect(tooLarge.error).toContainText(text.limit);
      await expect(page.getByTestId('cms.publish.uploadFailed')).toHaveText(text.formAlert);
      // Refused by the client before a single call (the server would refuse them too).
      expect(Object.values(calls.counts).every((count) => count === 0)).toBe(true);

      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'upload-refused');
      await expectAccessible(page);

      // Removed, the form may go again.
      for (const file of [disguised, program, huge]) await upload.row(file.name).remove.click();
      await expect(upload.rows).toHaveCount(0);
      await expect(page.getByTestId('cms.publish.uploadFailed')).toHaveCount(0);
      await expect(upload.pickFiles).toBeFocused();
    },
  );
}
