import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipProblem } from './zip-limits.ts';

/** A zip of these entries (no CRC: the check does not read it), deflated or stored. */
function zip(
  entries: { name: string; data: Buffer; store?: boolean; declared?: number }[],
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const body = entry.store ? entry.data : deflateRawSync(entry.data);
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(entry.store ? 0 : 8, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.declared ?? entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.store ? 0 : 8, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.declared ?? entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const LIMITS = { maxBytes: 1024 * 1024, maxEntries: 10 };

describe('zipProblem (an .xlsx bounded before ExcelJS inflates it)', () => {
  it('passes a real workbook', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Users').addRow(['login', 'name']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    expect(zipProblem(bytes, { maxBytes: 64 * 1024 * 1024, maxEntries: 500 })).toBeNull();
  });

  it('passes entries within the limit, stored or deflated', () => {
    const bytes = zip([
      { name: 'a.xml', data: Buffer.alloc(1000, 0x61) },
      { name: 'b.bin', data: Buffer.alloc(1000, 0x62), store: true },
    ]);
    expect(zipProblem(bytes, LIMITS)).toBeNull();
  });

  it('refuses a bomb that inflates past the limit, even when it declares a small size', () => {
    const bomb = zip([{ name: 'sheet.xml', data: Buffer.alloc(8 * 1024 * 1024), declared: 10 }]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(zipProblem(bomb, LIMITS)).toBe('tooLarge');
  });

  it('counts all entries together, and their number', () => {
    const half = Buffer.alloc(600 * 1024);
    expect(
      zipProblem(
        zip([
          { name: 'a', data: half },
          { name: 'b', data: half },
        ]),
        LIMITS,
      ),
    ).toBe('tooLarge');
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `e${i}`, data: Buffer.from('x') }));
    expect(zipProblem(zip(many), LIMITS)).toBe('tooLarge');
  });

  it('calls anything else not a zip: garbage, a cut-off archive, an encrypted entry', () => {
    expect(zipProblem(Buffer.from('not a zip at all'), LIMITS)).toBe('notZip');
    const whole = zip([{ name: 'a.xml', data: Buffer.alloc(100, 0x61) }]);
    expect(zipProblem(whole.subarray(0, whole.length - 30), LIMITS)).toBe('notZip');
    const encrypted = Buffer.from(whole);
    const central = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(1, central + 8);
    expect(zipProblem(encrypted, LIMITS)).toBe('notZip');
  });
});
