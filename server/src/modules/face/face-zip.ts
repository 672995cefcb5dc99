/**
 * The entries of a bulk-enrolment .zip (issue 14 §2 Privacy: "bulk enrolment from a folder of
 * photos named by login"), read from the central directory and inflated with Node's zlib under
 * hard limits: each entry at most `maxEntryBytes` (a larger one is marked, not read), the whole
 * archive at most `maxBytes`, whatever the archive claims. Folders, and what a Mac or Windows
 * adds beside the photos (`__MACOSX/`, `._x.jpg`, `Thumbs.db`), are skipped. As for workbooks
 * (admin/import/zip-limits.ts), anything but a plain zip (encrypted, ZIP64, another compression)
 * is refused: the file managers of Windows, macOS and Linux write none of that for a few photos.
 */
import { inflateRawSync } from 'node:zlib';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN_LENGTH = 22;
const STORED = 0;
const DEFLATED = 8;
/** General purpose flag bit 11: the name is UTF-8. */
const UTF8_NAME = 1 << 11;

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
export function readZipEntries(bytes: Buffer, limits: ZipReadLimits): ZipRead {
  try {
    return walk(bytes, limits);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ERR_BUFFER_TOO_LARGE') {
      return { refusal: 'tooLarge' };
    }
    return { refusal: 'notZip' };
  }
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

function walk(bytes: Buffer, limits: ZipReadLimits): ZipRead {
  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) return { refusal: 'notZip' };
  const count = bytes.readUInt16LE(eocd + 10);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) return { refusal: 'notZip' };

  const entries: ZipEntry[] = [];
  const skippedOverLimit: string[] = [];
  let budget = limits.maxBytes;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) return { refusal: 'notZip' };
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
    // Names without the UTF-8 flag are read as Latin-1: logins are ASCII.
    const path = rawName
      .toString((flags & UTF8_NAME) !== 0 ? 'utf8' : 'latin1')
      .replace(/\\/g, '/');
    at += 46 + nameLength + extraLength + commentLength;
    // Bit 0: encrypted.
    if ((flags & 1) !== 0 || compressedSize === 0xffffffff) return { refusal: 'notZip' };
    if (!isUserFile(path)) continue;
    const name = baseName(path);
    if (entries.length >= limits.maxEntries) {
      skippedOverLimit.push(name);
      continue;
    }

    if (bytes.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) return { refusal: 'notZip' };
    const dataStart =
      localOffset +
      30 +
      bytes.readUInt16LE(localOffset + 26) +
      bytes.readUInt16LE(localOffset + 28);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (data.length !== compressedSize) return { refusal: 'notZip' };

    let content: Buffer | null;
    if (method === STORED) content = data.length > limits.maxEntryBytes ? null : data;
    else if (method === DEFLATED) content = inflateWithin(data, limits.maxEntryBytes);
    else return { refusal: 'notZip' };
    budget -= content?.length ?? limits.maxEntryBytes;
    if (budget < 0) return { refusal: 'tooLarge' };
    entries.push({ name, bytes: content });
  }
  return { entries, skippedOverLimit };
}

/** The inflated bytes, or null when they pass `max`. */
function inflateWithin(data: Buffer, max: number): Buffer | null {
  try {
    const inflated = inflateRawSync(data, { maxOutputLength: max + 1 });
    return inflated.length > max ? null : inflated;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ERR_BUFFER_TOO_LARGE') return null;
    throw error;
  }
}

/** The offset of the end-of-central-directory record, searched back over a comment (≤ 64 KiB). */
function findEndOfCentralDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - EOCD_MIN_LENGTH - 0xffff);
  for (let at = bytes.length - EOCD_MIN_LENGTH; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  return -1;
}
