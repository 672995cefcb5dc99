import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, type ImportDryRun } from '@campus/contracts/admin-import';
import {
  IMPORT_ACCEPT,
  canCommit,
  importFormatOf,
  pickProblem,
  problemRows,
  unlistedProblems,
} from './import-rules.ts';

const counts = {
  rows: 2,
  accounts: 2,
  accountsByType: [{ userType: 3, count: 2 }],
  newStudents: 1,
  existingStudents: 1,
  links: 2,
};

const dryRun: ImportDryRun = {
  unitId: 'unit',
  fileName: 'parents.csv',
  format: 'csv',
  counts,
  ok: false,
  problems: [
    { sheet: 'file', row: 0, column: null, code: 'fileEmpty', message: '文件没有数据|||No rows' },
    {
      sheet: 'users',
      row: 3,
      column: 'phone',
      code: 'phoneInvalid',
      message: '手机号无效|||Bad phone',
    },
    { sheet: 'classes', row: 2, column: 'className', code: 'required', message: '必填|||Required' },
    { sheet: 'users', row: 4, column: 'mystery', code: 'required', message: 'only one' },
  ],
  problemCount: 6,
};

describe('the import page (issue 13 §3)', () => {
  it('takes .xlsx and .csv files only, not empty, not over the limit', () => {
    expect(IMPORT_ACCEPT).toBe('.xlsx,.csv');
    expect(importFormatOf('Parents.XLSX')).toBe('xlsx');
    expect(importFormatOf('parents.csv')).toBe('csv');
    expect(importFormatOf('parents.xls')).toBeNull();
    expect(importFormatOf('csv')).toBeNull();
    expect(pickProblem({ name: 'a.csv', size: 10 })).toBeNull();
    expect(pickProblem({ name: 'a.txt', size: 10 })).toBe('format');
    expect(pickProblem({ name: 'a.csv', size: 0 })).toBe('empty');
    expect(pickProblem({ name: 'a.xlsx', size: IMPORT_MAX_BYTES + 1 })).toBe('tooLarge');
  });

  it("lists each problem's row, its column by the template's name and its message", () => {
    expect(problemRows(dryRun, 'en')).toEqual([
      { key: '0', row: null, sheet: 'file', column: null, message: 'No rows' },
      { key: '1', row: 3, sheet: 'users', column: 'Phone', message: 'Bad phone' },
      { key: '2', row: 2, sheet: 'classes', column: 'Class', message: 'Required' },
      { key: '3', row: 4, sheet: 'users', column: 'mystery', message: 'only one' },
    ]);
    expect(problemRows(dryRun, 'zh-CN').map((r) => [r.column, r.message])).toEqual([
      [null, '文件没有数据'],
      ['手机号', '手机号无效'],
      ['班级', '必填'],
      ['mystery', 'only one'],
    ]);
    expect(unlistedProblems(dryRun)).toBe(2);
  });

  it('offers the commit only after a clean dry run with rows', () => {
    expect(canCommit(dryRun)).toBe(false);
    const clean = { ...dryRun, ok: true, problems: [], problemCount: 0 };
    expect(canCommit(clean)).toBe(true);
    expect(canCommit({ ...clean, counts: { ...counts, rows: 0 } })).toBe(false);
    expect(unlistedProblems(clean)).toBe(0);
  });
});
