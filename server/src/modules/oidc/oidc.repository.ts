/**
 * The only code that touches the OpenID Connect provider's tables (docs/ARCHITECTURE.md):
 * the registered clients (`oauth_clients`), the signing keys (`oidc_signing_keys`) and the
 * provider's stored artifacts (`oidc_payloads`). Rows become camelCase records here.
 */
import type { Kysely } from 'kysely';
import { PreparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';

export interface OidcClientRecord {
  clientId: string;
  name: string;
  redirectUris: string[];
  /** Null for a public client. */
  clientSecret: string | null;
}

export interface SigningKeyRecord {
  kid: string;
  alg: string;
  privateJwk: Record<string, unknown>;
  createdAt: number;
  retiredAt: number | null;
}

export interface StoredPayload {
  payload: Record<string, unknown>;
  expiresAt: number | null;
  consumedAt: number | null;
}

export class OidcRepository {
  private readonly upsertQuery: PreparedQuery<
    'model' | 'id' | 'payload' | 'grantId' | 'expiresAt' | 'consumedAt'
  >;
  private readonly findQuery: PreparedQuery<'model' | 'id'>;
  private readonly consumeQuery: PreparedQuery<'model' | 'id' | 'at'>;

  constructor(private readonly db: Kysely<Database>) {
    this.upsertQuery = new PreparedQuery(
      (v) =>
        db
          .insertInto('oidc_payloads')
          .values({
            model: v('model'),
            id: v('id'),
            payload: v('payload'),
            grant_id: v('grantId'),
            expires_at: v('expiresAt'),
            consumed_at: v('consumedAt'),
          })
          .onConflict((oc) =>
            oc.columns(['model', 'id']).doUpdateSet({
              payload: v('payload'),
              grant_id: v('grantId'),
              expires_at: v('expiresAt'),
            }),
          ),
      ['model', 'id', 'payload', 'grantId', 'expiresAt', 'consumedAt'],
    );
    this.findQuery = new PreparedQuery(
      (v) =>
        db
          .selectFrom('oidc_payloads')
          .select(['payload', 'expires_at', 'consumed_at'])
          .where('model', '=', v('model'))
          .where('id', '=', v('id')),
      ['model', 'id'],
    );
    this.consumeQuery = new PreparedQuery(
      (v) =>
        db
          .updateTable('oidc_payloads')
          .set({ consumed_at: v('at') })
          .where('model', '=', v('model'))
          .where('id', '=', v('id')),
      ['model', 'id', 'at'],
    );
  }

  /** Removes codes, tokens and grants that expired before `cutoff` (house-keeping). */
  async deleteExpiredPayloads(cutoff: number): Promise<number> {
    const result = await this.db
      .deleteFrom('oidc_payloads')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async findClient(clientId: string): Promise<OidcClientRecord | undefined> {
    const row = await this.db
      .selectFrom('oauth_clients')
      .select(['client_id', 'name', 'redirect_uris', 'client_secret'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) return undefined;
    const uris: unknown = JSON.parse(row.redirect_uris);
    return {
      clientId: row.client_id,
      name: row.name,
      redirectUris: Array.isArray(uris)
        ? uris.filter((u): u is string => typeof u === 'string')
        : [],
      clientSecret: row.client_secret,
    };
  }

  /** Registers a client, or replaces its name, redirect URIs and secret. */
  async saveClient(client: OidcClientRecord, now: number): Promise<void> {
    const values = {
      name: client.name,
      redirect_uris: JSON.stringify(client.redirectUris),
      client_secret: client.clientSecret,
    };
    await this.db
      .insertInto('oauth_clients')
      .values({ client_id: client.clientId, created_at: now, ...values })
      .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
      .execute();
  }

  /** Every registered client with when it was registered, by client id. */
  async listClients(): Promise<(OidcClientRecord & { createdAt: number })[]> {
    const rows = await this.db
      .selectFrom('oauth_clients')
      .select(['client_id', 'name', 'redirect_uris', 'client_secret', 'created_at'])
      .orderBy('client_id')
      .execute();
    return rows.map((row) => ({
      clientId: row.client_id,
      name: row.name,
      redirectUris: parseUris(row.redirect_uris),
      clientSecret: row.client_secret,
      createdAt: row.created_at,
    }));
  }

  /** Removes a client's registration; answers whether there was one. */
  async deleteClient(clientId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('oauth_clients')
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Every key, newest first. */
  async listSigningKeys(): Promise<SigningKeyRecord[]> {
    const rows = await this.db
      .selectFrom('oidc_signing_keys')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('kid', 'desc')
      .execute();
    return rows.map((row) => ({
      kid: row.kid,
      alg: row.alg,
      privateJwk: JSON.parse(row.private_jwk) as Record<string, unknown>,
      createdAt: row.created_at,
      retiredAt: row.retired_at,
    }));
  }

  /** Adds a key and retires every other one still active, in one transaction. */
  /** The id of the key added last, retired or not (a rotation changes it). */
  async newestSigningKeyId(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('oidc_signing_keys')
      .select('kid')
      .orderBy('created_at', 'desc')
      .orderBy('kid', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.kid;
  }

  async addSigningKey(
    key: Omit<SigningKeyRecord, 'retiredAt'>,
    retireOthers: boolean,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (retireOthers) {
        await trx
          .updateTable('oidc_signing_keys')
          .set({ retired_at: key.createdAt })
          .where('retired_at', 'is', null)
          .execute();
      }
      await trx
        .insertInto('oidc_signing_keys')
        .values({
          kid: key.kid,
          alg: key.alg,
          private_jwk: JSON.stringify(key.privateJwk),
          created_at: key.createdAt,
          retired_at: null,
        })
        .execute();
    });
  }

  async upsertPayload(
    model: string,
    id: string,
    payload: Record<string, unknown>,
    expiresAt: number | null,
  ): Promise<void> {
    const grantId = typeof payload.grantId === 'string' ? payload.grantId : null;
    await this.db.executeQuery(
      this.upsertQuery.query({
        model,
        id,
        payload: JSON.stringify(payload),
        grantId,
        expiresAt,
        consumedAt: null,
      }),
    );
  }

  async findPayload(model: string, id: string): Promise<StoredPayload | undefined> {
    const { rows } = await this.db.executeQuery(
      this.findQuery.query<{
        payload: string;
        expires_at: number | null;
        consumed_at: number | null;
      }>({ model, id }),
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      payload: JSON.parse(row.payload) as Record<string, unknown>,
      expiresAt: row.expires_at,
      consumedAt: row.consumed_at,
    };
  }

  async consumePayload(model: string, id: string, at: number): Promise<void> {
    await this.db.executeQuery(this.consumeQuery.query({ model, id, at }));
  }

  async deletePayload(model: string, id: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_payloads')
      .where('model', '=', model)
      .where('id', '=', id)
      .execute();
  }

  async deleteByGrant(model: string, grantId: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_payloads')
      .where('model', '=', model)
      .where('grant_id', '=', grantId)
      .execute();
  }

  /** Removes what has expired; answers how many rows went. */
  async deleteExpired(now: number): Promise<number> {
    const result = await this.db
      .deleteFrom('oidc_payloads')
      .where('expires_at', '<', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** The stored redirect URIs (JSON text), strings only. */
function parseUris(text: string): string[] {
  try {
    const uris: unknown = JSON.parse(text);
    return Array.isArray(uris) ? uris.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}
