/**
 * Trims named string fields of a request body before schema validation, and drops those
 * left empty. The schema then judges what a person meant: a whitespace-only title is an
 * empty title ("Title cannot be empty!"), and a length limit counts the trimmed text.
 */
import type { preValidationAsyncHookHandler } from 'fastify';

export function trimBodyFields(fields: readonly string[]): preValidationAsyncHookHandler {
  return async (request) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const record = body as Record<string, unknown>;
    for (const field of fields) {
      const value = record[field];
      if (typeof value !== 'string') continue;
      const trimmed = value.trim();
      if (trimmed === '') delete record[field];
      else record[field] = trimmed;
    }
  };
}
