import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './validation-errors.ts';

describe('schema issues become bilingual field errors (DESIGN.md §4)', () => {
  it('words a missing or empty login field exactly as spec §8', () => {
    expect(
      toFieldErrors([
        { keyword: 'required', instancePath: '', params: { missingProperty: 'username' } },
      ]),
    ).toEqual([{ field: 'username', message: '用户名不能为空！|||User name cannot be empty!' }]);
    expect(
      toFieldErrors([{ keyword: 'minLength', instancePath: '/password', params: { limit: 1 } }]),
    ).toEqual([{ field: 'password', message: '密码不能为空！|||Password cannot be empty!' }]);
  });

  it('names the limit for length errors and the field for type errors', () => {
    const [long, type] = toFieldErrors([
      { keyword: 'maxLength', instancePath: '/username', params: { limit: 64 } },
      { keyword: 'type', instancePath: '/password', params: { type: 'string' } },
    ]);
    expect(long?.message).toBe('用户名不能超过64个字符|||User name must be at most 64 characters');
    expect(type?.message).toBe('密码类型不正确|||Password has the wrong type');
  });

  it('keeps one message per field and reports a missing body', () => {
    const errors = toFieldErrors([
      { keyword: 'maxLength', instancePath: '/username', params: { limit: 64 } },
      { keyword: 'pattern', instancePath: '/username', params: {} },
      { keyword: 'type', instancePath: '', params: { type: 'object' } },
    ]);
    expect(errors.map((e) => e.field)).toEqual(['username', 'body']);
  });
});
