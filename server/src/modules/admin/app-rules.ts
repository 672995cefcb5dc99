/**
 * What an administrator may type for an app and what hangs off it (issue 13 §2), as pure rules:
 * each answers the normalised value, or null when it is refused. Codes become folder names under
 * PAGES_DIR and URL segments (spec §2 app pages, §7 `/{code}/manifest.json`), so they are plain
 * letters, digits, `_` and `-`; paths and routes never climb (`..`), never leave the site (`//`,
 * `\`), and an address is http(s) only (the rule of `desktop-rules.ts` `safeHttpUrl`).
 */
import { USER_TYPES } from '@campus/contracts/user-types';
import { validateColor } from '@campus/contracts/theme';
import type { FieldError } from '@campus/contracts/envelope';
import { bilingual } from '../../core/messages.ts';
import { safeHttpUrl } from '../desktop/desktop-rules.ts';

/** A letter, then letters, digits, `_` or `-`: a folder name and a URL segment as it is. */
const CODE = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * First path segments the portal itself answers (its pages, API, runtime and protocol paths):
 * an app named so would have its `/{code}/manifest.json` or pages shadowed, or shadow them.
 */
export const RESERVED_CODES: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'assets',
  'authorize',
  'common',
  'desktop',
  'healthz',
  'login',
  'oidc',
  'pages',
  'readyz',
  'viewport',
  'zuul',
]);

/**
 * An app, group or server code; null when refused.
 *
 * @example appCode('cms') // 'cms'
 * @example appCode('../etc') // null
 */
export function appCode(value: string): string | null {
  const code = value.trim();
  return CODE.test(code) && !RESERVED_CODES.has(code.toLowerCase()) ? code : null;
}

/** A role of an app (`XX_SYS_` is the base admin's): letters, digits and `_`. */
export function roleName(value: string): string | null {
  const role = value.trim();
  return /^[A-Za-z0-9_]{1,64}$/.test(role) ? role : null;
}

/** A permission code (`cms:notice:list`): letters, digits, `_ : . -`. */
export function permissionCode(value: string): string | null {
  const code = value.trim();
  return /^[A-Za-z0-9][A-Za-z0-9_:.-]{0,99}$/.test(code) ? code : null;
}

/**
 * An app's deploy path (spec §3 `deployPath`: it replaces the pages root): empty is none (the
 * default root), an http(s) address of another site as it is, or a same-site path of plain
 * segments (`/pages`, `/area`); anything else (a `..`, `//`, `\`, `javascript:`) is refused.
 *
 * @example deployPath('/area') // { ok: true, value: '/area' }
 * @example deployPath('/pages/../etc') // { ok: false }
 */
export function deployPath(
  value: string | null | undefined,
): { ok: true; value: string | null } | { ok: false } {
  const path = (value ?? '').trim();
  if (path === '') return { ok: true, value: null };
  if (/^https?:\/\//i.test(path)) {
    const url = safeHttpUrl(path);
    return url ? { ok: true, value: url.replace(/\/+$/, '') } : { ok: false };
  }
  if (/^(\/[A-Za-z0-9_-]+)+\/?$/.test(path) && path.length <= 200) {
    return { ok: true, value: path.replace(/\/+$/, '') };
  }
  return { ok: false };
}

/**
 * A menu route (spec §3 menuRoute, a hash-router path): empty is none; else `/` and plain
 * segments of letters, digits and `_ - . :`, never `..` nor `//`.
 *
 * @example menuRoute('/notice/list') // { ok: true, value: '/notice/list' }
 * @example menuRoute('//evil.example') // { ok: false }
 */
export function menuRoute(
  value: string | null | undefined,
): { ok: true; value: string | null } | { ok: false } {
  const route = (value ?? '').trim();
  if (route === '') return { ok: true, value: null };
  if (!/^\/[A-Za-z0-9_.:/-]*$/.test(route) || route.length > 200) return { ok: false };
  const segments = route.split('/').slice(1);
  if (segments.some((s, i) => s === '..' || s === '.' || (s === '' && i < segments.length - 1))) {
    return { ok: false };
  }
  return { ok: true, value: route };
}

/**
 * A list of user types (spec §6: 1 to 4), as the catalogue stores it: sorted, unique,
 * comma-separated; null when empty or holding anything else.
 *
 * @example userTypeList('4, 2,2,1') // '1,2,4'
 */
export function userTypeList(value: string | readonly number[]): string | null {
  const items =
    typeof value === 'string' ? value.split(',').map((t) => t.trim()) : value.map(String);
  if (items.length === 0 || items.some((t) => !/^\d$/.test(t))) return null;
  const types = [...new Set(items.map(Number))].sort((a, b) => a - b);
  if (types.some((t) => !(USER_TYPES as readonly number[]).includes(t))) return null;
  return types.join(',');
}

/** A `#RGB` or `#RRGGBB` colour as `#RRGGBB`; null otherwise. */
export function colour(value: string): string | null {
  return validateColor(value.trim());
}

/**
 * A version as the version checks compare it (spec §5: dot-separated numbers, an optional
 * suffix): `1.2.0`, `2.0.0-beta.1`.
 */
export function versionText(value: string): string | null {
  const version = value.trim();
  return /^\d{1,6}(\.\d{1,6}){0,3}([-+][0-9A-Za-z.-]{1,20})?$/.test(version) ? version : null;
}

/** A real calendar date written `YYYY-MM-DD`. */
export function dateText(value: string): string | null {
  const text = value.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? text
    : null;
}

/** A bilingual field error. */
export function field(name: string, zh: string, en: string): FieldError {
  return { field: name, message: bilingual(zh, en) };
}

/** The field error of a refused code, worded for what it names. */
export function codeError(name: string, [zh, en]: readonly [string, string]): FieldError {
  return field(
    name,
    `${zh}须以字母开头，由字母、数字、_ 或 - 组成（至多 64 个字符），且不能是系统保留名`,
    `The ${en} must start with a letter and hold only letters, digits, _ or - (at most 64), and not be a reserved name`,
  );
}

/** Trims a required text; pushes an error when it is empty. */
export function requiredText(
  errors: FieldError[],
  name: string,
  value: string,
  [zh, en]: readonly [string, string],
): string {
  const text = value.trim();
  if (text === '') errors.push(field(name, `${zh}不能为空`, `${en} must not be empty`));
  return text;
}
