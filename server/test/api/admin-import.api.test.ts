/**
 * The bulk import of users and parent–child links (issue 13 §3, DESIGN.md §10) over HTTP: who may
 * call it, the files it refuses, the template's round trip, a file with every kind of bad row
 * (every problem listed, nothing written), 5,000 rows committed in under 30 s, the result given
 * once, and the audit entries.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLASS_COLUMNS,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  adminImportEndpoints as E,
  importHeader,
  type ImportCommit,
  type ImportDryRun,
} from '@campus/contracts/admin-import';
import { ACCESS_COOKIE } from '@campus/contracts/uaa';
import { DEMO_AREA_ID, DEMO_SCHOOL_ID } from '../../src/db/seed/demo-school.ts';
import { newUnitRow } from '../../src/modules/uaa/uaa.repository.ts';
import {
  signIn,
  signedInClients,
  startTestServer,
  type Reply,
  type TestClient,
  type TestServer,
} from './helpers/test-server.ts';

const OUTSIDE_SCHOOL_ID = 'test-unit-outside-area';

let server: TestServer;
let admin: TestClient;
let area: TestClient;
let teacher: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, area, teacher } = await signedInClients(server, 'admin', 'area', 'teacher'));
  const db = server.app.services.database.db;
  // A school under no area: outside the area admin's scope.
  await db
    .insertInto('units')
    .values(
      newUnitRow({
        id: OUTSIDE_SCHOOL_ID,
        name: '外区学校',
        enName: 'Outside School',
        unitType: 2,
        parentId: null,
        createdAt: Date.now(),
      }),
    )
    .execute();
  // Two namesakes in one class, for the ambiguous child.
  await db
    .insertInto('students')
    .values(
      ['a', 'b'].map((suffix) => ({
        id: `test-student-wang-fang-${suffix}`,
        unit_id: DEMO_SCHOOL_ID,
        real_name: 'Wang Fang',
        grade_name: 'Grade 2',
        class_name: 'Class 1',
        created_at: Date.now(),
      })),
    )
    .execute();
}, 60_000);
afterAll(async () => server.close());

// ---------------------------------------------------------------------------------------------
// Helpers

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number]['key'], ExcelJS.CellValue>>;

/** An .xlsx with the template's Chinese header, these users rows, and a classes sheet. */
async function workbook(rows: Row[], classes: [string, string][] = []): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const users = book.addWorksheet('用户');
  users.addRow(IMPORT_COLUMNS.map((c) => importHeader(c, 'zh-CN')));
  for (const row of rows) users.addRow(IMPORT_COLUMNS.map((c) => row[c.key] ?? null));
  const sheet = book.addWorksheet('班级');
  sheet.addRow(CLASS_COLUMNS.map((c) => importHeader(c, 'zh-CN')));
  for (const c of classes) sheet.addRow(c);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function form(unitId: string | undefined, bytes?: Buffer, name = 'users.xlsx'): FormData {
  const data = new FormData();
  if (unitId !== undefined) data.append('unitId', unitId);
  if (bytes) data.append('file', new Blob([new Uint8Array(bytes)]), name);
  return data;
}

function dryRun(
  client: TestClient,
  bytes: Buffer,
  name = 'users.xlsx',
  unitId = DEMO_SCHOOL_ID,
): Promise<Reply<ImportDryRun>> {
  return client.postMultipart<ImportDryRun>(E.dryRun.path, form(unitId, bytes, name));
}

function commit(
  client: TestClient,
  bytes: Buffer,
  name = 'users.xlsx',
  unitId = DEMO_SCHOOL_ID,
): Promise<Reply<ImportCommit>> {
  return client.postMultipart<ImportCommit>(E.commit.path, form(unitId, bytes, name));
}

/** POST result as the console's download does (a form), answering the bytes. */
async function takeResult(client: TestClient, resultId: string, unitId = DEMO_SCHOOL_ID) {
  const response = await fetch(new URL(E.result.path, server.baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      device: 'pc:desktop',
      cookie: `${ACCESS_COOKIE}=${client.cookie(ACCESS_COOKIE) ?? ''}`,
    },
    body: new URLSearchParams({ unitId, resultId }).toString(),
  });
  return {
    http: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function count(table: 'users' | 'students' | 'parent_children'): Promise<number> {
  const row = await server.app.services.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function auditRows(action: string) {
  return server.app.services.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .execute();
}

/** The rows of a downloaded .xlsx's first sheet, as text. */
async function sheetRows(bytes: Buffer, sheetIndex = 0): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  book.worksheets[sheetIndex]?.eachRow((row) => {
    rows.push(
      (row.values as ExcelJS.CellValue[])
        .slice(1)
        .map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')),
    );
  });
  return rows;
}

const parentRow = (login: string, child: string, grade = 'Grade 1', klass = 'Class 3'): Row => ({
  loginName: login,
  realName: '测试家长',
  userType: '家长',
  childName: child,
  gradeName: grade,
  className: klass,
});

// ---------------------------------------------------------------------------------------------

describe(`bulk import: who may call on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers 401 without a session, for every endpoint', async () => {
    const anonymous = server.client();
    const bytes = await workbook([parentRow('anon1', 'A')]);
    const replies = [
      await anonymous.get(`${E.template.path}?unitId=${DEMO_SCHOOL_ID}`),
      await anonymous.postMultipart(E.dryRun.path, form(DEMO_SCHOOL_ID, bytes)),
      await anonymous.postMultipart(E.commit.path, form(DEMO_SCHOOL_ID, bytes)),
      await anonymous.postForm(E.result.path, { unitId: DEMO_SCHOOL_ID, resultId: 'x'.repeat(43) }),
    ];
    for (const reply of replies) expect(reply.body.status).toBe(401);
  });

  it('answers 403 to a teacher, for every endpoint, and writes nothing', async () => {
    const users = await count('users');
    const bytes = await workbook([parentRow('byteacher', 'A')]);
    const replies = [
      await teacher.get(`${E.template.path}?unitId=${DEMO_SCHOOL_ID}`),
      await dryRun(teacher, bytes),
      await commit(teacher, bytes),
      await teacher.postForm(E.result.path, { unitId: DEMO_SCHOOL_ID, resultId: 'x'.repeat(43) }),
    ];
    for (const reply of replies) {
      expect(reply.body.status).toBe(403);
      expect(reply.body.message).toMatch(/管理员|administrator/);
    }
    expect(await count('users')).toBe(users);
  });

  it("answers 403 to a school's admin for the area above it, and to an area's admin for a school outside it", async () => {
    const users = await count('users');
    const bytes = await workbook([parentRow('outsider', 'A')]);
    const cases: [TestClient, string][] = [
      [admin, DEMO_AREA_ID],
      [area, OUTSIDE_SCHOOL_ID],
    ];
    for (const [client, unitId] of cases) {
      const replies = [
        await client.get(`${E.template.path}?unitId=${unitId}`),
        await dryRun(client, bytes, 'users.xlsx', unitId),
        await commit(client, bytes, 'users.xlsx', unitId),
        await client.postForm(E.result.path, { unitId, resultId: 'x'.repeat(43) }),
      ];
      for (const reply of replies) {
        expect(reply.body.status).toBe(403);
        expect(reply.body.message).toMatch(/不属于您的单位|outside your own/);
      }
    }
    expect(await count('users')).toBe(users);
  });

  it("lets an area's admin check a file for a school under the area", async () => {
    const reply = await dryRun(area, await workbook([parentRow('areacheck', 'Area Kid')]));
    expect(reply.body).toMatchObject({ status: 200, data: { ok: true } });
  });
});

describe(`bulk import: files refused on ${process.env.API_DB ?? 'sqlite'}`, () => {
  /** The refusal's one message on the `file` field (English part). */
  function fileMessage(reply: Reply<unknown>): string {
    expect(reply.http).toBeLessThan(500);
    expect(reply.body.status).toBe(400);
    const field = reply.body.fieldErrors?.find((e) => e.field === 'file');
    expect(field?.message).toContain('|||');
    return field?.message.split('|||')[1] ?? '';
  }

  it('refuses a file that is neither .xlsx nor .csv, naming both', async () => {
    expect(fileMessage(await dryRun(admin, Buffer.from('hello'), 'notes.txt'))).toMatch(
      /Only \.xlsx or \.csv/,
    );
    expect(fileMessage(await dryRun(admin, Buffer.from('hello'), 'users.xls'))).toMatch(
      /save it as \.xlsx/,
    );
  });

  it('refuses a file over the size limit without reading it whole', async () => {
    const reply = await dryRun(admin, Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41), 'big.csv');
    expect(fileMessage(reply)).toMatch(/at most 8 MB/);
  });

  it('refuses garbage named .xlsx, a binary named .csv and an empty file, each with its reason', async () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    expect(fileMessage(await dryRun(admin, garbage, 'users.xlsx'))).toMatch(/not a valid \.xlsx/);
    const zipNotWorkbook = Buffer.concat([Buffer.from('PK\u0003\u0004'), garbage]);
    expect(fileMessage(await dryRun(admin, zipNotWorkbook, 'users.xlsx'))).toMatch(
      /not a valid \.xlsx/,
    );
    expect(fileMessage(await dryRun(admin, await workbook([]), 'users.csv'))).toMatch(
      /not a text CSV/,
    );
    expect(fileMessage(await dryRun(admin, Buffer.alloc(0), 'users.csv'))).toMatch(/empty/);
  });

  it('refuses a form without the unit or without the file, and a body that is no form', async () => {
    const bytes = await workbook([parentRow('noform', 'A')]);
    const noUnit = await admin.postMultipart(E.dryRun.path, form(undefined, bytes));
    expect(noUnit.body.status).toBe(400);
    expect(noUnit.body.fieldErrors?.[0]?.field).toBe('unitId');
    const noFile = await admin.postMultipart(E.dryRun.path, form(DEMO_SCHOOL_ID));
    expect(noFile.body.fieldErrors).toEqual([
      { field: 'file', message: '未找到文件|||Not find file' },
    ]);
    const json = await admin.postJson(E.dryRun.path, { unitId: DEMO_SCHOOL_ID });
    expect(json.http).toBeLessThan(500);
    expect(json.body.status).not.toBe(200);
  });

  it('answers a sheet that is nothing like the template with the missing columns, not a failure', async () => {
    const csv = Buffer.from('名字,年龄\r\n张三,12\r\n', 'utf8');
    const reply = await dryRun(admin, csv, 'other.csv');
    expect(reply.body.status).toBe(200);
    expect(reply.body.data?.ok).toBe(false);
    expect(reply.body.data?.problems.map((p) => [p.row, p.column, p.code])).toEqual([
      [1, 'loginName', 'missingColumn'],
      [1, 'realName', 'missingColumn'],
      [1, 'userType', 'missingColumn'],
    ]);
  });

  it('answers a header without rows as empty, and more than the row limit as too many', async () => {
    const header = IMPORT_COLUMNS.map((c) => importHeader(c, 'en')).join(',');
    const empty = await dryRun(admin, Buffer.from(`${header}\r\n`), 'empty.csv');
    expect(empty.body.data?.problems.map((p) => p.code)).toEqual(['fileEmpty']);
    const line = 'u,Name,Teacher,,,,,,,\r\n';
    const many = await dryRun(
      admin,
      Buffer.from(`${header}\r\n${line.repeat(IMPORT_MAX_ROWS + 1)}`),
      'many.csv',
    );
    expect(many.body.data?.problems.map((p) => p.code)).toEqual(['tooManyRows']);
  });

  it('refuses a result key that is malformed (400) or unknown (404)', async () => {
    const malformed = await admin.postForm(E.result.path, {
      unitId: DEMO_SCHOOL_ID,
      resultId: 'short',
    });
    expect(malformed.body.status).toBe(400);
    const unknown = await takeResult(admin, 'A'.repeat(43));
    expect(unknown.http).toBe(200);
    const body = JSON.parse(unknown.bytes.toString('utf8')) as { status: number; message: string };
    expect(body.status).toBe(404);
    expect(body.message).toMatch(/downloaded once/);
  });

  it('refuses a template of an unknown language or kind', async () => {
    const reply = await admin.get(`${E.template.path}?unitId=${DEMO_SCHOOL_ID}&lang=fr`);
    expect(reply.body.status).toBe(400);
  });
});

describe(`bulk import: the template round-trips on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it("downloads the Chinese .xlsx with the columns, the school's classes and the rules; filled in, it checks clean", async () => {
    const download = await admin.fetchBytes(`${E.template.path}?unitId=${DEMO_SCHOOL_ID}`);
    expect(download.http).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/spreadsheetml/);
    expect(download.headers.get('content-disposition')).toMatch(/attachment/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(download.bytes as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['用户', '班级', '说明']);
    const users = book.worksheets[0] as ExcelJS.Worksheet;
    expect((users.getRow(1).values as string[]).slice(1)).toEqual(
      IMPORT_COLUMNS.map((c) => importHeader(c, 'zh-CN')),
    );
    const classes = (await sheetRows(download.bytes, 1)).slice(1);
    expect(classes).toEqual(
      expect.arrayContaining([
        ['Grade 1', 'Class 3'],
        ['Grade 3', 'Class 2'],
        ['Grade 5', 'Class 1'],
      ]),
    );

    // Fill it as a registrar would: a parent with two children (the second row leaves the
    // account to the first), a teacher, a new class added to the classes sheet.
    const values: Row[] = [
      {
        ...parentRow('rt.parent', '赵一'),
        phone: '138 0013 8000',
        idCard: '11010119900307451x',
        email: 'RT@School.cn',
        sex: '女',
      },
      { loginName: 'rt.parent', childName: '赵二', gradeName: '四年级', className: '2班' },
      { loginName: 'rt.teacher', realName: '钱老师', userType: '教师', phone: '13900139000' },
    ];
    for (const v of values) users.addRow(IMPORT_COLUMNS.map((c) => v[c.key] ?? null));
    (book.worksheets[1] as ExcelJS.Worksheet).addRow(['四年级', '2班']);
    const filled = Buffer.from(await book.xlsx.writeBuffer());

    const reply = await dryRun(admin, filled, '模板.xlsx');
    expect(reply.body.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      ok: true,
      problemCount: 0,
      format: 'xlsx',
      fileName: '模板.xlsx',
      counts: {
        rows: 3,
        accounts: 2,
        accountsByType: [
          { userType: 2, count: 1 },
          { userType: 3, count: 1 },
        ],
        newStudents: 2,
        existingStudents: 0,
        links: 2,
      },
    });
  });

  it('downloads the English .csv header; filled in, it checks clean and imports', async () => {
    const download = await admin.fetchBytes(
      `${E.template.path}?unitId=${DEMO_SCHOOL_ID}&lang=en&format=csv`,
    );
    expect(download.headers.get('content-type')).toMatch(/text\/csv/);
    const text = download.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).trim().split(',')).toEqual(
      IMPORT_COLUMNS.map((c) => importHeader(c, 'en')),
    );
    // The child Li Ming is the school's already: the new parent is linked to that student.
    const filled = Buffer.from(
      `${text}csv.parent,Mrs Li,Parent,13800138001,,,F,Li Ming,Grade 3,Class 2\r\n` +
        `csv.staff,"Zhou, Min",Other staff,,,,,,,\r\n`,
      'utf8',
    );
    const check = await dryRun(admin, filled, 'filled.csv');
    expect(check.body.data).toMatchObject({
      ok: true,
      format: 'csv',
      counts: { accounts: 2, newStudents: 0, existingStudents: 1, links: 1 },
    });
    const students = await count('students');
    const done = await commit(admin, filled, 'filled.csv');
    expect(done.body.status).toBe(200);
    expect(await count('students')).toBe(students);
    const link = await server.app.services.database.db
      .selectFrom('parent_children')
      .innerJoin('users', 'users.id', 'parent_children.parent_id')
      .select(['parent_children.student_id as studentId', 'users.real_name as realName'])
      .where('users.login_name', '=', 'csv.parent')
      .executeTakeFirstOrThrow();
    expect(link).toEqual({ studentId: 'demo-student-li-ming', realName: 'Mrs Li' });
  });

  it('reads a GB 18030 .csv as Excel saves it on a Chinese Windows', async () => {
    const header = IMPORT_COLUMNS.map((c) => importHeader(c, 'zh-CN')).join(',');
    const gb = gb18030(`${header}\r\ngbk.teacher,孙老师,教师,,,,男,,,\r\n`);
    // Not UTF-8: the reader's fallback is what reads it.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(gb)).toThrow();
    const reply = await dryRun(admin, gb, 'gbk.csv');
    expect(reply.body.data).toMatchObject({ ok: true, counts: { accounts: 1 } });
  });
});

/** The GB 18030 bytes of a text of ASCII and common Chinese characters (Node encodes UTF-8 only). */
function gb18030(text: string): Buffer {
  const decoder = new TextDecoder('gb18030');
  const table = new Map<string, number[]>();
  // Every two-byte GBK code: enough for the characters of the test.
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const char = decoder.decode(new Uint8Array([lead, trail]));
      if (!table.has(char)) table.set(char, [lead, trail]);
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x80) bytes.push(code);
    else bytes.push(...(table.get(char) ?? []));
  }
  return Buffer.from(bytes);
}

describe(`bulk import: every kind of bad row on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('lists every problem with its row, column and a bilingual message, and writes nothing', async () => {
    const long = '长'.repeat(65);
    const rows: Row[] = [
      /* 2 */ { ...parentRow('', '甲') },
      /* 3 */ { ...parentRow('zhang san', '乙') },
      /* 4 */ { ...parentRow('Teacher', '丙') },
      /* 5 */ { loginName: 'dup.teacher', realName: '重复', userType: '教师' },
      /* 6 */ { loginName: 'dup.teacher', realName: '重复', userType: '教师' },
      /* 7 */ { ...parentRow('no.name', '丁'), realName: '' },
      /* 8 */ { ...parentRow('long.name', '戊'), realName: long },
      /* 9 */ { ...parentRow('ctrl.name', '己'), realName: '王\n五' },
      /* 10 */ { ...parentRow('no.type', '庚'), userType: '' },
      /* 11 */ { ...parentRow('bad.type', '辛'), userType: '学生' },
      /* 12 */ { ...parentRow('bad.phone', '壬'), phone: '23800138000' },
      /* 13 */ { ...parentRow('bad.id', '癸'), idCard: '110101199013074518' },
      /* 14 */ { ...parentRow('bad.email', '子'), email: 'not-an-email' },
      /* 15 */ { ...parentRow('bad.sex', '丑'), sex: '未知' },
      /* 16 */ { loginName: 'no.child', realName: '无子', userType: '家长' },
      /* 17 */ { loginName: 'teacher.kid', realName: '有子', userType: '教师', childName: '寅' },
      /* 18 */ { ...parentRow('no.grade', '卯'), gradeName: '' },
      /* 19 */ { ...parentRow('bad.class', '辰', 'Grade 9', 'Class 9') },
      /* 20 */ { ...parentRow('two.rows', '巳') },
      /* 21 */ {
        loginName: 'two.rows',
        childName: '巳',
        gradeName: 'Grade 1',
        className: 'Class 3',
      },
      /* 22 */ { ...parentRow('ambiguous', 'Wang Fang', 'Grade 2', 'Class 1') },
      // Typed without the text format: Excel keeps 15 significant digits of an 18-digit number.
      /* 23 */ { ...parentRow('lost.digits', '午'), idCard: 110101199003074000 },
      /* 24 */ { ...parentRow('date.class', '未'), className: new Date(Date.UTC(2026, 0, 2)) },
      /* 25 */ { ...parentRow('error.phone', '申'), phone: { error: '#N/A' } },
      /* 26 */ {
        loginName: 'two.rows',
        realName: '别人',
        childName: '酉',
        gradeName: 'Grade 1',
        className: 'Class 3',
      },
    ];
    const bytes = await workbook(rows, [
      ['Grade 9', ''],
      ['Grade 1', 'Class 3'],
    ]);
    const before = await Promise.all([count('users'), count('students'), count('parent_children')]);

    const reply = await dryRun(admin, bytes);
    expect(reply.body.status).toBe(200);
    const data = reply.body.data as ImportDryRun;
    expect(data.ok).toBe(false);
    const found = data.problems.map((p) => `${p.sheet}:${p.row}:${p.column}:${p.code}`);
    expect(found).toEqual([
      'classes:2:className:required',
      'users:2:loginName:required',
      'users:3:loginName:loginFormat',
      'users:4:loginName:loginTaken',
      'users:6:loginName:loginDuplicate',
      'users:7:realName:required',
      'users:8:realName:tooLong',
      'users:9:realName:controlCharacter',
      'users:10:userType:required',
      'users:11:userType:userTypeUnknown',
      'users:12:phone:phoneInvalid',
      'users:13:idCard:idCardInvalid',
      'users:14:email:emailInvalid',
      'users:15:sex:sexUnknown',
      'users:16:childName:parentWithoutChild',
      'users:17:childName:childForNonParent',
      'users:18:gradeName:required',
      'users:19:className:classUnknown',
      'users:21:childName:childDuplicate',
      'users:22:childName:childAmbiguous',
      'users:23:idCard:numberLostDigits',
      'users:24:className:dateCell',
      'users:25:phone:cellError',
      'users:26:loginName:loginDuplicate',
    ]);
    // Twenty-odd kinds: a rule broken in a column (an empty login and an empty grade differ).
    const kinds = new Set(data.problems.map((p) => `${p.sheet}:${p.column}:${p.code}`));
    expect(kinds.size).toBeGreaterThanOrEqual(20);
    expect(data.problemCount).toBe(found.length);
    for (const problem of data.problems) {
      const [zh, en] = problem.message.split('|||');
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
      expect(en).toMatch(/[a-z]/);
    }
    const message = (row: number, code: string) =>
      data.problems.find((p) => p.row === row && p.code === code)?.message;
    expect(message(6, 'loginDuplicate')).toContain('row 5');
    expect(message(26, 'loginDuplicate')).toContain('row 20');
    expect(message(21, 'childDuplicate')).toContain('row 20');
    expect(message(23, 'numberLostDigits')).toMatch(/format the "ID card" column as text/);
    expect(message(12, 'phoneInvalid')).toContain('"23800138000"');

    const refused = await commit(admin, bytes);
    expect(refused.body).toMatchObject({ status: 400, code: 'import_rejected' });
    expect(refused.body.message).toContain(`${found.length} problem`);
    expect(refused.body.fieldErrors?.[0]).toMatchObject({ field: 'classes:2:className' });
    expect(
      await Promise.all([count('users'), count('students'), count('parent_children')]),
    ).toEqual(before);
    const imported = await server.app.services.database.db
      .selectFrom('users')
      .select('id')
      .where('login_name', 'in', ['no.child', 'two.rows', 'bad.phone'])
      .execute();
    expect(imported).toEqual([]);
  });
});

describe(`bulk import: 5,000 rows on ${process.env.API_DB ?? 'sqlite'}`, () => {
  const ROWS = 5000;
  const grades = ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级'];
  const klasses = ['1班', '2班', '3班', '4班', '5班'];

  it('checks and commits 5,000 parents and children in under 30 s, and gives the result once', async () => {
    const rows: Row[] = Array.from({ length: ROWS }, (_, i) => {
      const n = String(i).padStart(5, '0');
      return {
        loginName: `bulk.p${n}`,
        realName: `家长${n}`,
        userType: '3',
        phone: `138${String(i).padStart(8, '0')}`,
        idCard: `11010120150101${String(i % 1000).padStart(3, '0')}X`,
        childName: `学生${n}`,
        gradeName: grades[i % grades.length],
        className: klasses[Math.floor(i / grades.length) % klasses.length],
      };
    });
    const classes = grades.flatMap((g) => klasses.map((k): [string, string] => [g, k]));
    const bytes = await workbook(rows, classes);
    const before = await Promise.all([count('users'), count('students'), count('parent_children')]);

    let started = performance.now();
    const check = await dryRun(admin, bytes, 'bulk.xlsx');
    const dryRunMs = performance.now() - started;
    expect(check.body.data).toMatchObject({ ok: true, counts: { rows: ROWS, accounts: ROWS } });

    started = performance.now();
    const done = await commit(admin, bytes, 'bulk.xlsx');
    const commitMs = performance.now() - started;
    console.info(
      `[admin-import ${server.kind}] 5,000 rows: dry run ${Math.round(dryRunMs)} ms, commit ${Math.round(commitMs)} ms`,
    );
    expect(done.body.status).toBe(200);
    expect(commitMs).toBeLessThan(30_000);
    const data = done.body.data as ImportCommit;
    expect(data.counts).toMatchObject({ accounts: ROWS, newStudents: ROWS, links: ROWS });
    expect(data.resultId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      await Promise.all([count('users'), count('students'), count('parent_children')]),
    ).toEqual(before.map((n) => n + ROWS));
    const stored = await server.app.services.database.db
      .selectFrom('users')
      .select(['phone', 'id_card', 'user_type', 'unit_id', 'password_hash'])
      .where('login_name', '=', 'bulk.p00007')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      phone: '13800000007',
      id_card: '11010120150101007X',
      user_type: 3,
      unit_id: DEMO_SCHOOL_ID,
    });
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);

    // The audit entry: one, with the counts and the file's hash, and no password.
    const audit = await auditRows('admin.import_users');
    const detailOf = (row: { detail: string | null }) =>
      JSON.parse(row.detail ?? '{}') as Record<string, unknown>;
    const entry = audit.find((a) => detailOf(a).fileName === 'bulk.xlsx');
    expect(entry).toMatchObject({ unit_id: DEMO_SCHOOL_ID });
    const detail = detailOf(entry ?? { detail: null });
    expect(detail).toMatchObject({
      format: 'xlsx',
      rows: ROWS,
      accounts: ROWS,
      newStudents: ROWS,
      links: ROWS,
    });
    expect(detail.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(detail)).not.toMatch(/password/i);

    // Not for another administrator of the unit, and that attempt does not use it up.
    const byArea = await takeResult(area, data.resultId);
    expect(JSON.parse(byArea.bytes.toString('utf8'))).toMatchObject({ status: 404 });

    const result = await takeResult(admin, data.resultId);
    expect(result.http).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/spreadsheetml/);
    expect(result.headers.get('cache-control')).toBe('no-store');
    const sheet = await sheetRows(result.bytes);
    expect(sheet).toHaveLength(ROWS + 1);
    const seventh = sheet.find((r) => r[1] === 'bulk.p00007') as string[];
    expect(seventh.slice(0, 4)).toEqual(['9', 'bulk.p00007', '家长00007', '家长']);
    expect(seventh[5]).toContain('学生00007');
    const password = seventh[4] as string;
    expect(password).toMatch(/^[A-Za-z2-9]{14}$/);
    expect(await auditRows('admin.import_result')).toHaveLength(1);

    // Once: then gone.
    const again = await takeResult(admin, data.resultId);
    expect(JSON.parse(again.bytes.toString('utf8'))).toMatchObject({ status: 404 });

    // The imported parent signs in with the initial password and sees the child.
    const parent = server.client();
    await signIn(parent, { username: 'bulk.p00007', password });
    const me = await parent.get<{ chirdenList: { realName: string; className: string }[] }>(
      '/api/uaa/oauth/me',
    );
    const children = JSON.stringify(me.body.data ?? {});
    expect(children).toContain('学生00007');

    // The same file again: every login is taken now, and nothing is written.
    const twice = await dryRun(admin, bytes, 'bulk.xlsx');
    expect(twice.body.data?.problemCount).toBe(ROWS);
    expect(twice.body.data?.problems[0]).toMatchObject({ row: 2, code: 'loginTaken' });
  }, 180_000);
});
