/** Opaque random tokens; only their SHA-256 is stored, so a database leak yields no session. */
import { hash, randomFillSync } from 'node:crypto';

/** 256 bits a token. */
const TOKEN_BYTES = 32;
/** Tokens drawn from one fill of the pool. */
const POOL_TOKENS = 64;

/**
 * Entropy drawn from the CSPRNG in one call for many tokens, as Node's own randomUUID() keeps a
 * cache of random bytes: a sign-in takes three tokens, and one `randomBytes(32)` call cost about
 * 10 µs of the event loop's time a sign-in under load, against a fraction of that from a pool
 * (issue 15 §1, bench/login-throughput). Each token's bytes are wiped once read, so no token
 * stays in memory after it is handed out, and no byte is ever handed out twice.
 */
const pool = Buffer.alloc(TOKEN_BYTES * POOL_TOKENS);
let offset = pool.length;

export function newToken(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const token = pool.toString('base64url', offset, offset + TOKEN_BYTES);
  pool.fill(0, offset, offset + TOKEN_BYTES);
  offset += TOKEN_BYTES;
  return token;
}

/**
 * Every signed-in request hashes its token (the session cache's key): the one-shot `hash`
 * builds no Hash object, about half the cost of createHash().update().digest() (issue 15 §1).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
