import { describe, expect, it } from 'vitest';
import {
  IMPORT_COLUMNS,
  checkImportRow,
  classColumnOf,
  importColumnOf,
  importHeader,
  nameKey,
  normalizePhone,
  parseSex,
  parseUserType,
  type ImportAccount,
  type ImportRowText,
} from './admin-import.ts';

const EMPTY: ImportRowText = {
  loginName: '',
  realName: '',
  userType: '',
  phone: '',
  idCard: '',
  email: '',
  sex: '',
  childName: '',
  gradeName: '',
  className: '',
};

const parent: ImportRowText = {
  ...EMPTY,
  loginName: 'zhang.san',
  realName: '张三',
  userType: '家长',
  childName: '张小明',
  gradeName: '一年级',
  className: '1班',
};

const teacher: ImportRowText = {
  ...EMPTY,
  loginName: 'li.si',
  realName: '李四',
  userType: '2',
};

/** The row's problems as `column:code`. */
function problems(row: ImportRowText, first?: ImportAccount): string[] {
  return checkImportRow(row, first).problems.map((p) => `${p.column}:${p.code}`);
}

describe('the import columns (issue 13 §3)', () => {
  it('read a header by its key, Chinese or English name, any case, with or without the *', () => {
    expect(importColumnOf('登录名*')).toBe('loginName');
    expect(importColumnOf(' login NAME ')).toBe('loginName');
    expect(importColumnOf('idCard')).toBe('idCard');
    expect(importColumnOf('身份证号')).toBe('idCard');
    expect(importColumnOf('备注')).toBeUndefined();
    expect(importColumnOf('')).toBeUndefined();
    expect(classColumnOf('Class')).toBe('className');
  });

  it("give the template's header in each language, marking the always-required columns", () => {
    expect(IMPORT_COLUMNS.map((c) => importHeader(c, 'zh-CN')).slice(0, 4)).toEqual([
      '登录名*',
      '姓名*',
      '用户类型*',
      '手机号',
    ]);
    expect(IMPORT_COLUMNS.map((c) => importHeader(c, 'en'))).toContain('ID card');
    for (const column of IMPORT_COLUMNS)
      expect(importColumnOf(importHeader(column, 'en'))).toBe(column.key);
  });
});

describe('the import values', () => {
  it.each([
    ['3', 3],
    ['家长', 3],
    ['Parent', 3],
    ['TEACHER', 2],
    ['教师', 2],
    ['1', 1],
    ['其他职工', 4],
    ['other staff', 4],
    ['学生', null],
    ['5', null],
  ] as const)('user type %j is %j (spec §1, §6)', (text, expected) => {
    expect(parseUserType(text)).toBe(expected);
  });

  it.each([
    ['', 0],
    ['男', 1],
    ['M', 1],
    ['female', 2],
    ['女', 2],
    ['2', 2],
    ['未知', null],
  ] as const)('sex %j is %j', (text, expected) => {
    expect(parseSex(text)).toBe(expected);
  });

  it('take the spaces and hyphens out of a phone, and fold names for comparison', () => {
    expect(normalizePhone('138 0013-8000')).toBe('13800138000');
    expect(nameKey(' Grade　１ ')).toBe(nameKey('grade 1'));
    expect(nameKey('1班')).not.toBe(nameKey('2班'));
  });
});

describe('checkImportRow (issue 13 §3 row rules, spec §5 validators)', () => {
  it("accepts a parent's row and a teacher's row, normalising phone, ID card and email", () => {
    const check = checkImportRow({
      ...parent,
      phone: '138 0013 8000',
      idCard: '11010119900307451x',
      email: 'Zhang@School.CN',
      sex: '男',
    });
    expect(check.problems).toEqual([]);
    expect(check.account).toEqual({
      loginName: 'zhang.san',
      realName: '张三',
      userType: 3,
      phone: '13800138000',
      idCard: '11010119900307451X',
      email: 'zhang@school.cn',
      sex: 1,
    });
    expect(check.child).toEqual({ realName: '张小明', gradeName: '一年级', className: '1班' });
    expect(problems(teacher)).toEqual([]);
    expect(checkImportRow(teacher).child).toBeNull();
  });

  it('requires the login name, the real name and the user type', () => {
    expect(problems(EMPTY)).toEqual([
      'loginName:required',
      'realName:required',
      'userType:required',
    ]);
  });

  it.each([
    [{ loginName: 'zhang san' }, 'loginName:loginFormat'],
    [{ loginName: 'z' }, 'loginName:loginFormat'],
    [{ loginName: '张三' }, 'loginName:loginFormat'],
    [{ realName: '长'.repeat(65) }, 'realName:tooLong'],
    [{ realName: '王\n五' }, 'realName:controlCharacter'],
    [{ userType: 'student' }, 'userType:userTypeUnknown'],
    [{ phone: '23800138000' }, 'phone:phoneInvalid'],
    [{ phone: '1380013800' }, 'phone:phoneInvalid'],
    [{ idCard: '110101199013074518' }, 'idCard:idCardInvalid'],
    [{ idCard: '1101011990030745' }, 'idCard:idCardInvalid'],
    [{ email: 'zhang@school' }, 'email:emailInvalid'],
    [{ email: `${'a'.repeat(250)}@b.cn` }, 'email:emailInvalid'],
    [{ sex: 'x' }, 'sex:sexUnknown'],
    [{ childName: '', gradeName: '', className: '' }, 'childName:parentWithoutChild'],
    [{ gradeName: '' }, 'gradeName:required'],
    [{ className: '' }, 'className:required'],
    [{ childName: '' }, 'childName:required'],
    [{ className: '班'.repeat(65) }, 'className:tooLong'],
  ] as const)('a parent row with %j has the problem %s', (change, expected) => {
    expect(problems({ ...parent, ...change })).toEqual([expected]);
  });

  it('refuses a child on a teacher or staff row', () => {
    expect(problems({ ...teacher, gradeName: '一年级' })).toEqual(['gradeName:childForNonParent']);
    expect(problems({ ...teacher, userType: '4', childName: '小明' })).toEqual([
      'childName:childForNonParent',
    ]);
  });

  it("lets a parent's next row leave the account to the first, and give only the child", () => {
    const first = checkImportRow(parent).account;
    const next: ImportRowText = {
      ...EMPTY,
      loginName: 'zhang.san',
      childName: '张小红',
      gradeName: '三年级',
      className: '2班',
    };
    const check = checkImportRow(next, first);
    expect(check.problems).toEqual([]);
    expect(check.account).toBe(first);
    // Repeating the same details is fine too; different ones are a duplicate login.
    expect(problems({ ...parent, childName: '张小红' }, first)).toEqual([]);
    expect(problems({ ...next, realName: '别人' }, first)).toEqual(['loginName:loginDuplicate']);
    expect(problems({ ...next, phone: '13800138000' }, first)).toEqual([
      'loginName:loginDuplicate',
    ]);
    // A continuation still needs its child.
    expect(problems({ ...EMPTY, loginName: 'zhang.san' }, first)).toEqual([
      'childName:parentWithoutChild',
    ]);
  });

  it('calls any second row of a teacher a duplicate login', () => {
    const first = checkImportRow(teacher).account;
    expect(problems(teacher, first)).toEqual(['loginName:loginDuplicate']);
  });
});
