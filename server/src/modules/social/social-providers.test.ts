import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { checkedSocialProvider } from './social-providers.ts';
import type { SocialProviderRecord } from './social.repository.ts';

const stored: SocialProviderRecord = {
  id: 'p1',
  unitId: 'u1',
  type: 'qy',
  appId: 'ww-old',
  agentId: '1000001',
  secret: 'stored-secret',
};

/** The refusal's field errors, as `field: English message`. */
function refusal(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return ((error as AppError).options.fieldErrors ?? []).map(
      (e) => `${e.field}: ${e.message.split('|||')[1]}`,
    );
  }
  throw new Error('not refused');
}

describe('checkedSocialProvider (issue 12 §2, issue 13 §2: one rule for the CLI and the console)', () => {
  it('keeps the stored secret when none is given, and takes a new one', () => {
    const input = { unitId: 'u1', type: 'qy', appId: ' ww-new ', agentId: '1000002' };
    expect(checkedSocialProvider(input, stored)).toMatchObject({
      appId: 'ww-new',
      agentId: '1000002',
      secret: 'stored-secret',
    });
    expect(checkedSocialProvider({ ...input, secret: 'fresh' }, stored).secret).toBe('fresh');
  });

  it('drops an agent id for mp, which has none', () => {
    const record = checkedSocialProvider(
      { unitId: 'u1', type: 'mp', appId: 'wx1', agentId: '9', secret: 's' },
      undefined,
    );
    expect(record.agentId).toBeNull();
  });

  it('refuses an unknown type, an empty app id, a qy without agent, and a new provider without secret', () => {
    expect(
      refusal(() =>
        checkedSocialProvider({ unitId: 'u1', type: 'xx', appId: '', agentId: null }, undefined),
      ),
    ).toEqual([
      'type: The provider must be "qy" (WeCom) or "mp" (WeChat public account), got "xx"',
      'appId: The app id (corp id or app id) must not be empty',
      'secret: The secret must not be empty',
    ]);
    expect(
      refusal(() =>
        checkedSocialProvider(
          { unitId: 'u1', type: 'qy', appId: 'ww 1', agentId: ' ', secret: 's' },
          undefined,
        ),
      ),
    ).toEqual([
      'appId: The app id must not contain spaces',
      'agentId: A WeCom (qy) provider needs its agent id',
    ]);
  });
});
