/**
 * The one PostgreSQL connection per server that LISTENs for migration 0017's notices and tells
 * TableChanges of each (see table-changes.ts). While it is down (PostgreSQL restarting, the
 * link dropped) a change could go unheard, so TableChanges is told it stopped listening and the
 * cache reads through; it reconnects with a back-off of 1 s doubling to 30 s, and is live again
 * once LISTEN has succeeded. A server whose listener never connects still serves, uncached.
 */
import type pg from 'pg';
import { loadPg } from './load-pg.ts';
import { TABLE_CHANGES_CHANNEL, type TableChanges } from './table-changes.ts';

const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export interface TableChangeListener {
  /** Resolves once the first attempt to listen has ended, live or not. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function listenForTableChanges(
  databaseUrl: string,
  changes: TableChanges,
  onError: (error: Error) => void = () => undefined,
): TableChangeListener {
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;

  const down = (failed: pg.Client, error?: Error) => {
    if (client !== failed) return;
    client = undefined;
    changes.listeningChanged(false);
    failed.removeAllListeners('notification');
    failed.end().catch(() => undefined);
    if (error) onError(error);
    if (closed) return;
    timer = setTimeout(() => void connect(), retryMs);
    // A listener waiting to retry does not keep a stopping process alive.
    timer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = async (): Promise<void> => {
    const next = new (loadPg().Client)({ connectionString: databaseUrl });
    client = next;
    next.on('error', (error: Error) => down(next, error));
    next.on('end', () => down(next));
    next.on('notification', () => changes.changed());
    try {
      await next.connect();
      await next.query(`LISTEN ${TABLE_CHANGES_CHANNEL}`);
      if (client !== next || closed) return;
      retryMs = RETRY_FIRST_MS;
      changes.listeningChanged(true);
    } catch (error) {
      down(next, error as Error);
    }
  };

  return {
    ready: connect(),
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const open = client;
      client = undefined;
      changes.listeningChanged(false);
      await open?.end().catch(() => undefined);
    },
  };
}
