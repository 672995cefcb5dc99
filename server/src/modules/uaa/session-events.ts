/**
 * Tells every instance that sessions were revoked, so each evicts them from its
 * SessionCache. With Redis configured the message goes through a pub/sub channel
 * (DESIGN.md §2: two instances behind one proxy behave as one); without Redis there is
 * one instance and the local eviction is all there is.
 */
import type { Redis } from 'ioredis';
import type { SessionCache } from './session-cache.ts';

export type SessionEvent =
  { kind: 'family'; id: string } | { kind: 'user'; id: string } | { kind: 'unit'; id: string };

export interface SessionEvents {
  publish(event: SessionEvent): Promise<void>;
  close(): Promise<void>;
}

function apply(cache: SessionCache, event: SessionEvent): void {
  switch (event.kind) {
    case 'family':
      cache.evictFamily(event.id);
      break;
    case 'user':
      cache.evictUser(event.id);
      break;
    case 'unit':
      cache.evictUnit(event.id);
      break;
  }
}

export function localSessionEvents(cache: SessionCache): SessionEvents {
  return {
    publish: async (event) => apply(cache, event),
    close: async () => undefined,
  };
}

export async function redisSessionEvents(
  cache: SessionCache,
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
