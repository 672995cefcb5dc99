/**
 * The demo school of DESIGN.md §3, as data. Ids are stable and readable (`demo-…`) so
 * that seeding is insert-if-missing and a second run changes nothing.
 */
import type { DecorationSet } from '@campus/contracts/uaa';

export const DEMO_AREA_ID = 'demo-unit-east-district';
export const DEMO_SCHOOL_ID = 'demo-unit-sunshine';

export const DEMO_UNITS = {
  area: {
    id: DEMO_AREA_ID,
    name: '东区教育局',
    enName: 'East District Education Bureau',
    unitType: 1,
    parentId: null,
    footer:
      '东区教育局 · 东区教育信息中心技术支持|||East District Education Bureau · Information Centre',
    footerLink: null,
    helpCenter: 1,
    autologin: 0,
    /** Issue 14 §1: the area's own login page does not offer face sign-in. */
    faceSignIn: 0,
    /** Spec §2 message bell: the count, not a plain dot. */
    messagePcOpen: 0,
    /** Spec §7: no single-sign-on configured. */
    ssoLoginUrl: null,
    decorationSet: {
      themeList: [{ name: '政务蓝', enName: 'Civic Blue', color: '#1F5C99' }],
      footerMsg: {
        show: true,
        helpCenter: true,
        showBaMsg: false,
        baList: [],
        copyright:
          'Copyright © 2026 东区教育局 版权所有|||Copyright © 2026 East District Education Bureau. All rights reserved.',
      },
    } satisfies DecorationSet,
  },
  school: {
    id: DEMO_SCHOOL_ID,
    name: '阳光小学',
    enName: 'Sunshine Primary School',
    unitType: 2,
    parentId: DEMO_AREA_ID,
    footer: '阳光小学官方网站|||Sunshine Primary School website',
    footerLink: 'https://www.sunshine-school.example/',
    helpCenter: 1,
    autologin: 1,
    /** Issue 14 §1: the school's login page offers face sign-in once a face is enrolled. */
    faceSignIn: 1,
    messagePcOpen: 0,
    ssoLoginUrl: null,
    decorationSet: {
      themeList: [
        { name: '中国红', enName: 'China Red', color: '#C8161D' },
        { name: '薄荷绿', enName: 'Mint Green', color: '#2BAE85' },
        { name: '琥珀橙', enName: 'Amber', color: '#F29F05' },
        { name: '暮光紫', enName: 'Twilight Purple', color: '#7460C8' },
        { name: '海湾蓝', enName: 'Bay Blue', color: '#1E88E5' },
      ],
      footerMsg: {
        show: true,
        helpCenter: true,
        showBaMsg: true,
        copyright:
          'Copyright © 2026 阳光小学 版权所有|||Copyright © 2026 Sunshine Primary School. All rights reserved.',
        baList: [
          {
            baUrl: 'https://beian.miit.gov.cn/',
            baImg: '',
            baContent: '京ICP备2026000001号-1',
            showImg: false,
          },
          {
            baUrl: 'https://www.beian.gov.cn/portal/registerSystemInfo?recordcode=11010502000001',
            baImg: '',
            baContent: '京公网安备 11010502000001号',
            showImg: false,
          },
        ],
      },
    } satisfies DecorationSet,
  },
} as const;

export type DemoUnitKey = keyof typeof DEMO_UNITS;

export interface DemoAccount {
  login: string;
  password: string;
  userType: number;
  unit: 'school' | 'area';
  note: string;
}

interface DemoUser extends DemoAccount {
  id: string;
  realName: string;
  /** 1 male, 2 female. */
  sex: number;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: 'demo-user-admin',
    login: 'admin',
    password: 'Admin@2026',
    userType: 1,
    unit: 'school',
    realName: '王建国',
    sex: 1,
    note: 'school administrator, base-app admin (may sync themes to all users)',
  },
  {
    id: 'demo-user-teacher',
    login: 'teacher',
    password: 'Teacher@2026',
    userType: 2,
    unit: 'school',
    realName: '李伟',
    sex: 1,
    note: 'teacher 李伟, linked to the account parent (same person); 120+ unread messages, 7 to-dos',
  },
  {
    id: 'demo-user-parent',
    login: 'parent',
    password: 'Parent@2026',
    userType: 3,
    unit: 'school',
    realName: '李伟',
    sex: 1,
    note: 'parent 李伟, two children: Li Ming (Grade 3, Class 2) and Li Hua (Grade 5, Class 1)',
  },
  {
    id: 'demo-user-parent1',
    login: 'parent1',
    password: 'Parent1@2026',
    userType: 3,
    unit: 'school',
    realName: '陈静',
    sex: 2,
    note: 'parent 陈静, one child',
  },
  {
    id: 'demo-user-staff',
    login: 'staff',
    password: 'Staff@2026',
    userType: 4,
    unit: 'school',
    realName: '赵敏',
    sex: 2,
    note: 'school staff (user type 4)',
  },
  {
    id: 'demo-user-area',
    login: 'area',
    password: 'Area@2026',
    userType: 1,
    unit: 'area',
    realName: '刘洋',
    sex: 1,
    note: 'area administrator, East District Education Bureau',
  },
];

export const DEMO_STUDENTS = [
  {
    id: 'demo-student-li-ming',
    parent: 'parent',
    realName: 'Li Ming',
    grade: 'Grade 3',
    class: 'Class 2',
  },
  {
    id: 'demo-student-li-hua',
    parent: 'parent',
    realName: 'Li Hua',
    grade: 'Grade 5',
    class: 'Class 1',
  },
  {
    id: 'demo-student-chen-yue',
    parent: 'parent1',
    realName: 'Chen Yue',
    grade: 'Grade 1',
    class: 'Class 3',
  },
] as const;

export const DEMO_LINKS = [{ teacher: 'teacher', parent: 'parent' }] as const;

export const DEMO_ROLES = [
  { login: 'admin', appCode: 'base', role: 'XX_SYS_' },
  // The area's administrator (issue 13 §1: an area admin also manages the schools under it).
  { login: 'area', appCode: 'base', role: 'XX_SYS_' },
] as const;

export const DEMO_APP_GROUPS = [
  { code: 'teaching', name: '教学教务', enName: 'Teaching', sort: 1 },
  { code: 'campus', name: '校园管理', enName: 'Campus', sort: 2 },
  { code: 'home_school', name: '家校共育', enName: 'Home and School', sort: 3 },
] as const;

export interface DemoApp {
  code: string;
  group: string;
  name: string;
  shortName: string;
  englishName: string;
  englishShortName: string;
  serverId: string;
  /** 0 hides the app. */
  updateStatus: number;
  userTypes: string;
  iconColor: string;
}

const ALL = '1,2,3,4';
const STAFF = '1,2,4';
const TEACHERS = '2,4';

export const DEMO_APPS: readonly DemoApp[] = [
  app('edu', 'teaching', '教务管理', '教务', 'Academic Affairs', 'Academics', STAFF, '#457CD6'),
  app('timetable', 'teaching', '课表查询', '课表', 'Timetable', 'Timetable', ALL, '#3ABAE8'),
  app('homework', 'teaching', '作业管理', '作业', 'Homework', 'Homework', ALL, '#F29F05'),
  app('exam', 'teaching', '成绩管理', '成绩', 'Exam Results', 'Results', ALL, '#E5484D'),
  app(
    'evaluate',
    'teaching',
    '综合素质评价',
    '评价',
    'Student Evaluation',
    'Evaluation',
    ALL,
    '#7460C8',
  ),
  app('lesson', 'teaching', '集体备课', '备课', 'Lesson Planning', 'Lessons', TEACHERS, '#12A594'),
  app('base', 'campus', '基础平台', '基础', 'Base Platform', 'Base', STAFF, '#5B6B82'),
  app('repair', 'campus', '后勤报修', '报修', 'Repairs', 'Repairs', STAFF, '#F76B15'),
  app(
    'attendance',
    'campus',
    '教职工考勤',
    '考勤',
    'Staff Attendance',
    'Attendance',
    TEACHERS,
    '#2BAE85',
  ),
  app('asset', 'campus', '资产管理', '资产', 'Asset Management', 'Assets', '1,4', '#8E6C3A'),
  app(
    'visitor',
    'campus',
    '访客登记',
    '访客',
    'Visitor Registration',
    'Visitors',
    STAFF,
    '#0091FF',
  ),
  app('cms', 'home_school', '信息发布', '资讯', 'News and Notices', 'News', ALL, '#C8161D'),
  app('leave', 'home_school', '学生请假', '请假', 'Student Leave', 'Leave', ALL, '#D6409F'),
  app('library', 'home_school', '图书借阅', '图书', 'Library', 'Library', ALL, '#8B5CF6'),
  app('canteen', 'home_school', '智慧食堂', '食堂', 'Smart Canteen', 'Canteen', ALL, '#65A30D'),
  app('growth', 'home_school', '成长档案', '成长', 'Growth Portfolio', 'Growth', '2,3', '#EC4899'),
  // Hidden (updateStatus 0): being upgraded, so it must not appear on any desktop.
  app('survey', 'home_school', '问卷调查', '问卷', 'Surveys', 'Surveys', ALL, '#64748B', 0),
];

function app(
  code: string,
  group: string,
  name: string,
  shortName: string,
  englishName: string,
  englishShortName: string,
  userTypes: string,
  iconColor: string,
  updateStatus = 1,
): DemoApp {
  return {
    code,
    group,
    name,
    shortName,
    englishName,
    englishShortName,
    serverId: code,
    updateStatus,
    userTypes,
    iconColor,
  };
}

/** The one app whose licence has expired (DESIGN.md §3). */
export const EXPIRED_LICENCE_APP = 'library';

export const DAY_MS = 86_400_000;
/** Spec §4: modules ending within this window are "soon to expire". */
export const EXPIRY_WINDOW_MS = 7_776_000_000;

/** Unread message texts by module; `{n}` is replaced with a running number. */
export const TEACHER_MESSAGE_TEXTS: readonly { module: string; texts: readonly string[] }[] = [
  {
    module: 'cms',
    texts: [
      '《关于开展春季运动会的通知》已发布，请及时查看',
      '学校发布了《清明节放假安排》，请提前做好课程调整',
      '《第{n}周安全教育主题班会》通知已发布',
      '教研室发布了《第{n}周教研活动安排》',
      '校长办公室：本周五下午召开全体教师会议',
    ],
  },
  {
    module: 'edu',
    texts: [
      '三年级2班第{n}周课表已调整，请查看',
      '期中考试监考安排已发布，您被安排在第{n}考场',
      '您有一节代课安排：周三第3节 三年级2班 数学',
      '教务处提醒：请于本周内提交下周教学计划',
    ],
  },
  {
    module: 'homework',
    texts: [
      '三年级2班数学作业已提交 {n} 份，待批改',
      '五年级1班语文作文已全部提交，请批改',
      '有 3 名学生的作业订正已提交，待复查',
    ],
  },
  {
    module: 'evaluate',
    texts: [
      '本周综合素质评价待填写，截止周五 17:00',
      '三年级2班“劳动之星”评选结果待您确认',
      '学期综合评价报告已生成，请审核',
    ],
  },
  {
    module: 'repair',
    texts: [
      '您提交的报修单（教学楼 30{n} 投影仪）已受理',
      '报修单 B-0{n} 已处理完毕，请确认并评价',
      '后勤处：本周六对教学楼进行电路检修',
    ],
  },
  {
    module: 'leave',
    texts: [
      '学生 Li Ming 的家长提交了请假申请，待您审批',
      '三年级2班今日有 {n} 名学生请假',
      '请假申请（病假 1 天）已由家长撤回',
    ],
  },
  {
    module: 'exam',
    texts: [
      '第一单元测验成绩已录入完成，请核对',
      '年级成绩分析报告已生成',
      '请于周四前录入期中考试成绩',
    ],
  },
  {
    module: 'attendance',
    texts: ['您 {n} 日的下班打卡记录缺失，请及时说明', '本月考勤统计已生成，请确认'],
  },
  {
    module: 'library',
    texts: ['您借阅的《给教师的建议》将于 3 天后到期', '新书推荐：本月图书馆新增 {n} 册教辅用书'],
  },
  {
    module: 'canteen',
    texts: ['下周教师食堂食谱已发布', '本月餐费账单已生成，请查看'],
  },
];

export const TEACHER_UNREAD_COUNT = 126;
export const TEACHER_READ_COUNT = 6;

export const OTHER_MESSAGES = [
  {
    login: 'parent',
    items: [
      { module: 'homework', importance: 3, text: 'Li Ming 的数学作业已批改，得分 A' },
      { module: 'cms', importance: 4, text: '家长会通知：本周五下午 3 点，三年级2班教室' },
      { module: 'evaluate', importance: 2, text: 'Li Hua 本周综合素质评价已发布' },
      { module: 'cms', importance: 5, text: '学校发布：春季传染病预防告家长书，请阅读' },
      { module: 'canteen', importance: 1, text: '下周学生食谱已发布' },
    ],
  },
  {
    login: 'parent1',
    items: [
      { module: 'cms', importance: 3, text: '一年级新生入学须知已发布' },
      { module: 'leave', importance: 2, text: 'Chen Yue 的请假申请已批准' },
    ],
  },
  {
    login: 'staff',
    items: [
      { module: 'repair', importance: 4, text: '新报修单：教学楼 302 投影仪无法开机' },
      { module: 'asset', importance: 3, text: '本学期资产盘点将于下周一开始' },
      { module: 'visitor', importance: 2, text: '今日预约访客 5 人，请做好登记' },
      { module: 'cms', importance: 1, text: '校长办公室：本周五下午召开全体教职工会议' },
    ],
  },
] as const;

export const TEACHER_TODOS = [
  { module: 'homework', title: '批改三年级2班数学作业（32 份）' },
  { module: 'leave', title: '审批 Li Ming 家长提交的请假申请' },
  { module: 'evaluate', title: '填写第 8 周综合素质评价' },
  { module: 'repair', title: '确认报修单 B-0318 的处理结果' },
  { module: 'edu', title: '提交下周教学计划' },
  { module: 'cms', title: '阅读并签收《春季运动会安全预案》' },
  { module: 'exam', title: '录入第一单元测验成绩' },
] as const;

export const OAUTH_DEMO_CLIENT = {
  clientId: 'demo-client',
  name: '授权演示应用 / OAuth demo app',
  /** The sample relying party of examples/oidc-client (npm run example:oidc), public with PKCE. */
  redirectUris: ['http://127.0.0.1:8090/callback'],
} as const;

/** Release notes per app: the current release, and an earlier one for the core apps. */
export function demoVersions(
  app: DemoApp,
): { version: string; date: string; metto: { cn: string; en: string }[] }[] {
  const current = {
    version: '1.2.0',
    date: '2026-02-20',
    metto: [
      {
        cn: `${app.name}首页改版，常用功能一键直达`,
        en: `Redesigned the ${app.englishName} home page with one-click shortcuts`,
      },
      { cn: '支持中英文界面切换', en: 'Added Chinese and English interface languages' },
      { cn: '修复若干已知问题，提升稳定性', en: 'Fixed known issues and improved stability' },
    ],
  };
  if (!['base', 'edu', 'cms', 'evaluate', 'repair'].includes(app.code)) return [current];
  return [
    current,
    {
      version: '1.1.0',
      date: '2025-09-01',
      metto: [
        { cn: '新增移动端适配', en: 'Added layouts for phones and tablets' },
        { cn: '优化列表加载速度', en: 'Made lists load faster' },
      ],
    },
  ];
}

/** A menu resource with its permission code (spec §3 menu entry, §6). */
export interface DemoResource {
  id: string;
  app: string;
  parent: string | null;
  code: string;
  name: string;
  enName: string;
  /** 1 module or folder, 2 page, 3 button. */
  type: 1 | 2 | 3;
  route: string | null;
  userTypes: string;
}

const TEACHER_AND_STAFF = '2,4';
const STAFF_ONLY = '4';

function resource(
  app: string,
  code: string,
  parent: string | null,
  type: 1 | 2 | 3,
  route: string | null,
  name: string,
  enName: string,
  userTypes = TEACHER_AND_STAFF,
): DemoResource {
  return {
    id: `demo-res-${code.replace(/:/g, '-')}`,
    app,
    parent,
    code,
    name,
    enName,
    type,
    route,
    userTypes,
  };
}

/**
 * Menus of the apps a teacher works in. The cms statistics page is for staff (type 4)
 * only, so a teacher's routes are filtered (spec §2) and the access check (spec §6)
 * refuses it to them.
 */
export const DEMO_RESOURCES: readonly DemoResource[] = [
  resource('cms', 'cms:notice', null, 1, null, '通知公告', 'Notices'),
  resource(
    'cms',
    'cms:notice:list',
    'demo-res-cms-notice',
    2,
    '/notice/list',
    '通知列表',
    'All notices',
  ),
  resource(
    'cms',
    'cms:notice:publish',
    'demo-res-cms-notice',
    2,
    '/notice/publish',
    '发布通知',
    'Publish a notice',
  ),
  resource(
    'cms',
    'cms:notice:reads',
    'demo-res-cms-notice',
    2,
    '/notice/reads',
    '阅读统计',
    'Read counts',
  ),
  resource(
    'cms',
    'cms:notice:delete',
    'demo-res-cms-notice',
    3,
    null,
    '删除通知',
    'Delete a notice',
  ),
  resource('cms', 'cms:stats', null, 2, '/stats', '发布统计', 'Publishing statistics', STAFF_ONLY),
  resource('edu', 'edu:course', null, 1, null, '课程管理', 'Courses'),
  resource(
    'edu',
    'edu:course:list',
    'demo-res-edu-course',
    2,
    '/course/list',
    '课程列表',
    'Course list',
  ),
  resource('edu', 'edu:schedule', null, 2, '/schedule', '排课', 'Scheduling', STAFF_ONLY),
  resource('repair', 'repair:order', null, 2, '/order/list', '报修单', 'Repair orders'),
  resource(
    'repair',
    'repair:order:assign',
    'demo-res-repair-order',
    3,
    null,
    '派单',
    'Assign an order',
    STAFF_ONLY,
  ),
];

/**
 * Two notices of the cms sample app, published by the demo teacher, so a new user sees
 * data: one to the whole school, one to Grade 3 Class 2 (Li Ming's class). Li Ming's
 * parent has read the whole-school one.
 */
export const DEMO_NOTICES = [
  {
    id: 'demo-notice-sports-day',
    author: 'teacher',
    title: '关于开展春季运动会的通知 / Spring Sports Day',
    content:
      '本周五上午 8:30 在学校操场举行春季运动会，请学生穿运动服、带水壶。\n' +
      'Spring Sports Day is on Friday at 8:30 on the school field. Please wear sports clothes and bring a water bottle.',
    grade: null,
    class: null,
    /** Hours before the seed time. */
    hoursAgo: 26,
    reads: [{ student: 'demo-student-li-ming', parent: 'parent', hoursAfter: 2 }],
  },
  {
    id: 'demo-notice-class-meeting',
    author: 'teacher',
    title: '三年级2班家长会通知 / Grade 3 Class 2 parent meeting',
    content:
      '本周五下午 3 点在三年级2班教室召开家长会，请家长准时参加。\n' +
      'The Grade 3 Class 2 parent meeting is on Friday at 3 pm in the classroom. Please be on time.',
    grade: 'Grade 3',
    class: 'Class 2',
    hoursAgo: 5,
    reads: [],
  },
] as const;
