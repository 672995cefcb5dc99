/**
 * HTML table → rows and merged ranges (spec §3 Table export: title, thead with colspan and
 * rowspan, tbody rows; DESIGN.md §7 numbers as numbers), through the same streaming reader and
 * grid the export uses.
 */
import { describe, expect, it } from 'vitest';
import { cellValue } from './cell-value.ts';
import { exportFileName } from './export.service.ts';
import { readHtmlTable } from './html-table-reader.ts';
import { TableGrid, type MergedRange } from './table-grid.ts';
import { columnLetters, displayWidth, sheetName } from './xlsx-table-writer.ts';

interface Converted {
  foundTable: boolean;
  /** Per row, `col:text` of each cell, `*` marking a header cell. */
  rows: string[][];
  merges: MergedRange[];
  width: number;
}

async function convert(html: string, sliceLength?: number): Promise<Converted> {
  const merges: MergedRange[] = [];
  const grid = new TableGrid((range) => merges.push(range));
  const rows: string[][] = [];
  const { foundTable } = await readHtmlTable(
    html,
    {
      row: (cells) => {
        rows.push(grid.place(cells).map((c) => `${c.col}:${c.header ? '*' : ''}${c.text}`));
      },
      sectionEnd: () => grid.endSection(),
    },
    sliceLength ? { sliceLength } : {},
  );
  merges.sort((a, b) => a.top - b.top || a.left - b.left);
  return { foundTable, rows, merges, width: grid.width };
}

/** A grade sheet as the SDK's exportTable builds it from thead (name, colspan, rowspan) and tbody. */
const GRADE_SHEET = `
<table border="1">
  <thead>
    <tr><th rowspan="2">姓名</th><th colspan="3">成绩</th><th rowspan="2">备注</th></tr>
    <tr><th>语文</th><th>数学</th><th>英语</th></tr>
  </thead>
  <tbody>
    <tr><td>张三</td><td>90</td><td>85.5</td><td>007</td><td>&nbsp;</td></tr>
    <tr><td rowspan="2">李四</td><td colspan="2">缺考</td><td>88</td><td>a<br>b</td></tr>
    <tr><td>1</td><td>2</td><td>3</td><td>x &amp; y</td></tr>
  </tbody>
</table>`;

describe('HTML table → grid (spec §3 Table export)', () => {
  it('lays out thead colspan and rowspan, tbody rows, and their merged ranges', async () => {
    const table = await convert(GRADE_SHEET);
    expect(table.foundTable).toBe(true);
    expect(table.width).toBe(5);
    expect(table.rows).toEqual([
      ['0:*姓名', '1:*成绩', '4:*备注'],
      ['1:*语文', '2:*数学', '3:*英语'],
      ['0:张三', '1:90', '2:85.5', '3:007', '4:'],
      ['0:李四', '1:缺考', '3:88', '4:a\nb'],
      ['1:1', '2:2', '3:3', '4:x & y'],
    ]);
    expect(table.merges).toEqual([
      { top: 0, left: 0, bottom: 1, right: 0 },
      { top: 0, left: 1, bottom: 0, right: 3 },
      { top: 0, left: 4, bottom: 1, right: 4 },
      { top: 3, left: 0, bottom: 4, right: 0 },
      { top: 3, left: 1, bottom: 3, right: 2 },
    ]);
  });

  it('reads the same whatever the slices the text is fed in', async () => {
    const whole = await convert(GRADE_SHEET);
    for (const slice of [1, 7, 64]) expect(await convert(GRADE_SHEET, slice)).toEqual(whole);
  });

  it('stops a row span at the end of its row group, and rowspan="0" spans the rest of it', async () => {
    const table = await convert(`<table>
      <thead><tr><th rowspan="5">a</th><th>b</th></tr><tr><th>c</th></tr></thead>
      <tbody><tr><td rowspan="0">d</td><td>e</td></tr><tr><td>f</td></tr><tr><td>g</td></tr></tbody>
      <tbody><tr><td>h</td><td>i</td></tr></tbody>
    </table>`);
    expect(table.rows).toEqual([
      ['0:*a', '1:*b'],
      ['1:*c'],
      ['0:d', '1:e'],
      ['1:f'],
      ['1:g'],
      ['0:h', '1:i'],
    ]);
    expect(table.merges).toEqual([
      { top: 0, left: 0, bottom: 1, right: 0 },
      { top: 2, left: 0, bottom: 4, right: 0 },
    ]);
  });

  it('never overlaps two ranges: a colspan that runs into a held column stops there', async () => {
    const table = await convert(`<table>
      <tr><td>a</td><td rowspan="2">b</td><td>c</td></tr>
      <tr><td colspan="3">d</td><td>e</td></tr>
    </table>`);
    expect(table.rows).toEqual([
      ['0:a', '1:b', '2:c'],
      ['0:d', '2:e'],
    ]);
    expect(table.merges).toEqual([{ top: 0, left: 1, bottom: 1, right: 1 }]);
  });

  it('clamps spans as HTML does and drops a span clipped back to one cell', async () => {
    const table = await convert(
      '<table><tr><td colspan="abc" rowspan="-2">a</td><td colspan="1001">b</td></tr></table>',
    );
    expect(table.rows).toEqual([['0:a', '1:b']]);
    expect(table.width).toBe(1001);
    expect(table.merges).toEqual([{ top: 0, left: 1, bottom: 0, right: 1000 }]);
    const clipped = await convert('<table><tr><td rowspan="3">a</td></tr></table>');
    expect(clipped.merges).toEqual([]);
  });

  it('reads unclosed cells and rows, and cells outside any row, as a browser does', async () => {
    const table = await convert('<TABLE><TR><TD>a<TD>b<TR><Th>c</table><table><tr><td>2nd');
    expect(table.rows).toEqual([['0:a', '1:b'], ['0:*c']]);
    const bare = await convert('<table><tbody><td>x</td><td>y</td></tbody></table>');
    expect(bare.rows).toEqual([['0:x', '1:y']]);
  });

  it('shows the text a browser shows: collapsed whitespace, entities, line breaks, no script', async () => {
    const table = await convert(`<table><tr>
      <td>  a \n\t b  </td>
      <td>&lt;b&gt; &#x4E2D;&#25991; &quot;q&quot;</td>
      <td><p>one</p><p>two</p></td>
      <td>x<script>alert(1)</script><style>td{}</style>y<!-- note --></td>
      <td><table><tr><td>in</td><td>ner</td></tr></table>after</td>
      <td>&#1;&#xFFFF;ok</td>
    </tr></table>`);
    expect(table.rows).toEqual([
      ['0:a b', '1:<b> 中文 "q"', '2:one\ntwo', '3:xy', '4:in ner\nafter', '5:ok'],
    ]);
  });

  it('marks th cells and every cell of the thead as headers', async () => {
    const table = await convert(
      '<table><thead><tr><td>h</td></tr></thead><tbody><tr><th>r</th><td>v</td></tr></tbody></table>',
    );
    expect(table.rows).toEqual([['0:*h'], ['0:*r', '1:v']]);
  });

  it('takes the first table only, and finds none in text without one or in a template', async () => {
    expect((await convert('<p>no table here</p>')).foundTable).toBe(false);
    expect((await convert('')).foundTable).toBe(false);
    expect(
      (await convert('<template><table><tr><td>x</td></tr></table></template>')).foundTable,
    ).toBe(false);
    const empty = await convert('<table></table>');
    expect(empty).toMatchObject({ foundTable: true, rows: [] });
  });
});

describe('cell values (DESIGN.md §7 numbers as numbers)', () => {
  it('stores plain decimals as numbers', () => {
    expect(cellValue('89.5')).toEqual({ kind: 'number', value: 89.5 });
    expect(cellValue('-3')).toEqual({ kind: 'number', value: -3 });
    expect(cellValue('0')).toEqual({ kind: 'number', value: 0 });
    expect(cellValue('0.25')).toEqual({ kind: 'number', value: 0.25 });
    expect(cellValue('123456789012345')).toEqual({
      kind: 'number',
      value: 123456789012345,
      numFmt: '0',
    });
  });

  it('keeps the decimals the page showed and every digit of a long integer', () => {
    expect(cellValue('1.50')).toEqual({ kind: 'number', value: 1.5, numFmt: '0.00' });
    expect(cellValue('2.0')).toEqual({ kind: 'number', value: 2, numFmt: '0.0' });
    expect(cellValue('13800138000')).toEqual({ kind: 'number', value: 13800138000 });
    expect(cellValue('138001380001')).toMatchObject({ numFmt: '0' });
  });

  it('keeps codes and formatted numbers as text', () => {
    for (const text of [
      '007',
      '00',
      '1234567890123456',
      '110101199003077777',
      '11010119900307777X',
      '1,000',
      '1e5',
      '+5',
      '.5',
      '5.',
      '-0',
      '-0.0',
      '12%',
      '¥12',
      '1 000',
      'NaN',
      'Infinity',
    ]) {
      expect(cellValue(text), text).toEqual({ kind: 'text', text });
    }
    expect(cellValue('')).toEqual({ kind: 'empty' });
  });
});

describe('names', () => {
  it('names the file after the title with .xlsx, safe for every file system', () => {
    expect(exportFileName('2024 成绩')).toBe('2024 成绩.xlsx');
    expect(exportFileName('一年级/二班 成绩')).toBe('一年级_二班 成绩.xlsx');
    expect(exportFileName('a:b*c?"d"<e>|')).toBe('a_b_c__d__e__.xlsx');
    expect(exportFileName('read counts.XLSX')).toBe('read counts.xlsx');
    expect(exportFileName('..')).toBe('file.xlsx');
  });

  it('names the sheet as Excel allows', () => {
    expect(sheetName('一年级[1]:成绩/2024?')).toBe('一年级 1 成绩 2024');
    expect(sheetName("'quoted'")).toBe('quoted');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName('***')).toBe('Sheet1');
  });

  it('writes column letters and display widths', () => {
    expect([1, 26, 27, 52, 703, 16_384].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'AAA',
      'XFD',
    ]);
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('成绩 a')).toBe(6);
    expect(displayWidth('long line\nab')).toBe(9);
  });
});
