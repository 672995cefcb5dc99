/**
 * The response envelope every API answer carries (DESIGN.md §4). Business outcomes,
 * session expiry included, travel in `status` with HTTP 200, because the client's error
 * rules (spec §8) read them there.
 */
import { Type, type Static, type TSchema } from 'typebox';

/** Body statuses used by the API. */
export const BodyStatus = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  serverError: 500,
} as const;

export const FieldErrorSchema = Type.Object({
  field: Type.String(),
  message: Type.String({ description: 'Bilingual: 中文|||English' }),
});
export type FieldError = Static<typeof FieldErrorSchema>;

/** Builds the envelope schema around one endpoint's `data` schema. */
export function EnvelopeSchema<T extends TSchema>(data: T) {
  return Type.Object({
    status: Type.Integer(),
    code: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    data: Type.Optional(data),
    fieldErrors: Type.Optional(Type.Array(FieldErrorSchema)),
  });
}

export interface Envelope<T> {
  status: number;
  code?: string;
  message?: string;
  data?: T;
  fieldErrors?: FieldError[];
}

/** Error codes carried in `code`. `invalid_grant` is the spec's wrong-credentials code. */
export const ErrorCode = {
  invalidGrant: 'invalid_grant',
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  csrf: 'csrf_rejected',
  accountLocked: 'account_locked',
  ipThrottled: 'too_many_attempts',
  accountDisabled: 'account_disabled',
  notLinked: 'accounts_not_linked',
  notFound: 'not_found',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The separator of bilingual messages (spec §8): the second part is English. */
export const MESSAGE_LANGUAGE_SEPARATOR = '|||';
