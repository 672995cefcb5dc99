/**
 * Orphan chunks (DESIGN.md §7: chunks untouched for 24 h are cleaned up): uploads abandoned
 * half-way are removed once when the server starts and then every hour. Every instance runs
 * it; on a shared store two runs at once only remove the same old chunks twice, harmlessly.
 */
import type { FastifyInstance } from 'fastify';
import { schedulePeriodicJob } from '../../core/periodic-job.ts';
import type { ChunkStore } from './chunk-store.ts';

/** How often the chunks are looked at: well inside the 24 h they may sit untouched. */
export const CHUNK_CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

export function scheduleChunkCleanUp(
  app: FastifyInstance,
  chunks: ChunkStore,
  everyMs: number = CHUNK_CLEAN_UP_EVERY_MS,
): void {
  schedulePeriodicJob(app, { name: 'abandoned uploads', everyMs, run: () => chunks.cleanUp() });
}
