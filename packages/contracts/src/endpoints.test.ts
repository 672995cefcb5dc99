import { describe, expect, it } from 'vitest';
import type { TSchema } from 'typebox';
import { ALL_ENDPOINTS } from './endpoints.ts';
import { exportEndpoints } from './export.ts';

/**
 * Strings the server checks for control characters itself, because no pattern can: the schema
 * validator's Unicode regular expressions overflow on the export's 50 MB of HTML (export.ts).
 */
const CHECKED_BY_THE_SERVER = new Set([
  `${exportEndpoints.table2xls.method} ${exportEndpoints.table2xls.path} body.properties.data`,
]);

/** Every string schema inside a schema, with the path that leads to it. */
function stringsOf(
  schema: unknown,
  at: string,
  defs: Record<string, unknown> = {},
): [string, Record<string, unknown>][] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const found: [string, Record<string, unknown>][] = [];
  if (node.type === 'string') found.push([at, node]);
  const nestedDefs = { ...defs, ...((node.$defs as Record<string, unknown> | undefined) ?? {}) };
  for (const [key, value] of Object.entries(node)) {
    if (key === '$defs') continue;
    if (Array.isArray(value))
      value.forEach((v, i) => found.push(...stringsOf(v, `${at}.${key}[${i}]`, nestedDefs)));
    else if (typeof value === 'object') found.push(...stringsOf(value, `${at}.${key}`, nestedDefs));
  }
  return found;
}

describe('endpoint contracts', () => {
  it('define each method and path once', () => {
    const keys = ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuse control characters in every request string (issue 10: PostgreSQL refuses NUL)', () => {
    const loose: string[] = [];
    for (const endpoint of ALL_ENDPOINTS) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema: TSchema | undefined = endpoint[part];
        for (const [at, node] of stringsOf(schema, `${endpoint.method} ${endpoint.path} ${part}`)) {
          // A literal or an enum already allows only its own values.
          if ('const' in node || 'enum' in node) continue;
          if (CHECKED_BY_THE_SERVER.has(at)) continue;
          const pattern = typeof node.pattern === 'string' ? new RegExp(node.pattern, 'u') : null;
          if (!pattern || pattern.test('a\u0000b') || pattern.test('a\u001Fb')) loose.push(at);
        }
      }
    }
    expect(loose).toEqual([]);
  });

  it('give every request string a length limit', () => {
    const unbounded: string[] = [];
    for (const endpoint of ALL_ENDPOINTS) {
      for (const part of ['params', 'query', 'body'] as const) {
        for (const [at, node] of stringsOf(
          endpoint[part],
          `${endpoint.method} ${endpoint.path} ${part}`,
        )) {
          if ('const' in node || 'enum' in node) continue;
          if (typeof node.maxLength !== 'number') unbounded.push(at);
        }
      }
    }
    expect(unbounded).toEqual([]);
  });
});
