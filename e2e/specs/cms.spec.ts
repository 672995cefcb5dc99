/**
 * The sample sub-app cms on the shared runtime (issue 3): access check and route filtering
 * (spec §2, §6), silent session recovery (spec §4), language files (spec §4, §7), version and
 * licence checks (spec §4, §7, §8), a notice going from a teacher to a parent, its attachments
 * (issue 11 §4: uploaded with the form, downloaded by a parent of the addressed class, refused
 * by the server to anyone else), and the read counts exported to .xlsx and opened by LibreOffice.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Page } from '@playwright/test';
import { cmsEndpoints } from '@campus/contracts/cms';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { expect, test } from '../fixtures/test.ts';
import { demoAccounts, type DemoAccount } from '../fixtures/accounts.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { expectNoHorizontalOverflow, saveScreen } from '../fixtures/screens.ts';
import { deployedFile, runAdmin, withDeployedFile } from '../fixtures/server-data.ts';
import { CmsPage } from '../pages/CmsPage.ts';
import { openAs } from '../pages/flows.ts';
import { UploadPage } from '../pages/UploadPage.ts';

const { teacher, parent, parent1, staff } = demoAccounts;

/** Opens a cms page as `account` and returns the page object. */
async function openCms(
  page: Page,
  account: DemoAccount,
  url: string,
  options: { fresh?: boolean } = {},
): Promise<CmsPage> {
  await openAs(page, account, url, options);
  return new CmsPage(page);
}

test.describe('access (spec §6) and route filtering (spec §2)', () => {
  test(
    'a parent opening the teacher app directly sees not-found; a teacher sees the app',
    {
      tag: '@mobile',
    },
    async ({ page, browser }) => {
      const cms = await openCms(page, parent, CmsPage.url('pc_cms_tm', '/notice/list'));
      await expect(cms.notFound).toBeVisible();
      await expect(page.getByTestId('cms.tm')).toHaveCount(0);

      const teacherPage = await browser.newPage({ viewport: page.viewportSize() });
      const asTeacher = await openCms(
        teacherPage,
        teacher,
        CmsPage.url('pc_cms_tm', '/notice/list'),
      );
      await asTeacher.expectTeacherApp();
      await expect(asTeacher.notFound).toHaveCount(0);
      await teacherPage.close();
    },
  );

  test('the teacher sees only the routes her permission codes allow', async ({ page }) => {
    const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/list'));
    await cms.expectTeacherApp();
    // cms:stats is a staff code: its route and link are removed for a teacher (spec §2).
    expect(await cms.navLabels()).toEqual(['通知列表', '发布通知', '阅读统计']);
    await page.goto(CmsPage.url('pc_cms_tm', '/stats'));
    await expect(cms.notFound).toBeVisible();
  });

  test('staff (type 4) hold cms:stats and see the statistics page', async ({ page }) => {
    const cms = await openCms(page, staff, CmsPage.url('pc_cms_tm', '/stats'));
    await expect(page.getByTestId('cms.stats')).toBeVisible();
    expect(await cms.navLabels()).toContain('发布统计');
  });

  test('an unknown hash route inside a permitted app shows not-found, not a stack trace', async ({
    page,
  }) => {
    const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/list'));
    await cms.expectTeacherApp();
    await page.goto(CmsPage.url('pc_cms_tm', '/no/such/page'));
    await expect(cms.notFound).toBeVisible();
  });
});

test.describe('a notice from teacher to parent', () => {
  test(
    'a notice the teacher publishes for Grade 3 Class 2 is read by the parent of Li Ming',
    {
      tag: '@mobile',
    },
    async ({ page, browser }) => {
      const title = `期中考试安排 ${Date.now()}`;
      const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/publish'));
      await cms.publish({
        title,
        content: '周三上午语文，下午数学。',
        grade: 'Grade 3',
        className: 'Class 2',
      });
      await expect(page).toHaveURL(/#\/notice\/list$/);
      await expect(cms.listItems.filter({ hasText: title })).toBeVisible();

      const parentPage = await browser.newPage({ viewport: page.viewportSize() });
      const asParent = await openCms(parentPage, parent, CmsPage.url('pc_cms_spm', '/notices'));
      await expect(parentPage.getByTestId('cms.mine.child')).toContainText('Li Ming');
      const item = asParent.mineItems.filter({ hasText: title });
      await expect(item.getByTestId('cms.mine.status')).toHaveText('未读');
      const recorded = parentPage.waitForResponse(
        (r) => new URL(r.url()).pathname === cmsEndpoints.read.path,
      );
      await item.getByTestId('cms.mine.open').click();
      expect(((await (await recorded).json()) as { status: number }).status).toBe(200);
      await expect(item.getByTestId('cms.mine.body')).toHaveText('周三上午语文，下午数学。');
      await expect(item.getByTestId('cms.mine.status')).toHaveText('已读');
      await parentPage.close();

      await page.goto(CmsPage.url('pc_cms_tm', '/notice/reads'));
      const row = cms.readsRows.filter({ hasText: title });
      await expect(row.getByTestId('cms.reads.count')).toHaveText(/^1 \/ \d+$/);
    },
  );

  test('the publish form says what is missing and keeps what was typed', async ({ page }) => {
    const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/publish'));
    await cms.publish({ title: '   ', content: '正文保留' });
    await expect(page.getByText('请输入标题')).toBeVisible();
    await expect(page.getByTestId('cms.publish.content')).toHaveValue('正文保留');
  });
});

test.describe('shared runtime services', () => {
  test('an access token expired on the server is refreshed silently and publishing succeeds', async ({
    page,
    context,
    baseURL,
  }) => {
    // A session of its own: the refresh below replaces it.
    const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/publish'), {
      fresh: true,
    });
    await context.addCookies([{ name: 'ph_at', value: 'expired-on-the-server', url: baseURL! }]);
    const refreshed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === uaaEndpoints.refresh.path,
    );
    const title = `刷新后发布 ${Date.now()}`;
    await cms.publish({ title, content: '会话过期后自动续期。' });
    expect(((await (await refreshed).json()) as { status: number }).status).toBe(200);
    await expect(cms.listItems.filter({ hasText: title })).toBeVisible();
    await expect(page.getByTestId('notice.error')).toHaveCount(0);
  });

  test(
    'switching to en loads the shared and app language files; an unknown language is zh-CN',
    {
      tag: '@mobile',
    },
    async ({ page }) => {
      const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/list'));
      await cms.expectTeacherApp();
      const shared = page.waitForResponse((r) =>
        r.url().endsWith('/common/plugins/common-ph/1.6.0/lang/en-ph.json'),
      );
      const app = page.waitForResponse((r) => r.url().endsWith('/pages/cms/lang/en-cms.json'));
      await cms.language.click();
      expect((await shared).status()).toBe(200);
      expect((await app).status()).toBe(200);
      await expect(cms.nav.getByRole('link').first()).toHaveText('All notices');
      await expect(cms.headerApp).toHaveText('News and Notices');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      let asked = false;
      page.on('request', (r) => {
        if (r.url().includes('/lang/')) asked = true;
      });
      await page.goto(CmsPage.url('pc_cms_tm', '/notice/list', '?language=fr'));
      await expect(cms.nav.getByRole('link').first()).toHaveText('通知列表');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      expect(asked).toBe(false); // spec §4: no language file for zh-CN
    },
  );

  test('a front end that needs a newer server shows the version alert', async ({ page }) => {
    const file = deployedFile('cms', 'package.json');
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    await withDeployedFile(file, JSON.stringify({ ...pkg, serverVersion: '9.0.0' }), async () => {
      const alert = page.waitForEvent('dialog');
      await openAs(page, teacher, CmsPage.url('pc_cms_tm', '/notice/list'));
      const dialog = await alert;
      expect(dialog.type()).toBe('alert');
      expect(dialog.message()).toContain('9.0.0');
      expect(dialog.message()).toContain(pkg.appVersion);
      await dialog.accept();
    });
  });

  test('an expired licence shows the blocking dialog', async ({ page }) => {
    const cmsLicenceUntil = (until: string) =>
      runAdmin(['set-licence', '--unit', 'demo-unit-sunshine', '--app', 'cms', '--until', until]);
    await cmsLicenceUntil('expired');
    try {
      const cms = await openCms(page, teacher, CmsPage.url('pc_cms_tm', '/notice/list'));
      await expect(cms.blockingDialog).toBeVisible();
      await expect(page.getByTestId('blockingDialog.text')).toHaveText(
        '该模块已过期，请联系管理员！',
      );
      await expect(page.getByTestId('cms.tm')).toHaveCount(0);
    } finally {
      await cmsLicenceUntil('2099-12-31');
    }
  });

  test('a page zoomed to 150 % shows the zoom warning suggesting 100 % and Ctrl+0', async ({
    browser,
  }) => {
    const context = await browser.newContext({ deviceScaleFactor: 1.5 });
    const page = await context.newPage();
    try {
      await openAs(page, teacher, CmsPage.url('pc_cms_tm', '/notice/list'));
      const warning = page.getByTestId('notice.warning');
      await expect(warning).toContainText('150%');
      await expect(warning).toContainText('100%');
      await expect(warning).toContainText('Ctrl+0');
    } finally {
      await context.close();
    }
  });
});

/** The cms page of a variant at this page's width: the phone page (mobile_cms_*) at 375 px. */
function cmsUrlForWidth(page: Page, variant: 'tm' | 'spm', hash: string): string {
  const phone = (page.viewportSize()?.width ?? 1366) <= 400;
  return `/pages/cms/${phone ? 'mobile' : 'pc'}_cms_${variant}/index.html#${hash}`;
}

/** A real PNG picture (a colour gradient), so the notice shows it as an image. */
function pngPicture(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      rows.set([(x * 255) / width, (y * 255) / height, 200], y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('attachments (issue 11 §4: a real use of the upload component)', () => {
  test(
    'a teacher attaches a file and a picture; a parent of the class downloads them, another parent cannot',
    { tag: '@mobile' },
    async ({ page, browser }, testInfo) => {
      const plan = { name: 'trip-plan.pdf', bytes: randomBytes(300 * 1024) };
      const photo = { name: 'class-photo.png', bytes: pngPicture(96, 64) };
      for (const file of [plan, photo])
        fs.writeFileSync(testInfo.outputPath(file.name), file.bytes);

      // The teacher: the files upload as they are picked, then the notice goes with them.
      const title = `春游通知 ${Date.now()}`;
      const cms = await openCms(page, teacher, cmsUrlForWidth(page, 'tm', '/notice/publish'));
      const upload = new UploadPage(page);
      await upload.pick(testInfo.outputPath(plan.name), testInfo.outputPath(photo.name));
      for (const file of [plan, photo]) await upload.row(file.name).expectDone();
      await expectNoHorizontalOverflow(page);
      await saveScreen(page, 'cms-publish-attachments');
      await expectAccessible(page);
      const published = page.waitForResponse(
        (r) => new URL(r.url()).pathname === cmsEndpoints.publish.path,
      );
      await cms.publish({
        title,
        content: '周五春游，行程和合影见附件。',
        grade: 'Grade 3',
        className: 'Class 2',
      });
      const answer = (await (await published).json()) as {
        status: number;
        data: { attachments: { name: string; url: string }[] };
      };
      expect(answer.status).toBe(200);
      expect(answer.data.attachments.map((file) => file.name)).toEqual([plan.name, photo.name]);
      await expect(page).toHaveURL(/#\/notice\/list$/);
      const listed = cms.listItems.filter({ hasText: title });
      await expect(listed.getByTestId('cms.attachment.link')).toHaveText([plan.name, photo.name]);
      const planUrl = answer.data.attachments[0]!.url;

      // A parent of Grade 3 Class 2 (Li Ming's) opens the notice and downloads the file.
      // A context of its own (not browser.newPage) so that axe-core can run in it.
      const parentContext = await browser.newContext({ viewport: page.viewportSize() });
      const parentPage = await parentContext.newPage();
      try {
        const asParent = await openCms(parentPage, parent, cmsUrlForWidth(page, 'spm', '/notices'));
        const item = asParent.mineItems.filter({ hasText: title });
        await expect(item.getByTestId('cms.mine.attachmentCount')).toHaveText('2 个附件');
        await item.getByTestId('cms.mine.open').click();
        const links = item.getByTestId('cms.attachment.link');
        await expect(links).toHaveText([plan.name, photo.name]);
        await expect(item.locator('img.cms-attachment__thumb')).toHaveJSProperty(
          'naturalWidth',
          96,
        );
        const downloading = parentPage.waitForEvent('download');
        await links.first().click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe(plan.name);
        expect(fs.readFileSync(await download.path()).equals(plan.bytes)).toBe(true);
        await expectNoHorizontalOverflow(parentPage);
        await saveScreen(parentPage, 'cms-spm-attachments');
        await expectAccessible(parentPage);
      } finally {
        await parentContext.close();
      }

      // A parent of another class (Chen Yue, Grade 1 Class 3): no notice, and the server
      // refuses the address itself, asked from that parent's own page.
      const otherPage = await browser.newPage({ viewport: page.viewportSize() });
      try {
        const other = await openCms(otherPage, parent1, cmsUrlForWidth(page, 'spm', '/notices'));
        await expect(otherPage.getByTestId('cms.mine.child')).toContainText('Chen Yue');
        await expect(other.mineItems.filter({ hasText: title })).toHaveCount(0);
        const refused = await otherPage.evaluate(async (url) => {
          const response = await fetch(url, { credentials: 'same-origin' });
          return {
            disposition: response.headers.get('content-disposition'),
            body: (await response.json()) as { status: number },
          };
        }, planUrl);
        expect(refused.body.status).toBe(403);
        expect(refused.disposition).toBeNull();
      } finally {
        await otherPage.close();
      }
    },
  );
});

/**
 * Converts `file` with LibreOffice headless (installed by npm test's setup) into `format` in
 * its folder, with a profile of its own so two workers' conversions never share one.
 */
function libreOffice(file: string, format: string): string {
  const dir = path.dirname(file);
  const result = spawnSync(
    '/usr/bin/soffice',
    [
      `-env:UserInstallation=file://${path.join(dir, 'lo-profile')}`,
      '--headless',
      '--norestore',
      '--convert-to',
      format,
      '--outdir',
      dir,
      file,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  const converted = path.join(
    dir,
    `${path.basename(file, path.extname(file))}.${format.split(':', 1)[0] ?? format}`,
  );
  expect(fs.existsSync(converted), `soffice: ${result.stderr}${result.stdout}`).toBe(true);
  return converted;
}

/** The rows of a CSV LibreOffice wrote (comma, double quotes, UTF-8). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const EXPORT_TEXT = {
  'zh-CN': {
    button: '导出 Excel',
    title: '阅读统计',
    head: [
      ['标题', '发布范围', '发布时间', '阅读情况', '', ''],
      ['', '', '', '已读', '应读', '阅读率（%）'],
    ],
  },
  en: {
    button: 'Export to Excel',
    title: 'Read counts',
    head: [
      ['Title', 'Audience', 'Published', 'Reading', '', ''],
      ['', '', '', 'Read', 'Audience', 'Read rate (%)'],
    ],
  },
} as const;

test.describe('read-count export (issue 11 §4, spec §3 table export, §9 busy state)', () => {
  for (const language of ['zh-CN', 'en'] as const) {
    const text = EXPORT_TEXT[language];
    test(
      `the teacher exports the read counts; LibreOffice opens the .xlsx (${language})`,
      // Both widths once (zh-CN); the English words at the pc width only, to keep the run short.
      language === 'zh-CN' ? { tag: '@mobile' } : {},
      async ({ page }, testInfo) => {
        test.setTimeout(90_000);
        const search = language === 'en' ? '?language=en' : '';
        const hash = '/notice/reads';
        const url = cmsUrlForWidth(page, 'tm', hash).replace('#', `${search}#`);
        await openAs(page, teacher, url);
        // A notice of this test's own, published through the page's session.
        const title = `${language === 'en' ? 'Export check' : '导出核对'} ${Date.now()}`;
        const published = await page.request.post(cmsEndpoints.publish.path, {
          form: { title, content: '—', gradeName: 'Grade 3', className: 'Class 2' },
          headers: { device: 'pc:cms' },
        });
        expect(((await published.json()) as { status: number }).status).toBe(200);
        await page.reload();
        const cms = new CmsPage(page);
        await expect(cms.readsRows.filter({ hasText: title })).toBeVisible();

        const button = page.getByTestId('cms.reads.export');
        await expect(button).toHaveText(text.button);
        await expectNoHorizontalOverflow(page);
        await saveScreen(page, 'cms-reads-export');
        await expectAccessible(page);
        // A failed export shows a notice instead: no need to wait the whole test out for it.
        const downloading = page.waitForEvent('download', { timeout: 20_000 });
        await button.click();
        // Spec §9: busy from the click until the request is handed over, then ready again.
        await expect(button).toBeDisabled();
        const download = await downloading;
        await expect(button).toBeEnabled();
        await expect(button).toHaveText(text.button);
        expect(download.suggestedFilename()).toMatch(
          new RegExp(`^${text.title} \\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
        );
        const file = testInfo.outputPath('reads.xlsx');
        await download.saveAs(file);

        // The cells as LibreOffice shows them: the title row, the two header rows, the rows.
        const csv = libreOffice(
          file,
          'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true',
        );
        const rows = csvRows(fs.readFileSync(csv, 'utf8'));
        expect(rows[0]?.[0]).toMatch(new RegExp(`^${text.title} \\d{4}-\\d{2}-\\d{2}$`));
        expect(rows[0]?.slice(1)).toEqual(['', '', '', '', '']);
        expect(rows.slice(1, 3)).toEqual(text.head);
        const ours = rows.find((row) => row[0] === title);
        expect(ours?.slice(1, 2)).toEqual(['Grade 3 Class 2']);
        expect(ours?.[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
        expect(ours?.[3]).toBe('0');
        expect(Number(ours?.[4])).toBeGreaterThan(0);
        expect(ours?.[5]).toBe('0');
        // Every notice of the unit, not only the page shown.
        expect(rows.length - 3).toBe(await cms.readsRows.count());

        // The merges as LibreOffice read them: the title across six columns, the first three
        // header cells over two rows, the figures' group over three columns.
        const html = fs.readFileSync(libreOffice(file, 'html'), 'utf8');
        const spans = (attribute: 'colspan' | 'rowspan') =>
          [...html.matchAll(new RegExp(`${attribute}="?(\\d+)`, 'gi'))].map((m) => Number(m[1]));
        expect(spans('colspan').sort()).toEqual([3, 6]);
        expect(spans('rowspan')).toEqual([2, 2, 2]);
      },
    );
  }
});
