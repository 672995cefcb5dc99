import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@campus/contracts/admin-directory';
import {
  formValuesOf,
  newUserBody,
  placeFieldErrors,
  profileBody,
  userActions,
  userFieldProblem,
  userState,
  userTypeWord,
  usersQuery,
  type UserFormValues,
} from './users-rules.ts';

const user: AdminUser = {
  userId: 'u1',
  unitId: 'unit',
  loginName: 'li.ming',
  realName: '李明',
  userType: 3,
  sex: 1,
  phone: null,
  email: 'li@school.cn',
  enabled: true,
  locked: false,
  lockedUntil: null,
  createdAt: 0,
};

const values: UserFormValues = {
  loginName: ' zhang.san ',
  realName: ' 张三 ',
  phone: ' ',
  email: 'zs@school.cn ',
  userType: 2,
  sex: 2,
  password: '',
};

describe('the users search (issue 13 §2)', () => {
  it('leaves empty filters out and trims the text', () => {
    expect(usersQuery('unit', { q: '  ', userType: null, state: null }, 1, 20)).toEqual({
      unitId: 'unit',
      page: 1,
      size: 20,
    });
    expect(usersQuery('unit', { q: ' li ', userType: 3, state: 'locked' }, 2, 50)).toEqual({
      unitId: 'unit',
      q: 'li',
      userType: 3,
      state: 'locked',
      page: 2,
      size: 50,
    });
  });

  it('names user types, and any number outside spec §1 as other', () => {
    expect([1, 2, 3, 4, 9].map(userTypeWord)).toEqual([
      'unitStaff',
      'teacher',
      'parent',
      'otherStaff',
      'other',
    ]);
  });

  it('shows a disabled account as disabled even when locked, and offers its actions', () => {
    expect(userState(user)).toBe('enabled');
    expect(userState({ enabled: true, locked: true })).toBe('locked');
    expect(userState({ enabled: false, locked: true })).toBe('disabled');
    expect(userActions(user)).toEqual(['disable', 'resetPassword', 'signOut']);
    expect(userActions({ enabled: false, locked: true })).toEqual([
      'enable',
      'resetPassword',
      'unlock',
      'signOut',
    ]);
  });
});

describe('the account form (shared field rules)', () => {
  it('checks each field by the rules the server holds', () => {
    expect(userFieldProblem('loginName', '')).toBe('required');
    expect(userFieldProblem('loginName', '张三')).toBe('loginFormat');
    expect(userFieldProblem('loginName', ' zhang.san ')).toBeNull();
    expect(userFieldProblem('realName', ' ')).toBe('required');
    expect(userFieldProblem('realName', 'x'.repeat(65))).toBe('tooLong');
    expect(userFieldProblem('phone', '')).toBeNull();
    expect(userFieldProblem('phone', '2380013800')).toBe('phoneInvalid');
    expect(userFieldProblem('phone', '13800138000')).toBeNull();
    expect(userFieldProblem('email', 'teacher@school')).toBe('emailInvalid');
    expect(userFieldProblem('userType', 5)).toBe('required');
    expect(userFieldProblem('userType', 3)).toBeNull();
    expect(userFieldProblem('password', '')).toBeNull();
    expect(userFieldProblem('password', 'abc1')).toBe('passwordLength');
    expect(userFieldProblem('password', 'abc def 123')).toBe('passwordWhitespace');
    expect(userFieldProblem('password', 'abcdefghij')).toBe('passwordKinds');
    expect(userFieldProblem('password', 'Teacher@2026')).toBeNull();
  });

  it('sends trimmed bodies, empty phone and email as none, no password to have one made', () => {
    expect(newUserBody(values)).toEqual({
      loginName: 'zhang.san',
      realName: '张三',
      phone: null,
      email: 'zs@school.cn',
      userType: 2,
      sex: 2,
    });
    expect(newUserBody({ ...values, password: 'Teacher@2026' }).password).toBe('Teacher@2026');
    expect(profileBody(values)).toEqual({
      realName: '张三',
      phone: null,
      email: 'zs@school.cn',
      userType: 2,
      sex: 2,
    });
    expect(formValuesOf(user)).toEqual({
      loginName: 'li.ming',
      realName: '李明',
      phone: '',
      email: 'li@school.cn',
      userType: 3,
      sex: 1,
      password: '',
    });
  });

  it("places the server's field errors on the form's fields, in the page language", () => {
    const errors = [
      { field: 'loginName', message: '登录名已被使用|||The login name is taken' },
      { field: 'loginName', message: '太短|||Too short' },
      { field: 'unitId', message: '单位不存在|||No such unit' },
    ];
    expect(placeFieldErrors(errors, ['loginName', 'realName'], 'en')).toEqual({
      fields: [{ name: 'loginName', errors: ['The login name is taken', 'Too short'] }],
      other: ['No such unit'],
    });
    expect(placeFieldErrors(errors, ['realName'], 'zh-CN').other).toEqual([
      '登录名已被使用',
      '太短',
      '单位不存在',
    ]);
    expect(placeFieldErrors(undefined, ['realName'], 'en')).toEqual({ fields: [], other: [] });
  });
});
