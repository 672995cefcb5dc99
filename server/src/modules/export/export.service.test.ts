/**
 * The export service end to end without a server (spec §3 Table export, §8; DESIGN.md §7): the
 * limits refuse before anything is written, and what is written is a workbook ExcelJS reads back
 * with the title, merges, bold headers and numbers.
 */
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { ExportService, NO_TABLE_MESSAGE } from './export.service.ts';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function written(service: ExportService, title: string, html: string): Promise<Buffer> {
  const job = await service.prepare(title, html);
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await job.write(output);
  return Buffer.concat(chunks);
}

describe('ExportService', () => {
  it('refuses a text without a table, or a table without rows, with the spec §8 message', async () => {
    const service = new ExportService();
    for (const html of ['<p>x</p>', '<table></table>', '<!-- <table><tr><td>1</td></tr> -->']) {
      const error = await refusal(service.prepare('t', html));
      expect(error).toMatchObject({ status: 400, bilingualMessage: NO_TABLE_MESSAGE });
      expect(error.options.fieldErrors).toEqual([{ field: 'data', message: NO_TABLE_MESSAGE }]);
    }
  });

  it('refuses control characters as every request string does, and keeps tab, LF and CR', async () => {
    const service = new ExportService();
    for (const bad of ['\u0000', '\u0008', '\u000b', '\u001f', '\u007f']) {
      const error = await refusal(service.prepare('t', `<table><tr><td>a${bad}</td></tr></table>`));
      expect(error.options.fieldErrors?.[0]?.field).toBe('data');
    }
    expect((await service.prepare('t', '<table>\t\r\n<tr><td>a</td></tr></table>')).rows).toBe(1);
  });

  it('refuses more rows than the limit, and takes exactly the limit', async () => {
    const service = new ExportService({ maxRows: 3 });
    const rows = (n: number) => `<table>${'<tr><td>1</td></tr>'.repeat(n)}</table>`;
    expect((await service.prepare('t', rows(3))).rows).toBe(3);
    const error = await refusal(service.prepare('t', rows(4)));
    expect(error.status).toBe(400);
    expect(error.bilingualMessage).toBe(
      '表格超过 3 行，无法导出，请缩小范围后重试|||The table has more than 3 rows and cannot be exported; narrow it down and try again',
    );
  });

  it('refuses a table wider than the column limit', async () => {
    const service = new ExportService({ maxColumns: 4 });
    expect(
      (await service.prepare('t', '<table><tr><td colspan="4">x</td></tr></table>')).width,
    ).toBe(4);
    const error = await refusal(
      service.prepare('t', '<table><tr><td colspan="3">x</td><td>y</td><td>z</td></tr></table>'),
    );
    expect(error.bilingualMessage).toContain('more than 4 columns');
  });

  it('writes a workbook with the title merged over the table, merges, bold headers and numbers', async () => {
    const bytes = await written(
      new ExportService(),
      '二班 成绩',
      `<table><thead><tr><th rowspan="2">姓名</th><th colspan="2">成绩</th></tr>
       <tr><th>语文</th><th>数学</th></tr></thead>
       <tbody><tr><td>张三</td><td>90.50</td><td>007</td></tr>
       <tr><td>李四</td><td>-3</td><td>110101199003077777</td></tr></tbody></table>`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('二班 成绩');
    expect([...sheet.model.merges].sort()).toEqual(['A1:C1', 'A2:A3', 'B2:C2']);
    expect(sheet.getCell('A1').value).toBe('二班 成绩');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('姓名');
    for (const address of ['A2', 'B2', 'B3', 'C3']) {
      expect(sheet.getCell(address).font?.bold, address).toBe(true);
    }
    expect(sheet.getCell('A4').font?.bold).toBeFalsy();
    expect(sheet.getCell('B4').value).toBe(90.5);
    expect(sheet.getCell('B4').numFmt).toBe('0.00');
    expect(sheet.getCell('C4').value).toBe('007');
    expect(sheet.getCell('B5').value).toBe(-3);
    expect(sheet.getCell('C5').value).toBe('110101199003077777');
  });

  it('stops writing, and settles, when the output goes away mid-table', async () => {
    const job = await new ExportService().prepare(
      't',
      `<table>${'<tr><td>some text</td><td>12345</td></tr>'.repeat(100_000)}</table>`,
    );
    let received = 0;
    const output = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        // A client that reads a little and then hangs up.
        if (received > 64 * 1024) this.destroy();
        done();
      },
    });
    await job.write(output);
    expect(output.destroyed).toBe(true);
  });
});
