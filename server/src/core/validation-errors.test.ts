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

  it('names the bound for number range errors', () => {
    const [low, high] = toFieldErrors([
      { keyword: 'minimum', instancePath: '/start', params: { comparison: '>=', limit: 0 } },
      { keyword: 'maximum', instancePath: '/size', params: { comparison: '<=', limit: 100 } },
    ]);
    expect(low?.message).toBe('起始位置不能小于0|||Start must be at least 0');
    expect(high?.message).toBe('每页条数不能大于100|||Page size must be at most 100');
  });

  it('labels array items by their array and words item-count and repeat errors', () => {
    const [item, many] = toFieldErrors([
      { keyword: 'pattern', instancePath: '/codes/3', params: {} },
      { keyword: 'maxItems', instancePath: '/codes', params: { limit: 200 } },
    ]);
    expect(item).toEqual({ field: 'codes.3', message: '应用顺序不合法|||Icon order is invalid' });
    expect(many?.message).toBe('应用顺序不能超过200项|||Icon order must have at most 200 items');
    expect(
      toFieldErrors([{ keyword: 'uniqueItems', instancePath: '/codes', params: { i: 1, j: 0 } }])[0]
        ?.message,
    ).toBe('应用顺序不能有重复项|||Icon order must not repeat an item');
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
