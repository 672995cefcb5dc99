/**
 * The entries of a bulk-enrolment .zip (issue 14 §2 Privacy: "bulk enrolment from a folder of
 * photos named by login"), read with yauzl (as the sub-app deployment reads its zips) under hard
 * limits: each entry at most `maxEntryBytes` (a larger one is marked, not read), the whole
 * archive at most `maxBytes`, whatever the archive claims (yauzl checks every entry's inflated
 * size against its header). Folders, and what a Mac or Windows adds beside the photos
 * (`__MACOSX/`, `._x.jpg`, `Thumbs.db`), are skipped. An encrypted entry, or one compressed
 * other than stored or deflated, makes the whole archive unreadable: the file managers of
 * Windows, macOS and Linux write none of that for a few photos.
 */
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  /** The name without its folders. */
  name: string;
  /** The bytes, or null when the entry inflates to more than `maxEntryBytes`. */
  bytes: Buffer | null;
}

export interface ZipReadLimits {
  maxBytes: number;
  maxEntryBytes: number;
  /** Entries beyond this many (after the skipped ones) are listed without their bytes. */
  maxEntries: number;
}

export type ZipRead =
  { entries: ZipEntry[]; skippedOverLimit: string[] } | { refusal: 'notZip' | 'tooLarge' };

/** A plain zip's files in archive order, or why it cannot be read. */
export async function readZipEntries(bytes: Buffer, limits: ZipReadLimits): Promise<ZipRead> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
    });
  } catch {
    return { refusal: 'notZip' };
  }
  const entries: ZipEntry[] = [];
  const skippedOverLimit: string[] = [];
  let budget = limits.maxBytes;
  try {
    for await (const entry of zip.eachEntry()) {
      const path = entry.fileName.replace(/\\/g, '/');
      if (!isUserFile(path)) continue;
      if (entry.isEncrypted() || ![STORED, DEFLATED].includes(entry.compressionMethod)) {
        return { refusal: 'notZip' };
      }
      const name = baseName(path);
      if (entries.length >= limits.maxEntries) {
        skippedOverLimit.push(name);
        continue;
      }
      const content =
        entry.uncompressedSize > limits.maxEntryBytes ? null : await readEntry(zip, entry);
      budget -= content?.length ?? limits.maxEntryBytes;
      if (budget < 0) return { refusal: 'tooLarge' };
      entries.push({ name, bytes: content });
    }
  } catch {
    return { refusal: 'notZip' };
  } finally {
    zip.close();
  }
  return { entries, skippedOverLimit };
}

/** An entry's bytes (its header's size was checked; yauzl holds the inflation to it). */
async function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const stream: Readable = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Whether an entry is a file someone meant to put there (not a folder or system clutter). */
function isUserFile(path: string): boolean {
  if (path.endsWith('/')) return false;
  if (path.split('/').some((part) => part === '__MACOSX')) return false;
  const name = baseName(path);
  return name !== '' && !name.startsWith('.') && name.toLowerCase() !== 'thumbs.db';
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
