/**
 * A unit's WeCom (`qy`) and WeChat public account (`mp`) providers as an administrator sets
 * them (issue 12 §2, issue 13 §2): the one rule the CLI's `set-social-provider` and the console
 * both apply, and the console's list, save and removal. The secret is write-only: it is stored
 * and used server-side, never answered (the console is told only that one is set), and a save
 * without a new secret keeps the stored one.
 */
import { randomUUID } from 'node:crypto';
import type { FieldError } from '@campus/contracts/envelope';
import { isSocialProviderType, type SocialProviderType } from '@campus/contracts/social';
import { badRequest } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { SocialProviderRecord, SocialRepository } from './social.repository.ts';

/** What an administrator typed for a provider; `secret` empty or left out keeps the stored one. */
export interface SocialProviderInput {
  unitId: string;
  type: string;
  appId: string;
  agentId: string | null;
  secret?: string | null;
}

/** A provider as the console shows it: whether a secret is set, never the secret. */
export interface SocialProviderSummary {
  type: SocialProviderType;
  appId: string;
  agentId: string | null;
  secretSet: boolean;
}

const field = (name: string, zh: string, en: string): FieldError => ({
  field: name,
  message: bilingual(zh, en),
});

/**
 * The provider an administrator asked for, checked: the type `qy` or `mp`, an app id, a WeCom
 * agent id for `qy` (none for `mp`), and a secret unless the unit's provider of that type has one.
 * Refuses (400, every problem as a field error) otherwise.
 */
export function checkedSocialProvider(
  input: SocialProviderInput,
  existing: SocialProviderRecord | undefined,
): SocialProviderRecord {
  const errors: FieldError[] = [];
  const appId = input.appId.trim();
  const agentId = input.agentId?.trim() || null;
  const secret = input.secret?.trim() ? input.secret.trim() : (existing?.secret ?? '');
  if (!isSocialProviderType(input.type)) {
    errors.push(
      field(
        'type',
        '第三方登录类型须为 qy（企业微信）或 mp（微信公众号）',
        `The provider must be "qy" (WeCom) or "mp" (WeChat public account), got "${input.type}"`,
      ),
    );
  }
  if (appId === '') {
    errors.push(
      field('appId', '应用标识不能为空', 'The app id (corp id or app id) must not be empty'),
    );
  } else if (/\s/.test(appId)) {
    errors.push(field('appId', '应用标识不能包含空格', 'The app id must not contain spaces'));
  }
  if (input.type === 'qy' && !agentId) {
    errors.push(
      field('agentId', '企业微信须填写应用的 AgentId', 'A WeCom (qy) provider needs its agent id'),
    );
  }
  if (secret === '') {
    errors.push(field('secret', '密钥不能为空', 'The secret must not be empty'));
  }
  if (errors.length > 0 || !isSocialProviderType(input.type)) throw badRequest(errors);
  return {
    id: randomUUID(),
    unitId: input.unitId,
    type: input.type,
    appId,
    agentId: input.type === 'qy' ? agentId : null,
    secret,
  };
}

export class SocialProviderAdmin {
  constructor(
    private readonly repository: Pick<
      SocialRepository,
      'providers' | 'provider' | 'saveProvider' | 'removeProvider'
    >,
    private readonly clock: () => number,
  ) {}

  /** The unit's providers, `qy` first; secrets stay here. */
  async list(unitId: string): Promise<SocialProviderSummary[]> {
    return (await this.repository.providers(unitId)).map(summary);
  }

  /** The provider as it would be saved (checked), before anything is written. */
  async check(input: SocialProviderInput): Promise<SocialProviderRecord> {
    const existing = isSocialProviderType(input.type)
      ? await this.repository.provider(input.unitId, input.type)
      : undefined;
    return checkedSocialProvider(input, existing);
  }

  /** Stores a checked provider, replacing the unit's provider of that type. */
  async save(record: SocialProviderRecord): Promise<SocialProviderSummary> {
    await this.repository.saveProvider(record, this.clock());
    return summary(record);
  }

  /** True when the unit had a provider of that type. */
  remove(unitId: string, type: SocialProviderType): Promise<boolean> {
    return this.repository.removeProvider(unitId, type);
  }
}

function summary(record: SocialProviderRecord): SocialProviderSummary {
  return {
    type: record.type,
    appId: record.appId,
    agentId: record.agentId,
    secretSet: record.secret !== '',
  };
}
