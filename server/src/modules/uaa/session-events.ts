/**
 * Tells every instance that sessions were revoked, so each evicts them from its
 * SessionCache, that the app catalogue changed, so each empties its CatalogueCache, and that
 * users' desktop data changed, so each drops them from its DesktopReadCache.
 * With Redis configured the message goes through a pub/sub channel (DESIGN.md §2: two
 * instances behind one proxy behave as one); without Redis there is one instance and the
 * local eviction is all there is.
 */
import type { Redis } from 'ioredis';
import type { DesktopReadCache } from '../desktop/desktop-read-cache.ts';
import type { SessionCache } from './session-cache.ts';

export type SessionEvent =
  | { kind: 'family'; id: string }
  | { kind: 'user'; id: string }
  | { kind: 'unit'; id: string }
  | { kind: 'catalogue' }
  /** These users' messages, to-dos, badges, recent apps or icon order (null: anyone's). */
  | { kind: 'desktop-users'; ids: string[] | null };

/** What the events empty: the sessions, and the app catalogue when the server keeps one. */
export interface EventCaches {
  sessions: SessionCache;
  catalogue?: { invalidate(): void };
  desktop?: Pick<DesktopReadCache, 'usersChanged'>;
}

export interface SessionEvents {
  publish(event: SessionEvent): Promise<void>;
  close(): Promise<void>;
}

function apply(caches: EventCaches, event: SessionEvent): void {
  switch (event.kind) {
    case 'family':
      caches.sessions.evictFamily(event.id);
      break;
    case 'user':
      caches.sessions.evictUser(event.id);
      break;
    case 'unit':
      caches.sessions.evictUnit(event.id);
      break;
    case 'catalogue':
      caches.catalogue?.invalidate();
      break;
    case 'desktop-users':
      // A list that is not one (a malformed message) drops everyone's: never a stale bell.
      caches.desktop?.usersChanged(Array.isArray(event.ids) ? event.ids : null);
      break;
  }
}

export function localSessionEvents(cache: EventCaches): SessionEvents {
  return {
    publish: async (event) => apply(cache, event),
    close: async () => undefined,
  };
}

export async function redisSessionEvents(
  cache: EventCaches,
  redis: Redis,
  channel: string,
): Promise<SessionEvents> {
  const subscriber = redis.duplicate();
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      apply(cache, JSON.parse(message) as SessionEvent);
    } catch {
      // A malformed message evicts nothing; the entries still expire within seconds.
    }
  });
  return {
    publish: async (event) => {
      apply(cache, event);
      await redis.publish(channel, JSON.stringify(event));
    },
    close: async () => {
      await subscriber.quit();
    },
  };
}
