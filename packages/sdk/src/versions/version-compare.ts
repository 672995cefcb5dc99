/**
 * Version comparison (spec §5: "dotted versions compared as numbers after padding each segment
 * to 4 digits"), used by the version-mismatch alerts of spec §8.
 *
 * Read literally, padding only the segments and comparing the joined digits as numbers makes a
 * shorter version a smaller number whatever its digits ('2.0' → 00020000 is less than '1.0.0' →
 * 000100000000). So the shorter version is first padded with zero segments to the other's length
 * ('1.2' equals '1.2.0'), and the padded strings are compared, which is the same as comparing the
 * segments as numbers one by one. Segments are compared by value, so a segment of more than four
 * digits still orders correctly where the joined string would not.
 */

/** The width each segment is padded to (spec §5). */
export const VERSION_SEGMENT_WIDTH = 4;

/**
 * The numeric segments of a dotted version. A leading `v`, a `-pre.release` or `+build` suffix and
 * anything after a segment's digits are ignored; a segment without digits, or an empty version,
 * counts as 0.
 */
function segmentsOf(version: string | null | undefined): number[] {
  // Cut the pre-release or build suffix first: its own dots are not version segments.
  const text = ((version ?? '').trim().replace(/^v/i, '').split(/[-+]/, 1)[0] ?? '').trim();
  return text.split('.').map((part) => {
    const digits = /^\d+/.exec(part.trim());
    return digits ? Number(digits[0]) : 0;
  });
}

/**
 * A version with every segment padded to 4 digits and joined (spec §5), optionally first
 * extended with zero segments to `segmentCount`.
 *
 * @example
 * padVersion('1.10.0'); // '000100100000'
 * padVersion('1.2', 3); // '000100020000'
 */
export function padVersion(version: string | null | undefined, segmentCount = 0): string {
  const segments = segmentsOf(version);
  while (segments.length < segmentCount) segments.push(0);
  return segments.map((n) => String(n).padStart(VERSION_SEGMENT_WIDTH, '0')).join('');
}

/**
 * Compares two dotted versions: -1 when `a` is older, 1 when newer, 0 when equal (spec §5).
 * Missing trailing segments count as 0.
 *
 * @example
 * compareVersions('1.10.0', '1.9.9'); // 1
 * compareVersions('1.2', '1.2.0'); // 0
 * compareVersions('2.0.1', '2.1'); // -1
 */
export function compareVersions(
  a: string | null | undefined,
  b: string | null | undefined,
): -1 | 0 | 1 {
  const left = segmentsOf(a);
  const right = segmentsOf(b);
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i += 1) {
    const x = left[i] ?? 0;
    const y = right[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
