import type { Kysely } from 'kysely';

/**
 * WeCom (`qy`) and WeChat public account (`mp`) sign-in (issue 12 §2; DESIGN.md §8):
 * - `social_providers`: a unit's providers, one per type, with the secret (server-side only);
 * - `social_identities`: a bound identity, user ↔ (type, app id, openid) with its unionid;
 * - `social_states`: each state handed to a provider, by its SHA-256, with the SHA-256 of the
 *   browser's nonce cookie it was issued to, so only that browser can use it, once;
 * - `social_pending`: an unbound identity the bind page may bind, by the SHA-256 of its
 *   one-time id, once, for 15 minutes.
 * Portable DDL as in 0009.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_providers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    .addColumn('provider_type', 'text', (c) => c.notNull())
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('social_providers_unit_type', ['unit_id', 'provider_type'])
    .execute();

  await db.schema
    .createTable('social_identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('provider_type', 'text', (c) => c.notNull())
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('openid', 'text', (c) => c.notNull())
    .addColumn('unionid', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('social_identities_key', ['provider_type', 'app_id', 'openid'])
    .execute();
  await db.schema
    .createIndex('social_identities_user')
    .on('social_identities')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('social_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('provider_type', 'text', (c) => c.notNull())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('social_pending')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('provider_type', 'text', (c) => c.notNull())
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('openid', 'text', (c) => c.notNull())
    .addColumn('unionid', 'text')
    .addColumn('device_id', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_pending').execute();
  await db.schema.dropTable('social_states').execute();
  await db.schema.dropIndex('social_identities_user').execute();
  await db.schema.dropTable('social_identities').execute();
  await db.schema.dropTable('social_providers').execute();
}
