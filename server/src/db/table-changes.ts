/**
 * Changes to the few tables that the desktop's first load reads on nearly every call and that an
 * administrator rarely writes (issue 15 §1: "caching what is per unit and changes rarely ...
 * invalidated when it changes"): units, their desktop settings, licences, apps and app roles.
 * WatchedReadCache keeps reads of them while TableChanges can vouch that no change went unheard.
 *
 * Two ways a change is heard:
 * - on PostgreSQL, every statement on these tables fires a trigger (migration 0017) that calls
 *   pg_notify(TABLE_CHANGES_CHANNEL, table). PostgreSQL delivers the notice at commit (none for
 *   a rollback) to every connection listening, and each server keeps one (table-change-
 *   listener.ts). So a change is heard whoever made it: this instance, another one behind the
 *   proxy, the admin CLI or psql;
 * - this server's own writes are counted as they run (tableWritePlugin, before and after the
 *   statement), so a request that follows a change on the same instance never waits for the
 *   notice.
 *
 * Nothing tells SQLite's server about the admin CLI's writes in another process, so there the
 * cache is never live and reads go to the database, which is in the process and costs
 * microseconds.
 */
import {
  AliasNode,
  TableNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

export const WATCHED_TABLES = [
  'apps',
  'licences',
  'units',
  'unit_desktop_settings',
  'user_roles',
] as const;

/** The notice channel of migration 0017's triggers. */
export const TABLE_CHANGES_CHANNEL = 'campus_table_changes';

const watched = new Set<string>(WATCHED_TABLES);

/**
 * The generation of the watched tables: a number that moves on every change heard and whenever
 * listening starts or stops. A read kept under one generation is good while it is current.
 */
export class TableChanges {
  private generation = 0;
  private listening = false;

  /** The current generation, or undefined while a change could go unheard (keep nothing). */
  get stamp(): number | undefined {
    return this.listening ? this.generation : undefined;
  }

  /** A watched table changed (or may have: a notice that cannot be read counts too). */
  changed(): void {
    this.generation += 1;
  }

  /** The listening connection is up (true) or down (false): what was kept is dropped. */
  listeningChanged(listening: boolean): void {
    this.listening = listening;
    this.generation += 1;
  }
}

/** The table an insert, update or delete writes, when it is one of the watched tables. */
export function watchedTableWritten(node: RootOperationNode): string | undefined {
  const target =
    node.kind === 'InsertQueryNode'
      ? node.into
      : node.kind === 'UpdateQueryNode'
        ? node.table
        : node.kind === 'DeleteQueryNode'
          ? node.from.froms[0]
          : undefined;
  const name = target && tableName(target);
  return name !== undefined && watched.has(name) ? name : undefined;
}

function tableName(node: OperationNode): string | undefined {
  if (AliasNode.is(node)) return tableName(node.node);
  return TableNode.is(node) ? node.table.identifier.name : undefined;
}

/**
 * Tells `onWrite` of every insert, update or delete of a watched table built through Kysely on
 * this connection, when it is compiled and again when it has run: a read that started in
 * between may have seen the table before the write. (Inside a transaction the commit comes
 * later still; the trigger's notice, sent at commit, covers that.)
 */
export function tableWritePlugin(onWrite: () => void): KyselyPlugin {
  const writes = new WeakSet<object>();
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (watchedTableWritten(node) !== undefined) {
        writes.add(queryId);
        onWrite();
      }
      return node;
    },
    async transformResult({
      result,
      queryId,
    }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (writes.has(queryId)) onWrite();
      return result;
    },
  };
}
