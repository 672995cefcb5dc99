/**
 * The SQL of password self-service and ticket sign-in (issue 12 §3, §4): users' emails, a
 * unit's ticket issuer, the one-time reset tokens and the tickets already presented (migration
 * 0009), and the revocation a password change makes. The uaa's tables, beside
 * `uaa.repository.ts`; records in camelCase, token columns hold SHA-256 hashes only.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** An account as the forgotten-password form finds it. */
export interface RecoveryAccount {
  id: string;
  unitId: string;
  loginName: string;
  realName: string;
  email: string | null;
  langType: string | null;
  status: number;
  unitStatus: number;
}

export interface ResetTokenRecord {
  id: string;
  userId: string;
  expiresAt: number;
  usedAt: number | null;
}

export class AccountRecoveryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * House-keeping: removes reset links that expired before `cutoff`, and the record of tickets
   * presented before `ticketCutoff` (an issuer's ticket lives minutes and is single-use there
   * too, so a replay that old is refused by the issuer itself).
   */
  async deleteExpired(cutoff: number, ticketCutoff: number): Promise<number> {
    const links = await this.db
      .deleteFrom('password_reset_tokens')
      .where('expires_at', '<', cutoff)
      .executeTakeFirst();
    const tickets = await this.db
      .deleteFrom('used_tickets')
      .where('used_at', '<', ticketCutoff)
      .executeTakeFirst();
    return Number(links.numDeletedRows) + Number(tickets.numDeletedRows);
  }

  private accountQuery() {
    return this.db
      .selectFrom('users')
      .innerJoin('units', 'units.id', 'users.unit_id')
      .select([
        'users.id as id',
        'users.unit_id as unitId',
        'users.login_name as loginName',
        'users.real_name as realName',
        'users.email as email',
        'users.lang_type as langType',
        'users.status as status',
        'units.status as unitStatus',
      ]);
  }

  /** The account whose login name is `account`, else the only one with that email. */
  async findAccount(account: string): Promise<RecoveryAccount | undefined> {
    const byLogin = await this.accountQuery()
      .where('users.login_name', '=', account)
      .executeTakeFirst();
    if (byLogin) return byLogin;
    // Emails are compared as typed and lower-cased (stored lower-cased by setEmail). Several
    // accounts may share one (a teacher's and a parent's): then no link names which, so none.
    const byEmail = await this.accountQuery()
      .where('users.email', '=', account.toLowerCase())
      .limit(2)
      .execute();
    return byEmail.length === 1 ? byEmail[0] : undefined;
  }

  async findAccountByLogin(loginName: string): Promise<RecoveryAccount | undefined> {
    return this.accountQuery().where('users.login_name', '=', loginName).executeTakeFirst();
  }

  async setEmail(userId: string, email: string | null): Promise<string | null> {
    const previous = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirst();
    await this.db.updateTable('users').set({ email }).where('id', '=', userId).execute();
    return previous?.email ?? null;
  }

  async ticketIssuer(unitId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('units')
      .select('ticket_issuer_url')
      .where('id', '=', unitId)
      .executeTakeFirst();
    return row?.ticket_issuer_url ?? null;
  }

  async setTicketIssuer(unitId: string, url: string | null): Promise<string | null> {
    const previous = await this.ticketIssuer(unitId);
    await this.db
      .updateTable('units')
      .set({ ticket_issuer_url: url })
      .where('id', '=', unitId)
      .execute();
    return previous;
  }

  // -------------------------------------------------------------------------------------------
  // One-time reset links

  async insertResetToken(token: {
    id: string;
    userId: string;
    tokenHash: string;
    expiresAt: number;
    createdAt: number;
  }): Promise<void> {
    await this.db
      .insertInto('password_reset_tokens')
      .values({
        id: token.id,
        user_id: token.userId,
        token_hash: token.tokenHash,
        expires_at: token.expiresAt,
        used_at: null,
        created_at: token.createdAt,
      })
      .execute();
  }

  async findResetToken(tokenHash: string): Promise<ResetTokenRecord | undefined> {
    return this.db
      .selectFrom('password_reset_tokens')
      .select(['id', 'user_id as userId', 'expires_at as expiresAt', 'used_at as usedAt'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks the token used; false when another request used it first. */
  async useResetToken(id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ends every other unused link of the user: a new password makes the older links moot. */
  async useAllResetTokens(userId: string, at: number): Promise<void> {
    await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  // -------------------------------------------------------------------------------------------
  // Tickets

  /** Records a ticket as presented; false when it was presented before (a replay). */
  async claimTicket(ticketHash: string, unitId: string, at: number): Promise<boolean> {
    const result = await this.db
      .insertInto('used_tickets')
      .values({ ticket_hash: ticketHash, unit_id: unitId, used_at: at })
      .onConflict((oc) => oc.column('ticket_hash').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  // -------------------------------------------------------------------------------------------
  // A password change

  /**
   * Revokes every session, refresh token and app-client id of the user outside `keepFamilyId`,
   * and every remembered-password token (they stand in for the old password).
   */
  async revokeAllButFamily(userId: string, keepFamilyId: string, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const table of ['sessions', 'refresh_tokens'] as const) {
        await trx
          .updateTable(table)
          .set({ revoked_at: at })
          .where('user_id', '=', userId)
          .where('family_id', '!=', keepFamilyId)
          .where('revoked_at', 'is', null)
          .execute();
      }
      await trx
        .updateTable('device_credentials')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('kind', '=', 'remember'),
            eb('family_id', 'is', null),
            eb('family_id', '!=', keepFamilyId),
          ]),
        )
        .execute();
    });
  }
}
