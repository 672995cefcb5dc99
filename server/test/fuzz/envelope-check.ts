/**
 * What every answer must be (DESIGN.md §4, issue 10 §4): never a 5xx; under `/api` and `/zuul`,
 * JSON in the envelope `{ status, code?, message?, data?, fieldErrors? }` with a bilingual
 * message, HTTP 200 for business outcomes or the transport status repeated in `status`. Only an
 * image or file answer (an operation without a JSON 200) may be something else, and only on 200.
 */
import { MESSAGE_LANGUAGE_SEPARATOR } from '@campus/contracts/envelope';
import type { Answer } from './send.ts';

const ENVELOPE_KEYS = new Set(['status', 'code', 'message', 'data', 'fieldErrors']);

export function isEnvelopePath(path: string): boolean {
  return /^\/(?:api|zuul)(?:[/?#]|$)/.test(path);
}

/** The problems with one answer; empty when it is right. */
export function answerProblems(
  request: { method: string; path: string },
  answer: Answer,
  options: { fileAnswer: boolean },
): string[] {
  const problems: string[] = [];
  if (answer.status >= 500 || answer.status < 100) problems.push(`HTTP ${answer.status}`);
  if (!isEnvelopePath(request.path) || request.method === 'HEAD') return problems;
  if (options.fileAnswer && (answer.status === 200 || answer.status === 304)) return problems;
  if (!answer.contentType.includes('application/json')) {
    problems.push(`not JSON: content-type "${answer.contentType}"`);
    return problems;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    problems.push(`unparsable JSON: ${answer.body.toString('utf8').slice(0, 120)}`);
    return problems;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    problems.push('the body is not an object');
    return problems;
  }
  const envelope = body as Record<string, unknown>;
  for (const key of Object.keys(envelope)) {
    if (!ENVELOPE_KEYS.has(key)) problems.push(`unexpected key "${key}" (Fastify's own JSON?)`);
  }
  if (!Number.isInteger(envelope.status)) problems.push('status is not an integer');
  if (answer.status !== 200 && envelope.status !== answer.status) {
    problems.push(`HTTP ${answer.status} but status ${String(envelope.status)}`);
  }
  if (envelope.code !== undefined && typeof envelope.code !== 'string')
    problems.push('code is not a string');
  if (envelope.message !== undefined) {
    if (typeof envelope.message !== 'string') problems.push('message is not a string');
    else if (!envelope.message.includes(MESSAGE_LANGUAGE_SEPARATOR)) {
      problems.push(`message not bilingual: "${envelope.message.slice(0, 80)}"`);
    }
  }
  if (
    envelope.status !== 200 &&
    envelope.message === undefined &&
    envelope.fieldErrors === undefined
  ) {
    problems.push('a failure with neither message nor fieldErrors');
  }
  if (envelope.fieldErrors !== undefined) {
    const ok =
      Array.isArray(envelope.fieldErrors) &&
      envelope.fieldErrors.every(
        (e: unknown) =>
          typeof e === 'object' &&
          e !== null &&
          typeof (e as { field?: unknown }).field === 'string' &&
          typeof (e as { message?: unknown }).message === 'string',
      );
    if (!ok) problems.push('fieldErrors is not [{ field, message }]');
  }
  return problems;
}
