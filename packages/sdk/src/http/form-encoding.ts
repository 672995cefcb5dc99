/**
 * A small writer of form bodies and query strings that produces exactly what
 * `qs.stringify(value, { allowDots: true })` produces for JSON-like data (nested objects as
 * dotted keys, arrays as `a[0]`, null as `a=`, undefined skipped, RFC 3986 escaping). The
 * light client uses it so that a page with a weight budget does not carry qs; a test keeps
 * the two in step.
 */
import type { Payload } from './http-core.ts';

function escape(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Encodes a payload like qs with `allowDots`.
 *
 * @example
 * encodeFormLite({ user: { name: 'a b' }, ids: [1, 2] }); // 'user.name=a%20b&ids%5B0%5D=1&ids%5B1%5D=2'
 */
export function encodeFormLite(payload: Payload): string {
  const parts: string[] = [];
  const walk = (key: string, value: unknown): void => {
    if (value === null) {
      parts.push(`${escape(key)}=`);
    } else if (value instanceof Date) {
      parts.push(`${escape(key)}=${escape(value.toISOString())}`);
    } else if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => walk(`${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [child, item] of Object.entries(value)) walk(`${key}.${child}`, item);
    } else if (
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      typeof value === 'bigint'
    ) {
      parts.push(`${escape(key)}=${escape(String(value))}`);
    }
    // undefined, functions and symbols are skipped, as qs skips them.
  };
  for (const [key, value] of Object.entries(payload)) walk(key, value);
  return parts.join('&');
}
