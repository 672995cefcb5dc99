/**
 * A house-keeping job of the server: run once when the server is ready and then every
 * `everyMs`, never two runs at once in this process (a slow store may take longer than the
 * period), its failures logged rather than thrown, and awaited when the server closes. Every
 * instance runs its own; the jobs are written so that two instances running one at once only
 * do the same harmless work twice.
 */
import type { FastifyInstance } from 'fastify';

export function schedulePeriodicJob(
  app: FastifyInstance,
  job: {
    /** What the log calls it. */
    name: string;
    everyMs: number;
    /** Answers how many things it removed (logged when more than none). */
    run: () => Promise<number>;
  },
): void {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= job
      .run()
      .then(
        (removed) => {
          if (removed > 0)
            app.log.info({ job: job.name, removed }, 'house-keeping job removed records');
        },
        (error: unknown) => app.log.warn({ job: job.name, err: error }, 'house-keeping job failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  // unref: the timer alone never keeps the process (or a test run) alive.
  const timer = setInterval(run, job.everyMs).unref();
  app.addHook('onReady', async () => {
    run();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
