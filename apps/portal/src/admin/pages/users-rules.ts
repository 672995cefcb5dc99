/**
 * The Users page's rules, pure so they are tested without a browser (issue 13 §2 Users): the
 * search query a filter bar gives, the form's checks (the same field rules the server holds,
 * `@campus/contracts/field-rules` and spec §5's password rule, so a typo is caught before the
 * round trip), the bodies a form sends, an account's state, and the server's field errors
 * placed on the form's fields.
 */
import type {
  AdminNewUserBody,
  AdminUser,
  AdminUserProfileBody,
  AdminUserSearchQuery,
} from '@campus/contracts/admin-directory';
import type { FieldError } from '@campus/contracts/envelope';
import { isValidEmail, isValidLoginName, isValidPhone } from '@campus/contracts/field-rules';
import { defaultPasswordProblem } from '@campus/contracts/password-rules';
import { USER_TYPES, type UserType } from '@campus/contracts/user-types';
import { splitBilingual, type Language } from '@campus/sdk/language';

/** The words of each user type (spec §1) under `admin.users.userTypes`. */
export const USER_TYPE_WORDS = {
  1: 'unitStaff',
  2: 'teacher',
  3: 'parent',
  4: 'otherStaff',
} as const satisfies Record<UserType, string>;

export type UserTypeWord = (typeof USER_TYPE_WORDS)[UserType];

/** The word of a user type, `other` for a number outside spec §1. */
export function userTypeWord(userType: number): UserTypeWord | 'other' {
  return (USER_TYPES as readonly number[]).includes(userType)
    ? USER_TYPE_WORDS[userType as UserType]
    : 'other';
}

export type UserStateFilter = NonNullable<AdminUserSearchQuery['state']>;

/** What the filter bar holds. */
export interface UserFilters {
  q: string;
  userType: number | null;
  state: UserStateFilter | null;
}

export const PAGE_SIZE_DEFAULT = 20;

/**
 * The search call's query: empty filters left out, the text trimmed.
 *
 * @example
 * usersQuery('u1', { q: ' li ', userType: null, state: 'locked' }, 2, 20);
 * // { unitId: 'u1', q: 'li', state: 'locked', page: 2, size: 20 }
 */
export function usersQuery(
  unitId: string,
  filters: UserFilters,
  page: number,
  size: number,
): AdminUserSearchQuery {
  const q = filters.q.trim();
  return {
    unitId,
    ...(q ? { q } : {}),
    ...(filters.userType !== null ? { userType: filters.userType } : {}),
    ...(filters.state !== null ? { state: filters.state } : {}),
    page,
    size,
  };
}

/** An account's state as the list shows it: disabled first (it cannot sign in at all). */
export function userState(user: Pick<AdminUser, 'enabled' | 'locked'>): UserStateFilter {
  if (!user.enabled) return 'disabled';
  return user.locked ? 'locked' : 'enabled';
}

/** The row actions an account offers (each asks for a confirmation first). */
export type UserAction = 'disable' | 'enable' | 'resetPassword' | 'unlock' | 'signOut';

export function userActions(user: Pick<AdminUser, 'enabled' | 'locked'>): UserAction[] {
  return [
    user.enabled ? 'disable' : 'enable',
    'resetPassword',
    ...(user.locked ? (['unlock'] as const) : []),
    'signOut',
  ];
}

/** A password the server answered this once (a new account's, or a reset's). */
export interface ShownPassword {
  loginName: string;
  password: string;
}

/** The create and edit form's values as antd's form holds them. */
export interface UserFormValues {
  loginName: string;
  realName: string;
  phone: string;
  email: string;
  userType: number;
  sex: number;
  /** Create only; empty: the server makes one. */
  password: string;
}

export type UserFormField = keyof UserFormValues;

/** Why a field is refused, a key under `admin.users.form.problems`. */
export type UserFormProblem =
  | 'required'
  | 'loginFormat'
  | 'tooLong'
  | 'phoneInvalid'
  | 'emailInvalid'
  | 'passwordLength'
  | 'passwordWhitespace'
  | 'passwordChinese'
  | 'passwordKinds';

/** The longest real name the server takes (`REAL_NAME_MAX` of the admin rules). */
export const REAL_NAME_MAX = 64;

/**
 * One field's problem by the shared rules, or null. The password is optional (empty: the server
 * makes one); the phone and email too.
 *
 * @example
 * userFieldProblem('loginName', '张三'); // 'loginFormat'
 * userFieldProblem('password', 'abc'); // 'passwordLength'
 * userFieldProblem('phone', ''); // null
 */
export function userFieldProblem(field: UserFormField, raw: unknown): UserFormProblem | null {
  const typed = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : '';
  const text = typed.trim();
  switch (field) {
    case 'loginName':
      if (text === '') return 'required';
      return isValidLoginName(text) ? null : 'loginFormat';
    case 'realName':
      if (text === '') return 'required';
      return [...text].length > REAL_NAME_MAX ? 'tooLong' : null;
    case 'phone':
      return text === '' || isValidPhone(text) ? null : 'phoneInvalid';
    case 'email':
      return text === '' || isValidEmail(text) ? null : 'emailInvalid';
    case 'userType':
      return typeof raw === 'number' && (USER_TYPES as readonly number[]).includes(raw)
        ? null
        : 'required';
    case 'sex':
      return null;
    case 'password': {
      // Checked as typed: a space is a problem, not something to trim away.
      if (typed === '') return null;
      const problem = defaultPasswordProblem(typed);
      if (problem === null) return null;
      switch (problem) {
        case 'length':
          return 'passwordLength';
        case 'whitespace':
          return 'passwordWhitespace';
        case 'chinese':
          return 'passwordChinese';
        case 'kinds':
          return 'passwordKinds';
      }
    }
  }
}

const orNull = (text: string | undefined): string | null => {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** The create call's body: trimmed, empty phone and email as none, no password to make one. */
export function newUserBody(values: UserFormValues): AdminNewUserBody {
  const password = values.password ?? '';
  return {
    loginName: values.loginName.trim(),
    realName: values.realName.trim(),
    phone: orNull(values.phone),
    email: orNull(values.email),
    userType: values.userType,
    sex: values.sex ?? 0,
    ...(password !== '' ? { password } : {}),
  };
}

/** The edit call's body. */
export function profileBody(values: UserFormValues): AdminUserProfileBody {
  return {
    realName: values.realName.trim(),
    phone: orNull(values.phone),
    email: orNull(values.email),
    userType: values.userType,
    sex: values.sex ?? 0,
  };
}

/** The form's values for an account being edited. */
export function formValuesOf(user: AdminUser): UserFormValues {
  return {
    loginName: user.loginName,
    realName: user.realName,
    phone: user.phone ?? '',
    email: user.email ?? '',
    userType: user.userType,
    sex: user.sex,
    password: '',
  };
}

/**
 * The server's field errors split into those the form shows under a field of its own, and the
 * rest (shown above the form), in the page language.
 *
 * @example
 * placeFieldErrors([{ field: 'loginName', message: '登录名已存在|||Taken' }], ['loginName'], 'en');
 * // { fields: [{ name: 'loginName', errors: ['Taken'] }], other: [] }
 */
export function placeFieldErrors<F extends string>(
  errors: readonly FieldError[] | undefined,
  formFields: readonly F[],
  lang: Language,
): { fields: { name: F; errors: string[] }[]; other: string[] } {
  const byField = new Map<F, string[]>();
  const other: string[] = [];
  for (const error of errors ?? []) {
    const text = splitBilingual(error.message, lang);
    const name = formFields.find((f) => f === error.field);
    if (name === undefined) other.push(text);
    else byField.set(name, [...(byField.get(name) ?? []), text]);
  }
  return { fields: [...byField].map(([name, list]) => ({ name, errors: list })), other };
}
