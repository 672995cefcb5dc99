/**
 * The words of the bulk import's problems (issue 13 §3), in both languages: one message per
 * problem code of `@campus/contracts/admin-import`, naming the column as the template does and
 * quoting the cell, so a list of them reads on its own beside the row numbers.
 */
import {
  CLASS_COLUMNS,
  IMPORT_COLUMNS,
  IMPORT_EMAIL_MAX_LENGTH,
  IMPORT_MAX_ROWS,
  IMPORT_NAME_MAX_LENGTH,
  type ImportProblemCode,
} from '@campus/contracts/admin-import';
import { bilingual, type Bilingual } from '../../../core/messages.ts';

export interface ProblemContext {
  sheet: 'users' | 'classes' | 'file';
  /** The column's key, or null. */
  column: string | null;
  /** The cell's text, quoted in the message (shortened). */
  value?: string;
  /** The row a duplicate repeats. */
  firstRow?: number;
}

const QUOTE_MAX = 40;

function quote(value: string | undefined): string {
  const chars = [...(value ?? '')];
  const shown =
    chars.length > QUOTE_MAX ? `${chars.slice(0, QUOTE_MAX - 1).join('')}…` : chars.join('');
  // Control characters shown as their code, so the message stays one readable line.
  // eslint-disable-next-line no-control-regex
  return `"${shown.replace(/[\u0000-\u001F\u007F]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

/** The column's name as the template's header gives it, in both languages. */
export function columnNames(
  sheet: ProblemContext['sheet'],
  column: string | null,
): { zh: string; en: string } {
  const columns = sheet === 'classes' ? CLASS_COLUMNS : IMPORT_COLUMNS;
  const found = columns.find((c) => c.key === column);
  return found ? { zh: found.zh, en: found.en } : { zh: column ?? '', en: column ?? '' };
}

/** The bilingual message of one problem. */
export function problemMessage(code: ImportProblemCode, context: ProblemContext): Bilingual {
  const name = columnNames(context.sheet, context.column);
  const v = quote(context.value);
  switch (code) {
    case 'fileEmpty':
      return bilingual(
        '文件中没有可导入的数据行（第一行须为表头，数据从下一行开始）',
        'The file has no rows to import (the header comes first, the data below it)',
      );
    case 'tooManyRows':
      return bilingual(
        `一个文件最多导入 ${IMPORT_MAX_ROWS} 行，请拆分成多个文件`,
        `A file may import at most ${IMPORT_MAX_ROWS} rows; split it into several files`,
      );
    case 'missingColumn':
      return bilingual(
        `缺少"${name.zh}"列（表头须与模板一致）`,
        `The "${name.en}" column is missing (the header must be the template's)`,
      );
    case 'duplicateColumn':
      return bilingual(`"${name.zh}"列出现了两次`, `The "${name.en}" column appears twice`);
    case 'numberLostDigits':
      return bilingual(
        `${v} 被表格存成了数字，已丢失位数：请将"${name.zh}"列设为文本格式后重新输入`,
        `${v} was stored as a number and lost digits: format the "${name.en}" column as text and type it again`,
      );
    case 'dateCell':
      return bilingual(
        `${v} 被表格当成了日期：请将"${name.zh}"列设为文本格式后重新输入`,
        `${v} was taken for a date: format the "${name.en}" column as text and type it again`,
      );
    case 'cellError':
      return bilingual(
        `单元格是公式错误 ${v}，请填入实际内容`,
        `The cell is the formula error ${v}; type the value instead`,
      );
    case 'required':
      return bilingual(`"${name.zh}"不能为空`, `"${name.en}" must not be empty`);
    case 'tooLong':
      return bilingual(
        `"${name.zh}"不能超过 ${IMPORT_NAME_MAX_LENGTH} 个字符`,
        `"${name.en}" must be at most ${IMPORT_NAME_MAX_LENGTH} characters`,
      );
    case 'controlCharacter':
      return bilingual(
        `"${name.zh}"含有换行或其他控制字符：${v}`,
        `"${name.en}" holds a line break or another control character: ${v}`,
      );
    case 'loginFormat':
      return bilingual(
        `登录名 ${v} 须为 2 到 64 个字母、数字或 _ . @ -`,
        `The login name ${v} must be 2 to 64 letters, digits or _ . @ -`,
      );
    case 'loginDuplicate':
      return bilingual(
        `登录名 ${v} 已在第 ${context.firstRow ?? '?'} 行使用：同一登录名的多行只能是同一家长的多个孩子，且账号信息须一致`,
        `The login name ${v} is used on row ${context.firstRow ?? '?'} already: rows may share a login only as one parent's children, with the same account details`,
      );
    case 'loginTaken':
      return bilingual(
        `登录名 ${v} 已被已有账号使用（不区分大小写）`,
        `The login name ${v} is taken by an existing account (case-insensitive)`,
      );
    case 'userTypeUnknown':
      return bilingual(
        `用户类型 ${v} 无效，须为 1 单位职工、2 教师、3 家长 或 4 其他职工`,
        `The user type ${v} is not one of 1 unit staff, 2 teacher, 3 parent, 4 other staff`,
      );
    case 'phoneInvalid':
      return bilingual(
        `手机号 ${v} 无效，须为以 1 开头的 11 位数字`,
        `The phone ${v} is not valid: 11 digits starting with 1`,
      );
    case 'idCardInvalid':
      return bilingual(
        `身份证号 ${v} 无效，须为 15 或 18 位（末位可为 X）且出生月日有效`,
        `The ID card ${v} is not valid: 15 or 18 digits (the last may be X) with a real month and day`,
      );
    case 'emailInvalid':
      return bilingual(
        `邮箱 ${v} 无效（如 name@school.cn，最多 ${IMPORT_EMAIL_MAX_LENGTH} 个字符）`,
        `The email ${v} is not valid (such as name@school.cn, at most ${IMPORT_EMAIL_MAX_LENGTH} characters)`,
      );
    case 'sexUnknown':
      return bilingual(
        `性别 ${v} 无效，须为 男、女 或留空`,
        `The sex ${v} is not valid: male, female, or empty`,
      );
    case 'parentWithoutChild':
      return bilingual(
        '家长须填写孩子的姓名、年级和班级',
        "A parent's row must give the child's name, grade and class",
      );
    case 'childForNonParent':
      return bilingual(
        '只有家长（用户类型 3）可以有孩子，教师和职工的孩子列须留空',
        'Only a parent (user type 3) has children: leave the child columns of teachers and staff empty',
      );
    case 'childDuplicate':
      return bilingual(
        `孩子 ${v} 已在第 ${context.firstRow ?? '?'} 行列给同一家长`,
        `The child ${v} is listed for the same parent on row ${context.firstRow ?? '?'} already`,
      );
    case 'classUnknown':
      return bilingual(
        `班级 ${v} 不是本校已有的班级，也不在"班级"表中（请检查拼写，或在 .xlsx 模板的"班级"表中添加）`,
        `The class ${v} is neither one of the school's classes nor on the Classes sheet (check the spelling, or add it to the Classes sheet of the .xlsx template)`,
      );
    case 'childAmbiguous':
      return bilingual(
        `本校该班级有多名学生叫 ${v}，无法确定是哪一位；请通过管理后台逐个关联`,
        `Several students of that class are called ${v}; link this one in the console instead`,
      );
  }
}
