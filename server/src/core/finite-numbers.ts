/**
 * No infinite number gets past validation. Ajv (8.x) coerces a query or form string such as
 * `1e400` or `Infinity` to `Infinity`, and then skips `minimum`/`maximum`, which it checks
 * only on finite numbers; the value reached the database, which refused it with a 500 (found by
 * the fuzz stage: `GET /api/cms/notice/mine?start=1e400`). JSON cannot carry such a number, so
 * only coercion makes one: after validation, any non-finite number in the params, query or body
 * answers the same validation envelope as a wrong type (DESIGN.md §4).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';
import { toFieldError } from './validation-errors.ts';

/**
 * The path (`/a/0/b`) of the first non-finite number in a value, or undefined when there is
 * none. Iterative: a body may nest thousands of levels deep.
 */
export function nonFiniteAt(value: unknown): string | undefined {
  // Most requests have nothing to look at (no body, an empty query).
  if (value === undefined || value === null) return undefined;
  const stack: [unknown, string][] = [[value, '']];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [current, at] = next;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return at;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) stack.push([inner, `${at}/${key}`]);
    }
  }
  return undefined;
}

/** The path of the first non-finite number in the params, query or body, if any. */
function firstNonFinite(request: FastifyRequest): string | undefined {
  return nonFiniteAt(request.params) ?? nonFiniteAt(request.query) ?? nonFiniteAt(request.body);
}

export function registerFiniteNumbersCheck(app: FastifyInstance): void {
  // A callback hook, not an async one: every request passes here (issue 15 §1).
  app.addHook('preHandler', (request, _reply, done) => {
    const at = firstNonFinite(request);
    done(
      at === undefined
        ? undefined
        : badRequest([toFieldError({ keyword: 'type', instancePath: at, params: {} })]),
    );
  });
}
