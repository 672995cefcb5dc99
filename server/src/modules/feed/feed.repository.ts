/**
 * All SQL of the feed (issue 13 §4): the feed module owns `app_credentials` and `feed_sends`
 * (docs/ARCHITECTURE.md). It reads other modules' tables read-only, each inside one query of its
 * own, to resolve an audience: `users` (a unit's accounts, the listed users, the console's author
 * names), `students` and `parent_children` (the parents of a grade's or a class's students).
 * The messages and to-dos themselves are the desktop's (written through its InboxService).
 * Takes and returns camelCase records.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface CredentialRecord {
  clientId: string;
  appCode: string;
  unitId: string;
  secretHash: string;
  createdAt: number;
}

/** The stored audience of a send, as it was addressed. */
export interface StoredAudience {
  gradeName: string | null;
  className: string | null;
  userTypes: number[] | null;
  userIds: string[] | null;
}

export interface NewSend {
  id: string;
  kind: 'message' | 'todo';
  appCode: string;
  unitId: string;
  senderUserId: string | null;
  clientId: string | null;
  title: string;
  importance: number | null;
  url: string | null;
  audience: StoredAudience;
  recipientCount: number;
  createdAt: number;
}

export interface SendRecord extends NewSend {
  /** The console author's name; null for an app's send. */
  senderName: string | null;
}

/** An account as an audience check reads it. */
export interface AudienceUser {
  id: string;
  unitId: string;
  userType: number;
}

const ACTIVE = 1;

export class FeedRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // -------------------------------------------------------------------------------------------
  // Credentials

  credential(clientId: string): Promise<CredentialRecord | undefined> {
    return this.credentials().where('client_id', '=', clientId).executeTakeFirst();
  }

  credentialFor(appCode: string, unitId: string): Promise<CredentialRecord | undefined> {
    return this.credentials()
      .where('app_code', '=', appCode)
      .where('unit_id', '=', unitId)
      .executeTakeFirst();
  }

  /** Creates the app's credential for the unit, or gives it a new secret (same client id). */
  async saveCredential(
    record: Omit<CredentialRecord, 'createdAt'>,
    createdAt: number,
    createdBy: string | null,
  ): Promise<void> {
    await this.db
      .insertInto('app_credentials')
      .values({
        client_id: record.clientId,
        app_code: record.appCode,
        unit_id: record.unitId,
        secret_hash: record.secretHash,
        created_at: createdAt,
        created_by: createdBy,
      })
      .onConflict((oc) =>
        oc.column('client_id').doUpdateSet({
          secret_hash: record.secretHash,
          created_at: createdAt,
          created_by: createdBy,
        }),
      )
      .execute();
  }

  private credentials() {
    return this.db
      .selectFrom('app_credentials')
      .select([
        'client_id as clientId',
        'app_code as appCode',
        'unit_id as unitId',
        'secret_hash as secretHash',
        'created_at as createdAt',
      ]);
  }

  // -------------------------------------------------------------------------------------------
  // Sends

  async insertSend(send: NewSend): Promise<void> {
    await this.db
      .insertInto('feed_sends')
      .values({
        id: send.id,
        kind: send.kind,
        app_code: send.appCode,
        unit_id: send.unitId,
        sender_user_id: send.senderUserId,
        client_id: send.clientId,
        title: send.title,
        importance: send.importance,
        url: send.url,
        audience: JSON.stringify(send.audience),
        recipient_count: send.recipientCount,
        created_at: send.createdAt,
      })
      .execute();
  }

  async findSend(id: string): Promise<SendRecord | undefined> {
    const row = await this.sends().where('s.id', '=', id).executeTakeFirst();
    return row ? toSendRecord(row) : undefined;
  }

  /** The sends to these units, newest first. */
  async listSends(unitIds: readonly string[], start: number, size: number): Promise<SendRecord[]> {
    if (unitIds.length === 0) return [];
    const rows = await this.sends()
      .where('s.unit_id', 'in', [...unitIds])
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(size)
      .offset(start)
      .execute();
    return rows.map(toSendRecord);
  }

  async countSends(unitIds: readonly string[]): Promise<number> {
    if (unitIds.length === 0) return 0;
    const row = await this.db
      .selectFrom('feed_sends')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('unit_id', 'in', [...unitIds])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Sends with the console author's name (read-only join on `users`). */
  private sends() {
    return this.db
      .selectFrom('feed_sends as s')
      .leftJoin('users as u', 'u.id', 's.sender_user_id')
      .select([
        's.id as id',
        's.kind as kind',
        's.app_code as appCode',
        's.unit_id as unitId',
        's.sender_user_id as senderUserId',
        's.client_id as clientId',
        's.title as title',
        's.importance as importance',
        's.url as url',
        's.audience as audience',
        's.recipient_count as recipientCount',
        's.created_at as createdAt',
        'u.real_name as senderName',
      ]);
  }

  // -------------------------------------------------------------------------------------------
  // Audiences (read-only reads of `users`, `students`, `parent_children`)

  /** The unit's active accounts, of the given types (null: any). */
  async unitUserIds(unitId: string, userTypes: readonly number[] | null): Promise<string[]> {
    let query = this.db
      .selectFrom('users')
      .select('id')
      .where('unit_id', '=', unitId)
      .where('status', '=', ACTIVE);
    if (userTypes) query = query.where('user_type', 'in', [...userTypes]);
    const rows = await query.orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  /**
   * The active parents of the unit's students (cms's audience rule: no grade, the whole unit; a
   * grade, that grade; with a class, that class), each once.
   */
  async studentParentIds(
    unitId: string,
    gradeName: string | null,
    className: string | null,
  ): Promise<string[]> {
    let query = this.db
      .selectFrom('students as s')
      .innerJoin('parent_children as pc', 'pc.student_id', 's.id')
      .innerJoin('users as u', 'u.id', 'pc.parent_id')
      .select('u.id as id')
      .distinct()
      .where('s.unit_id', '=', unitId)
      .where('u.status', '=', ACTIVE);
    if (gradeName !== null) query = query.where('s.grade_name', '=', gradeName);
    if (className !== null) query = query.where('s.class_name', '=', className);
    const rows = await query.orderBy('u.id').execute();
    return rows.map((r) => r.id);
  }

  /** The listed accounts that exist, with their unit and type. */
  async audienceUsers(userIds: readonly string[]): Promise<AudienceUser[]> {
    if (userIds.length === 0) return [];
    return this.db
      .selectFrom('users')
      .select(['id', 'unit_id as unitId', 'user_type as userType'])
      .where('id', 'in', [...userIds])
      .execute();
  }
}

function toSendRecord(row: {
  id: string;
  kind: string;
  appCode: string;
  unitId: string;
  senderUserId: string | null;
  clientId: string | null;
  title: string;
  importance: number | null;
  url: string | null;
  audience: string;
  recipientCount: number;
  createdAt: number;
  senderName: string | null;
}): SendRecord {
  return {
    ...row,
    kind: row.kind === 'todo' ? 'todo' : 'message',
    importance: row.importance === null ? null : Number(row.importance),
    recipientCount: Number(row.recipientCount),
    createdAt: Number(row.createdAt),
    audience: parseAudience(row.audience),
  };
}

function parseAudience(text: string): StoredAudience {
  const empty: StoredAudience = {
    gradeName: null,
    className: null,
    userTypes: null,
    userIds: null,
  };
  try {
    const value = JSON.parse(text) as Partial<StoredAudience> | null;
    return { ...empty, ...(value ?? {}) };
  } catch {
    return empty;
  }
}
