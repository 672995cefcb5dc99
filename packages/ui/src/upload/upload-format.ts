/**
 * How an upload row words its numbers (issue 11 §4: bytes, speed and ETA per file). Sizes and
 * speeds go through `Intl.NumberFormat`'s units, so "MB" and "MB/秒" come from the browser's own
 * locale data rather than a dictionary; the words around them (time left, states) come from the
 * ui dictionary. Sizes count in 1024s, as file managers and the chunk size (spec §9: 2 MB) do.
 */
import type { Language } from '@campus/sdk/language';
import type { UploadSnapshot } from '@campus/sdk/uploader';
import { uiT } from '../i18n/ui-messages.ts';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** The value and unit a byte count is shown in: the largest unit that keeps it at 1 or more. */
function scaled(bytes: number): { value: number; unit: (typeof UNITS)[number] } {
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= 1024 && index < UNITS.length - 1) {
    value /= 1024;
    index += 1;
  }
  return { value, unit: UNITS[index] ?? 'byte' };
}

function format(lang: Language, bytes: number, perSecond: boolean): string {
  const { value, unit } = scaled(bytes);
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: perSecond ? `${unit}-per-second` : unit,
    // "3 byte" reads oddly in English; the narrow form is "3B" in both languages.
    unitDisplay: unit === 'byte' ? 'narrow' : 'short',
    maximumFractionDigits: unit === 'byte' || value >= 100 ? 0 : 1,
  }).format(value);
}

/**
 * A size for people: `1.5 MB`, `512 KB`, `3B`.
 *
 * @example formatBytes(52_428_800, 'en') // '50 MB'
 */
export function formatBytes(bytes: number, lang: Language): string {
  return format(lang, bytes, false);
}

/**
 * A speed: `3.2 MB/s` (`3.2 MB/秒` in zh-CN).
 *
 * @example formatSpeed(3 * 1024 * 1024, 'en') // '3 MB/s'
 */
export function formatSpeed(bytesPerSecond: number, lang: Language): string {
  return format(lang, bytesPerSecond, true);
}

/**
 * Time left, rounded up to the second: `12 s left`, `3 min 5 s left`, `1 h 20 min left`.
 *
 * @example formatEta(65_000, 'en') // '1 min 5 s left'
 */
export function formatEta(ms: number, lang: Language): string {
  const t = uiT(lang);
  const total = Math.max(1, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return t('upload.eta.hours', { h, m });
  if (m > 0) return t('upload.eta.minutes', { m, s });
  return t('upload.eta.seconds', { s });
}

/** Whole percent sent, 0 to 100 (100 once done, also for an instant upload). */
export function sentPercent(snapshot: UploadSnapshot): number {
  if (snapshot.status === 'done') return 100;
  if (snapshot.totalBytes <= 0) return 0;
  return Math.min(100, Math.floor((snapshot.sentBytes / snapshot.totalBytes) * 100));
}

/** Whole percent read into the md5 (the hashing state). */
export function hashedPercent(snapshot: UploadSnapshot): number {
  if (snapshot.totalBytes <= 0) return 0;
  return Math.min(100, Math.floor((snapshot.hashedBytes / snapshot.totalBytes) * 100));
}
