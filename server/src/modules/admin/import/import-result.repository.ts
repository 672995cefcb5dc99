/**
 * The one table of the bulk import (migration 0011, `admin_import_results`): a committed import's
 * new accounts with their initial passwords, waiting to be downloaded once. The content is sealed
 * with AES-256-GCM under a random key that only the administrator receives (the commit's
 * `resultId`); the row is found by that key's SHA-256, so neither a database copy nor a log holds
 * a readable password. Taking a result deletes it in the same statement, so it is given once even
 * to two downloads at the same moment, on any instance.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A new result key: 32 random bytes, base64url (the contract's 43-character `resultId`). */
export function newResultKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

function keyHash(resultKey: string): string {
  return createHash('sha256').update(resultKey).digest('hex');
}

/** The content sealed under the key: base64 of iv ‖ tag ‖ ciphertext. */
export function seal(resultKey: string, content: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(resultKey, 'base64url'), iv);
  const body = Buffer.concat([cipher.update(content, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The sealed content, or undefined when the key does not open it. */
export function unseal(resultKey: string, sealed: string): string | undefined {
  try {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(resultKey, 'base64url'),
      bytes.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}

export interface NewImportResult {
  resultKey: string;
  unitId: string;
  createdBy: string;
  content: string;
  expiresAt: number;
  createdAt: number;
}

export class ImportResultRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(result: NewImportResult): Promise<void> {
    await this.db
      .insertInto('admin_import_results')
      .values({
        key_hash: keyHash(result.resultKey),
        unit_id: result.unitId,
        created_by: result.createdBy,
        sealed: seal(result.resultKey, result.content),
        expires_at: result.expiresAt,
        created_at: result.createdAt,
      })
      .execute();
  }

  /**
   * Takes (deletes and answers) the unexpired result of this key, unit and administrator; a
   * wrong key matches no row, so it takes nothing.
   */
  async take(
    resultKey: string,
    unitId: string,
    createdBy: string,
    now: number,
  ): Promise<{ content: string; createdAt: number } | undefined> {
    const row = await this.db
      .deleteFrom('admin_import_results')
      .where('key_hash', '=', keyHash(resultKey))
      .where('unit_id', '=', unitId)
      .where('created_by', '=', createdBy)
      .where('expires_at', '>', now)
      .returning(['sealed', 'created_at'])
      .executeTakeFirst();
    if (!row) return undefined;
    const content = unseal(resultKey, row.sealed);
    return content === undefined ? undefined : { content, createdAt: row.created_at };
  }

  /** Deletes the results nobody downloaded in time. */
  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('admin_import_results').where('expires_at', '<=', now).execute();
  }
}
