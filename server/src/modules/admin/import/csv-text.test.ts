import { describe, expect, it } from 'vitest';
import { decodeCsv, parseCsv } from './csv-text.ts';

function text(bytes: Buffer): string {
  const decoded = decodeCsv(bytes);
  if ('refusal' in decoded) throw new Error(decoded.refusal);
  return decoded.text;
}

describe('decodeCsv', () => {
  it('reads UTF-8 with or without a byte-order mark, and UTF-16 with one', () => {
    expect(text(Buffer.from('\uFEFF登录名,姓名', 'utf8'))).toBe('登录名,姓名');
    expect(text(Buffer.from('登录名,姓名', 'utf8'))).toBe('登录名,姓名');
    expect(
      text(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('登录名\t姓名', 'utf16le')])),
    ).toBe('登录名\t姓名');
  });

  it('reads GB 18030 (GBK) when the bytes are not UTF-8', () => {
    // 登录名 in GBK.
    expect(text(Buffer.from([0xb5, 0xc7, 0xc2, 0xbc, 0xc3, 0xfb]))).toBe('登录名');
  });

  it('refuses binary bytes', () => {
    expect(decodeCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toEqual({
      refusal: 'binary',
    });
  });
});

describe('parseCsv (RFC 4180, read leniently)', () => {
  it('reads quoted fields with commas, quotes and line breaks, and CRLF, LF or CR records', () => {
    expect(parseCsv('a,"b, ""c"""\r\n1,2\n3,"x\ny"\r4,5')).toEqual([
      ['a', 'b, "c"'],
      ['1', '2'],
      ['3', 'x\ny'],
      ['4', '5'],
    ]);
  });

  it('keeps empty fields and empty records, so row numbers match the sheet', () => {
    expect(parseCsv('a,,c\r\n\r\nd\r\n')).toEqual([['a', '', 'c'], [''], ['d']]);
  });

  it("takes the header line's delimiter: tab or semicolon when it has more of them", () => {
    expect(parseCsv('a\tb,c\tx\n1\t2')).toEqual([
      ['a', 'b,c', 'x'],
      ['1', '2'],
    ]);
    expect(parseCsv('a;b\n1;2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('stops after the most records asked for', () => {
    expect(parseCsv('1\n2\n3\n4\n', 2)).toEqual([['1'], ['2']]);
  });
});
