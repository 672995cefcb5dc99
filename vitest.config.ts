/**
 * Three Vitest projects, run one at a time by scripts/test.mjs (`--project unit`, `--project api`,
 * `--project fuzz`):
 * - unit: fast tests beside the code. Node by default; a browser-ish file opts into jsdom with a
 *   `// @vitest-environment jsdom` comment on its first line.
 * - api: the server over HTTP (`app.inject`) against a real database, SQLite or PostgreSQL by
 *   API_DB. The test helper makes a fresh database per file, so two files may run at once.
 * - fuzz: malformed requests from the OpenAPI document against a real server (server/test/fuzz),
 *   on the database API_DB names.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.{ts,tsx}',
            'apps/*/src/**/*.test.{ts,tsx}',
            'server/src/**/*.test.ts',
            'docs/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 10_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/test/api/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at once on two cores: each has its own database, and Argon2 work runs
          // on libuv threads, so a third worker would only queue behind them.
          fileParallelism: true,
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'fuzz',
          include: ['server/test/fuzz/**/*.fuzz.test.ts'],
          environment: 'node',
          // One caller's run of about 800 requests; the whole file stays under two minutes.
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
