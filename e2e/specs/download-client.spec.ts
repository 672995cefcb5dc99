/**
 * The download-client dialog (spec §2 Other dialogs: the Windows installer and the portable
 * package; issue 10 §4): it offers what the server's CLIENT_DOWNLOADS_DIR holds, with the sizes
 * read from the files, and the links download them; a unit's own address (admin CLI
 * `set-client-url`) opens in a new tab instead; with none there it says so and offers no
 * link. start-server.mjs puts placeholders of 86 and 92 MB there, version 1.6.0.
 */
import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { demoAccounts } from '../fixtures/accounts.ts';
import { expectAccessible } from '../fixtures/accessible.ts';
import { clientDownloadsDir, runAdmin } from '../fixtures/server-data.ts';
import { signInToDesktop } from '../pages/flows.ts';

async function openDialog(page: Page): Promise<void> {
  await signInToDesktop(page, demoAccounts.teacher);
  await page.goto('/desktop/setting');
  await page.getByTestId('setting.download').click();
  await expect(page.getByTestId('download.dialog')).toBeVisible();
}

test('configured: both packages with their version and the sizes of the files, and the links download them', async ({
  page,
}) => {
  await openDialog(page);
  const installer = page.getByTestId('download.installer');
  await expect(installer).toHaveAttribute('href', '/downloads/CampusDesktop-Setup-x64.exe');
  await expect(page.getByTestId('download.portable')).toHaveAttribute(
    'href',
    '/downloads/CampusDesktop-x64-portable.zip',
  );
  await expect(page.getByTestId('download.installerMeta')).toHaveText('版本 1.6.0 · 86 MB');
  await expect(page.getByTestId('download.portableMeta')).toHaveText('版本 1.6.0 · 92 MB');
  await expect(page.getByTestId('download.none')).toHaveCount(0);

  // The link leads to the file itself (not a dead end): its size as the dialog said.
  const href = (await installer.getAttribute('href')) ?? '';
  const head = await page.request.head(href);
  expect(head.status()).toBe(200);
  expect(head.headers()['content-length']).toBe(String(86 * 1024 * 1024));
  expect(head.headers()['content-disposition']).toContain('CampusDesktop-Setup-x64.exe');
});

test('not configured: the dialog says the client is not available, and offers no link', async ({
  page,
}) => {
  const dir = clientDownloadsDir();
  const aside = `${dir}-aside`;
  fs.renameSync(dir, aside);
  try {
    await openDialog(page);
    await expect(page.getByTestId('download.none')).toBeVisible();
    await expect(page.getByTestId('download.none')).toContainText('暂未提供桌面客户端下载');
    await expect(page.getByTestId('download.installer')).toHaveCount(0);
    await expect(page.getByTestId('download.portable')).toHaveCount(0);
    await expectAccessible(page, { include: '.ant-modal' });
    // In English too (the dictionaries, not literal text).
    await page.getByTestId('download.close').click();
    await page.getByTestId('setting.lang').getByText('English').click();
    await page.getByTestId('setting.download').click();
    await expect(page.getByTestId('download.none')).toContainText(
      'The desktop client is not available for download yet',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(aside, dir);
  }
});

test("the unit's own address: a link to it in a new tab, without a size; the other package stays the file", async ({
  page,
}) => {
  const url = 'https://dl.example.edu/campus/CampusDesktop-Setup-x64.exe';
  const unit = ['--unit', 'demo-unit-sunshine', '--package', 'installer'];
  await runAdmin(['set-client-url', ...unit, '--url', url]);
  try {
    await openDialog(page);
    const installer = page.getByTestId('download.installer');
    await expect(installer).toHaveAttribute('href', url);
    await expect(installer).toHaveAttribute('target', '_blank');
    await expect(installer).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(installer).not.toHaveAttribute('download');
    await expect(page.getByTestId('download.installerMeta')).toHaveText(
      '在新标签页中打开管理员提供的下载地址',
    );
    await expect(page.getByTestId('download.portableMeta')).toHaveText('版本 1.6.0 · 92 MB');
    await expectAccessible(page, { include: '.ant-modal' });
  } finally {
    await runAdmin(['set-client-url', ...unit, '--url', 'none']);
  }
});
