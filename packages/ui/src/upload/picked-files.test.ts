// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { filesFromDrop, filesFromList } from './picked-files.ts';

/** A drop's entries as Chromium gives them (File and Directory Entries API). */
function fileEntry(path: string, content = 'x') {
  const name = path.split('/').at(-1) ?? path;
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath: `/${path}`,
    file: (ok: (file: File) => void) => ok(new File([content], name)),
  };
}
function folderEntry(path: string, children: unknown[]) {
  // readEntries answers in batches (here one entry each) until an empty one.
  const left = [...children];
  return {
    isFile: false,
    isDirectory: true,
    name: path.split('/').at(-1) ?? path,
    fullPath: `/${path}`,
    createReader: () => ({
      readEntries: (ok: (entries: unknown[]) => void) => ok(left.length ? [left.shift()] : []),
    }),
  };
}
function drop(entries: unknown[], files: File[] = []): DataTransfer {
  return {
    items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })),
    files,
  } as unknown as DataTransfer;
}

describe('picked files (issue 11 §4: several files, folders where the browser allows)', () => {
  it('a file input gives each file with its path inside a picked folder (spec §3)', () => {
    const plain = new File(['a'], 'a.pdf');
    const inFolder = new File(['b'], 'b.png');
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'Trip/photos/b.png' });
    expect(filesFromList([plain, inFolder]).map((p) => p.relativePath)).toEqual([
      '',
      'Trip/photos/b.png',
    ]);
    expect(filesFromList(null)).toEqual([]);
  });

  it('a dropped folder is walked to its files, batches and sub-folders included', async () => {
    const picked = await filesFromDrop(
      drop([
        fileEntry('loose.docx'),
        folderEntry('Trip', [
          fileEntry('Trip/plan.pdf'),
          folderEntry('Trip/photos', [
            fileEntry('Trip/photos/1.jpg'),
            fileEntry('Trip/photos/2.jpg'),
          ]),
        ]),
      ]),
    );
    expect(picked.map((p) => [p.file.name, p.relativePath])).toEqual([
      ['loose.docx', ''],
      ['plan.pdf', 'Trip/plan.pdf'],
      ['1.jpg', 'Trip/photos/1.jpg'],
      ['2.jpg', 'Trip/photos/2.jpg'],
    ]);
  });

  it('without entries (an older browser), the drop’s plain files are taken', async () => {
    const file = new File(['a'], 'a.pdf');
    const data = { items: [{ kind: 'file' }], files: [file] } as unknown as DataTransfer;
    expect(await filesFromDrop(data)).toEqual([{ file, relativePath: '' }]);
    expect(await filesFromDrop(null)).toEqual([]);
  });
});
