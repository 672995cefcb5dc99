/**
 * An .xlsx is a zip archive, and a zip of a few kilobytes can inflate to gigabytes. ExcelJS
 * inflates every part whole into memory (JSZip), trusting the sizes the archive declares, so
 * before it sees an uploaded workbook every entry is inflated here once with Node's zlib under
 * a hard output limit: the whole archive may inflate to at most `maxBytes`, whatever it claims.
 * Anything that is not a plain zip (encrypted, split, ZIP64, unknown compression) is refused:
 * Excel, WPS and LibreOffice write none of that for a sheet of a few thousand rows.
 */
import { inflateRawSync } from 'node:zlib';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN_LENGTH = 22;
const STORED = 0;
const DEFLATED = 8;

export type ZipRefusal = 'notZip' | 'tooLarge';

export interface ZipLimits {
  /** The most bytes all entries may inflate to together. */
  maxBytes: number;
  /** The most entries the archive may hold. */
  maxEntries: number;
}

/**
 * Null when the archive is a plain zip within the limits, else why not.
 *
 * @example zipProblem(workbookBytes, { maxBytes: 64 << 20, maxEntries: 500 }) // null
 */
export function zipProblem(bytes: Buffer, limits: ZipLimits): ZipRefusal | null {
  try {
    return walkEntries(bytes, limits);
  } catch (error) {
    // zlib refuses output beyond maxOutputLength with ERR_BUFFER_TOO_LARGE.
    if ((error as { code?: unknown } | null)?.code === 'ERR_BUFFER_TOO_LARGE') return 'tooLarge';
    return 'notZip';
  }
}

function walkEntries(bytes: Buffer, limits: ZipLimits): ZipRefusal | null {
  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) return 'notZip';
  const entries = bytes.readUInt16LE(eocd + 10);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) return 'notZip';
  if (entries > limits.maxEntries) return 'tooLarge';

  let budget = limits.maxBytes;
  let at = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) return 'notZip';
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    // Bit 0: encrypted.
    if ((flags & 1) !== 0 || compressedSize === 0xffffffff) return 'notZip';

    if (bytes.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) return 'notZip';
    const dataStart =
      localOffset +
      30 +
      bytes.readUInt16LE(localOffset + 26) +
      bytes.readUInt16LE(localOffset + 28);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (data.length !== compressedSize) return 'notZip';

    let inflated: number;
    if (method === STORED) inflated = data.length;
    else if (method === DEFLATED) {
      if (budget <= 0) return 'tooLarge';
      inflated = inflateRawSync(data, { maxOutputLength: budget }).length;
    } else return 'notZip';
    budget -= inflated;
    if (budget < 0) return 'tooLarge';

    at += 46 + nameLength + extraLength + commentLength;
  }
  return null;
}

/** The offset of the end-of-central-directory record, searched back over a comment (≤ 64 KiB). */
function findEndOfCentralDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - EOCD_MIN_LENGTH - 0xffff);
  for (let at = bytes.length - EOCD_MIN_LENGTH; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  return -1;
}
