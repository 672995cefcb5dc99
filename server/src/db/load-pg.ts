/**
 * pg (about 5 MB resident once loaded), loaded for a server on PostgreSQL only (issue 15 §4: at
 * most 120 MB resident idle; core/lazy-imports.ts loads the other libraries few servers need).
 * At once rather than as a promise: the pool is made while the server is built (`openDatabase`),
 * and pg is CommonJS, which `require` answers synchronously.
 */
import { createRequire } from 'node:module';
import type PgModule from 'pg';

const requireHere = createRequire(import.meta.url);
let pgModule: typeof PgModule | undefined;

export function loadPg(): typeof PgModule {
  if (!pgModule) {
    pgModule = requireHere('pg') as typeof PgModule;
    // int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (value) => Number(value));
  }
  return pgModule;
}
