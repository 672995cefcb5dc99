/**
 * Hostile inputs as fast-check arbitraries (seeded, so a failing run replays): junk strings and
 * values, junk path segments (NUL and control characters, over-long, bad percent-encoding,
 * unicode, `../`), hostile query strings (deep nesting, arrays and parameter counts over the
 * spec §9 limits, huge values, duplicate keys) and bodies of every content type.
 */
import fc from 'fast-check';
import { QUERY_STRING_LIMITS } from '@campus/contracts/query-string';
import type { JsonSchema } from './openapi-operations.ts';

/** Strings no form would send. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0001\u001f\u007f',
    '\t\n\r',
    '\r\nX-Injected: 1',
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    "' OR '1'='1' --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '${7*7}{{7*7}}',
    '%00',
    '%ZZ',
    '\uD800',
    '\uDFFF\uD800',
    '\u202Egnp.exe',
    '😀'.repeat(40),
    '中文测试\u3000全角',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '1e400',
    'Infinity',
    '-Infinity',
    '9'.repeat(40),
    '__proto__',
    'constructor',
    'toString',
    'x'.repeat(65),
    'x'.repeat(5001),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.integer({ min: 60, max: 6000 }).map((n) => 'x'.repeat(n)),
);

/** Any JSON-ish value, nested, junk strings included. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkString,
    fc.integer(),
    fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, 0.5, -0),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 30 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), junkString), tie('value'), {
      maxKeys: 6,
    }),
  ),
})).value;

/** A value that fits the schema's type (and sometimes a real id), to reach deeper code. */
export function plausibleValue(
  schema: JsonSchema,
  known: readonly string[],
): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => plausibleValue(s, known)));
  }
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type = (Array.isArray(schema.type) ? schema.type[0] : schema.type) ?? 'string';
  switch (type) {
    case 'integer':
    case 'number':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1e9),
        max: Math.min(schema.maximum ?? 1e6, 1e9),
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausibleValue(schema.items ?? {}, known), { maxLength: 5 });
    case 'object':
      return plausibleObject(schema, known, false);
    default: {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 40, 200);
      const text = fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, max) });
      return known.length > 0 ? fc.oneof(text, fc.constantFrom(...known)) : text;
    }
  }
}

/** A value for one property: mostly plausible, sometimes junk. */
export function propertyValue(schema: JsonSchema, known: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: plausibleValue(schema, known), weight: 3 },
    { arbitrary: junkValue, weight: 2 },
  );
}

/** An object with the schema's properties (each kept or dropped), plus unknown keys. */
export function plausibleObject(
  schema: JsonSchema,
  known: readonly string[],
  withJunk = true,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const entries = Object.entries(properties).map(([name, s]) =>
    fc.option(
      propertyValue(s, known).map((value) => [name, value] as const),
      { nil: undefined, freq: 4 },
    ),
  );
  const extras = withJunk
    ? fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 10 }), junkString), junkValue), {
        maxLength: 3,
      })
    : fc.constant([] as [string, unknown][]);
  return fc.tuple(fc.tuple(...entries), extras).map(([kept, extra]) => {
    const object: Record<string, unknown> = {};
    for (const entry of kept) if (entry) object[entry[0]] = entry[1];
    for (const [k, v] of extra) object[k] = v;
    return object;
  });
}

/** Percent-encodes what a request line cannot carry raw, keeping the rest as it is. */
export function encodeLoosely(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0x20 && code < 0x7f && !'?#/%'.includes(char)) out += char;
    else {
      try {
        out += encodeURIComponent(char);
      } catch {
        out += '%ED%A0%80'; // a lone surrogate, as its (invalid) UTF-8 bytes
      }
    }
  }
  return out;
}

/** A path segment already in its on-the-wire form. */
export function pathSegment(schema: JsonSchema, known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '%00',
        'a%00b',
        '%01',
        '%1F',
        '%7F',
        '%0A',
        '%0D%0A',
        '%09',
        '%E0%A4%A',
        '%ZZ',
        '%',
        '%2',
        '%C0%AF',
        '%C0%80',
        '%FF',
        '%F0%9F%98',
        '%ED%A0%80',
        '..',
        '.',
        '%2e%2e',
        '..%2F..%2F..%2Fetc%2Fpasswd',
        '%2F',
        '%5C',
        '%20',
        '%E2%80%AE',
        '%F0%9F%98%80',
        '%E4%B8%AD%E6%96%87',
        '%25',
        '%u0000',
        '%%30%30',
        '-1',
        '0',
        '9'.repeat(30),
        'null',
        ';a=b',
        'a'.repeat(101),
        'a'.repeat(3000),
        '%41'.repeat(120),
      ),
    },
    { weight: 2, arbitrary: junkString.map(encodeLoosely) },
    {
      weight: 2,
      arbitrary: plausibleValue(schema, known).map((v) => encodeURIComponent(String(v))),
    },
    // Raw bytes over 0x7F in the request line (Node sends them as latin1).
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: 'binary-ascii', maxLength: 6 })
        .map((s) => `\u00e9${encodeLoosely(s)}\u00ff`),
    },
  );
}

function qsPair(key: string, value: unknown): string {
  return `${encodeLoosely(key)}=${encodeLoosely(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`;
}

/** Query-string abuse beyond the declared parameters (spec §9 limits: arrays 20, depth 5, 1000 params). */
export function hostileQueryPart(names: readonly string[]): fc.Arbitrary<string> {
  const name = names.length > 0 ? fc.constantFrom(...names, 'x') : fc.constant('x');
  const over = (limit: number) => fc.integer({ min: limit + 1, max: limit + 40 });
  return fc.oneof(
    // Deep nesting, bracket and dotted.
    fc
      .tuple(name, fc.integer({ min: QUERY_STRING_LIMITS.depth, max: 40 }))
      .map(([n, depth]) => `${n}${'[a]'.repeat(depth)}=1`),
    fc
      .tuple(name, fc.integer({ min: QUERY_STRING_LIMITS.depth, max: 40 }))
      .map(([n, depth]) => `${n}${'.a'.repeat(depth)}=1`),
    // Arrays over the limit: indexed, empty-bracket and sparse.
    fc
      .tuple(name, over(QUERY_STRING_LIMITS.arrayLimit))
      .map(([n, count]) => Array.from({ length: count }, (_, i) => `${n}[${i}]=${i}`).join('&')),
    fc
      .tuple(name, over(QUERY_STRING_LIMITS.arrayLimit))
      .map(([n, count]) => Array.from({ length: count }, () => `${n}[]=1`).join('&')),
    name.map((n) => `${n}[999999]=1&${n}[-1]=2`),
    // Parameter count over the limit.
    over(QUERY_STRING_LIMITS.parameterLimit).map((count) =>
      Array.from({ length: count }, (_, i) => `k${i}=1`).join('&'),
    ),
    // Huge values: within Node's header limit, and over it (431).
    fc
      .tuple(name, fc.constantFrom(2000, 8000, 20000))
      .map(([n, size]) => `${n}=${'9'.repeat(size)}`),
    // Duplicate keys where one value is expected.
    fc
      .tuple(name, fc.array(junkString, { minLength: 2, maxLength: 4 }))
      .map(([n, values]) => values.map((v) => qsPair(n, v)).join('&')),
    // Prototype keys, empty keys, bad percent-encoding, lone separators.
    fc.constantFrom(
      '__proto__[polluted]=1',
      'constructor[prototype][polluted]=1',
      '__proto__.polluted=1',
      'toString=1&valueOf=2&hasOwnProperty=3',
      '=1&&&=',
      '%E0%A4%A=1',
      'a=%E0%A4%A',
      '%ZZ=%ZZ',
      'a=%00',
      'a[=1',
      'a]=1',
      'a[b=1',
      '[]=1',
      'a=1;b=2',
      '?=?',
    ),
    fc.tuple(name, junkValue).map(([n, v]) => qsPair(n, v)),
  );
}

/** A form body (application/x-www-form-urlencoded) in the qs dialect the server reads. */
export function formBody(object: Record<string, unknown>): string {
  const pairs: string[] = [];
  const walk = (prefix: string, value: unknown, depth: number) => {
    if (value !== null && typeof value === 'object' && depth < 8) {
      for (const [k, v] of Object.entries(value))
        walk(prefix ? `${prefix}[${k}]` : k, v, depth + 1);
      return;
    }
    pairs.push(qsPair(prefix, value === null ? '' : value));
  };
  walk('', object, 0);
  return pairs.join('&');
}

/** A multipart/form-data body with the object's fields and, sometimes, a file part. */
export function multipartBody(
  object: Record<string, unknown>,
  boundary: string,
  file: boolean,
): string {
  const parts = Object.entries(object).map(
    ([k, v]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '_')}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`,
  );
  if (file) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../evil.php"\r\nContent-Type: application/x-php\r\n\r\n<?php echo 1; ?>\r\n`,
    );
  }
  return `${parts.join('')}--${boundary}--\r\n`;
}
