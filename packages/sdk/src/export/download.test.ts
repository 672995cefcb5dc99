// @vitest-environment jsdom
/**
 * The download helper (spec §7): the file name from `Content-Disposition` (RFC 6266, `filename*`
 * first), a fetched download from a real local server speaking DESIGN.md §7 (the descriptor's
 * URL, a UTF-8 name, a refusal answered as an envelope), and the hidden-form way.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notice } from '../http/http-core.ts';
import {
  startStorageProtocolServer,
  type StorageProtocolServer,
} from '../upload/test-support/storage-protocol-server.ts';
import { download, downloadFile, fileNameFromContentDisposition } from './download.ts';

describe('fileNameFromContentDisposition (RFC 6266)', () => {
  it.each([
    [`attachment; filename="plain.xlsx"; filename*=UTF-8''%E6%88%90%E7%BB%A9.xlsx`, '成绩.xlsx'],
    [`attachment; filename*=UTF-8''%E6%88%90%E7%BB%A9.xlsx; filename="plain.xlsx"`, '成绩.xlsx'],
    ['attachment; filename="a b.pdf"', 'a b.pdf'],
    ['attachment; filename=report.csv', 'report.csv'],
    ['attachment; filename="x\\"y.txt"', 'x_y.txt'],
    [`attachment; filename*=ISO-8859-1''%A3%20rates.txt`, '£ rates.txt'],
    [`attachment; filename*=UTF-8''bad%ZZ.txt; filename="ok.txt"`, 'ok.txt'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['inline', null],
    ['attachment; filename=""', null],
    ['not a header;;;', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });
});

describe('download against the storage protocol', () => {
  let server: StorageProtocolServer;
  beforeAll(async () => {
    server = await startStorageProtocolServer();
    server.files.set('0cc175b9c0f1b6a831c399e269772661', {
      bytes: Buffer.from('a'),
      name: '三年级 通知.pdf',
      fileId: 'f-42',
    });
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('fetches the file and saves it under the UTF-8 name of Content-Disposition', async () => {
    const saved: [string, string][] = [];
    const progress: number[] = [];
    const result = await downloadFile('f-42', {
      baseURL: server.base,
      appCode: 'cms',
      save: (file, name) => void file.text().then((text) => saved.push([name, text])),
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(result).toMatchObject({ fileName: '三年级 通知.pdf', size: 1 });
    await vi.waitFor(() => expect(saved).toEqual([['三年级 通知.pdf', 'a']]));
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/storage/file/f-42' });
    expect(server.requests.at(-1)?.headers.device).toBe('pc:cms');
  });

  it('shows a refusal (an envelope, never bytes) and rejects', async () => {
    const notices: Notice[] = [];
    const save = vi.fn();
    await expect(
      downloadFile('f-none', {
        baseURL: server.base,
        save,
        notify: (n) => notices.push(n),
        language: () => 'en',
      }),
    ).rejects.toThrow('You may not read this file');
    expect(notices).toEqual([{ type: 'error', message: 'You may not read this file' }]);
    expect(save).not.toHaveBeenCalled();
  });

  it('reports a transport failure as spec §8 words it', async () => {
    const notices: Notice[] = [];
    await expect(
      download('/nowhere', { baseURL: 'http://127.0.0.1:1', notify: (n) => notices.push(n) }),
    ).rejects.toThrow('Network Error');
    expect(notices).toEqual([{ type: 'error', message: 'Network Error' }]);
  });

  it('posts a hidden form into a hidden iframe when asked', async () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      submitted.push(this);
    });
    await expect(
      download('/export/report', {
        via: 'form',
        method: 'POST',
        params: { classId: 'c1', empty: null },
      }),
    ).resolves.toBeNull();
    const [form] = submitted;
    expect(form?.method).toBe('post');
    expect(new URL(form?.action ?? '').pathname).toBe('/export/report');
    expect(Object.fromEntries(new FormData(form).entries())).toEqual({ classId: 'c1' });
    expect(form?.target).toBe(document.querySelector('iframe')?.name);
  });
});
