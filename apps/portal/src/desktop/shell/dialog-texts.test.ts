import { describe, expect, it } from 'vitest';
import { LICENCE_EXPIRED_MESSAGE } from '@campus/sdk/licence';
import en from '../../locales/desktop/en.json';
import zhCN from '../../locales/desktop/zh-CN.json';

describe('dialog texts worded as spec §8', () => {
  it("says 'All ignored successfully!' after ignore all", () => {
    expect(en.dialogs.messages.ignoreAllDone).toBe('All ignored successfully!');
    expect(zhCN.dialogs.messages.ignoreAllDone).toBe('全部忽略成功！');
  });

  it('words the licence-expired dialog as the SDK message', () => {
    expect(en.dialogs.licence.message).toBe(LICENCE_EXPIRED_MESSAGE.en);
    expect(zhCN.dialogs.licence.message).toBe(LICENCE_EXPIRED_MESSAGE['zh-CN']);
  });

  it('names each of the five importance levels (spec §3)', () => {
    for (const dictionary of [en, zhCN]) {
      expect(Object.keys(dictionary.dialogs.messages.importance)).toEqual([
        '1',
        '2',
        '3',
        '4',
        '5',
      ]);
    }
  });
});
