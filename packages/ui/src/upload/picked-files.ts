/**
 * The files a user gives the upload component (issue 11 §4: several files, folders where the
 * browser allows), with each file's path inside a picked or dropped folder (spec §3 upload file
 * descriptor `webkitRelativePath`). A file input gives the paths itself (`webkitdirectory`); a
 * drop gives entries, which are walked here (Chromium, Firefox and Safari all have
 * `webkitGetAsEntry`; where it is missing, the drop's plain files are taken).
 */

/** A file and where it sat inside a picked folder ('' when it was picked on its own). */
export interface PickedFile {
  file: File;
  relativePath: string;
}

/** Whether this browser can pick a whole folder with a file input. */
export function canPickFolders(): boolean {
  return typeof HTMLInputElement !== 'undefined' && 'webkitdirectory' in HTMLInputElement.prototype;
}

/** The files of a file input's selection (or a drop without entries). */
export function filesFromList(list: ArrayLike<File> | null | undefined): PickedFile[] {
  return Array.from(list ?? [], (file) => ({
    file,
    relativePath: (file as File & { webkitRelativePath?: string }).webkitRelativePath ?? '',
  }));
}

/** The parts of the File and Directory Entries API a drop gives (not in every DOM typing). */
interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
}
interface FileEntryLike extends EntryLike {
  file: (success: (file: File) => void, failure?: (error: unknown) => void) => void;
}
interface DirectoryEntryLike extends EntryLike {
  createReader: () => {
    readEntries: (
      success: (entries: EntryLike[]) => void,
      failure?: (error: unknown) => void,
    ) => void;
  };
}

/** A guard against a folder that contains a link to itself, or a whole disk dropped by mistake. */
export const MAX_DROPPED_FILES = 10_000;

function readFile(entry: FileEntryLike): Promise<File | null> {
  return new Promise((resolve) => entry.file(resolve, () => resolve(null)));
}

/** Every entry of a folder: `readEntries` answers in batches until it answers none. */
async function readFolder(entry: DirectoryEntryLike): Promise<EntryLike[]> {
  const reader = entry.createReader();
  const all: EntryLike[] = [];
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve) =>
      reader.readEntries(resolve, () => resolve([])),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: EntryLike, out: PickedFile[], inFolder: boolean): Promise<void> {
  if (out.length >= MAX_DROPPED_FILES) return;
  if (entry.isFile) {
    const file = await readFile(entry as FileEntryLike);
    // A file dropped on its own has no folder path, as with the file button.
    if (file) out.push({ file, relativePath: inFolder ? entry.fullPath.replace(/^\/+/, '') : '' });
    return;
  }
  if (entry.isDirectory) {
    for (const child of await readFolder(entry as DirectoryEntryLike)) await walk(child, out, true);
  }
}

/**
 * The files of a drop, folders walked. The entries are taken at once, because a drop's data is
 * readable only during the event; the walk itself may take a while for a big folder.
 */
export function filesFromDrop(data: DataTransfer | null): Promise<PickedFile[]> {
  if (!data) return Promise.resolve([]);
  const items = Array.from(data.items ?? []);
  const entries = items
    .filter((item) => item.kind === 'file')
    .map((item) =>
      typeof item.webkitGetAsEntry === 'function'
        ? (item.webkitGetAsEntry() as EntryLike | null)
        : null,
    );
  if (entries.length === 0 || entries.some((entry) => entry === null)) {
    return Promise.resolve(filesFromList(data.files));
  }
  return (async () => {
    const out: PickedFile[] = [];
    for (const entry of entries as EntryLike[]) await walk(entry, out, false);
    return out;
  })();
}
