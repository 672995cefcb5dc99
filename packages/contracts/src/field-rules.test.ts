import { describe, expect, it } from 'vitest';
import { isValidLoginName } from './field-rules.ts';

// The spec §5 validators moved here from the SDK keep their tests there
// (packages/sdk/src/validate/validators.test.ts), which import them through the SDK's name.
describe("isValidLoginName (the administrator's tools)", () => {
  it.each(['ab', 'zhang.san', 'li_si-2026', 'a@b.cn', 'x'.repeat(64)])('accepts %s', (name) => {
    expect(isValidLoginName(name)).toBe(true);
  });

  it.each(['a', 'x'.repeat(65), 'zhang san', '张三', 'a/b', 'a#b', ''])('rejects %j', (name) => {
    expect(isValidLoginName(name)).toBe(false);
  });
});
