/**
 * The export's streaming form decoder reads a form body as qs (the server's form parser) reads
 * it for these fields, whatever the chunks the body arrives in.
 */
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { QUERY_STRING_LIMITS } from '@campus/contracts/query-string';
import { FormDecoder } from './export-form.ts';

function decode(body: string, chunkBytes: number): Record<string, string | string[]> {
  const bytes = Buffer.from(body);
  const decoder = new FormDecoder();
  for (let at = 0; at < bytes.length; at += chunkBytes) {
    decoder.write(bytes.subarray(at, at + chunkBytes));
  }
  return decoder.end();
}

const BODIES = [
  new URLSearchParams({
    title: '二年级(3)班 期中成绩 😀',
    data: '<table><tr><td>a & b = c + 100%</td></tr></table>',
  }).toString(),
  'title=a+b%20c&data=%3Ctable%3E',
  'title=x&title=y&data=1',
  'title=100%zz&data=%&x=%4',
  'title=%E4%BA%8C&&=v&data=&novalue',
  'title=a=b=c',
];

describe('FormDecoder', () => {
  it('decodes as qs does, in any chunks (escapes and UTF-8 cut across chunk ends)', () => {
    for (const body of BODIES) {
      const expected = qs.parse(body, QUERY_STRING_LIMITS);
      for (const size of [1, 2, 3, 5, 64 * 1024]) {
        expect(decode(body, size), `${body} in chunks of ${size}`).toEqual(expected);
      }
    }
  });

  it('keeps a large field whole, across its pieces', () => {
    const data = `<table>${'<tr><td>学生 12.50</td></tr>'.repeat(50_000)}</table>`;
    const body = new URLSearchParams({ title: 't', data }).toString();
    expect(decode(body, 65_536).data).toBe(data);
  });

  it('leaves out pairs past the parameter limit, as qs does', () => {
    const pairs = Array.from(
      { length: QUERY_STRING_LIMITS.parameterLimit + 5 },
      (_, i) => `k${i}=v`,
    );
    const decoded = decode(pairs.join('&'), 7);
    expect(Object.keys(decoded)).toHaveLength(QUERY_STRING_LIMITS.parameterLimit);
    expect(decoded).toEqual(qs.parse(pairs.join('&'), QUERY_STRING_LIMITS));
  });
});
