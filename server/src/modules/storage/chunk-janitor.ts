/**
 * Orphan chunks (DESIGN.md §7: chunks untouched for 24 h are cleaned up): uploads abandoned
 * half-way are removed once when the server starts and then every hour. Every instance runs
 * it; on a shared store two runs at once only remove the same old chunks twice, harmlessly.
 */
import type { FastifyInstance } from 'fastify';
import type { ChunkStore } from './chunk-store.ts';

/** How often the chunks are looked at: well inside the 24 h they may sit untouched. */
export const CHUNK_CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

export function scheduleChunkCleanUp(
  app: FastifyInstance,
  chunks: ChunkStore,
  everyMs: number = CHUNK_CLEAN_UP_EVERY_MS,
): void {
  let running: Promise<void> | null = null;
  const run = () => {
    // A slow store (a bucket) may take longer than the period: never two runs at once here.
    running ??= chunks
      .cleanUp()
      .then(
        (removed) => {
          if (removed > 0) app.log.info({ removed }, 'abandoned uploads cleaned up');
        },
        (error: unknown) => app.log.warn({ err: error }, 'cleaning up abandoned uploads failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  // unref: the timer alone never keeps the process (or a test run) alive.
  const timer = setInterval(run, everyMs).unref();
  app.addHook('onReady', async () => {
    run();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
