import { describe, expect, it } from 'vitest';
import type { ChildRecord } from '../../family/family.repository.ts';
import type { Cell, ImportSheet, ImportWorkbook } from './import-file.ts';
import { loginNamesOf, planImport, type SchoolFacts } from './import-plan.ts';

const HEADER = [
  '登录名*',
  '姓名*',
  '用户类型*',
  '手机号',
  '身份证号',
  '邮箱',
  '性别',
  '孩子姓名',
  '年级',
  '班级',
];

/** A sheet from rows of text, numbered from `first`. */
function sheet(rows: (string | Cell)[][], first = 1): ImportSheet {
  return {
    rows: rows.map((cells, i) => ({
      row: first + i,
      cells: cells.map((c) =>
        typeof c === 'string' ? (c === '' ? undefined : { text: c, kind: 'text' }) : c,
      ),
    })),
  };
}

function book(users: (string | Cell)[][], ...others: ImportSheet[]): ImportWorkbook {
  return { format: 'xlsx', sheets: [sheet([HEADER, ...users]), ...others] };
}

const STUDENTS: ChildRecord[] = [
  { id: 's-li-ming', unitId: 'u', realName: 'Li Ming', gradeName: 'Grade 3', className: 'Class 2' },
  { id: 's-chen', unitId: 'u', realName: '陈悦', gradeName: '一年级', className: '1班' },
];
const FACTS: SchoolFacts = { takenLogins: new Set(['teacher']), students: STUDENTS };

const codes = (plan: ReturnType<typeof planImport>) =>
  plan.problems.map((p) => `${p.sheet}:${p.row}:${p.column}:${p.code}`);

describe('planImport (issue 13 §3)', () => {
  it("plans a parent's two children, a second parent of the same new child, and an existing student", () => {
    const plan = planImport(
      book([
        ['p1', '王一', '家长', '', '', '', '', '王小', '一年级', '１班'],
        ['P1', '', '', '', '', '', '', '王二', 'Grade 3', 'class 2'],
        ['p2', '王二妈', '3', '', '', '', '', '王小', '一年级', '1班'],
        ['p3', '李明爸', '3', '', '', '', '', 'li ming', 'Grade 3', 'Class 2'],
        ['t1', '赵老师', '教师'],
      ]),
      FACTS,
    );
    expect(plan.problems).toEqual([]);
    expect(plan.counts).toEqual({
      rows: 5,
      accounts: 4,
      accountsByType: [
        { userType: 2, count: 1 },
        { userType: 3, count: 3 },
      ],
      newStudents: 2,
      existingStudents: 1,
      links: 4,
    });
    // The school's spelling of a class wins over the file's (full-width digit, other case).
    expect(plan.newStudents.map((s) => [s.realName, s.gradeName, s.className])).toEqual([
      ['王小', '一年级', '1班'],
      ['王二', 'Grade 3', 'Class 2'],
    ]);
    const [p1, p2, p3] = plan.accounts;
    expect(p1?.children).toHaveLength(2);
    expect(p2?.children).toEqual([p1?.children[0]]);
    expect(p3?.children).toEqual([{ existingId: 's-li-ming' }]);
  });

  it('finds the header under a title, ignores columns it does not read, and numbers rows as the sheet', () => {
    const plan = planImport(
      {
        format: 'xlsx',
        sheets: [
          sheet([
            ['2026 级新生家长名单'],
            [...HEADER, '备注'],
            ['p1', '王一', '家长', '', '', '', '', '王小', '一年级', '9班', '转学生'],
          ]),
        ],
      },
      FACTS,
    );
    expect(codes(plan)).toEqual(['users:3:className:classUnknown']);
  });

  it("takes the classes sheet as the school's classes, and names its problems", () => {
    const classes = sheet([
      ['年级', '班级'],
      ['一年级', '9班'],
      ['二年级', ''],
    ]);
    const plan = planImport(
      book([['p1', '王一', '家长', '', '', '', '', '王小', '一年级', '9班']], classes),
      FACTS,
    );
    expect(codes(plan)).toEqual(['classes:3:className:required']);
    expect(plan.counts.newStudents).toBe(1);
  });

  it('does not take a second users sheet for the classes', () => {
    const second = sheet([HEADER, ['x1', '某', '家长', '', '', '', '', '王小', '一年级', '9班']]);
    const plan = planImport(
      book([['p1', '王一', '家长', '', '', '', '', '王小', '一年级', '9班']], second),
      FACTS,
    );
    expect(codes(plan)).toEqual(['users:2:className:classUnknown']);
  });

  it('refuses a taken login case-insensitively, and a repeated column', () => {
    expect(codes(planImport(book([['TEACHER', '李', '教师']]), FACTS))).toEqual([
      'users:2:loginName:loginTaken',
    ]);
    const repeated: ImportWorkbook = {
      format: 'csv',
      sheets: [
        sheet([
          [...HEADER, '手机号'],
          ['t1', '李', '教师'],
        ]),
      ],
    };
    expect(codes(planImport(repeated, FACTS))).toEqual(['users:1:phone:duplicateColumn']);
  });

  it('reports a mangled cell once, in place of its rule', () => {
    const plan = planImport(
      book([
        ['t1', '李', '教师', '', { text: '110101199003074000', kind: 'lostDigits' }],
        [
          'p1',
          '王',
          '家长',
          '',
          '',
          '',
          '',
          '王小',
          '一年级',
          { text: '2026-01-02', kind: 'date' },
        ],
      ]),
      FACTS,
    );
    expect(codes(plan)).toEqual(['users:2:idCard:numberLostDigits', 'users:3:className:dateCell']);
  });

  it('lists the login names for the one query that asks which are taken', () => {
    expect(
      loginNamesOf(
        book([
          ['p1', '王'],
          ['', '无'],
          ['P2', '李'],
        ]),
      ),
    ).toEqual(['p1', 'P2']);
  });

  it('calls a sheet with rows but none read empty', () => {
    expect(codes(planImport(book([]), FACTS))).toEqual(['file:0:null:fileEmpty']);
  });
});
