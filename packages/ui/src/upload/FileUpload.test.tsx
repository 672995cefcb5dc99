// @vitest-environment jsdom
/**
 * The upload component's states (issue 11 §4), driven by the SDK's real uploader over a wire of
 * the test's own (the `transport` and `hash` seams the uploader offers), so every state the rows
 * show is one the state machine really reaches: reading the md5, checking, uploading with
 * progress, speed and time left, paused, merging, done, instant (spec §4), refused by the client
 * (spec §5 deny-list and size limit, spec §8 texts), failed and retried, cancelled; in zh-CN and
 * en (spec §1).
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '@campus/contracts/envelope';
import { uploadEndpoints, type FileDescriptor } from '@campus/contracts/storage';
import { TransportError, type Notice } from '@campus/sdk/http-core';
import type { UploadTransport } from '@campus/sdk/upload-transport';
import { createUploader, type UploaderOptions } from '@campus/sdk/uploader';
import { mountPerTest } from '../test-support/render.ts';
import { FileUpload } from './FileUpload.tsx';
import { createUploadQueue, type UploadQueue } from './upload-queue.ts';

const view = mountPerTest();
beforeEach(() => document.body.append(view.container));
afterEach(() => view.container.remove());

/** A promise the test resolves. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface HeldSend {
  fields: Record<string, unknown>;
  onProgress?: (loaded: number) => void;
  answer: (envelope: Envelope<unknown>) => void;
}

/**
 * The storage calls of DESIGN.md §7 in memory: instant upload by md5, chunks kept per md5, the
 * merge's descriptor. With `hold`, each multipart send waits for the test (`sends`), so the rows
 * can be looked at mid-upload; a pause cancels what is held, as the real XHR is aborted.
 */
class FakeStorage implements UploadTransport {
  readonly known = new Map<string, FileDescriptor>();
  readonly chunks = new Set<string>();
  readonly log: string[] = [];
  readonly sends: HeldSend[] = [];
  hold = false;
  refuseNextSend: Envelope<unknown> | null = null;

  descriptor(md5: string, name: string, size: number): FileDescriptor {
    return {
      fileId: `f-${md5.slice(0, 6)}`,
      name,
      size,
      md5,
      contentType: 'application/octet-stream',
      url: `/api/storage/file/f-${md5.slice(0, 6)}`,
      createdAt: 0,
    };
  }

  call: UploadTransport['call'] = async (endpoint, body) => {
    const fields = body as Record<string, unknown>;
    const md5 = String(fields.md5);
    if (endpoint.path === uploadEndpoints.secondUploadCheck.path) {
      this.log.push('second');
      return { status: 200, data: this.known.get(md5) ?? null } as never;
    }
    if (endpoint.path === uploadEndpoints.blockUploadCheck.path) {
      this.log.push(`check ${String(fields.chunk)}`);
      return {
        status: 200,
        data: { data: this.chunks.has(`${md5}:${String(fields.chunk)}`) },
      } as never;
    }
    this.log.push('merge');
    const made = this.descriptor(md5, String(fields.name), Number(fields.size));
    this.known.set(md5, made);
    return { status: 200, data: made } as never;
  };

  send: UploadTransport['send'] = (endpoint, fields, file, name, { signal, onProgress }) => {
    const chunked = endpoint.path === uploadEndpoints.chunkUpload.path;
    this.log.push(chunked ? `send ${String(fields.chunk)}` : 'simple');
    const done = deferred<Envelope<never>>();
    const answer = (envelope: Envelope<unknown>) => {
      if (envelope.status === 200 && chunked) this.chunks.add(`${fields.md5}:${fields.chunk}`);
      done.resolve(envelope as Envelope<never>);
    };
    const ok: Envelope<unknown> = chunked
      ? { status: 200, data: { chunk: fields.chunk, size: file.size } }
      : { status: 200, data: this.descriptor(String(fields.md5), name, file.size) };
    signal.addEventListener('abort', () =>
      done.reject(new TransportError('canceled', { canceled: true })),
    );
    if (this.refuseNextSend) {
      const refusal = this.refuseNextSend;
      this.refuseNextSend = null;
      answer(refusal);
    } else if (this.hold) {
      this.sends.push({
        fields,
        onProgress,
        answer: (envelope) => answer(envelope.status === 200 ? ok : envelope),
      });
    } else {
      onProgress?.(file.size);
      answer(ok);
    }
    return done.promise;
  };
}

/** A 32-hex md5 stand-in per file content, read in two steps so the hashing state shows. */
function fakeHash(gate?: Promise<void>): UploaderOptions['hash'] {
  return async (blob, options) => {
    options?.onProgress?.(Math.floor(blob.size / 2), blob.size);
    if (gate) await gate;
    const text = await blob.text();
    let h = 0;
    for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    return h.toString(16).padStart(8, '0').repeat(4);
  };
}

let clock = 0;
function setup(options: Partial<UploaderOptions> = {}, maxFiles?: number) {
  const storage = new FakeStorage();
  const notices: Notice[] = [];
  clock = 0;
  const uploader = createUploader({
    http: {} as UploaderOptions['http'],
    appCode: 'cms',
    transport: storage,
    records: null,
    chunkBytes: 4,
    hash: fakeHash(),
    notify: (notice) => notices.push(notice),
    now: () => clock,
    sleep: async () => undefined,
    ...options,
  });
  const queue = createUploadQueue(uploader, maxFiles === undefined ? {} : { maxFiles });
  return { storage, notices, queue };
}

const file = (name: string, text: string, lastModified = 1) =>
  new File([text], name, { lastModified });

const byTestId = (id: string) => view.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const allByTestId = (id: string) =>
  Array.from(view.container.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`));
const row = (index = 0) => allByTestId('upload.item')[index];
const inRow = (id: string, index = 0) =>
  row(index)?.querySelector<HTMLElement>(`[data-testid="${id}"]`) ?? null;

/** Lets the uploader's promises and React's updates run. */
async function settle(rounds = 8) {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

async function render(queue: UploadQueue, props: { lang?: string; maxBytes?: number } = {}) {
  await view.render(<FileUpload queue={queue} {...props} />);
}

async function add(queue: UploadQueue, files: File[]) {
  await act(async () => queue.add(files.map((f) => ({ file: f, relativePath: '' }))));
  await settle();
}

async function click(element: HTMLElement | null) {
  expect(element).not.toBeNull();
  // As a user does: the button takes the focus, then the click.
  await act(async () => {
    element?.focus();
    element?.click();
  });
  await settle();
}

describe('<FileUpload> before any file', () => {
  it('offers a drop zone and a file button, with the limits, in both languages', async () => {
    const { queue } = setup({}, 10);
    await render(queue, { lang: 'en', maxBytes: 500 * 1024 * 1024 });
    const group = byTestId('upload');
    expect(group?.getAttribute('role')).toBe('group');
    const label = document.getElementById(group?.getAttribute('aria-labelledby') ?? '');
    expect(label?.textContent).toBe('Attachments');
    expect(byTestId('upload.pickFiles')?.textContent).toBe('Choose files');
    const hint = document.getElementById(group?.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Up to 10 files, at most 500 MB each');
    expect(byTestId('upload.input')?.getAttribute('type')).toBe('file');
    expect(byTestId('upload.input')?.hasAttribute('multiple')).toBe(true);
    expect(byTestId('upload.list')).toBeNull();

    await render(queue, { lang: 'zh-CN', maxBytes: 500 * 1024 * 1024 });
    expect(byTestId('upload.pickFiles')?.textContent).toBe('选择文件');
    expect(
      document.getElementById(group?.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('最多 10 个文件，每个不超过 500 MB');
  });

  it('offers a folder button only where the browser can pick folders', async () => {
    const { queue } = setup();
    await render(queue, { lang: 'en' });
    const had = 'webkitdirectory' in HTMLInputElement.prototype;
    expect(byTestId('upload.pickFolder') !== null).toBe(had);
    if (!had) {
      Object.defineProperty(HTMLInputElement.prototype, 'webkitdirectory', {
        configurable: true,
        value: false,
        writable: true,
      });
    }
    try {
      await render(queue, { lang: 'fr' });
      expect(byTestId('upload.pickFolder')?.textContent).toBe('选择文件夹');
      expect(byTestId('upload.folderInput')?.hasAttribute('webkitdirectory')).toBe(true);
      await render(queue, { lang: 'en' });
      expect(byTestId('upload.drop')?.textContent).toContain('Drag files or a folder here, or');
    } finally {
      if (!had)
        delete (HTMLInputElement.prototype as { webkitdirectory?: boolean }).webkitdirectory;
    }
  });

  it("spec §8: a pick of nothing warns 'Not find file'", async () => {
    const { queue, notices } = setup({ language: () => 'en' });
    await render(queue, { lang: 'en' });
    await act(async () => queue.add([]));
    expect(notices).toEqual([{ type: 'warning', message: 'Not find file' }]);
    expect(byTestId('upload.list')).toBeNull();
  });
});

describe('<FileUpload> refusals of spec §5, in the words of spec §8', () => {
  it('refuses a forbidden type (also disguised, a.php.jpg) before any byte is sent', async () => {
    const { queue, storage } = setup();
    await render(queue, { lang: 'en' });
    await add(queue, [file('a.php.jpg', 'x'), file('x.exe', 'y')]);
    expect(allByTestId('upload.item')).toHaveLength(2);
    for (const index of [0, 1]) {
      expect(row(index)?.dataset.status).toBe('refused');
      expect(inRow('upload.status', index)?.textContent).toBe('Not uploaded');
      const message = inRow('upload.error', index);
      expect(message?.getAttribute('role')).toBe('alert');
      expect(message?.textContent).toBe('this file type may not be uploaded');
      expect(inRow('upload.progress', index)).toBeNull();
    }
    expect(storage.log).toEqual([]);
    expect(queue.getState()).toMatchObject({ failed: 2, pending: 0, descriptors: [] });

    // Worded again in the language in force.
    await render(queue, { lang: 'zh-CN' });
    expect(inRow('upload.error')?.textContent).toBe('不允许上传此类型的文件');
  });

  it('refuses a file over the size limit and names the limit', async () => {
    const { queue, storage } = setup({ maxBytes: 1024 });
    await render(queue, { lang: 'en', maxBytes: 1024 });
    await add(queue, [file('video.mp4', 'x'.repeat(2048))]);
    expect(inRow('upload.error')?.textContent).toContain('size exceeds limit');
    expect(inRow('upload.error')?.textContent).toContain('The limit is 1 kB per file');
    expect(storage.log).toEqual([]);

    await render(queue, { lang: 'zh-CN', maxBytes: 1024 });
    expect(inRow('upload.error')?.textContent).toContain('文件大小超出限制');
    expect(inRow('upload.error')?.textContent).toContain('每个文件不能超过 1 kB');

    // Removed with its button; the focus stays in the component.
    await click(inRow('upload.remove'));
    expect(byTestId('upload.list')).toBeNull();
    expect(document.activeElement).toBe(byTestId('upload.pickFiles'));
    expect(queue.getState().failed).toBe(0);
  });

  it('adds no more than maxFiles and says how many were left out', async () => {
    const { queue } = setup({}, 2);
    await render(queue, { lang: 'en' });
    await add(queue, [file('a.pdf', 'aa'), file('b.pdf', 'bb'), file('c.pdf', 'cc')]);
    expect(allByTestId('upload.item')).toHaveLength(2);
    expect(byTestId('upload.overflow')?.textContent).toBe('At most 2 files: 1 not added');
  });
});

describe('<FileUpload> one file through the states of spec §4', () => {
  it('hashing, checking, uploading with progress, speed and time left, paused, resumed, merging, done', async () => {
    const hashGate = deferred<void>();
    const { queue, storage } = setup({ hash: fakeHash(hashGate.promise) });
    storage.hold = true;
    await render(queue, { lang: 'en' });
    // 10 bytes in chunks of 4: three chunks (spec §9's 2 MB, scaled down).
    await add(queue, [file('lesson.mp4', '0123456789')]);

    expect(row()?.dataset.status).toBe('hashing');
    expect(inRow('upload.status')?.textContent).toBe('Reading the file 50%');
    expect(inRow('upload.name')?.textContent).toBe('lesson.mp4');
    const bar = inRow('upload.progress');
    expect(bar?.getAttribute('role')).toBe('progressbar');
    expect(bar?.getAttribute('aria-valuemin')).toBe('0');
    expect(bar?.getAttribute('aria-valuemax')).toBe('100');
    expect(bar?.getAttribute('aria-valuenow')).toBe('0');
    expect(document.getElementById(bar?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'lesson.mp4',
    );

    hashGate.resolve();
    await settle();
    // The instant check said no; the three chunks' checks said missing; all three are in flight.
    expect(row()?.dataset.status).toBe('uploading');
    expect(storage.log.slice(0, 1)).toEqual(['second']);
    expect(storage.sends).toHaveLength(3);

    clock = 1000;
    await act(async () => storage.sends[0]?.onProgress?.(4));
    expect(inRow('upload.progress')?.getAttribute('aria-valuenow')).toBe('40');
    expect(inRow('upload.progress')?.getAttribute('aria-valuetext')).toBe(
      'Uploading, 40%, 4B of 10B',
    );
    expect(inRow('upload.bytes')?.textContent).toBe('4B of 10B');
    expect(inRow('upload.speed')?.textContent).toBe('4B/s');
    expect(inRow('upload.eta')?.textContent).toBe('2 s left');
    expect(inRow('upload.status')?.textContent).toBe('Uploading');

    // Pause: what is in flight is cancelled, progress stops, no speed or time left.
    await click(inRow('upload.pause'));
    expect(row()?.dataset.paused).toBe('true');
    expect(inRow('upload.status')?.textContent).toBe('Paused');
    expect(inRow('upload.speed')).toBeNull();
    expect(inRow('upload.eta')).toBeNull();
    expect(inRow('upload.resume')?.getAttribute('aria-label')).toBe('Resume lesson.mp4');
    const sendsWhenPaused = storage.log.filter((entry) => entry.startsWith('send')).length;

    // Resume: the same button, now pausing again; the chunks go once more.
    storage.sends.length = 0;
    await click(inRow('upload.resume'));
    expect(row()?.dataset.paused).toBeUndefined();
    expect(document.activeElement).toBe(inRow('upload.pause'));
    expect(storage.log.filter((entry) => entry.startsWith('send')).length).toBeGreaterThan(
      sendsWhenPaused,
    );
    for (const send of [...storage.sends]) send.answer({ status: 200 });
    await settle();
    expect(row()?.dataset.status).toBe('done');
    expect(storage.log.at(-1)).toBe('merge');
    expect(inRow('upload.status')?.textContent).toBe('Uploaded');
    expect(inRow('upload.progress')?.getAttribute('aria-valuenow')).toBe('100');
    expect(inRow('upload.pause')).toBeNull();
    expect(inRow('upload.remove')?.getAttribute('aria-label')).toBe('Remove lesson.mp4');
    const { descriptors, pending, failed } = queue.getState();
    expect({ pending, failed, names: descriptors.map((d) => d.name) }).toEqual({
      pending: 0,
      failed: 0,
      names: ['lesson.mp4'],
    });
  });

  it('the merging state shows while the merge call runs', async () => {
    const { queue, storage } = setup();
    const merge = deferred<void>();
    const call = storage.call;
    storage.call = async (endpoint, body, signal) => {
      if (endpoint.path === uploadEndpoints.mergeFile.path) await merge.promise;
      return call(endpoint, body, signal);
    };
    await render(queue, { lang: 'zh-CN' });
    await add(queue, [file('plan.pdf', 'abcdefghij')]);
    expect(row()?.dataset.status).toBe('merging');
    expect(inRow('upload.status')?.textContent).toBe('正在合并文件');
    // A merge is not paused (it is one short call); it can still be cancelled.
    expect(inRow('upload.pause')).toBeNull();
    expect(inRow('upload.cancel')).not.toBeNull();
    merge.resolve();
    await settle();
    expect(inRow('upload.status')?.textContent).toBe('上传完成');
  });

  it('spec §4 instant upload: a file the server holds is done without a byte sent', async () => {
    const { queue, storage } = setup();
    await render(queue, { lang: 'en' });
    await add(queue, [file('slides.pdf', 'same bytes')]);
    expect(row()?.dataset.status).toBe('done');
    expect(row()?.dataset.instant).toBeUndefined();

    storage.log.length = 0;
    await add(queue, [file('slides-copy.pdf', 'same bytes')]);
    expect(row(1)?.dataset.status).toBe('done');
    expect(row(1)?.dataset.instant).toBe('true');
    expect(inRow('upload.status', 1)?.textContent).toBe(
      'Uploaded instantly: the server already had this file',
    );
    expect(storage.log).toEqual(['second']);
    await render(queue, { lang: 'zh-CN' });
    expect(inRow('upload.status', 1)?.textContent).toBe('秒传完成：服务器上已有此文件');
    expect(queue.getState().descriptors).toHaveLength(2);
  });

  it('cancel stops the upload and drops the row', async () => {
    const { queue, storage } = setup();
    storage.hold = true;
    await render(queue, { lang: 'en' });
    await add(queue, [file('big.mov', '0123456789')]);
    const task = queue.getState().items[0]?.task;
    expect(inRow('upload.cancel')?.getAttribute('aria-label')).toBe('Cancel big.mov');
    await click(inRow('upload.cancel'));
    expect(byTestId('upload.list')).toBeNull();
    await expect(task?.done).rejects.toMatchObject({ type: 'aborted' });
    expect(document.activeElement).toBe(byTestId('upload.pickFiles'));
    expect(queue.getState()).toMatchObject({ items: [], pending: 0 });
  });

  it('a refusal from the server fails the file with its message; retry sends it again', async () => {
    const { queue, storage, notices } = setup({ language: () => 'en' });
    storage.refuseNextSend = { status: 500, message: '磁盘已满|||The disk is full' };
    await render(queue, { lang: 'en' });
    await add(queue, [file('notes.pdf', 'abc')]);
    expect(row()?.dataset.status).toBe('failed');
    expect(inRow('upload.status')?.textContent).toBe('Failed');
    expect(inRow('upload.error')?.textContent).toBe('The disk is full');
    expect(inRow('upload.progress')).toBeNull();
    // Spec §8: the notification reads 'status：message'.
    expect(notices).toEqual([{ type: 'error', message: '500：The disk is full' }]);
    expect(queue.getState().failed).toBe(1);

    await click(inRow('upload.retry'));
    expect(row()?.dataset.status).toBe('done');
    expect(inRow('upload.error')).toBeNull();
    expect(queue.getState()).toMatchObject({ failed: 0, pending: 0 });
  });

  it('a folder shows as the spec §3 directory tree: folders, then their files, nested', async () => {
    const { queue } = setup();
    await render(queue, { lang: 'en' });
    const inFolder = (path: string, text: string) => {
      const picked = file(path.split('/').at(-1) ?? path, text);
      Object.defineProperty(picked, 'webkitRelativePath', { value: path });
      return picked;
    };
    const input = byTestId('upload.input') as HTMLInputElement;
    Object.defineProperty(input, 'files', {
      configurable: true,
      value: [
        inFolder('Week 3/slides/b.pdf', 'bbbb'),
        inFolder('Week 3/plan.pdf', 'pppp'),
        inFolder('Week 3/slides/a.pdf', 'aaaa'),
      ],
    });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    await settle();
    await add(queue, [file('loose.pdf', 'llll')]);

    // What a reader meets, in order: the loose file, the folder, its sub-folder, their files.
    const walk = (list: Element, depth: number): string[] =>
      Array.from(list.children).flatMap((li) => {
        const nested = li.querySelector(':scope > ul');
        if (nested) {
          const folder = li.querySelector('[data-testid="upload.folderName"]')?.textContent;
          return [`${'  '.repeat(depth)}[${folder}]`, ...walk(nested, depth + 1)];
        }
        const name = li.querySelector('[data-testid="upload.name"]');
        return [`${'  '.repeat(depth)}${name?.textContent} (${name?.getAttribute('title') ?? ''})`];
      });
    expect(walk(byTestId('upload.list') as Element, 0)).toEqual([
      'loose.pdf ()',
      '[Week 3]',
      '  [slides]',
      '    a.pdf (Week 3/slides/a.pdf)',
      '    b.pdf (Week 3/slides/b.pdf)',
      '  plan.pdf (Week 3/plan.pdf)',
    ]);
    // The rows are the queue's, in the order picked (the tree is only how they are shown).
    expect(queue.getState().items.map((item) => item.relativePath)).toEqual([
      'Week 3/slides/b.pdf',
      'Week 3/plan.pdf',
      'Week 3/slides/a.pdf',
      '',
    ]);
    expect(allByTestId('upload.item').every((li) => li.dataset.status === 'done')).toBe(true);
  });
});

describe('<FileUpload> images and the form around it', () => {
  it('an image shows a picture of the local file, freed when its row goes', async () => {
    const made: string[] = [];
    const freed: string[] = [];
    const original = Object.getOwnPropertyDescriptors(URL);
    URL.createObjectURL = () => {
      made.push(`blob:${made.length}`);
      return made.at(-1) ?? '';
    };
    URL.revokeObjectURL = (url: string) => void freed.push(url);
    try {
      const { queue, storage } = setup();
      storage.hold = true;
      await render(queue, { lang: 'en' });
      await add(queue, [file('photo.JPG', 'pixels'), file('notes.pdf', 'text')]);
      const picture = row(0)?.querySelector('img');
      expect(picture?.getAttribute('src')).toBe('blob:0');
      expect(picture?.getAttribute('alt')).toBe('');
      expect(row(1)?.querySelector('img')).toBeNull();
      // Progress re-renders the row without making a new URL.
      await act(async () => storage.sends[0]?.onProgress?.(2));
      expect(made).toEqual(['blob:0']);
      await click(inRow('upload.cancel'));
      expect(freed).toEqual(['blob:0']);
    } finally {
      Object.defineProperties(URL, original);
    }
  });

  it('settled() waits for every file on its way and answers the descriptors in order', async () => {
    const { queue, storage } = setup();
    storage.hold = true;
    await render(queue, { lang: 'en' });
    await add(queue, [file('a.pdf', 'aaa'), file('b.pdf', 'bbb')]);
    expect(queue.getState().pending).toBe(2);
    let answered: string[] | null = null;
    void queue.settled().then((state) => (answered = state.descriptors.map((d) => d.name)));
    await settle();
    expect(answered).toBeNull();
    for (const send of [...storage.sends].reverse()) send.answer({ status: 200 });
    await settle();
    expect(answered).toEqual(['a.pdf', 'b.pdf']);
  });
});
