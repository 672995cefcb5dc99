/**
 * A query built and compiled once, run again with new values. On the hot paths (a sign-in, the
 * OpenID provider's payload reads and writes) Kysely's building and compiling cost more than the
 * indexed statement itself. Built with a marker for each value; `query` puts the values where
 * the markers were, in the dialect's own SQL. Compiled on first use, so a repository made for
 * one transaction pays only for the queries it runs.
 */
import { CompiledQuery, type Compilable } from 'kysely';

export class PreparedQuery<K extends string> {
  private compiled?: { sql: string; order: K[] };

  constructor(
    private readonly build: (marker: (name: K) => never) => Compilable,
    private readonly names: readonly K[],
  ) {}

  query<R>(values: Record<K, unknown>): CompiledQuery<R> {
    const { sql, order } = (this.compiled ??= this.compile());
    return CompiledQuery.raw(
      sql,
      order.map((name) => values[name]),
    );
  }

  private compile(): { sql: string; order: K[] } {
    const markers = new Map<string, K>(this.names.map((name) => [`\u0000${name}`, name]));
    const compiled = this.build((name) => `\u0000${name}` as never).compile();
    const order = compiled.parameters.map((value) => {
      const name = typeof value === 'string' ? markers.get(value) : undefined;
      if (name === undefined) throw new Error(`a value of "${compiled.sql}" has no marker`);
      return name;
    });
    return { sql: compiled.sql, order };
  }
}
