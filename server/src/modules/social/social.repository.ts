/**
 * The SQL of WeCom and WeChat sign-in (migration 0010): a unit's providers, bound identities,
 * the states handed to providers and the identities waiting for the bind page. Records in
 * camelCase; states and bind ids are kept as SHA-256 hashes only.
 */
import type { Kysely } from 'kysely';
import type { SocialProviderType } from '@campus/contracts/social';
import type { Database } from '../../db/schema.ts';

export interface SocialProviderRecord {
  id: string;
  unitId: string;
  type: SocialProviderType;
  appId: string;
  agentId: string | null;
  secret: string;
}

export interface SocialIdentityRecord {
  id: string;
  userId: string;
  type: SocialProviderType;
  appId: string;
  openid: string;
  unionid: string | null;
  createdAt: number;
}

export interface SocialStateRecord {
  unitId: string;
  type: SocialProviderType;
  browserHash: string;
  returnTo: string | null;
  expiresAt: number;
  usedAt: number | null;
}

export interface SocialPendingRecord {
  unitId: string;
  type: SocialProviderType;
  appId: string;
  openid: string;
  unionid: string | null;
  deviceId: string | null;
  expiresAt: number;
  usedAt: number | null;
}

const providerColumns = [
  'id',
  'unit_id as unitId',
  'provider_type as type',
  'app_id as appId',
  'agent_id as agentId',
  'secret',
] as const;

const identityColumns = [
  'id',
  'user_id as userId',
  'provider_type as type',
  'app_id as appId',
  'openid',
  'unionid',
  'created_at as createdAt',
] as const;

export class SocialRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Removes sign-in states and pending bindings that expired before `cutoff` (house-keeping). */
  async deleteExpired(cutoff: number): Promise<number> {
    let removed = 0;
    for (const table of ['social_states', 'social_pending'] as const) {
      const result = await this.db
        .deleteFrom(table)
        .where('expires_at', '<', cutoff)
        .executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
    return removed;
  }

  async providers(unitId: string): Promise<SocialProviderRecord[]> {
    const rows = await this.db
      .selectFrom('social_providers')
      .select(providerColumns)
      .where('unit_id', '=', unitId)
      .orderBy('provider_type', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, type: r.type as SocialProviderType }));
  }

  async provider(
    unitId: string,
    type: SocialProviderType,
  ): Promise<SocialProviderRecord | undefined> {
    const row = await this.db
      .selectFrom('social_providers')
      .select(providerColumns)
      .where('unit_id', '=', unitId)
      .where('provider_type', '=', type)
      .executeTakeFirst();
    return row ? { ...row, type: row.type as SocialProviderType } : undefined;
  }

  /**
   * Sets (or replaces) the unit's provider of this type, in one transaction: the caller's when
   * this repository is bound to one (the admin console's change and its audit entry), else its own.
   */
  async saveProvider(record: SocialProviderRecord, now: number): Promise<void> {
    const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
      this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
    await inTransaction(async (trx) => {
      await trx
        .deleteFrom('social_providers')
        .where('unit_id', '=', record.unitId)
        .where('provider_type', '=', record.type)
        .execute();
      await trx
        .insertInto('social_providers')
        .values({
          id: record.id,
          unit_id: record.unitId,
          provider_type: record.type,
          app_id: record.appId,
          agent_id: record.agentId,
          secret: record.secret,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
  }

  async removeProvider(unitId: string, type: SocialProviderType): Promise<boolean> {
    const result = await this.db
      .deleteFrom('social_providers')
      .where('unit_id', '=', unitId)
      .where('provider_type', '=', type)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async insertState(stateHash: string, state: SocialStateRecord, now: number): Promise<void> {
    await this.db
      .insertInto('social_states')
      .values({
        state_hash: stateHash,
        unit_id: state.unitId,
        provider_type: state.type,
        browser_hash: state.browserHash,
        return_to: state.returnTo,
        expires_at: state.expiresAt,
        used_at: null,
        created_at: now,
      })
      .execute();
    // Old states are of no use to anyone: drop those past their time now and then.
    await this.db
      .deleteFrom('social_states')
      .where('expires_at', '<', now - 86_400_000)
      .execute();
  }

  async findState(stateHash: string): Promise<SocialStateRecord | undefined> {
    const row = await this.db
      .selectFrom('social_states')
      .select([
        'unit_id as unitId',
        'provider_type as type',
        'browser_hash as browserHash',
        'return_to as returnTo',
        'expires_at as expiresAt',
        'used_at as usedAt',
      ])
      .where('state_hash', '=', stateHash)
      .executeTakeFirst();
    return row ? { ...row, type: row.type as SocialProviderType } : undefined;
  }

  /** Marks a state used; false when it already was (a replay, even a concurrent one). */
  async claimState(stateHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('social_states')
      .set({ used_at: now })
      .where('state_hash', '=', stateHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async findIdentity(
    type: SocialProviderType,
    appId: string,
    openid: string,
  ): Promise<SocialIdentityRecord | undefined> {
    const row = await this.db
      .selectFrom('social_identities')
      .select(identityColumns)
      .where('provider_type', '=', type)
      .where('app_id', '=', appId)
      .where('openid', '=', openid)
      .executeTakeFirst();
    return row ? { ...row, type: row.type as SocialProviderType } : undefined;
  }

  async identitiesOf(userId: string): Promise<SocialIdentityRecord[]> {
    const rows = await this.db
      .selectFrom('social_identities')
      .select(identityColumns)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map((r) => ({ ...r, type: r.type as SocialProviderType }));
  }

  /** Binds an identity to a user, replacing any earlier binding of the same identity. */
  async bindIdentity(record: SocialIdentityRecord): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('social_identities')
        .where('provider_type', '=', record.type)
        .where('app_id', '=', record.appId)
        .where('openid', '=', record.openid)
        .execute();
      await trx
        .insertInto('social_identities')
        .values({
          id: record.id,
          user_id: record.userId,
          provider_type: record.type,
          app_id: record.appId,
          openid: record.openid,
          unionid: record.unionid,
          created_at: record.createdAt,
        })
        .execute();
    });
  }

  async unbind(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('social_identities')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async insertPending(idHash: string, pending: SocialPendingRecord, now: number): Promise<void> {
    await this.db
      .insertInto('social_pending')
      .values({
        id_hash: idHash,
        unit_id: pending.unitId,
        provider_type: pending.type,
        app_id: pending.appId,
        openid: pending.openid,
        unionid: pending.unionid,
        device_id: pending.deviceId,
        expires_at: pending.expiresAt,
        used_at: null,
        created_at: now,
      })
      .execute();
    await this.db
      .deleteFrom('social_pending')
      .where('expires_at', '<', now - 86_400_000)
      .execute();
  }

  async findPending(idHash: string): Promise<SocialPendingRecord | undefined> {
    const row = await this.db
      .selectFrom('social_pending')
      .select([
        'unit_id as unitId',
        'provider_type as type',
        'app_id as appId',
        'openid',
        'unionid',
        'device_id as deviceId',
        'expires_at as expiresAt',
        'used_at as usedAt',
      ])
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    return row ? { ...row, type: row.type as SocialProviderType } : undefined;
  }

  async claimPending(idHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('social_pending')
      .set({ used_at: now })
      .where('id_hash', '=', idHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
