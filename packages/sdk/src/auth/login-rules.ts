/**
 * Rules of the login box (spec §5, §8) and of automatic sign-in (spec §4).
 */
import type { Language } from '../i18n/language.ts';
import enLogin from '../i18n/locales/en/login.json';
import zhLogin from '../i18n/locales/zh-CN/login.json';
import { sdkTexts } from '../i18n/sdk-text.ts';
import type { PortalStorage } from '../platform/storage.ts';

const texts = /* @__PURE__ */ sdkTexts(zhLogin, enLogin);

/** The empty-field messages of spec §8, per language. */
export const LOGIN_MESSAGES = {
  usernameRequired: /* @__PURE__ */ texts.both('usernameRequired'),
  passwordRequired: /* @__PURE__ */ texts.both('passwordRequired'),
} as const satisfies Record<string, Readonly<Record<Language, string>>>;

/** The message ids `validateLoginForm` may return. */
export type LoginMessageId = keyof typeof LOGIN_MESSAGES;

/** What the user typed, untrimmed. */
export interface LoginFormInput {
  username: string;
  password: string;
  /** True when a remember token stands in for the password (the user left the field alone). */
  hasRememberToken?: boolean;
}

/** The trimmed values and the per-field errors; valid when `errors` is empty. */
export interface LoginFormCheck {
  username: string;
  password: string;
  errors: { username?: LoginMessageId; password?: LoginMessageId };
  valid: boolean;
}

/**
 * Trims both fields and requires them (spec §5). A remembered token satisfies the
 * password requirement.
 *
 * @example
 * validateLoginForm({ username: ' ', password: 'x' }).errors; // { username: 'usernameRequired' }
 * LOGIN_MESSAGES.usernameRequired.en; // 'User name cannot be empty!'
 */
export function validateLoginForm(input: LoginFormInput): LoginFormCheck {
  const username = input.username.trim();
  const password = input.password.trim();
  const errors: LoginFormCheck['errors'] = {};
  if (username === '') errors.username = 'usernameRequired';
  if (password === '' && !input.hasRememberToken) errors.password = 'passwordRequired';
  return { username, password, errors, valid: !errors.username && !errors.password };
}

/** Auto attempts allowed before the page stops trying (spec §4, §9: fewer than 4). */
export const MAX_AUTO_LOGIN_ATTEMPTS = 4;

/** What the auto-login rule reads. */
export interface AutoLoginFacts {
  /** unit_config.autoLogin */
  unitAllowsAutoLogin: boolean;
  /** The IS_LOGOUTED marker. */
  loggedOut: boolean;
  /** The saved-login record is ticked and holds a token. */
  rememberPassword: boolean;
  /** AUTO_LOGIN_NUM */
  attempts: number;
}

/**
 * The auto-login rule of spec §4, pure.
 *
 * @example
 * canAutoLogin({ unitAllowsAutoLogin: true, loggedOut: false, rememberPassword: true, attempts: 3 }); // true
 */
export function canAutoLogin(facts: AutoLoginFacts): boolean {
  return (
    facts.unitAllowsAutoLogin &&
    !facts.loggedOut &&
    facts.rememberPassword &&
    facts.attempts < MAX_AUTO_LOGIN_ATTEMPTS
  );
}

type AutoLoginArea = Pick<
  PortalStorage,
  'isLoggedOut' | 'setLoggedOut' | 'getAutoLoginCount' | 'setAutoLoginCount' | 'clearAutoLoginCount'
>;

/**
 * Applies the auto-login rule to storage: when allowed, counts the attempt and returns
 * true; otherwise sets the logged-out marker, clears the counter and returns false (spec §4).
 *
 * @example
 * if (beginAutoLogin(storage, config.autoLogin, Boolean(saved?.rememberToken))) submitWithToken();
 */
export function beginAutoLogin(
  storage: AutoLoginArea,
  unitAllowsAutoLogin: boolean,
  rememberPassword: boolean,
): boolean {
  const attempts = storage.getAutoLoginCount();
  const allowed = canAutoLogin({
    unitAllowsAutoLogin,
    loggedOut: storage.isLoggedOut(),
    rememberPassword,
    attempts,
  });
  if (allowed) {
    storage.setAutoLoginCount(attempts + 1);
  } else {
    storage.setLoggedOut(true);
    storage.clearAutoLoginCount();
  }
  return allowed;
}
