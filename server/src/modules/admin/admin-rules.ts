/**
 * The rules an administrator's input is held to, one definition for the admin CLI
 * (`admin.service.ts`) and the console (`admin-units.service.ts`, `admin-users.service.ts`),
 * so that both refuse the same values with the same bilingual field errors (issue 13 §2:
 * "validated by the same rules as the CLI").
 */
import { randomInt } from 'node:crypto';
import { isPhoneNumber, SEXES } from '@campus/contracts/admin-directory';
import type { FieldError } from '@campus/contracts/envelope';
import { defaultPasswordProblem, type PasswordProblem } from '@campus/contracts/password-rules';
import { isUnitType, isUserType } from '@campus/contracts/user-types';
import { badRequest } from '../../core/errors.ts';
import { bilingual, type Bilingual } from '../../core/messages.ts';
import { safeHttpUrl } from '../desktop/desktop-rules.ts';
import type { ChildNames } from '../family/family.service.ts';

/** Login names: 2 to 64 letters, digits or `_ . @ -` (compared in any case, decisions.md). */
export const LOGIN_NAME = /^[A-Za-z0-9_.@-]{2,64}$/;

/** The longest unit name, English name, real name and child's names. */
export const UNIT_NAME_MAX = 100;
export const UNIT_EN_NAME_MAX = 200;
export const REAL_NAME_MAX = 64;

/** The words for each way a password fails the default rule (spec §5). */
const PASSWORD_PROBLEM_MESSAGES: Readonly<Record<PasswordProblem, Bilingual>> = {
  length: bilingual('密码长度须为 8 到 20 个字符', 'The password must be 8 to 20 characters long'),
  whitespace: bilingual('密码不能包含空格', 'The password must not contain spaces'),
  chinese: bilingual('密码不能包含中文字符', 'The password must not contain Chinese characters'),
  kinds: bilingual(
    '密码须包含数字、字母、其他字符中的至少两种',
    'The password must mix at least two of: digits, letters, other characters',
  ),
};

/**
 * Why a password fails the default rule of spec §5 (`@campus/contracts/password-rules`), in
 * both languages; null when it is acceptable.
 *
 * @example passwordProblem('Teacher@2026') // null
 */
export function passwordProblem(password: string): Bilingual | null {
  const problem = defaultPasswordProblem(password);
  return problem ? PASSWORD_PROBLEM_MESSAGES[problem] : null;
}

// No 0/O, 1/l/I: a password read off a screen and typed again should not be misread.
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const OTHERS = '@#%+=!?';

/**
 * A new random password for an account (the console's "generate", issue 13 §2): 12 characters
 * of letters, digits and one other character from the crypto random source, so it passes the
 * default rule of spec §5 by construction.
 *
 * @example passwordProblem(generatePassword()) // null
 */
export function generatePassword(): string {
  const pick = (set: string) => set[randomInt(set.length)] ?? 'x';
  const chars = [pick(LETTERS), pick(LETTERS), pick(DIGITS), pick(DIGITS), pick(OTHERS)];
  while (chars.length < 12) chars.push(pick(LETTERS + DIGITS));
  // Fisher–Yates, so the kinds do not sit at fixed places.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? 'x', chars[i] ?? 'x'];
  }
  return chars.join('');
}

/** A field error in both languages. */
export function field(name: string, zh: string, en: string): FieldError {
  return { field: name, message: bilingual(zh, en) };
}

/** A required text of at most `max` characters (code points, as a person counts them). */
export function requireText(
  errors: FieldError[],
  name: string,
  value: string,
  max: number,
  [zh, en]: [string, string],
): void {
  if (value.length === 0) errors.push(field(name, `${zh}不能为空`, `${en} must not be empty`));
  else if ([...value].length > max) {
    errors.push(
      field(name, `${zh}不能超过 ${max} 个字符`, `${en} must be at most ${max} characters`),
    );
  }
}

/** A unit's names, trimmed (an empty English name is none), with their problems. */
export function checkUnitNames(
  errors: FieldError[],
  input: { name: string; enName?: string | null },
): { name: string; enName: string | null } {
  const name = input.name.trim();
  const enName = input.enName?.trim() || null;
  requireText(errors, 'name', name, UNIT_NAME_MAX, ['单位名称', 'Unit name']);
  if (enName !== null && [...enName].length > UNIT_EN_NAME_MAX) {
    errors.push(
      field(
        'enName',
        `英文名称不能超过 ${UNIT_EN_NAME_MAX} 个字符`,
        `The English name must be at most ${UNIT_EN_NAME_MAX} characters`,
      ),
    );
  }
  return { name, enName };
}

/** Spec §1: a unit is an area (1) or a school (2). */
export function checkUnitType(errors: FieldError[], unitType: number): void {
  if (!isUnitType(unitType)) {
    errors.push(
      field(
        'unitType',
        '单位类型须为 1（区域）或 2（学校）',
        'The unit type must be 1 (area) or 2 (school)',
      ),
    );
  }
}

/** A new login name: the pattern, and not taken in any case. Answers it trimmed. */
export async function checkNewLoginName(
  errors: FieldError[],
  loginName: string,
  taken: (loginName: string) => Promise<boolean>,
): Promise<string> {
  const trimmed = loginName.trim();
  if (!LOGIN_NAME.test(trimmed)) {
    errors.push(
      field(
        'loginName',
        '登录名须为 2 到 64 个字母、数字或 _ . @ -',
        'The login name must be 2 to 64 letters, digits or _ . @ -',
      ),
    );
  } else if (await taken(trimmed)) {
    errors.push(
      field(
        'loginName',
        `登录名 "${trimmed}" 已被使用`,
        `Login name "${trimmed}" is already taken`,
      ),
    );
  }
  return trimmed;
}

/** A real name: required, at most 64 characters. Answers it trimmed. */
export function checkRealName(errors: FieldError[], realName: string): string {
  const trimmed = realName.trim();
  requireText(errors, 'realName', trimmed, REAL_NAME_MAX, ['姓名', 'Real name']);
  return trimmed;
}

/** Spec §1 user types 1 to 4. */
export function checkUserType(errors: FieldError[], userType: number): void {
  if (!isUserType(userType)) {
    errors.push(
      field('userType', '用户类型须为 1、2、3 或 4', 'The user type must be 1, 2, 3 or 4'),
    );
  }
}

/** A password typed by an administrator, held to the default rule of spec §5. */
export function checkPassword(errors: FieldError[], password: string): void {
  const problem = passwordProblem(password);
  if (problem) errors.push({ field: 'password', message: problem });
}

/** A phone number (spec §5: 11 digits starting with 1); empty is none. Answers it or null. */
export function checkPhone(errors: FieldError[], phone: string | null | undefined): string | null {
  const trimmed = phone?.trim() ?? '';
  if (trimmed === '') return null;
  if (!isPhoneNumber(trimmed)) {
    errors.push(
      field(
        'phone',
        '手机号须为以 1 开头的 11 位数字',
        `The phone number must be 11 digits starting with 1, got "${trimmed}"`,
      ),
    );
  }
  return trimmed;
}

/**
 * A single-sign-on login URL (spec §7 /api/sso/select/login/url) as an administrator typed it:
 * an http(s) URL without credentials, or empty / `none` for none (null).
 */
export function checkSsoUrl(errors: FieldError[], raw: string | null, name: string): string | null {
  const text = (raw ?? '').trim();
  if (text === '' || text.toLowerCase() === 'none') return null;
  const url = safeHttpUrl(text);
  if (url === null) {
    errors.push(
      field(
        name,
        '单点登录地址须为 http(s) 网址，留空或 none 表示不设置',
        `The single-sign-on URL must be an http(s) URL, or empty (or "none") for none; got "${text}"`,
      ),
    );
  }
  return url;
}

/** Sex as stored: 0 not given, 1 male, 2 female. */
export function checkSex(errors: FieldError[], sex: number): void {
  if (!(SEXES as readonly number[]).includes(sex)) {
    errors.push(
      field(
        'sex',
        '性别须为 0（未填）、1（男）或 2（女）',
        'Sex must be 0 (not given), 1 (male) or 2 (female)',
      ),
    );
  }
}

/** A new or corrected student's names, each required, at most 64 characters; refuses (400). */
export function childNames(input: ChildNames): ChildNames {
  const errors: FieldError[] = [];
  const realName = input.realName.trim();
  const gradeName = input.gradeName.trim();
  const className = input.className.trim();
  requireText(errors, 'realName', realName, REAL_NAME_MAX, ['学生姓名', 'Student name']);
  requireText(errors, 'gradeName', gradeName, REAL_NAME_MAX, ['年级', 'Grade']);
  requireText(errors, 'className', className, REAL_NAME_MAX, ['班级', 'Class']);
  if (errors.length > 0) throw badRequest(errors);
  return { realName, gradeName, className };
}

/** Who performed an action, for the audit log (the CLI has no signed-in user). */
export interface AuditActor {
  userId?: string | null;
  ip?: string | null;
}

/** The signed-in administrator and their address, as the console's audit entries name them. */
export function actorOf(user: { userId: string }, ip: string | null): AuditActor {
  return { userId: user.userId, ip };
}

/** An audit entry of an admin action: who did it (none from the CLI), the unit, the detail. */
export function auditEntry(
  actor: AuditActor,
  unitId: string | null,
  detail: Record<string, unknown>,
) {
  return { userId: actor.userId ?? null, unitId, ip: actor.ip ?? null, detail };
}
