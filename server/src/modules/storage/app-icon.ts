/**
 * App icons drawn as SVG from the app's short name and icon colour, one per theme
 * variant (spec §3: icon image paths are derived per theme). Drawing them means a new
 * app configured in the database gets matching icons without anyone making images.
 */

import type { AppIconVariant } from '@campus/contracts/storage';

export interface AppIconInput {
  name: string;
  shortName?: string | null;
  englishShortName?: string | null;
  iconColor: string;
}

const DEFAULT_COLOR = '#457CD6';
const SIZE = 96;
const FONT_FAMILY =
  "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC','Helvetica Neue',Arial,sans-serif";

/** Draws the icon. Every piece of text is XML-escaped: names come from configuration. */
export function renderAppIcon(app: AppIconInput, variant: AppIconVariant): string {
  const color = normaliseColor(app.iconColor);
  const glyph = iconGlyph(app);
  const label = xmlEscape(app.name);
  const open =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" ` +
    `viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${label}"><title>${label}</title>`;
  switch (variant) {
    case 'color':
      return open + flatIcon(color, glyph) + '</svg>';
    case 'gray':
      return open + flatIcon(grayscale(color), glyph) + '</svg>';
    case 'cartoon':
      return open + cartoonIcon(color, glyph) + '</svg>';
  }
}

function flatIcon(fill: string, glyph: Glyph): string {
  return (
    `<rect x="4" y="4" width="88" height="88" rx="22" ry="22" fill="${fill}"/>` +
    // A faint top sheen keeps the flat square from looking like a placeholder.
    `<path d="M26 4h44a22 22 0 0 1 22 22v6C72 22 24 22 4 32v-6A22 22 0 0 1 26 4z" fill="#fff" opacity="0.1"/>` +
    glyphText(glyph, 48, 50, glyph.size, '#fff')
  );
}

function cartoonIcon(color: string, glyph: Glyph): string {
  const tint = mix(color, '#ffffff', 0.6);
  const ink = mix(color, '#000000', 0.35);
  return (
    `<path d="M49 5C73 4 91 19 91 44c0 27-17 47-43 47C22 91 5 74 5 49 5 22 24 6 49 5z" ` +
    `fill="${tint}" stroke="${color}" stroke-width="3"/>` +
    glyphText(glyph, 48, 37, Math.round(glyph.size * 0.7), ink) +
    `<circle cx="39" cy="65" r="3" fill="${ink}"/><circle cx="57" cy="65" r="3" fill="${ink}"/>` +
    `<path d="M42 71q6 6 12 0" fill="none" stroke="${ink}" stroke-width="2.5" stroke-linecap="round"/>` +
    `<ellipse cx="31" cy="71" rx="4.5" ry="2.8" fill="#ff8fa3" opacity="0.65"/>` +
    `<ellipse cx="65" cy="71" rx="4.5" ry="2.8" fill="#ff8fa3" opacity="0.65"/>` +
    `<path d="M79 8l2.4 6.6L88 17l-6.6 2.4L79 26l-2.4-6.6L70 17l6.6-2.4z" fill="#ffd84d" ` +
    `stroke="#f5b700" stroke-width="1" stroke-linejoin="round"/>`
  );
}

function glyphText(glyph: Glyph, x: number, y: number, size: number, fill: string): string {
  return (
    `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central" ` +
    `font-family="${FONT_FAMILY}" font-size="${size}" font-weight="700" fill="${fill}">` +
    `${xmlEscape(glyph.text)}</text>`
  );
}

interface Glyph {
  text: string;
  size: number;
}

/** One Chinese character, or up to two Latin initials, from the shortest name available. */
export function iconGlyph(
  app: Pick<AppIconInput, 'name' | 'shortName' | 'englishShortName'>,
): Glyph {
  for (const source of [app.shortName, app.name, app.englishShortName]) {
    const text = (source ?? '').trim();
    if (!text) continue;
    const first = [...text][0] ?? '';
    if (/\p{Script=Han}/u.test(first)) return { text: first, size: 46 };
    const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const initials =
      words.length > 1
        ? words
            .slice(0, 2)
            .map((w) => [...w][0] ?? '')
            .join('')
        : [...(words[0] ?? '')].slice(0, 2).join('');
    if (initials) {
      const upper = initials.toUpperCase();
      return { text: upper, size: [...upper].length > 1 ? 36 : 46 };
    }
  }
  return { text: '?', size: 46 };
}

/** Escapes text for element content and attribute values, dropping characters XML forbids. */
export function xmlEscape(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

function normaliseColor(color: string): string {
  const value = color.trim();
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(value)) {
    return ('#' + [...value.slice(1)].map((c) => c + c).join('')).toLowerCase();
  }
  return DEFAULT_COLOR.toLowerCase();
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return '#' + [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
}

/** Luma gray, kept mid-range so the white glyph stays readable. */
function grayscale(hex: string): string {
  const [r, g, b] = rgb(hex);
  const luma = Math.min(150, Math.max(100, 0.299 * r + 0.587 * g + 0.114 * b));
  return toHex([luma, luma, luma]);
}

function mix(hex: string, other: string, amount: number): string {
  const a = rgb(hex);
  const b = rgb(other);
  return toHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as [number, number, number]);
}
