import type { Kysely } from 'kysely';

/**
 * The portal as an OpenID Connect provider (issue 12 §1, DESIGN.md §8):
 * - `oauth_clients` gains a secret: null for a public client (PKCE only, like `demo-client`),
 *   set for a confidential one, which authenticates at the token endpoint;
 * - `oidc_signing_keys`: the ID-token signing keys, kept in the database so every instance
 *   signs with the same key, and rotatable (the newest unretired key signs; retired ones stay
 *   in the JWKS until tokens signed with them have expired);
 * - `oidc_payloads`: oidc-provider's stored artifacts (authorization codes, access and refresh
 *   tokens, grants), one JSON payload per row, with the columns its adapter looks up by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_clients').addColumn('client_secret', 'text').execute();

  await db.schema
    .createTable('oidc_signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('alg', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('retired_at', 'bigint')
    .execute();

  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
    .execute();
  // A replayed code revokes everything its grant issued (revokeByGrantId).
  await db.schema
    .createIndex('oidc_payloads_grant')
    .on('oidc_payloads')
    .column('grant_id')
    .execute();
  await db.schema
    .createIndex('oidc_payloads_expiry')
    .on('oidc_payloads')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_payloads').execute();
  await db.schema.dropTable('oidc_signing_keys').execute();
  await db.schema.alterTable('oauth_clients').dropColumn('client_secret').execute();
}
