/**
 * The table export over HTTP (spec §3 Table export, §7 `table2xls`, §8 'please specify the table
 * to download'; DESIGN.md §4, §7): no session, bad input, the row limit, and success read back
 * with ExcelJS (title row, merges, bold headers, numbers, the UTF-8 file name). A refusal to a
 * browser's own form navigation is a readable page, never raw JSON. Last, a real peer opens the
 * file: LibreOffice (headless) converts it, and the cells and merges it read are checked.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parse as parseContentDisposition } from 'content-disposition';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportEndpoints } from '@campus/contracts/export';
import { ACCESS_COOKIE } from '@campus/contracts/uaa';
import {
  DEMO,
  signIn,
  startTestServer,
  type TestClient,
  type TestServer,
} from './helpers/test-server.ts';

const EXPORT = exportEndpoints.table2xls.path;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What a browser sends when a form post navigates the page (Fetch Metadata). */
const NAVIGATION = {
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
};
const NO_TABLE = '请指定要下载的表格|||please specify the table to download';

/** A grade sheet as the SDK's exportTable builds it (spec §3: thead with colspan and rowspan). */
const GRADE_SHEET = `<table>
<thead>
  <tr><th rowspan="2">姓名</th><th colspan="3">成绩</th><th rowspan="2">学号</th></tr>
  <tr><th>语文</th><th>数学</th><th>总分</th></tr>
</thead>
<tbody>
  <tr><td>张三</td><td>90</td><td>85.50</td><td>175.5</td><td>007</td></tr>
  <tr><td rowspan="2">李四</td><td colspan="2">缺考</td><td>0</td><td>110101199003077777</td></tr>
  <tr><td>-1.25</td><td>3</td><td>1.75</td><td>12 &amp; 3</td></tr>
</tbody>
</table>`;
const TITLE = '二年级(3)班 期中成绩';

let server: TestServer;
let teacher: TestClient;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-export-'));

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  teacher = server.client();
  await signIn(teacher, DEMO.teacher);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface Answer {
  http: number;
  headers: Headers;
  bytes: Buffer;
  text(): string;
  json(): { status: number; code?: string; message?: string; fieldErrors?: unknown[] };
}

/**
 * Posts the form as the browser's hidden form does (spec §7): form-encoded, no `device` header
 * (a form cannot set one; the export is CSRF-exempt), the session cookie when signed in. Over
 * node:http rather than fetch, which replaces the `Sec-Fetch-*` headers a navigation carries.
 */
function post(
  form: Record<string, string>,
  options: { as?: TestClient; headers?: Record<string, string>; chunked?: boolean } = {},
): Promise<Answer> {
  const body = Buffer.from(new URLSearchParams(form).toString());
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    // Without a length, node:http sends the body chunked.
    ...(options.chunked ? {} : { 'content-length': String(body.length) }),
    ...options.headers,
  };
  const token = options.as?.cookie(ACCESS_COOKIE);
  if (token) headers.cookie = `${ACCESS_COOKIE}=${token}`;
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(EXPORT, server.baseUrl), { method: 'POST', headers });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') answerHeaders.set(name, value);
        }
        resolve({
          http: response.statusCode ?? 0,
          headers: answerHeaders,
          bytes,
          text: () => bytes.toString('utf8'),
          json: () => JSON.parse(bytes.toString('utf8')) as ReturnType<Answer['json']>,
        });
      });
    });
    if (options.chunked) {
      // Small pieces: escapes and characters cut across the chunks the server reads.
      for (let at = 0; at < body.length; at += 1000) request.write(body.subarray(at, at + 1000));
      request.end();
    } else {
      request.end(body);
    }
  });
}

async function readBook(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  return sheet;
}

describe(`POST ${EXPORT} on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers 401 without a session', async () => {
    const answer = await post({ title: TITLE, data: GRADE_SHEET });
    expect(answer.http).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.json()).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('refuses a missing title or data with field errors', async () => {
    const noTitle = (await post({ data: GRADE_SHEET }, { as: teacher })).json();
    expect(noTitle).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(noTitle.fieldErrors).toEqual([expect.objectContaining({ field: 'title' })]);
    const noData = (await post({ title: TITLE }, { as: teacher })).json();
    expect(noData).toMatchObject({ status: 400 });
    expect(noData.fieldErrors).toEqual([expect.objectContaining({ field: 'data' })]);
    const emptyData = (await post({ title: TITLE, data: '' }, { as: teacher })).json();
    expect(emptyData).toMatchObject({ status: 400 });
  });

  it("refuses data without a table with spec §8's 'please specify the table to download'", async () => {
    for (const data of ['<p>nothing to export</p>', '<table></table>', 'plain text']) {
      const answer = await post({ title: TITLE, data }, { as: teacher });
      expect(answer.http).toBe(200);
      expect(answer.json()).toEqual({
        status: 400,
        code: 'validation_failed',
        message: NO_TABLE,
        fieldErrors: [{ field: 'data', message: NO_TABLE }],
      });
    }
  });

  it('refuses a table over the 200,000-row limit of DESIGN.md §7 with a clear message', async () => {
    const data = `<table>${'<tr><td>1</td></tr>'.repeat(200_001)}</table>`;
    const answer = await post({ title: TITLE, data }, { as: teacher });
    expect(answer.http).toBe(200);
    expect(answer.json()).toMatchObject({
      status: 400,
      message:
        '表格超过 200,000 行，无法导出，请缩小范围后重试|||The table has more than 200,000 rows and cannot be exported; narrow it down and try again',
    });
  });

  it('answers the .xlsx: title row, merges, bold headers, numbers as numbers, UTF-8 name', async () => {
    const answer = await post({ title: TITLE, data: GRADE_SHEET }, { as: teacher });
    expect(answer.http).toBe(200);
    expect(answer.headers.get('content-type')).toBe(XLSX_TYPE);
    const disposition = answer.headers.get('content-disposition') ?? '';
    // RFC 6266: an ASCII fallback and the UTF-8 name.
    expect(disposition).toMatch(/^attachment; filename="[^"]+\.xlsx"; filename\*=UTF-8''%E4%BA%8C/);
    const parsed = parseContentDisposition(disposition);
    expect(parsed.type).toBe('attachment');
    // The parser reads `filename*` (UTF-8) over the ASCII fallback, as browsers do.
    expect(parsed.parameters.filename).toBe(`${TITLE}.xlsx`);
    expect(answer.headers.get('cache-control')).toBe('no-store');

    const sheet = await readBook(answer.bytes);
    expect(sheet.name).toBe('二年级(3)班 期中成绩');
    expect(sheet.getCell('A1').value).toBe(TITLE);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect([...sheet.model.merges].sort()).toEqual([
      'A1:E1', // the title, across the table's width
      'A2:A3', // 姓名, rowspan 2
      'A5:A6', // 李四, rowspan 2
      'B2:D2', // 成绩, colspan 3
      'B5:C5', // 缺考, colspan 2
      'E2:E3', // 学号, rowspan 2
    ]);
    const header = ['A2', 'B2', 'E2', 'B3', 'C3', 'D3'];
    for (const address of header) expect(sheet.getCell(address).font?.bold, address).toBe(true);
    expect(sheet.getCell('B3').value).toBe('语文');
    for (const address of ['A4', 'B4', 'E4']) {
      expect(sheet.getCell(address).font?.bold, address).toBeFalsy();
    }
    expect(sheet.getCell('B4').value).toBe(90);
    expect(sheet.getCell('C4').value).toBe(85.5);
    expect(sheet.getCell('C4').numFmt).toBe('0.00');
    expect(sheet.getCell('D4').value).toBe(175.5);
    expect(sheet.getCell('E4').value).toBe('007');
    expect(sheet.getCell('B5').value).toBe('缺考');
    expect(sheet.getCell('D5').value).toBe(0);
    expect(sheet.getCell('E5').value).toBe('110101199003077777');
    expect(sheet.getCell('B6').value).toBe(-1.25);
    expect(sheet.getCell('E6').value).toBe('12 & 3');
  });

  it('answers a download to a navigation too, and to a cookie without the device header', async () => {
    const answer = await post(
      { title: 'read counts', data: GRADE_SHEET },
      { as: teacher, headers: NAVIGATION },
    );
    expect(answer.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="read counts.xlsx"',
    );
    expect((await readBook(answer.bytes)).getCell('A1').value).toBe('read counts');
  });

  it('streams the benchmark table, 50,000 rows × 20 columns with Chinese text, every row in place', async () => {
    // Some 17 million characters: a Unicode pattern on the field overflowed the validator's
    // regular-expression engine here and answered 500 (contracts/export.ts).
    const cells = (r: number) =>
      Array.from(
        { length: 20 },
        (_, c) => `<td>${c % 2 === 0 ? r * 20 + c : `学生${r}-${c}`}</td>`,
      );
    const rows = Array.from({ length: 50_000 }, (_, r) => `<tr>${cells(r).join('')}</tr>`);
    const answer = await post(
      { title: 'large', data: `<table><tbody>${rows.join('')}</tbody></table>` },
      { as: teacher },
    );
    expect(answer.headers.get('content-type')).toBe(XLSX_TYPE);
    const sheet = await readBook(answer.bytes);
    expect(sheet.rowCount).toBe(50_001);
    expect(sheet.getCell('A50001').value).toBe(49_999 * 20);
    expect(sheet.getCell('T50001').value).toBe('学生49999-19');
  }, 60_000);

  it('reads a chunked body (no declared length) as it streams in', async () => {
    const answer = await post({ title: TITLE, data: GRADE_SHEET }, { as: teacher, chunked: true });
    expect(answer.headers.get('content-type')).toBe(XLSX_TYPE);
    expect((await readBook(answer.bytes)).getCell('C4').value).toBe(85.5);
  });

  it('answers 413 in the envelope to a body declared over the route limit, before reading it', async () => {
    const answer = await post(
      { title: TITLE, data: GRADE_SHEET },
      {
        as: teacher,
        headers: { 'content-length': String(exportEndpoints.table2xls.bodyLimit + 1) },
      },
    );
    expect(answer.http).toBe(413);
    expect(answer.json()).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('refuses control characters in the HTML, as every request string (issue 10)', async () => {
    const answer = await post(
      { title: TITLE, data: '<table><tr><td>a\u0001</td></tr></table>' },
      { as: teacher },
    );
    expect(answer.json()).toMatchObject({
      status: 400,
      fieldErrors: [{ field: 'data', message: expect.stringContaining('控制字符') as unknown }],
    });
  });

  describe('a refusal to a browser navigation is a readable page', () => {
    it('without a session: the session message, as HTML in the page language', async () => {
      const zh = await post({ title: TITLE, data: GRADE_SHEET }, { headers: NAVIGATION });
      expect(zh.http).toBe(200);
      expect(zh.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(zh.text()).toContain('<html lang="zh-CN">');
      expect(zh.text()).toContain('登录已失效，请重新登录');
      expect(zh.text()).not.toContain('|||');
      const en = await post(
        { title: TITLE, data: GRADE_SHEET },
        { headers: { ...NAVIGATION, 'accept-language': 'en-GB,en;q=0.9' } },
      );
      expect(en.text()).toContain('Session expired, please sign in again');
      expect(en.text()).toContain('href="/desktop/home"');
    });

    it("without a table: 'please specify the table to download', no script, not framed", async () => {
      const answer = await post(
        { title: TITLE, data: '<div>no table</div>' },
        { as: teacher, headers: { ...NAVIGATION, 'accept-language': 'en' } },
      );
      expect(answer.http).toBe(200);
      expect(answer.text()).toContain(
        '<h1 id="de-title" class="de-title" data-testid="exportRefusal.message">please specify the table to download</h1>',
      );
      expect(answer.text()).not.toContain('<script');
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('content-security-policy')).not.toContain('script-src');
    });

    it('escapes what the request carried, and a script call still gets the envelope', async () => {
      const page = await post(
        { title: '<img src=x onerror=alert(1)>' },
        { as: teacher, headers: NAVIGATION },
      );
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.text()).not.toContain('<img');
      const script = await post(
        { title: TITLE, data: '<div>no table</div>' },
        { as: teacher, headers: { 'sec-fetch-mode': 'cors', accept: '*/*' } },
      );
      expect(script.json()).toMatchObject({ status: 400, message: NO_TABLE });
    });
  });
});

/** LibreOffice's command, when the test setup installed it (scripts/test.mjs). */
const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => fs.existsSync(p));

/** Converts `file` with LibreOffice headless into `format` in `outDir`; answers the new file. */
function libreOfficeConvert(file: string, format: string, outDir: string): string {
  if (!SOFFICE) throw new Error('LibreOffice is not installed');
  // A profile of its own: another LibreOffice running on the machine does not get in the way.
  const profile = path.join(tmp, `lo-profile-${path.basename(outDir)}`);
  const result = spawnSync(
    SOFFICE,
    [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--norestore',
      '--convert-to',
      format,
      '--outdir',
      outDir,
      file,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  const extension = format.split(':', 1)[0] ?? format;
  const converted = path.join(outDir, `${path.basename(file, '.xlsx')}.${extension}`);
  if (!fs.existsSync(converted)) {
    throw new Error(
      `soffice did not convert ${file} (exit ${result.status}): ${result.stderr}${result.stdout}`,
    );
  }
  return converted;
}

describe.skipIf(!SOFFICE)('a real peer opens the export: LibreOffice headless', () => {
  it('reads its cells (csv) and its merges and numbers (its own re-saved xlsx)', async () => {
    const answer = await post({ title: TITLE, data: GRADE_SHEET }, { as: teacher });
    const file = path.join(tmp, 'grades.xlsx');
    fs.writeFileSync(file, answer.bytes);

    // UTF-8 (76), cells as shown (the last `true`): what a teacher sees in the sheet.
    const csvDir = fs.mkdtempSync(path.join(tmp, 'csv-'));
    const csv = libreOfficeConvert(
      file,
      'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true',
      csvDir,
    );
    expect(fs.readFileSync(csv, 'utf8').trimEnd().split(/\r?\n/)).toEqual([
      `${TITLE},,,,`,
      '姓名,成绩,,,学号',
      ',语文,数学,总分,',
      '张三,90,85.50,175.5,007',
      '李四,缺考,,0,110101199003077777',
      ',-1.25,3,1.75,12 & 3',
    ]);

    // LibreOffice's own xlsx of what it read: the merges and the cell types as it understood them.
    const xlsxDir = fs.mkdtempSync(path.join(tmp, 'xlsx-'));
    const resaved = await readBook(fs.readFileSync(libreOfficeConvert(file, 'xlsx', xlsxDir)));
    expect([...resaved.model.merges].sort()).toEqual([
      'A1:E1',
      'A2:A3',
      'A5:A6',
      'B2:D2',
      'B5:C5',
      'E2:E3',
    ]);
    expect(resaved.getCell('C4').value).toBe(85.5);
    expect(resaved.getCell('B6').value).toBe(-1.25);
    expect(resaved.getCell('E4').value).toBe('007');
    expect(resaved.getCell('E5').value).toBe('110101199003077777');
    expect(resaved.getCell('B2').font?.bold).toBe(true);
  }, 180_000);
});
