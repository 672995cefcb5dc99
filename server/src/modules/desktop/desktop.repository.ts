/**
 * All SQL of the desktop shell (issue 4): messages, to-dos, the apps' badges (issue 13 §4), the
 * unit's desktop settings and the per-user state (left lock, recent apps, icon order), the
 * desktop module's tables (docs/ARCHITECTURE.md). Returns camelCase records; the services decide, the routes present.
 */
import { sql, type Kysely } from 'kysely';
import { PreparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import type { DesktopChanges, DesktopReadCache, ReadFreshness } from './desktop-read-cache.ts';
import type { WatchedReadCache } from '../../db/watched-read-cache.ts';

export interface MessageRecord {
  id: string;
  messageMeno: string;
  module: string;
  messageDate: number;
  importance: number;
  openWay: number;
  url: string | null;
  content: string | null;
}

export interface TodoRecord {
  id: string;
  title: string;
  module: string;
  url: string | null;
  createdAt: number;
}

/** A message to store for one user, from a feed send (issue 13 §4). */
export interface NewMessageRecord {
  id: string;
  userId: string;
  messageMeno: string;
  module: string;
  messageDate: number;
  importance: number;
  url: string | null;
  sendId: string;
}

/** A to-do to store for one user, from a feed send (issue 13 §4). */
export interface NewTodoRecord {
  id: string;
  userId: string;
  title: string;
  module: string;
  url: string | null;
  createdAt: number;
  sendId: string;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 500;

export interface UnitDesktopSettingsRecord {
  messagePcOpen: number;
  ssoLoginUrl: string | null;
  /** The download-client dialog's installer address (spec §2), over the folder's file. */
  clientInstallerUrl: string | null;
  /** The download-client dialog's portable-package address (spec §2), over the folder's file. */
  clientPortableUrl: string | null;
}

/** What an app's unread count is made of: unread messages per module, and the apps' badges. */
export interface UnreadSources {
  messages: { module: string; count: number }[];
  badges: Map<string, number>;
}

/** A row of the unread-sources union: 'm' a module's unread messages, 'b' a badge, else other. */
interface SourceRow {
  source: string;
  code: string;
  count: number | string;
}

function splitSources(rows: readonly SourceRow[]): { unread: UnreadSources; other: SourceRow[] } {
  const unread: UnreadSources = { messages: [], badges: new Map() };
  const other: SourceRow[] = [];
  for (const row of rows) {
    if (row.source === 'm') unread.messages.push({ module: row.code, count: Number(row.count) });
    else if (row.source === 'b') unread.badges.set(row.code, Number(row.count));
    else other.push(row);
  }
  return { unread, other };
}

export interface DesktopRepositoryOptions {
  /**
   * The first-load reads kept in memory (desktop-read-cache.ts). Only the repository on the
   * database itself has one: a transaction's must read its own writes.
   */
  cache?: DesktopReadCache;
  /**
   * Told what each write changed once it has committed: at once on the database itself; a
   * transaction's collects them for its caller to report after the commit.
   */
  changes?: DesktopChanges;
  /** The unit settings' read kept while every change is heard (watched-read-cache.ts). */
  watched?: WatchedReadCache;
}

export class DesktopRepository {
  private readonly reads: ReturnType<typeof firstLoadReads>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: DesktopRepositoryOptions = {},
  ) {
    this.reads = firstLoadReads(db);
  }

  /**
   * Runs `work` in one transaction, with a repository bound to it; what it changed is reported
   * after the commit by the method that called this.
   */
  transaction<T>(work: (repository: DesktopRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new DesktopRepository(trx)));
  }

  /** The user's read `key` through the cache, where this repository has one. */
  private userRead<T>(
    userId: string,
    key: string,
    load: () => Promise<T>,
    read: ReadFreshness = {},
  ): Promise<T> {
    return this.options.cache ? this.options.cache.user(userId, key, load, read) : load();
  }

  private usersChanged(userIds: readonly string[] | null): void {
    this.options.changes?.users(userIds === null ? null : [...new Set(userIds)]);
  }

  // -------------------------------------------------------------------------------------------
  // Messages and to-dos

  /** Spec §7 unhandlecount's two counts in one round trip (issue 15 §1: fewer per call). */
  countOpenTodosAndUnreadMessages(
    userId: string,
    read: ReadFreshness = {},
  ): Promise<{ todoCount: number; messageCount: number }> {
    return this.userRead(
      userId,
      'counts',
      async () => {
        const { rows } = await this.db.executeQuery(
          this.reads.counts.query<{ todoCount: number | string; messageCount: number | string }>({
            userId,
          }),
        );
        const row = rows[0];
        return {
          todoCount: Number(row?.todoCount ?? 0),
          messageCount: Number(row?.messageCount ?? 0),
        };
      },
      read,
    );
  }

  async countOpenTodos(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('todos')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .where('done_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** The user's unread messages, newest first. */
  unreadMessages(
    userId: string,
    limit: number,
    read: ReadFreshness = {},
  ): Promise<readonly MessageRecord[]> {
    return this.userRead(
      userId,
      `unread:${limit}`,
      async () => {
        const { rows } = await this.db.executeQuery(
          this.reads.unreadMessages.query<MessageRecord>({ userId, limit }),
        );
        return rows;
      },
      read,
    );
  }

  /**
   * What an app's unread count is made of, in one round trip (issue 15 §1): the user's unread
   * messages per module (app code), and the badges the apps set for the user (app code → count).
   */
  unreadSources(userId: string, read: ReadFreshness = {}): Promise<UnreadSources> {
    return this.userRead(
      userId,
      'sources',
      async () => {
        const { rows } = await this.db.executeQuery(
          this.reads.unreadSources.query<SourceRow>({ userId }),
        );
        return splitSources(rows).unread;
      },
      read,
    );
  }

  /**
   * The user's recently used app codes, most recent first, and the unread sources, in one round
   * trip: spec §7 recent_apps needs both, and on PostgreSQL each round trip costs more than the
   * indexed read itself (issue 15 §1, bench/bell-time).
   */
  recentAppCodesAndUnread(
    userId: string,
    limit: number,
  ): Promise<{ codes: string[]; unread: UnreadSources }> {
    return this.userRead(userId, `recent:${limit}`, async () => {
      const { rows } = await this.db.executeQuery(
        this.reads.recentAndUnread.query<SourceRow>({ userId, limit }),
      );
      const { unread, other } = splitSources(rows);
      // A union keeps no order: most recent first, then by code (as recentAppCodes orders them).
      other.sort((a, b) => Number(b.count) - Number(a.count) || (a.code < b.code ? -1 : 1));
      return { codes: other.map((row) => row.code), unread };
    });
  }

  /** The user's icon order (app code → position) and the unread sources, in one round trip. */
  iconOrderAndUnread(
    userId: string,
  ): Promise<{ order: Map<string, number>; unread: UnreadSources }> {
    return this.userRead(userId, 'order', async () => {
      const { rows } = await this.db.executeQuery(
        this.reads.iconOrderAndUnread.query<SourceRow>({ userId }),
      );
      const { unread, other } = splitSources(rows);
      return { order: new Map(other.map((row) => [row.code, Number(row.count)])), unread };
    });
  }

  /** Marks every unread message of the user read; answers how many. */
  async markAllRead(userId: string, now: number): Promise<number> {
    const result = await this.db
      .updateTable('messages')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    this.usersChanged([userId]);
    return Number(result.numUpdatedRows);
  }

  /**
   * Marks one of the user's own messages read. Undefined when the user has no such message
   * (someone else's counts as none); otherwise how many rows changed (0 when already read).
   */
  async markOneRead(userId: string, messageId: string, now: number): Promise<number | undefined> {
    const own = await this.db
      .selectFrom('messages')
      .select('read_at')
      .where('id', '=', messageId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!own) return undefined;
    const result = await this.db
      .updateTable('messages')
      .set({ read_at: now })
      .where('id', '=', messageId)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    this.usersChanged([userId]);
    return Number(result.numUpdatedRows);
  }

  /** A page of the user's open to-dos, newest first, and how many there are. */
  async openTodos(
    userId: string,
    start: number,
    size: number,
  ): Promise<{ rows: TodoRecord[]; total: number }> {
    return this.userRead(userId, `todos:${start}:${size}`, async () => {
      // The total rides on each row (a window count over the whole filter, before the limit):
      // one round trip instead of two. A page past the end has no row to carry it.
      const { rows: page } = await this.db.executeQuery(
        this.reads.openTodos.query<TodoRecord & { total: number | string }>({
          userId,
          start,
          size,
        }),
      );
      const first = page[0];
      const total = first
        ? Number(first.total)
        : start === 0
          ? 0
          : await this.countOpenTodos(userId);
      return { rows: page.map(({ total: _total, ...row }) => row), total };
    });
  }

  // -------------------------------------------------------------------------------------------
  // The feed's writes (issue 13 §4): messages and to-dos of a send, to-dos done, badges

  async insertMessages(records: readonly NewMessageRecord[]): Promise<void> {
    for (let i = 0; i < records.length; i += INSERT_CHUNK) {
      await this.db
        .insertInto('messages')
        .values(
          records.slice(i, i + INSERT_CHUNK).map((m) => ({
            id: m.id,
            user_id: m.userId,
            message_meno: m.messageMeno,
            module: m.module,
            message_date: m.messageDate,
            importance: m.importance,
            open_way: 0,
            url: m.url,
            content: null,
            read_at: null,
            send_id: m.sendId,
          })),
        )
        .execute();
    }
    this.usersChanged(records.map((m) => m.userId));
  }

  async insertTodos(records: readonly NewTodoRecord[]): Promise<void> {
    for (let i = 0; i < records.length; i += INSERT_CHUNK) {
      await this.db
        .insertInto('todos')
        .values(
          records.slice(i, i + INSERT_CHUNK).map((t) => ({
            id: t.id,
            user_id: t.userId,
            title: t.title,
            module: t.module,
            url: t.url,
            created_at: t.createdAt,
            done_at: null,
            send_id: t.sendId,
          })),
        )
        .execute();
    }
    this.usersChanged(records.map((t) => t.userId));
  }

  /** Marks the send's open to-dos done, of the listed users or (null) of all; answers how many. */
  async completeTodos(sendId: string, userIds: readonly string[] | null, now: number) {
    let query = this.db
      .updateTable('todos')
      .set({ done_at: now })
      .where('send_id', '=', sendId)
      .where('done_at', 'is', null);
    if (userIds) query = query.where('user_id', 'in', [...userIds]);
    const result = await query.executeTakeFirst();
    this.usersChanged(userIds);
    return Number(result.numUpdatedRows);
  }

  /** Per send: how many of its messages are read, or of its to-dos done (absent: none). */
  async sendProgress(sendIds: readonly string[]): Promise<Map<string, number>> {
    const progress = new Map<string, number>();
    if (sendIds.length === 0) return progress;
    const [read, done] = await Promise.all([
      this.db
        .selectFrom('messages')
        .select((eb) => ['send_id', eb.fn.countAll<number | string>().as('count')])
        .where('send_id', 'in', [...sendIds])
        .where('read_at', 'is not', null)
        .groupBy('send_id')
        .execute(),
      this.db
        .selectFrom('todos')
        .select((eb) => ['send_id', eb.fn.countAll<number | string>().as('count')])
        .where('send_id', 'in', [...sendIds])
        .where('done_at', 'is not', null)
        .groupBy('send_id')
        .execute(),
    ]);
    for (const row of [...read, ...done]) {
      if (row.send_id !== null) progress.set(row.send_id, Number(row.count));
    }
    return progress;
  }

  /** Sets (a count) or removes (null) users' badges on one app's icon. */
  async setBadges(
    appCode: string,
    badges: readonly { userId: string; count: number | null }[],
    now: number,
  ): Promise<void> {
    const cleared = badges.filter((b) => b.count === null).map((b) => b.userId);
    if (cleared.length > 0) {
      await this.db
        .deleteFrom('app_badges')
        .where('app_code', '=', appCode)
        .where('user_id', 'in', cleared)
        .execute();
    }
    const set = badges.flatMap((b) =>
      b.count === null
        ? []
        : [{ user_id: b.userId, app_code: appCode, count: b.count, updated_at: now }],
    );
    for (let i = 0; i < set.length; i += INSERT_CHUNK) {
      await this.db
        .insertInto('app_badges')
        .values(set.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) =>
          oc.columns(['user_id', 'app_code']).doUpdateSet((eb) => ({
            count: eb.ref('excluded.count'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    this.usersChanged(badges.map((b) => b.userId));
  }

  // -------------------------------------------------------------------------------------------
  // Unit settings

  async unitDesktopSettings(unitId: string): Promise<UnitDesktopSettingsRecord | undefined> {
    const load = async () => {
      const { rows } = await this.db.executeQuery(
        this.reads.unitDesktopSettings.query<UnitDesktopSettingsRecord>({ unitId }),
      );
      return rows[0];
    };
    const { watched } = this.options;
    return watched ? watched.read(`unit-desktop\0${unitId}`, load) : load();
  }

  /** Creates or changes the unit's desktop settings; unnamed settings keep their value. */
  async upsertUnitDesktopSettings(
    unitId: string,
    change: Partial<UnitDesktopSettingsRecord>,
    now: number,
  ): Promise<void> {
    const set = {
      ...(change.messagePcOpen !== undefined ? { message_pc_open: change.messagePcOpen } : {}),
      ...(change.ssoLoginUrl !== undefined ? { sso_login_url: change.ssoLoginUrl } : {}),
      ...(change.clientInstallerUrl !== undefined
        ? { client_installer_url: change.clientInstallerUrl }
        : {}),
      ...(change.clientPortableUrl !== undefined
        ? { client_portable_url: change.clientPortableUrl }
        : {}),
      updated_at: now,
    };
    await this.db
      .insertInto('unit_desktop_settings')
      .values({
        unit_id: unitId,
        message_pc_open: change.messagePcOpen ?? 0,
        sso_login_url: change.ssoLoginUrl ?? null,
        client_installer_url: change.clientInstallerUrl ?? null,
        client_portable_url: change.clientPortableUrl ?? null,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('unit_id').doUpdateSet(set))
      .execute();
  }

  // -------------------------------------------------------------------------------------------
  // Recent apps, icon order

  /** Replaces the user's icon order with `codes`, first to last; an empty list clears it. */
  async replaceIconOrder(userId: string, codes: readonly string[]): Promise<void> {
    await this.transaction(async (repository) => {
      await repository.db.deleteFrom('user_icon_orders').where('user_id', '=', userId).execute();
      if (codes.length === 0) return;
      await repository.db
        .insertInto('user_icon_orders')
        .values(codes.map((code, position) => ({ user_id: userId, app_code: code, position })))
        .execute();
    });
    this.usersChanged([userId]);
  }

  /** The user's recently used app codes, most recent first. */
  async recentAppCodes(userId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_recent_apps')
      .select('app_code')
      .where('user_id', '=', userId)
      .orderBy('used_at', 'desc')
      .orderBy('app_code')
      .limit(limit)
      .execute();
    return rows.map((r) => r.app_code);
  }

  /**
   * Puts an app at the front of the user's recent apps and keeps only the `keep` most recent.
   * The time stamp is strictly above the user's latest, so two opens in one millisecond (or a
   * clock set back) keep the order they happened in.
   */
  async touchRecentApp(userId: string, appCode: string, now: number, keep: number): Promise<void> {
    await this.transaction(async (repository) => {
      const latest = await repository.db
        .selectFrom('user_recent_apps')
        .select((eb) => eb.fn.max('used_at').as('latest'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const usedAt = Math.max(now, Number(latest?.latest ?? 0) + 1);
      await repository.db
        .insertInto('user_recent_apps')
        .values({ user_id: userId, app_code: appCode, used_at: usedAt })
        .onConflict((oc) => oc.columns(['user_id', 'app_code']).doUpdateSet({ used_at: usedAt }))
        .execute();
      const kept = await repository.recentAppCodes(userId, keep);
      if (kept.length === 0) return;
      await repository.db
        .deleteFrom('user_recent_apps')
        .where('user_id', '=', userId)
        .where('app_code', 'not in', kept)
        .execute();
    });
    this.usersChanged([userId]);
  }

  // -------------------------------------------------------------------------------------------
  // Per-user preferences

  async leftLocked(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_desktop_prefs')
      .select('left_locked')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.left_locked === 1;
  }

  async setLeftLocked(userId: string, locked: boolean, now: number): Promise<void> {
    const value = locked ? 1 : 0;
    await this.db
      .insertInto('user_desktop_prefs')
      .values({ user_id: userId, left_locked: value, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ left_locked: value, updated_at: now }))
      .execute();
  }
}

/**
 * The reads of the desktop's first load (bench/desktop-first-load.ts), as PreparedQuery: a
 * profile of bench/bell-time gave Kysely's building and compiling a tenth of the portal's CPU
 * (issue 15 §1), for statements whose text never changes.
 */
function firstLoadReads(db: Kysely<Database>) {
  /** The unread messages per module ('m') and the apps' badges ('b'), as union branches. */
  const unreadBranches = (v: (name: 'userId') => never) => ({
    messages: db
      .selectFrom('messages')
      .select((eb) => [
        sql.lit('m').as('source'),
        'module as code',
        eb.fn.countAll<number | string>().as('count'),
      ])
      .where('user_id', '=', v('userId'))
      .where('read_at', 'is', null)
      .groupBy('module'),
    badges: db
      .selectFrom('app_badges')
      .select([sql.lit('b').as('source'), 'app_code as code', 'count'])
      .where('user_id', '=', v('userId')),
  });
  return {
    recentAndUnread: new PreparedQuery<'userId' | 'limit'>(
      (v) => {
        const { messages, badges } = unreadBranches(v);
        return db
          .selectFrom((eb) =>
            eb
              .selectFrom('user_recent_apps')
              .select(['app_code', 'used_at'])
              .where('user_id', '=', v('userId'))
              .orderBy('used_at', 'desc')
              .orderBy('app_code')
              .limit(v('limit'))
              .as('recent'),
          )
          .select((eb) => [
            sql.lit('r').as('source'),
            'recent.app_code as code',
            eb.ref('recent.used_at').$castTo<number | string>().as('count'),
          ])
          .unionAll(messages)
          .unionAll(badges);
      },
      ['userId', 'limit'],
    ),
    iconOrderAndUnread: new PreparedQuery<'userId'>(
      (v) => {
        const { messages, badges } = unreadBranches(v);
        return db
          .selectFrom('user_icon_orders')
          .select((eb) => [
            sql.lit('o').as('source'),
            'app_code as code',
            eb.ref('position').$castTo<number | string>().as('count'),
          ])
          .where('user_id', '=', v('userId'))
          .unionAll(messages)
          .unionAll(badges);
      },
      ['userId'],
    ),
    counts: new PreparedQuery<'userId'>(
      (v) =>
        db.selectNoFrom((eb) => [
          eb
            .selectFrom('todos')
            .select(eb.fn.countAll<number | string>().as('count'))
            .where('user_id', '=', v('userId'))
            .where('done_at', 'is', null)
            .as('todoCount'),
          eb
            .selectFrom('messages')
            .select(eb.fn.countAll<number | string>().as('count'))
            .where('user_id', '=', v('userId'))
            .where('read_at', 'is', null)
            .as('messageCount'),
        ]),
      ['userId'],
    ),
    unreadMessages: new PreparedQuery<'userId' | 'limit'>(
      (v) =>
        db
          .selectFrom('messages')
          .select([
            'id',
            'message_meno as messageMeno',
            'module',
            'message_date as messageDate',
            'importance',
            'open_way as openWay',
            'url',
            'content',
          ])
          .where('user_id', '=', v('userId'))
          .where('read_at', 'is', null)
          .orderBy('message_date', 'desc')
          .orderBy('id')
          .limit(v('limit')),
      ['userId', 'limit'],
    ),
    unreadSources: new PreparedQuery<'userId'>(
      (v) => {
        const { messages, badges } = unreadBranches(v);
        return messages.unionAll(badges);
      },
      ['userId'],
    ),
    openTodos: new PreparedQuery<'userId' | 'start' | 'size'>(
      (v) =>
        // The total rides on each row (a window count over the whole filter, before the
        // limit): one round trip instead of two. A page past the end has no row to carry it.
        db
          .selectFrom('todos')
          .select((eb) => [
            'id',
            'title',
            'module',
            'url',
            'created_at as createdAt',
            eb.fn.countAll<number | string>().over().as('total'),
          ])
          .where('user_id', '=', v('userId'))
          .where('done_at', 'is', null)
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(v('size'))
          .offset(v('start')),
      ['userId', 'start', 'size'],
    ),
    unitDesktopSettings: new PreparedQuery<'unitId'>(
      (v) =>
        db
          .selectFrom('unit_desktop_settings')
          .select([
            'message_pc_open as messagePcOpen',
            'sso_login_url as ssoLoginUrl',
            'client_installer_url as clientInstallerUrl',
            'client_portable_url as clientPortableUrl',
          ])
          .where('unit_id', '=', v('unitId')),
      ['unitId'],
    ),
  };
}
