/**
 * oidc-provider's storage adapter (one instance per model name):
 * - `Client`: the registered clients of `oauth_clients`, read-only, as provider metadata;
 * - `Interaction` and `Session`: held in this process only. Both live inside one
 *   `shiyue_webauth` call (the provider's session is made from the portal's for that call, the
 *   interaction is created and resumed by that request, see oidc.service.ts), and the portal's
 *   own session is the user's session, so the provider keeps none (docs/decisions.md);
 * - everything else (authorization codes, access and refresh tokens, grants): the database, so
 *   any instance can redeem a code or a token, and a replayed code revokes its grant's tokens.
 *   A grant this instance saved is also kept here for a minute (GRANT_CACHE_MS), since the same
 *   sign-in reads it again at once (token, userinfo).
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { OidcClientRecord, OidcRepository } from './oidc.repository.ts';

/** The provider's metadata of a registered client (DESIGN.md §8). */
export function clientMetadata(client: OidcClientRecord): AdapterPayload {
  return {
    client_id: client.clientId,
    client_name: client.name,
    redirect_uris: client.redirectUris,
    response_types: ['code'],
    grant_types: ['authorization_code', 'refresh_token'],
    ...(client.clientSecret
      ? { client_secret: client.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
  };
}

/**
 * How long a client's registration is reused before it is read again: every protocol call
 * names its client (three or four reads per sign-in), and a change made with the CLI reaches a
 * running instance within this time.
 */
export const CLIENT_CACHE_MS = 10_000;

class ClientAdapter implements Adapter {
  private readonly cache = new Map<
    string,
    { metadata: AdapterPayload | undefined; until: number }
  >();

  constructor(private readonly repository: OidcRepository) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    const now = Date.now();
    const cached = this.cache.get(id);
    if (cached && cached.until > now) return cached.metadata;
    const client = await this.repository.findClient(id);
    const metadata = client ? clientMetadata(client) : undefined;
    // Unknown ids are not kept: anyone may send any id, and the map must not grow with them.
    if (metadata) this.cache.set(id, { metadata, until: now + CLIENT_CACHE_MS });
    else this.cache.delete(id);
    return metadata;
  }

  upsert(): Promise<undefined> {
    return Promise.reject(new Error('clients are registered in the database, not by the provider'));
  }
  findByUserCode(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
  findByUid(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
  consume(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
  destroy(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
  revokeByGrantId(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
}

/** In-process, with expiry: what lives only within one request of this process. */
export class TransientAdapter implements Adapter {
  private readonly entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  private lastSweep = 0;

  constructor(private readonly keep: boolean) {}

  /** Holds an entry even when the provider's own saves are not kept (`keep` false). */
  hold(id: string, payload: AdapterPayload, expiresIn: number): void {
    const now = Date.now();
    this.sweep(now);
    this.entries.set(id, { payload, expiresAt: now + expiresIn * 1000 });
  }

  upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<undefined> {
    if (this.keep) {
      const now = Date.now();
      this.sweep(now);
      this.entries.set(id, { payload, expiresAt: now + expiresIn * 1000 });
    }
    return Promise.resolve(undefined);
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    const entry = this.entries.get(id);
    if (!entry || entry.expiresAt <= Date.now()) return Promise.resolve(undefined);
    return Promise.resolve(entry.payload);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    for (const entry of this.entries.values())
      if (entry.payload.uid === uid && entry.expiresAt > Date.now())
        return Promise.resolve(entry.payload);
    return Promise.resolve(undefined);
  }

  findByUserCode(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  consume(id: string): Promise<undefined> {
    const entry = this.entries.get(id);
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    return Promise.resolve(undefined);
  }

  destroy(id: string): Promise<undefined> {
    this.entries.delete(id);
    return Promise.resolve(undefined);
  }

  revokeByGrantId(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  /** Drops expired entries, at most once a second (an abandoned interaction never resumes). */
  private sweep(now: number): void {
    if (now - this.lastSweep < 1000) return;
    this.lastSweep = now;
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
  }
}

class DatabaseAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly repository: OidcRepository,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<undefined> {
    const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : null;
    await this.repository.upsertPayload(this.model, id, { ...payload }, expiresAt);
    return undefined;
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const stored = await this.repository.findPayload(this.model, id);
    if (!stored || (stored.expiresAt !== null && stored.expiresAt <= Date.now())) return undefined;
    const payload = stored.payload as AdapterPayload;
    if (stored.consumedAt !== null) payload.consumed = Math.floor(stored.consumedAt / 1000);
    return payload;
  }

  findByUid(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  findByUserCode(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  async consume(id: string): Promise<undefined> {
    await this.repository.consumePayload(this.model, id, Date.now());
    return undefined;
  }

  async destroy(id: string): Promise<undefined> {
    await this.repository.deletePayload(this.model, id);
    return undefined;
  }

  async revokeByGrantId(grantId: string): Promise<undefined> {
    await this.repository.deleteByGrant(this.model, grantId);
    return undefined;
  }
}

/**
 * How long a grant saved by this instance is answered from memory. A grant is never changed
 * after it is saved (each Allow saves a new one), and whatever revokes it (a replayed code, a
 * revoked refresh token) deletes its codes and tokens in the same step, in the database, which
 * every instance reads: a grant is only ever looked up for a code or token found there first.
 */
export const GRANT_CACHE_MS = 60_000;
/** At most this many grants are kept; the oldest go first. */
export const GRANT_CACHE_MAX = 20_000;

/** Grants: the database, with the grants this instance saved kept for GRANT_CACHE_MS. */
export class GrantAdapter extends DatabaseAdapter {
  private readonly recent = new Map<string, { payload: AdapterPayload; until: number }>();

  constructor(repository: OidcRepository) {
    super('Grant', repository);
  }

  override async upsert(
    id: string,
    payload: AdapterPayload,
    expiresIn: number,
  ): Promise<undefined> {
    await super.upsert(id, payload, expiresIn);
    const now = Date.now();
    const until = now + Math.min(GRANT_CACHE_MS, expiresIn ? expiresIn * 1000 : GRANT_CACHE_MS);
    this.recent.delete(id);
    this.recent.set(id, { payload: structuredClone(payload), until });
    // Oldest first (insertion order): drop what has expired, and the oldest beyond the bound.
    for (const [key, entry] of this.recent) {
      if (entry.until > now && this.recent.size <= GRANT_CACHE_MAX) break;
      this.recent.delete(key);
    }
    return undefined;
  }

  override async find(id: string): Promise<AdapterPayload | undefined> {
    const cached = this.recent.get(id);
    if (cached && cached.until > Date.now()) return structuredClone(cached.payload);
    return super.find(id);
  }

  override async destroy(id: string): Promise<undefined> {
    this.recent.delete(id);
    return super.destroy(id);
  }
}

/** The provider's stores, with the in-process ones the service also reaches (webauth). */
export function oidcStores(repository: OidcRepository): {
  adapter: (model: string) => Adapter;
  sessions: TransientAdapter;
} {
  const client = new ClientAdapter(repository);
  const interactions = new TransientAdapter(true);
  const sessions = new TransientAdapter(false);
  const grants = new GrantAdapter(repository);
  const others = new Map<string, Adapter>();
  const adapter = (model: string): Adapter => {
    if (model === 'Client') return client;
    if (model === 'Interaction') return interactions;
    if (model === 'Session') return sessions;
    if (model === 'Grant') return grants;
    let found = others.get(model);
    if (!found) {
      found = new DatabaseAdapter(model, repository);
      others.set(model, found);
    }
    return found;
  };
  return { adapter, sessions };
}
