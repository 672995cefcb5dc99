/**
 * Sign-in beyond the password box (issue 12 §3, §4; DESIGN.md §8): what the login page offers
 * for a unit (its SSO URL, its ticket path, how a forgotten password is reset), ticket sign-in
 * (spec §7 "GET configured ticket path"), the forgotten-password link by email and the
 * signed-in user's own password change. One definition for the server and the pages.
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint } from './endpoint.ts';
import { IdSchema, Line } from './primitives.ts';
import { LoginDataSchema } from './uaa.ts';

/** A forgotten-password link works once, for 30 minutes (DESIGN.md §8). */
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;

/** The query parameter of `/forgetPassword` that carries the emailed one-time token. */
export const RESET_TOKEN_PARAM = 'reset';

/** The query parameter a ticket issuer sends the user back with (spec §2, §7). */
export const TICKET_PARAM = 'ticket';

/** The longest email address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Spec §5 "Email: simple pattern": something, an `@`, a dotted domain, no spaces.
 *
 * @example isEmailAddress('li.ming@school.example') // true
 * @example isEmailAddress('li ming@school') // false
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** How a person who forgot their password gets a new one. */
export const PASSWORD_RESET_KINDS = ['email', 'administrator'] as const;
export type PasswordResetKind = (typeof PASSWORD_RESET_KINDS)[number];

export const SignInOptionsQuerySchema = Type.Object({
  unitId: Type.Optional(IdSchema),
});
export type SignInOptionsQuery = Static<typeof SignInOptionsQuerySchema>;

/** What the login page offers beside the password box, for its unit. */
export const SignInOptionsSchema = Type.Object({
  unitId: Type.String(),
  /** The unit's single-sign-on URL (absolute http(s), checked by the server), or null. */
  ssoUrl: Type.Union([Type.String(), Type.Null()]),
  /**
   * The ticket path a `?ticket=` visit calls (spec §7), or null when the unit has no trusted
   * ticket issuer: the page then shows the spec §8 notification.
   */
  ticketPath: Type.Union([Type.String(), Type.Null()]),
  /** `email` when the server can send mail (SMTP_URL), else ask the unit administrator. */
  passwordReset: Type.Union([Type.Literal('email'), Type.Literal('administrator')]),
  /**
   * Face sign-in is offered (spec §2, §7 `oauth/login/face`; issue 14 §1): the unit has at
   * least one enrolled face, so there is someone the 1:N search can find.
   */
  face: Type.Optional(Type.Boolean()),
});
export type SignInOptions = Static<typeof SignInOptionsSchema>;

/** Ticket sign-in (spec §7: ticket, unitHost), with the address the issuer sent the user to. */
export const TicketLoginQuerySchema = Type.Object({
  ticket: Line({ minLength: 1, maxLength: 256 }),
  unitHost: Type.Optional(Line({ maxLength: 255 })),
  unitId: Type.Optional(IdSchema),
  /** The page address without the ticket: the CAS `service` the ticket was issued for. */
  service: Type.Optional(Line({ maxLength: 2048 })),
});
export type TicketLoginQuery = Static<typeof TicketLoginQuerySchema>;

export const ForgotPasswordBodySchema = Type.Object({
  /** The login name or the email address of the account. */
  account: Line({ maxLength: EMAIL_MAX_LENGTH }),
});
export type ForgotPasswordBody = Static<typeof ForgotPasswordBodySchema>;
export const FORGOT_PASSWORD_TRIMMED_FIELDS = ['account'] as const;

export const ResetPasswordBodySchema = Type.Object({
  token: Line({ minLength: 1, maxLength: 128 }),
  password: Line({ maxLength: 256 }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>;

export const ChangePasswordBodySchema = Type.Object({
  oldPassword: Line({ maxLength: 256 }),
  newPassword: Line({ maxLength: 256 }),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBodySchema>;

/** The field names of these forms, for the bilingual validation messages. */
export const accountRecoveryFieldLabels: Record<string, readonly [zh: string, en: string]> = {
  account: ['账号或邮箱', 'Account or email'],
  token: ['重置链接', 'Reset link'],
  oldPassword: ['当前密码', 'Current password'],
  newPassword: ['新密码', 'New password'],
  ticket: ['票据', 'Ticket'],
  unitHost: ['单位域名', 'Unit host'],
  service: ['服务地址', 'Service address'],
};

const tag = 'uaa';

/** The endpoints of issue 12 §3 (ticket, SSO on the login page) and §4 (password self-service). */
export const accountRecoveryEndpoints = {
  signInOptions: defineEndpoint({
    method: 'GET',
    path: '/api/uaa/oauth/login/sign_in_options',
    tag,
    access: 'public',
    summary:
      'What the login page offers for the unit: its SSO URL, its ticket path and how a forgotten password is reset (DESIGN.md §8)',
    query: SignInOptionsQuerySchema,
    data: SignInOptionsSchema,
  }),
  ticketLogin: defineEndpoint({
    method: 'GET',
    path: '/api/uaa/ticket/login',
    tag,
    access: 'public',
    summary:
      "Ticket sign-in (spec §7 configured ticket path): the ticket is validated with the unit's trusted issuer, once",
    query: TicketLoginQuerySchema,
    data: LoginDataSchema,
    changesState: true,
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/api/uaa/password/forgot',
    tag,
    access: 'public',
    summary:
      'Email a one-time reset link valid 30 minutes; the same answer whether or not the account exists (DESIGN.md §8)',
    body: ForgotPasswordBodySchema,
    data: Type.Boolean(),
    trimmed: FORGOT_PASSWORD_TRIMMED_FIELDS,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/uaa/password/reset',
    tag,
    access: 'public',
    summary:
      "Set a new password (spec §5 default rule) with the emailed link's token; ends every session",
    body: ResetPasswordBodySchema,
    data: Type.Boolean(),
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/uaa/password/change',
    tag,
    access: 'session',
    summary:
      "Change the caller's password (current one required); ends the other sessions and revokes remembered passwords",
    body: ChangePasswordBodySchema,
    data: Type.Boolean(),
  }),
} as const;
